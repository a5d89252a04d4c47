"""spaCy's English stop words, read from spaCy's own file without importing spaCy (≈ 1 s of start-up).

Name resolution, the catalog check and contradiction detection need the word list but not the NLP stack; a
``kg add`` whose new quotes are parsed in a worker process then never loads spaCy in the main process. When
spaCy's module is already loaded, or its file cannot be read on its own, the module itself is used: the set
is the same either way (``tests/test_stopwords.py``).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

__all__ = ["STOP_WORDS"]

_MODULE = "spacy.lang.en.stop_words"


def _read() -> set[str]:
    loaded = sys.modules.get(_MODULE)
    if loaded is not None:
        return loaded.STOP_WORDS
    try:
        spec = importlib.util.find_spec("spacy")  # a top-level package is located, not imported
        path = Path(spec.origin).parent / "lang" / "en" / "stop_words.py"  # type: ignore[union-attr,arg-type]
        namespace: dict = {"__name__": _MODULE}
        exec(compile(path.read_bytes(), str(path), "exec"), namespace)  # noqa: S102  (spaCy's file: a set literal)
        words = namespace["STOP_WORDS"]
        if isinstance(words, set) and words:
            return words
    except (AttributeError, OSError, SyntaxError, KeyError, TypeError):
        pass
    from spacy.lang.en.stop_words import STOP_WORDS as words

    return words


STOP_WORDS: set[str] = _read()
