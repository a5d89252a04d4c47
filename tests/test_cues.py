"""The cue engines: relation and claim cue families are data records; a new family is one record, bad records fail loudly."""

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
    families = {k: f for k, f in lexicon.families.items() if f.claim is None}
    assert {f.emits for f in families.values()} == {"competes_with", "threatens", "depends_on", "developed_by"}
    assert families["threat_kill"].dated and families["threat_kill"].needs_subject
    assert families["depends_reverse"].reverse and not families["maker_after"].checked
    assert all(isinstance(lexicon.patterns(key), list) for key in families)  # still pattern lists for everyone else


def test_shipped_claim_families_are_records():
    families = {k: f for k, f in load_lexicon().families.items() if f.claim is not None}
    assert {f.claim for f in families.values()} == {"limitation", "capability", "risk", "comparison", "business",
                                                    "prediction", "dependency", "credibility"}
    assert all(not f.emits for f in families.values())  # no claim family runs in the relation engine
    assert families["risk_threat_kill"].scans == "threat_kill" and families["risk_threat_kill"].dated
    assert families["limitation_word"].polarity == "negative" and families["credibility"].rule == "credibility.{group}"


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


GLACIAL = "Qdrant feels glacial on cold starts; Weaviate does not."
TERSE = "Qdrant: glacial."


def test_a_new_claim_cue_family_is_one_record_and_short_readings_are_reported(tmp_path, monkeypatch):
    record = {"patterns": [r"\b(?:feels\s+)?glacial\b"], "reader": "clause", "claim": "limitation",
              "rule": "limitation.glacial", "confidence": 0.65, "polarity": "negative", "hedged": r"\bfeels\b"}
    (tmp_path / "docs").mkdir()
    view = _run_with(tmp_path, monkeypatch, _ontology_with(tmp_path, limitation_glacial=record), [GLACIAL, TERSE])
    found = [c for c in view.claims(GLACIAL) if c.evidence.rule == "limitation.glacial"]
    assert [(c.type, c.text, c.polarity) for c in found] == [("limitation", "Qdrant feels glacial on cold starts",
                                                              "negative")]
    assert found[0].evidence.confidence == round(0.65 * 0.7, 3)  # hedged: the matched words say "feels"
    rejected = view.report("rejected_claim", TERSE)  # "glacial" alone is too short to state a claim
    assert [r.evidence.rule for r in rejected] == ["limitation.glacial"] and "too short" in rejected[0].message
    assert not [c for c in view.claims(TERSE) if c.evidence.rule == "limitation.glacial"]


@pytest.mark.parametrize("record,message", [
    ({"patterns": ["x"], "reader": "clause", "claim": "gossip", "rule": "r", "confidence": 0.5}, "not a claim type"),
    ({"patterns": ["x"], "reader": "clause", "claim": "risk", "rule": "r", "confidence": 0.5, "reverse": True},
     "unknown field"),
    ({"reader": "clause", "claim": "risk", "rule": "r", "confidence": 0.5}, "either 'patterns' or 'patterns_of'"),
    ({"patterns_of": "nothing_here", "reader": "clause", "claim": "risk", "rule": "r", "confidence": 0.5},
     "names no family"),
    ({"patterns": ["x"], "reader": "clause", "claim": "risk", "rule": "r", "confidence": 0.5, "polarity": "meh"},
     "polarity"),
    ({"patterns": ["x"], "reader": "list_after", "emits": "threatens", "rule": "r", "confidence": 0.5,
      "polarity": "negative"}, "unknown field"),
])
def test_a_bad_claim_record_names_itself(tmp_path, record, message):
    with pytest.raises(PatternError, match=message) as info:
        load_lexicon(_ontology_with(tmp_path, risk_bad=record))
    assert "risk_bad" in str(info.value)


def test_an_unknown_claim_reader_names_the_family(tmp_path, monkeypatch):
    record = {"patterns": [r"\bglacial\b"], "reader": "telepathy", "claim": "limitation", "rule": "r",
              "confidence": 0.5}
    (tmp_path / "docs").mkdir()
    with pytest.raises(PatternError, match="limitation_glacial: unknown claim reader 'telepathy'"):
        _run_with(tmp_path, monkeypatch, _ontology_with(tmp_path, limitation_glacial=record), [GLACIAL])
