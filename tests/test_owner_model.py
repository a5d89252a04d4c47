"""The learned claim owner: each candidate owner's features, and the best-scored candidate owns the claim."""

from __future__ import annotations

import re

from kg.extract.claims import ClaimFinding
from kg.extract.claims.owner_model import OwnerModel, choose_owner, load_owner_model, owner_candidates
from kg.extract.text import QuoteContext
from kg.resolve import EntityTable, Hit


def _quote(text: str, subject: str = "ent:langfuse") -> tuple[QuoteContext, EntityTable]:
    """A one-sentence quote about ``subject`` whose names Phoenix, Langfuse and Zorbit are products."""
    hits = [Hit(m.start(), m.end(), m.group(), f"ent:{m.group().lower()}", f"ent:{m.group().lower()}", "Product",
                "catalog", possessive=text[m.end():m.end() + 2] == "'s")
            for m in re.finditer(r"Phoenix|Langfuse|Zorbit", text)]
    ctx = QuoteContext("q:1", "doc:1", text, [(0, len(text))], hits, subject=subject)
    table = EntityTable.__new__(EntityTable)
    table.info = {h.entity: type("Info", (), {"type": h.type})() for h in hits}
    table.info.setdefault(subject, type("Info", (), {"type": "Product"})())
    return ctx, table


def _claim(text: str, words: str, kind: str = "limitation") -> ClaimFinding:
    start = text.index(words)
    return ClaimFinding(kind, start, start + len(words), "test", 0.5)


def test_candidates_say_where_each_name_stands_against_the_claim():
    text = "We tried Phoenix first, but Zorbit is too slow for our traces."
    ctx, table = _quote(text)
    f = _claim(text, "Zorbit is too slow for our traces")
    feats = dict(owner_candidates(f, ctx, table, ruled="ent:zorbit"))
    assert list(feats) == ["ent:phoenix", "ent:zorbit", "ent:langfuse"]  # text order, then the unnamed subject
    zorbit, phoenix, subject = feats["ent:zorbit"], feats["ent:phoenix"], feats["ent:langfuse"]
    assert {"rule", "rule_other", "pos:in_claim_first", "verb_after", "limitation&pos:in_claim_first"} <= set(zorbit)
    assert {"pos:before_sentence", "prev:tried", "other"} <= set(phoenix) and "rule" not in phoenix
    assert {"subj", "unnamed", "limitation&unnamed", "subj_sure:high"} <= set(subject) and "ncand:2-3" in subject
    assert not any(x.startswith("subj_sure") for x in zorbit)


def test_how_sure_the_quote_s_subject_is_marks_the_subject_alone():
    text = "We tried Phoenix first, but Zorbit is too slow for our traces."
    ctx, table = _quote(text)
    f = _claim(text, "too slow for our traces")
    for sure, mark in ((0.5, "low"), (0.7, "mid"), (0.9, "high")):
        feats = dict(owner_candidates(f, ctx, table, "ent:langfuse", sure))
        assert f"subj_sure:{mark}" in feats["ent:langfuse"]
        assert not any(x.startswith("subj_sure") for x in feats["ent:phoenix"] + feats["ent:zorbit"])
    unsure = OwnerModel({"subj_sure:high": 2.0, "verb_after": 1.0})
    assert choose_owner(f, ctx, table, "ent:langfuse", unsure, 0.9) == "ent:langfuse"
    assert choose_owner(f, ctx, table, "ent:langfuse", unsure, 0.5) == "ent:zorbit"


def test_a_product_the_document_s_title_names_is_marked_so():
    text = "We tried Phoenix first, but Zorbit is too slow for our traces."
    ctx, table = _quote(text)
    ctx.candidates = ["ent:langfuse", "ent:zorbit"]
    feats = dict(owner_candidates(_claim(text, "too slow for our traces"), ctx, table, "ent:langfuse"))
    assert "titled" in feats["ent:zorbit"] and "titled" in feats["ent:langfuse"]
    assert "titled" not in feats["ent:phoenix"]


def test_the_subject_named_in_the_sentence_is_marked_so():
    text = "Langfuse's tracing is fine and Phoenix costs $20/month."
    ctx, table = _quote(text)
    feats = dict(owner_candidates(_claim(text, "$20/month", "pricing"), ctx, table, ruled="ent:phoenix"))
    assert {"subj", "subj_named", "possessive", "opens_sentence", "prev:<s>"} <= set(feats["ent:langfuse"])
    assert {"pos:before_clause", "verb_after", "pricing&rule"} <= set(feats["ent:phoenix"])


def test_the_best_scored_candidate_owns_the_claim_and_the_rules_break_ties():
    text = "We tried Phoenix first, but Zorbit is too slow for our traces."
    ctx, table = _quote(text)
    f = _claim(text, "too slow for our traces")
    assert choose_owner(f, ctx, table, "ent:langfuse", None) == "ent:langfuse"  # no model: the rules decide
    assert choose_owner(f, ctx, table, "ent:langfuse", OwnerModel({"verb_after": 2.0})) == "ent:zorbit"
    assert choose_owner(f, ctx, table, "ent:langfuse", OwnerModel({"pos:before_sentence": 2.0})) == "ent:phoenix"
    assert choose_owner(f, ctx, table, "ent:langfuse", OwnerModel({})) == "ent:langfuse"  # a tie keeps the rules'


def test_a_claim_with_one_candidate_keeps_the_rules_owner():
    text = "It is too slow for our traces."
    ctx, table = _quote(text)
    f = _claim(text, "too slow for our traces")
    assert owner_candidates(f, ctx, table, "ent:langfuse")[0][0] == "ent:langfuse"
    assert choose_owner(f, ctx, table, "ent:langfuse", OwnerModel({"subj": -5.0})) == "ent:langfuse"


def test_the_shipped_model_loads_and_a_missing_file_means_none(tmp_path):
    model = load_owner_model()
    assert model is not None and model.weights
    assert load_owner_model(tmp_path / "absent.json") is None
    # the claim's own subject owns it, not the quote's subject: the shipped weights read that much
    text = "We tried Phoenix first, but Zorbit is too slow for our traces."
    ctx, table = _quote(text)
    f = _claim(text, "Zorbit is too slow for our traces")
    assert choose_owner(f, ctx, table, "ent:zorbit", model) == "ent:zorbit"
