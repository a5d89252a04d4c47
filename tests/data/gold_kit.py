"""Shared pieces of the annotation scripts (``*/make_gold.py``): record builders, quote keys, checks, output.

Each set's script holds only its annotations; the gold format and its checks live here once.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import re
from types import SimpleNamespace


def R(kind, source, target, optional=False, horizon=None):
    """A gold relation."""
    return {"type": kind, "source": source, "target": target, "optional": optional, "horizon": horizon}


def C(about, kind, text, optional=False, **extra):
    """A gold claim; ``extra`` carries value, unit, horizon, credibility."""
    return {"about": about, "type": kind, "text": text, "optional": optional, **extra}


def quotes_of(path: pathlib.Path) -> list[str]:
    """The curly-quoted quotes of one corpus file, in order."""
    return re.findall(r"“(.*?)”", path.read_text(encoding="utf-8"), flags=re.DOTALL)


def key(text: str) -> str:
    """A quote's key, as score.py computes it."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


def write_gold(here: pathlib.Path, out: dict, summary: str) -> None:
    """Write ``gold.json`` next to the script."""
    path = here / "gold.json"
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path.name}: {summary}")


def _mentioned(spec: SimpleNamespace, name: str, text: str) -> bool:
    forms = [name, *spec.ENTITIES[name][1]]
    low = text.lower()
    return any(re.search(r"(?<![a-z0-9])" + re.escape(f.lower()) + r"(?![a-z0-9])", low) for f in forms)


def check(spec: SimpleNamespace, doc: str, i: int, text: str, ann: dict) -> None:
    """Check one quote's annotation against its text and the set's vocabulary."""
    where = f"{doc}#{i}"
    assert ann["perspective"] in spec.PERSPECTIVES, where
    assert ann["stance"] in spec.STANCES, where
    assert ann["verdict"] in (None, "ship", "no_ship"), where
    assert ann["subject"] in spec.DOCS[doc], where
    assert ann["subject"] in ann["entities"], where
    for e in ann["entities"]:
        assert e in spec.ENTITIES, f"{where}: unknown entity {e}"
        assert e not in spec.OPTIONAL_ENTITIES, f"{where}: optional entity {e} listed on a quote"
        if e != ann["subject"]:
            assert _mentioned(spec, e, text), f"{where}: {e} not mentioned"
    for r in ann["relations"]:
        assert r["type"] in spec.REL_TYPES, where
        for end in (r["source"], r["target"]):
            assert end in spec.ENTITIES, f"{where}: unknown endpoint {end}"
            if r["optional"]:
                assert end in ann["entities"] or end in spec.OPTIONAL_ENTITIES, f"{where}: endpoint {end}"
            else:
                assert end in ann["entities"], f"{where}: required endpoint {end} not listed"
        assert r["horizon"] is None or r["type"] == "threatens", where
    for c in ann["claims"]:
        assert c["type"] in spec.CLAIM_TYPES, where
        assert c["about"] in spec.ENTITIES, f"{where}: claim about {c['about']}"
        assert c["text"] in text, f"{where}: claim text not verbatim: {c['text']!r}"
        if c["type"] in ("metric", "pricing"):
            assert "value" in c and "unit" in c, where
        if c["type"] in ("license", "platform"):
            assert "value" in c, where
        if c["type"] == "prediction":
            assert c.get("horizon"), where
        if c["type"] == "credibility":
            assert c.get("credibility") in ("unverified", "disputed", "self-reported"), where


def build(spec: SimpleNamespace) -> None:
    """Check every annotation of a set written as per-document lists (``ANNOTATIONS``) and write its gold."""
    quotes = {}
    for doc, anns in spec.ANNOTATIONS.items():
        texts = quotes_of(spec.CORPUS / doc)
        assert len(texts) == len(anns), f"{doc}: {len(texts)} quotes, {len(anns)} annotations"
        for i, (text, ann) in enumerate(zip(texts, anns)):
            check(spec, doc, i, text, ann)
            k = key(text)
            assert k not in quotes, f"duplicate quote {k}"
            quotes[k] = {"text": text, **ann}
    assert set(spec.DOCS) == set(spec.ANNOTATIONS)
    claim_texts = {(c["about"], c["text"]) for q in quotes.values() for c in q["claims"]}
    for about, a, b in spec.CONTRADICTIONS:
        assert (about, a) in claim_texts and (about, b) in claim_texts, (about, a, b)
    out = {
        "entities": {k: {"type": t, "aliases": a, "optional": k in spec.OPTIONAL_ENTITIES}
                     for k, (t, a) in spec.ENTITIES.items()},
        "documents": spec.DOCS,
        "quotes": quotes,
        "contradictions": [{"about": a, "claim_a": x, "claim_b": y} for a, x, y in spec.CONTRADICTIONS],
    }
    write_gold(spec.HERE, out, f"{len(quotes)} quotes")
