"""Scoring extraction against an annotated gold file: the figures behind ``kg eval``.

The matching rules are those of the evaluation README: names compare through the gold's aliases and case;
``competes_with`` is symmetric; entities and relations are compared per document; optional gold items are
neither rewarded nor punished; a claim matches when it is about the same entity, of the same type group,
and its words cover half of the gold claim's words (and the gold covers 30 % of its words).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import GoldError, InputError
from kg.facts import fact_types
from kg.progress import ProgressCallback

__all__ = ["DOCUMENT_COUNTS", "MAIN_RELATIONS", "Counts", "GoldNames", "Scores", "evaluate", "load_gold", "quote_key",
           "score_file", "score_records"]

MAIN_RELATIONS = fact_types().headline  # relation F1 is over these
_RELATIONS = fact_types().scored
# claim types whose group must match exactly; every other type is an "assertion"
_CLAIM_GROUPS = {"metric": "metric", "pricing": "metric", "license": "license", "platform": "platform",
                 "prediction": "prediction", "credibility": "credibility", "dependency": "dependency"}
DOCUMENT_COUNTS = ("relations", "entities", "claims", "subject")  # per document: (tp, fp, fn), (tp, fp, fn),
# (found, required), (right, quotes)
_STOP = frozenset(["a", "an", "the", "of", "to", "and", "or", "in", "on", "at", "for", "with", "by", "is", "are", "be", "it", "its", "this", "that", "was", "were", "as", "from", "than", "not", "but", "into", "over", "which", "who", "what"])


def quote_key(text: str) -> str:
    """The gold's key of a quote: the first 8 hex digits of the SHA-1 of its text."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


@dataclass
class Counts:
    """True positives, false positives and false negatives, with precision, recall and F1."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, tp: int, fp: int, fn: int) -> None:
        self.tp, self.fp, self.fn = self.tp + tp, self.fp + fp, self.fn + fn

    def prf(self) -> tuple[float, float, float]:
        p = self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0
        r = self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0
        return p, r, (2 * p * r / (p + r) if p + r else 0.0)


@dataclass
class Scores:
    """Every figure of one evaluation, and the errors behind them per quote (``doc#index``)."""

    quotes: int = 0
    subject: list[int] = field(default_factory=lambda: [0, 0])
    entities: Counts = field(default_factory=Counts)
    entity_types: list[int] = field(default_factory=lambda: [0, 0])
    relations: dict[str, Counts] = field(default_factory=lambda: {k: Counts() for k in _RELATIONS})
    claims: list[int] = field(default_factory=lambda: [0, 0])
    claims_emitted: list[int] = field(default_factory=lambda: [0, 0])  # [known to gold, emitted]
    values: list[int] = field(default_factory=lambda: [0, 0])
    horizons: list[int] = field(default_factory=lambda: [0, 0])
    grounded: list[int] = field(default_factory=lambda: [0, 0])
    verdict: Counts = field(default_factory=Counts)
    facets: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    errors: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    documents: dict[str, dict[str, tuple[int, ...]]] = field(default_factory=dict)  # doc → the headline figures'
    # counts in it (``DOCUMENT_COUNTS``): what ``kg.intervals`` resamples

    def main_relations(self) -> Counts:
        c = Counts()
        for k in MAIN_RELATIONS:
            c.add(self.relations[k].tp, self.relations[k].fp, self.relations[k].fn)
        return c

    def as_dict(self) -> dict:
        """The figures under the shared scorer's names (``score.py --json``)."""
        out: dict = {"quotes_predicted": f"{self.quotes}/{self.quotes}", "bad_lines": 0,
                     "subject_accuracy": _ratio(self.subject, 0.0),
                     "entity_p_r_f1": _rounded(self.entities.prf()),
                     "entity_type_accuracy": _ratio(self.entity_types, 0.0)}
        for k, c in self.relations.items():
            out[f"{k}_p_r_f1"] = _rounded(c.prf())
        out["relation_p_r_f1"] = _rounded(self.main_relations().prf())
        out["claim_recall"] = _ratio(self.claims, 1.0)
        out["claims_per_quote"] = round(self.claims_emitted[1] / self.quotes, 2) if self.quotes else 0.0
        out["claims_known_to_gold"] = _ratio(self.claims_emitted, 1.0)
        out["claim_value_accuracy"] = _ratio(self.values, 1.0)
        out["horizon_accuracy"] = _ratio(self.horizons, 1.0)
        out["grounded_relations"] = _ratio(self.grounded, 1.0)
        out["verdict_p_r_f1"] = _rounded(self.verdict.prf())
        for k, ok_n in self.facets.items():
            out[f"{k}_accuracy"] = _ratio(ok_n, 1.0)
        return out

    def headline(self) -> str:
        """The shared scorer's last line."""
        d = self.as_dict()
        return (f"headline: relation_f1={self.main_relations().prf()[2]:.3f} "
                f"entity_f1={self.entities.prf()[2]:.3f} claim_recall={d['claim_recall']:.3f} "
                f"subject_acc={d['subject_accuracy']:.3f} grounded={d['grounded_relations']:.3f}")


def _ratio(ok_n: list[int], empty: float) -> float:
    return round(ok_n[0] / ok_n[1], 3) if ok_n[1] else empty


def _rounded(values: tuple[float, ...]) -> list[float]:
    return [round(v, 3) for v in values]


def _squash(name: str) -> str:
    name = name.strip().strip("'\".,;:").replace("’", "'")
    return re.sub(r"\s+", " ", re.sub(r"'s$", "", name)).lower()


class GoldNames:
    """Any surface form → the gold's canonical name (or the form itself, squashed)."""

    def __init__(self, entities: dict):
        self.table = {_squash(f): c for c, info in entities.items() for f in [c, *info.get("aliases", [])]}
        self.entities = entities
        self.optional = {c for c, info in entities.items() if info.get("optional")}

    def __call__(self, name: object) -> str:
        if not isinstance(name, str):
            return "<none>"
        s = _squash(name)
        return self.table.get(s, s)

    def forms(self, name: object) -> set[str]:
        canon = self(name)
        return {_squash(f) for f in [canon, str(name), *self.entities.get(canon, {}).get("aliases", [])]}


def load_gold(path: str | Path) -> dict:
    """Read and check a gold file (the format of the evaluation README)."""
    path = Path(path)
    try:
        gold = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise GoldError(f"{path}: cannot read the gold file ({exc})") from None
    for part in ("entities", "documents", "quotes"):
        if not isinstance(gold.get(part), dict):
            raise GoldError(f"{path}: the gold file needs an object {part!r}")
    for k, q in gold["quotes"].items():
        missing = [f for f in ("subject", "entities", "relations", "claims") if f not in q]
        if missing:
            raise GoldError(f"{path}: quote {k} lacks {', '.join(missing)}")
    return gold


def _content(text: str) -> set[str]:
    return {t for t in re.findall(r"[a-z0-9$][a-z0-9.$%/-]*", text.lower()) if t not in _STOP}


def _rel_key(kind: str, source: str, target: str) -> tuple[str, str, str]:
    if kind in fact_types().symmetric:
        source, target = sorted((source, target))
    return kind, source, target


def _horizon(h: object) -> str | None:
    if not h:
        return None
    s = str(h).lower()
    m = re.search(r"(\d+)\s*(?:-\s*\d+\s*)?(month|year|week|quarter)", s)
    if m:
        return f"{m.group(1)} {m.group(2)}s"
    m = re.search(r"(19|20)\d\d", s)
    return m.group(0) if m else ("next quarter" if "quarter" in s else s.strip())


def _numbers(v: object) -> list[float]:
    if isinstance(v, bool):
        return []
    if isinstance(v, (int, float)):
        return [float(v)]
    if isinstance(v, list):
        return [float(x) for x in v if isinstance(x, (int, float)) and not isinstance(x, bool)]
    if isinstance(v, dict):
        return [float(v[k]) for k in ("min", "max", "value") if isinstance(v.get(k), (int, float))]
    return []


def _same_value(gold: object, pred: object) -> bool:
    g, p = _numbers(gold), _numbers(pred)
    return not g or (bool(p) and all(any(abs(x - y) <= 0.01 * max(abs(x), 1e-9) for y in p) for x in g))


def claim_words_match(gold_text: str, text: str) -> bool:
    """The shared scorer's claim rule on words: half the gold's content words, and 30 % of the claim's, shared."""
    gt, pt = _content(gold_text), _content(text)
    if not pt or not gt:
        return False
    inter = len(gt & pt)
    return inter / len(gt) >= 0.5 and inter / len(pt) >= 0.3


def _claim_match(gold_claim: dict, pred: dict, names: GoldNames) -> bool:
    return names(pred.get("about")) == names(gold_claim["about"]) \
        and claim_words_match(gold_claim["text"], str(pred.get("text", "")))


def score_records(gold: dict, records: list[dict]) -> Scores:
    """Score ``kg extract --jsonl`` records against a gold file's documents and quotes."""
    names, s = GoldNames(gold["entities"]), Scores()
    by_doc: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        by_doc[Path(str(r["doc"])).name].append(r)
    for doc in sorted(gold["documents"]):
        if doc not in by_doc:
            raise GoldError(f"gold document {doc!r} was not read from the corpus (is the corpus folder right?)")
        g_ents, p_ents, g_rels, g_opt_rels, p_rels = set(), set(), set(), set(), set()
        before = tuple(s.claims), tuple(s.subject), s.main_relations(), Counts(**vars(s.entities))
        for rec in sorted(by_doc[doc], key=lambda r: r["quote_index"]):
            where = f"{doc}#{rec['quote_index']}"
            ann = gold["quotes"].get(quote_key(rec["text"]))
            if ann is None:
                s.errors[where].append("quote not in the gold file")
                continue
            s.quotes += 1
            _score_quote(s, s.errors[where], ann, rec, names, gold["entities"])
            g_ents |= {names(e) for e in ann["entities"]} | {names(ann["subject"])}
            for r in ann["relations"]:
                (g_opt_rels if r.get("optional") else g_rels).add(_rel_key(r["type"], names(r["source"]),
                                                                            names(r["target"])))
            p_ents |= {names(e.get("name")) for e in rec.get("entities") or [] if isinstance(e, dict)}
            if rec.get("subject"):
                p_ents.add(names(rec["subject"]))
            for r in rec.get("relations") or []:
                src, tgt = names(r.get("source")), names(r.get("target"))
                p_ents |= {src, tgt}
                p_rels.add(_rel_key(str(r.get("type")), src, tgt))
        errs = s.errors[doc]
        optional = names.optional
        extra = p_ents - g_ents - optional - {"<none>"}
        s.entities.add(len(p_ents & g_ents), len(extra), len(g_ents - p_ents))
        errs += [f"extra entity {e!r}" for e in sorted(extra)] + [f"missed entity {e!r}" for e in
                                                                    sorted(g_ents - p_ents)]
        for kind, c in s.relations.items():
            g = {r for r in g_rels if r[0] == kind}
            o = {r for r in g_opt_rels if r[0] == kind}
            p = {r for r in p_rels if r[0] == kind}
            c.add(len(p & g), len(p - g - o), len(g - p))
            errs += [f"extra relation {r}" for r in sorted(p - g - o)] + [f"missed relation {r}" for r in
                                                                           sorted(g - p)]
        s.documents[doc] = _document_counts(s, *before)
    s.errors = {k: v for k, v in s.errors.items() if v}
    return s


def _document_counts(s: Scores, claims: tuple[int, ...], subject: tuple[int, ...], relations: Counts,
                     entities: Counts) -> dict[str, tuple[int, ...]]:
    """What one document added to the headline figures' counts, given the counts before it."""
    rel, ent = s.main_relations(), s.entities
    return {"relations": (rel.tp - relations.tp, rel.fp - relations.fp, rel.fn - relations.fn),
            "entities": (ent.tp - entities.tp, ent.fp - entities.fp, ent.fn - entities.fn),
            "claims": (s.claims[0] - claims[0], s.claims[1] - claims[1]),
            "subject": (s.subject[0] - subject[0], s.subject[1] - subject[1])}


def score_file(gold_path: str | Path, records_path: str | Path) -> Scores:
    """Score a file of ``kg extract --jsonl`` records (one JSON object a line) against a gold file."""
    gold, records = load_gold(gold_path), []
    try:
        lines = Path(records_path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(records_path, f"cannot read the records ({e})") from e
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(f"{records_path}:{number}", f"not a JSON record ({e.msg})") from e
        if not isinstance(record, dict) or not {"doc", "quote_index", "text"} <= record.keys():
            raise InputError(f"{records_path}:{number}", "not a kg extract --jsonl record (it needs doc, quote_index "
                             "and text)")
        records.append(record)
    missing = sorted(set(gold["documents"]) - {Path(str(r["doc"])).name for r in records})
    if missing:
        raise GoldError(f"{records_path}: no records of {len(missing)} of the gold's {len(gold['documents'])} "
                        f"documents, such as {missing[0]!r}: score `kg extract --jsonl` output of the gold's corpus")
    return score_records(gold, records)


def _score_quote(s: Scores, errs: list[str], ann: dict, rec: dict, names: GoldNames, entities: dict) -> None:
    """The per-quote figures: subject, facets, verdict, entity types, grounding, horizons, claims."""
    text = rec["text"]
    s.subject[1] += 1
    if names(rec.get("subject")) == names(ann["subject"]):
        s.subject[0] += 1
    else:
        errs.append(f"subject {rec.get('subject')!r} != {ann['subject']!r}")
    for facet in ("stance", "perspective"):
        if ann.get(facet) is not None:
            s.facets[facet][1] += 1
            s.facets[facet][0] += (rec.get(facet) or None) == ann[facet]
    gv, pv = ann.get("verdict"), rec.get("verdict") or None
    s.verdict.add(int(bool(gv and pv == gv)), int(bool(pv and pv != gv)), int(bool(gv and pv != gv)))
    for e in rec.get("entities") or []:
        canon = names(e.get("name")) if isinstance(e, dict) else None
        if canon in entities:
            s.entity_types[1] += 1
            s.entity_types[0] += str(e.get("type", "")).lower() == entities[canon]["type"].lower()
    for r in rec.get("relations") or []:
        rk = _rel_key(str(r.get("type")), names(r.get("source")), names(r.get("target")))
        s.grounded[1] += 1
        span = r.get("span")
        if isinstance(span, list) and len(span) == 2 and all(isinstance(x, int) for x in span) \
                and 0 <= span[0] < span[1] <= len(text):
            frag = text[span[0]:span[1]].lower()
            if any(f and f in frag for end in (r.get("source"), r.get("target")) for f in names.forms(end)):
                s.grounded[0] += 1
            else:
                errs.append(f"ungrounded {rk} in {frag[:80]!r}")
        else:
            errs.append(f"relation without a valid span {rk}")
        for gr in ann["relations"]:
            if gr.get("horizon") and _rel_key(gr["type"], names(gr["source"]), names(gr["target"])) == rk:
                s.horizons[1] += 1
                if _horizon(r.get("horizon")) == _horizon(gr["horizon"]):
                    s.horizons[0] += 1
                else:
                    errs.append(f"horizon {r.get('horizon')!r} != {gr['horizon']!r} on {rk}")
    preds = [c for c in rec.get("claims") or [] if isinstance(c, dict)]
    s.claims_emitted[1] += len(preds)
    s.claims_emitted[0] += sum(any(_claim_match(g, p, names) for g in ann["claims"]) for p in preds)
    for gc in ann["claims"]:
        if gc.get("optional"):
            continue
        s.claims[1] += 1
        group = _CLAIM_GROUPS.get(gc["type"], "assertion")
        best = next((p for p in preds if _CLAIM_GROUPS.get(str(p.get("type")), "assertion") == group
                     and _claim_match(gc, p, names)), None)
        if best is None:
            errs.append(f"missed {gc['type']} claim {gc['text'][:70]!r}")
            continue
        s.claims[0] += 1
        if "value" in gc:
            s.values[1] += 1
            if gc["type"] in ("metric", "pricing") and not _same_value(gc["value"], best.get("value")):
                errs.append(f"value {best.get('value')!r} != {gc['value']!r}")
            else:
                s.values[0] += 1
        if gc.get("horizon"):
            s.horizons[1] += 1
            if _horizon(best.get("horizon")) == _horizon(gc["horizon"]):
                s.horizons[0] += 1
            else:
                errs.append(f"horizon {best.get('horizon')!r} != {gc['horizon']!r}")


def evaluate(gold_path: str | Path, inputs: list[str | Path], catalog: str | Path | None = None,
             model: str | None = None, progress: ProgressCallback | None = None) -> Scores:
    """Extract the corpus and score it against the gold file; ``progress`` is told how extraction moves on."""
    from kg.jsonl import records
    from kg.pipeline import run

    gold = load_gold(gold_path)
    return score_records(gold, records(run(inputs, catalog=catalog, model=model, progress=progress)))
