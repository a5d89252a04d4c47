"""Builds the real-review sets: checks every annotation, splits documents into dev and test (and val), writes them.

The source of truth is ``annotations/*.json``, one file per source document (a blog post, a thread,
an issue), each holding its quotes verbatim, their sources and their annotation (see README.md for
the format and the guide). This script writes, for ``dev/`` and ``test/``:

- ``corpus/<doc>.txt`` in the seed format (title line, then the quotes in curly quotes),
- ``gold.json`` in the shared gold format (``entities``, ``documents``, ``quotes``, ``contradictions``),
- ``sources.json``: quote key -> where the quote came from (url, author, date, kind).

The split is fixed by a hash of each document's name (about 42 % of the documents go to test), so
adding a document never moves another one across the split.

Run:  python3 tests/data/real/build_gold.py            (check and write)
      python3 tests/data/real/build_gold.py --check    (check only; prints problems, exit 1 if any)
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import re
import sys
from collections import defaultdict

HERE = pathlib.Path(__file__).resolve().parent
TYPES = {"Product", "Organization", "Technology", "License", "Benchmark", "Platform"}
REL_TYPES = {"competes_with", "threatens", "depends_on", "developed_by"}
CLAIM_TYPES = {"metric", "pricing", "license", "platform", "prediction", "credibility", "dependency",
               "capability", "limitation", "risk", "comparison", "business"}
PERSPECTIVES = {"primitive", "competition", "thesis", "business", "jtbd", "testimonial", "risk"}
STANCES = {"positive", "negative", "mixed", "neutral"}
SOURCE_KINDS = {"blog", "forum", "qa", "issue", "release-notes", "comparison", "docs", "news"}
TEST_SHARE = 0.42
VALIDATION = ("val", "val2", "val3", "val4", "val5", "val6")  # in the order they were gathered: read as score lines, never trained on
FORCED = ("dev", *VALIDATION)  # the splits a document gathered after the test split was frozen may be put in


def key(text: str) -> str:
    """A quote's key, as the shared scorer computes it."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


def corpus_text(text: str) -> str:
    """The quote as it stands in the corpus: curly double quotes inside it become straight ones."""
    return text.replace("\u201c", '"').replace("\u201d", '"')


def _mentioned(forms: list[str], text: str) -> bool:
    low = text.lower()
    return any(re.search(r"(?<![a-z0-9])" + re.escape(f.lower()) + r"(?![a-z0-9])", low) for f in forms if f)


def check_doc(path: pathlib.Path, doc: dict) -> list[str]:
    """Every problem of one annotation file, as 'file: quote #i: message' lines."""
    bad: list[str] = []
    name = path.name

    def err(msg: str) -> None:
        bad.append(f"{name}: {msg}")

    if doc.get("split", "dev") not in FORCED:
        err("split: only \"dev\", \"val\", \"val2\", \"val3\", \"val4\", \"val5\" or \"val6\" may be forced (test is chosen by the "
            "hash)")
    for field in ("title", "category", "subjects", "entities", "quotes"):
        if field not in doc:
            err(f"missing field {field!r}")
    if bad:
        return bad
    ents = doc["entities"]
    for canon, info in ents.items():
        if info.get("type") not in TYPES:
            err(f"entity {canon!r}: type {info.get('type')!r} not one of {sorted(TYPES)}")
        if not isinstance(info.get("aliases", []), list):
            err(f"entity {canon!r}: aliases must be a list")
    for s in doc["subjects"]:
        if s not in ents:
            err(f"subject {s!r} not declared in entities")
    if not 1 <= len(doc["subjects"]) <= 3:
        err("subjects: one to three products")
    if not doc["quotes"]:
        err("no quotes")
    for i, q in enumerate(doc["quotes"]):
        where = f"quote #{i}"
        text = q.get("text", "")
        if not text or text != text.strip():
            err(f"{where}: text empty or with surrounding whitespace")
        if "\n\n" in text:
            err(f"{where}: blank line inside a quote (split it into two quotes)")
        src = q.get("source") or {}
        if not str(src.get("url", "")).startswith("http"):
            err(f"{where}: source.url missing")
        if src.get("kind") not in SOURCE_KINDS:
            err(f"{where}: source.kind {src.get('kind')!r} not one of {sorted(SOURCE_KINDS)}")
        if q.get("subject") not in doc["subjects"]:
            err(f"{where}: subject {q.get('subject')!r} is not one of the document's subjects")
        if q.get("perspective") not in PERSPECTIVES:
            err(f"{where}: perspective {q.get('perspective')!r}")
        if q.get("stance") not in STANCES:
            err(f"{where}: stance {q.get('stance')!r}")
        if q.get("verdict") not in (None, "ship", "no_ship"):
            err(f"{where}: verdict {q.get('verdict')!r}")
        listed = q.get("entities", [])
        if q.get("subject") not in listed:
            err(f"{where}: the subject must be in the quote's entities")
        for e in listed:
            if e not in ents:
                err(f"{where}: entity {e!r} not declared")
            elif e != q.get("subject") and not _mentioned([e, *ents[e].get("aliases", [])], text):
                err(f"{where}: entity {e!r} is not named in the text (add the surface form as an alias)")
        for r in q.get("relations", []):
            if r.get("type") not in REL_TYPES:
                err(f"{where}: relation type {r.get('type')!r}")
            for end in (r.get("source"), r.get("target")):
                if end not in listed:
                    err(f"{where}: relation endpoint {end!r} is not in the quote's entities")
            if r.get("source") == r.get("target"):
                err(f"{where}: relation from {r.get('source')!r} to itself")
            if r.get("horizon") and r.get("type") != "threatens":
                err(f"{where}: only threatens carries a horizon")
        for c in q.get("claims", []):
            if c.get("type") not in CLAIM_TYPES:
                err(f"{where}: claim type {c.get('type')!r}")
            if c.get("about") not in listed:
                err(f"{where}: claim about {c.get('about')!r}, not in the quote's entities")
            if not c.get("text") or c["text"] not in text:
                err(f"{where}: claim text is not a verbatim fragment: {c.get('text')!r}")
            if c.get("type") in ("metric", "pricing") and ("value" not in c or "unit" not in c):
                err(f"{where}: {c['type']} claim needs value and unit")
            if c.get("type") in ("license", "platform") and "value" not in c:
                err(f"{where}: {c['type']} claim needs a value")
            if c.get("type") == "prediction" and not c.get("horizon"):
                err(f"{where}: prediction claim needs a horizon")
            if c.get("type") == "credibility" and c.get("credibility") not in ("unverified", "disputed",
                                                                              "self-reported"):
                err(f"{where}: credibility claim needs credibility unverified|disputed|self-reported")
    return bad


def load() -> tuple[dict[str, dict], list[str]]:
    """All annotation files by document stem, and every problem found."""
    docs, bad = {}, []
    for path in sorted((HERE / "annotations").glob("*.json")):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            bad.append(f"{path.name}: not JSON: {exc}")
            continue
        bad += check_doc(path, doc)
        docs[path.stem] = doc
    seen: dict[str, str] = {}
    for stem, doc in docs.items():
        for q in doc.get("quotes", []):
            k = key(corpus_text(q.get("text", "")))
            if k in seen:
                bad.append(f"{stem}.json: quote {k} also in {seen[k]}.json")
            seen[k] = stem
    return docs, bad


def merge_entities(docs: dict[str, dict]) -> tuple[dict, list[str]]:
    """One entity table: types must agree, aliases are unioned, a surface form names one entity."""
    table: dict[str, dict] = {}
    bad = []
    for stem, doc in docs.items():
        for canon, info in doc["entities"].items():
            entry = table.setdefault(canon, {"type": info["type"], "aliases": set()})
            if entry["type"] != info["type"]:
                bad.append(f"{stem}.json: {canon!r} typed {info['type']}, elsewhere {entry['type']}")
            entry["aliases"] |= set(info.get("aliases", []))
    owner: dict[str, str] = {}
    for canon, entry in table.items():
        for form in [canon, *entry["aliases"]]:
            low = form.lower()
            if owner.get(low, canon) != canon:
                bad.append(f"surface form {form!r} names both {owner[low]!r} and {canon!r}")
            owner[low] = canon
    return table, bad


def split(docs: dict[str, dict]) -> dict[str, str]:
    """Document stem -> 'dev' or 'test', from a hash of the stem alone: adding a document moves no other.

    A document marked ``"split": "dev"`` (gathered after the test split was frozen, for training) is dev; one
    marked ``"split": "val"`` is validation: read to choose between designs by its score lines, never trained on;
    ``"val2"`` is a second validation set, gathered after every design val chose (the forty-sixth pass): untouched
    by those choices, it measures them afresh; ``"val3"`` a third, gathered after the forty-seventh pass chose on val
    and val2 together; ``"val4"`` a fourth, gathered in the forty-ninth pass before anything was chosen on it;
    ``"val5"`` a fifth, gathered at the end of the fifty-second pass and read first with that pass's final code;
    ``"val6"`` a sixth, gathered at the end of the fifty-third pass and read first with that pass's final code.
    """
    return {stem: docs[stem]["split"] if docs[stem].get("split") in FORCED
            else "test" if int(hashlib.sha1(stem.encode()).hexdigest()[:8], 16) < TEST_SHARE * 16 ** 8 else "dev"
            for stem in docs}


def write_set(name: str, stems: list[str], docs: dict[str, dict], table: dict) -> dict:
    """Write one split's corpus, gold and sources; return its counts."""
    root = HERE / name
    corpus = root / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    for old in corpus.glob("*.txt"):
        old.unlink()
    quotes, sources, documents, used = {}, {}, {}, set()
    counts = defaultdict(int)
    for stem in stems:
        doc = docs[stem]
        texts = [corpus_text(q["text"]) for q in doc["quotes"]]
        body = "\n\n".join(f"\u201c{t}\u201d" for t in texts)
        (corpus / f"{stem}.txt").write_text(f"{doc['title']}\n\n{body}\n", encoding="utf-8")
        documents[f"{stem}.txt"] = list(doc["subjects"])
        for q, text in zip(doc["quotes"], texts):
            k = key(text)
            rels = [{"type": r["type"], "source": r["source"], "target": r["target"],
                     "optional": bool(r.get("optional")), "horizon": r.get("horizon")} for r in q["relations"]]
            claims = [{**c, "optional": bool(c.get("optional"))} for c in q.get("claims", [])]
            quotes[k] = {"text": text, "subject": q["subject"], "perspective": q["perspective"],
                         "stance": q["stance"], "verdict": q.get("verdict"), "entities": q["entities"],
                         "relations": rels, "claims": claims}
            sources[k] = {"doc": f"{stem}.txt", **q["source"]}
            used |= set(q["entities"])
            counts["quotes"] += 1
            required = [r for r in rels if not r["optional"] and r["type"] != "developed_by"]
            counts["quotes without relations"] += not required
            for r in rels:
                if not r["optional"]:
                    counts[r["type"]] += 1
        counts["documents"] += 1
    entities = {c: {"type": e["type"], "aliases": sorted(e["aliases"]), "optional": c not in used}
                for c, e in sorted(table.items())}
    gold = {"entities": entities, "documents": documents, "quotes": quotes, "contradictions": []}
    (root / "gold.json").write_text(json.dumps(gold, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (root / "sources.json").write_text(json.dumps(sources, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                                       encoding="utf-8")
    counts["products and other entities"] = len(used)
    return dict(counts)


def main(argv: list[str]) -> int:
    docs, bad = load()
    table, more = merge_entities(docs)
    bad += more
    if bad:
        print("\n".join(bad))
        print(f"{len(bad)} problem(s)")
        return 1
    n = sum(len(d["quotes"]) for d in docs.values())
    cats = sorted({d["category"] for d in docs.values()})
    print(f"ok: {len(docs)} documents, {n} quotes, {len(cats)} categories, {len(table)} entities")
    if "--check" in argv:
        return 0
    assignment = split(docs)
    # Documents forced into dev or val never touch test, not even its entity table (names and aliases); val
    # documents never touch dev's either (dev is tuned on: val's names must not leak into it). Each validation set
    # names all but the later ones' (gathered later: its figures stay as they were); the last names all.
    frozen, _ = merge_entities({s: d for s, d in docs.items() if d.get("split") not in FORCED})
    tunable, _ = merge_entities({s: d for s, d in docs.items() if d.get("split") not in VALIDATION})
    tables = {"dev": tunable, "test": frozen}
    for i, name in enumerate(VALIDATION):
        later = VALIDATION[i + 1:]
        tables[name] = merge_entities({s: d for s, d in docs.items() if d.get("split") not in later})[0]
    for name in ("dev", "test") + tuple(v for v in VALIDATION if v in assignment.values()):
        stems = sorted(s for s, where in assignment.items() if where == name)
        print(name, json.dumps(write_set(name, stems, docs, tables[name]), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
