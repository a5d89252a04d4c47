"""The cue engine: relation cue families are data records; a new family is one record, bad records fail loudly."""

from __future__ import annotations

import json
import shutil

import pytest
from helpers import GraphView, run_docs

from kg.catalog import ontology_dir
from kg.errors import PatternError
from kg.lexicon import load_lexicon

SPARRING = "Honestly Qdrant has become a sparring partner of Weaviate on every shortlist."


def _ontology_with(tmp_path, **records) -> str:
    folder = tmp_path / "ontology"
    shutil.copytree(ontology_dir(), folder)
    cues = json.loads((folder / "cues.json").read_text(encoding="utf-8"))
    cues.update(records)
    (folder / "cues.json").write_text(json.dumps(cues), encoding="utf-8")
    return str(folder)


def _run_with(tmp_path, monkeypatch, folder: str, quotes: list[str]) -> GraphView:
    monkeypatch.setenv("KG_ONTOLOGY", folder)  # every ontology file from that folder, the cues included
    return GraphView(run_docs(tmp_path / "docs", [("Qdrant vs Weaviate", quotes)]))


def test_shipped_relation_families_are_records():
    lexicon = load_lexicon()
    families = lexicon.families
    assert {f.emits for f in families.values()} == {"competes_with", "threatens", "depends_on", "developed_by"}
    assert families["threat_kill"].dated and families["threat_kill"].needs_subject
    assert families["depends_reverse"].reverse and not families["maker_after"].checked
    assert all(isinstance(lexicon.patterns(key), list) for key in families)  # still pattern lists for everyone else


def test_a_new_cue_family_is_one_record(tmp_path, monkeypatch):
    record = {"patterns": [r"\bsparring partner of\s+"], "reader": "list_after", "emits": "competes_with",
              "rule": "competes.sparring", "confidence": 0.8}
    (tmp_path / "docs").mkdir()
    before = _run_with(tmp_path, monkeypatch, str(ontology_dir()), [SPARRING])
    assert not [r for r in before.relations(SPARRING) if r.evidence.rule == "competes.sparring"]
    shutil.rmtree(tmp_path / "docs")
    (tmp_path / "docs").mkdir()
    view = _run_with(tmp_path, monkeypatch, _ontology_with(tmp_path, competition_sparring=record), [SPARRING])
    found = [r for r in view.relations(SPARRING) if r.evidence.rule == "competes.sparring"]
    assert [(view.name(r.source), view.name(r.target), r.type) for r in found] == [("Weaviate", "Qdrant", "competes_with")]
    assert found[0].confidence == 0.8 and "sparring partner of Weaviate" in found[0].evidence.text


@pytest.mark.parametrize("record,message", [
    ({"patterns": ["x"], "reader": "list_after", "emits": "likes", "rule": "r", "confidence": 0.5}, "not a relation type"),
    ({"patterns": ["x"], "reader": "list_after", "emits": "threatens", "rule": "r"}, "needs 'confidence'"),
    ({"patterns": ["x"], "reader": "list_after", "emits": "threatens", "rule": "r", "confidence": 2}, r"in \[0, 1\]"),
    ({"patterns": ["x"], "reader": "list_after", "emits": "threatens", "rule": "r", "confidence": 1, "colour": 1},
     "unknown field"),
    ({"patterns": ["(x"], "reader": "list_after", "emits": "threatens", "rule": "r", "confidence": 1}, "invalid pattern"),
])
def test_bad_records_fail_naming_the_family(tmp_path, record, message):
    with pytest.raises(PatternError, match=message) as err:
        load_lexicon(_ontology_with(tmp_path, threat_custom=record))
    assert "threat_custom" in str(err.value)


def test_unknown_reader_fails_naming_it(tmp_path, monkeypatch):
    record = {"patterns": [r"\bsparring partner of\s+"], "reader": "guess", "emits": "competes_with",
              "rule": "competes.sparring", "confidence": 0.8}
    (tmp_path / "docs").mkdir()
    with pytest.raises(PatternError, match="competition_sparring: unknown reader 'guess'"):
        _run_with(tmp_path, monkeypatch, _ontology_with(tmp_path, competition_sparring=record), [SPARRING])


def test_hedge_pattern_reads_the_matched_words_case_sensitively():
    kill = load_lexicon().families["threat_kill"]
    m = load_lexicon().patterns("threat_kill")[2].search("AWS could kill this")
    assert kill.hedged_for(m) is True
    m = load_lexicon().patterns("threat_kill")[2].search("AWS COULD kill this")
    assert kill.hedged_for(m) is False  # as before the engine: only the lower-case modal hedges
