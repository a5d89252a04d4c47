"""kg.stopwords: spaCy's English stop words, the same set, read without importing spaCy."""

from __future__ import annotations

import json
import subprocess
import sys


def test_the_stop_words_are_spacys():
    from spacy.lang.en.stop_words import STOP_WORDS

    from kg.stopwords import STOP_WORDS as ours

    assert ours == STOP_WORDS and "the" in ours and "n’t" in ours


def test_reading_them_and_the_pipeline_module_does_not_load_spacy():
    code = ("import json, sys\nfrom kg.stopwords import STOP_WORDS\nimport kg.pipeline, kg.resolve, kg.cache\n"
            "print(json.dumps([len(STOP_WORDS), sorted(STOP_WORDS)[:3], 'spacy' in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    from spacy.lang.en.stop_words import STOP_WORDS

    assert json.loads(done.stdout) == [len(STOP_WORDS), sorted(STOP_WORDS)[:3], False]
