"""Is extraction linear in a document's quotes and in a quote's length? Ratios to spaCy's bare tokenizer by size.

    python benchmarks/bench_shapes.py                       # documents of 500 / 1,000 / 2,000 quotes,
                                                            # quotes of 200 / 400 / 800 sentences,
                                                            # files of 5,000 / 10,000 / 20,000 quotes read only
    python benchmarks/bench_shapes.py --json shapes.json    # also write the figures as JSON

A forum thread pasted as one document holds thousands of quotes, and a blog post pasted as one quote hundreds of
sentences. Each shape is written at doubling sizes from ``gen_corpus.py``'s invented products and templates (one
document "A vs B" of N quotes; one quote of N sentences), and extracted in this process (``jobs=1``, CPU time,
after a warm-up). ``spacy.blank("en").tokenizer`` tokenizes the same quote texts in the same run. If every step
is linear, extraction's ratio to the tokenizer stays flat as the size doubles; a step quadratic in the shape's
size makes the ratio grow with it (it doubles with each doubling once that step dominates). The "read" rows time
reading one document's file alone (``kg.ingest.read_corpus``) at sizes where extraction would take minutes: a
quadratic step there (line numbers once counted from the start of the file) shows as the ratio doubling. Each row also gives
how much each time grew since the size before (×): the tokenizer's own time grows less than twice with the
length of one quote, so for that shape the growth of extraction's seconds reads more plainly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's kg
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_corpus import CATEGORIES, _sentence, invent_world


def _world_sentence(rng: random.Random, world, a: str, b: str) -> str:
    """A sentence about the title's products (more often) or about two others of the invented world."""
    if rng.random() < 0.5:
        return _sentence(rng, world, CATEGORIES[0], *((a, b) if rng.random() < 0.6 else (b, a)))
    cat = rng.choice(CATEGORIES)
    return _sentence(rng, world, cat, *rng.sample(world.products[cat], 2))


def long_quote(out: Path, sentences: int, seed: int = 7) -> list[str]:
    """One document "A vs B" holding one quote of ``sentences`` sentences; returns its text."""
    rng = random.Random(seed)
    world = invent_world(rng, max(60, sentences))
    a, b = world.products[CATEGORIES[0]][:2]
    text = " ".join(_world_sentence(rng, world, a, b) for _ in range(sentences))
    out.mkdir(parents=True, exist_ok=True)
    (out / "long-quote.txt").write_text(f"{a} vs {b}\n\n\u201c{text}\u201d\n", encoding="utf-8")
    return [text]


def long_document(out: Path, quotes: int, seed: int = 7) -> list[str]:
    """One document "A vs B" of ``quotes`` distinct quotes of 1–3 sentences; returns their texts. The quotes also
    name other products of a world that grows with them, as a long thread wanders: its words grow with its length."""
    rng = random.Random(seed)
    world = invent_world(rng, max(60, quotes // 2))
    a, b = world.products[CATEGORIES[0]][:2]
    texts: list[str] = []
    seen: set[str] = set()
    while len(texts) < quotes:
        text = " ".join(_world_sentence(rng, world, a, b) for _ in range(rng.choice((1, 2, 3))))
        if text not in seen:
            seen.add(text)
            texts.append(text)
    out.mkdir(parents=True, exist_ok=True)
    body = "\n\n".join(f"\u201c{t}\u201d" for t in texts)
    (out / "long-document.txt").write_text(f"{a} vs {b}\n\n{body}\n", encoding="utf-8")
    return texts


SHAPES = {"document": long_document, "quote": long_quote, "read": long_document}  # "read": reading it only


def bench_shape(shape: str, sizes: list[int]) -> list[dict]:
    """Extraction and tokenizer CPU seconds, and their ratio, for each size of ``shape`` (for "read", reading the
    one long document's file, ``kg.ingest.read_corpus``, in place of extraction)."""
    import spacy

    import kg.api
    from kg.heap import settling
    from kg.ingest import read_corpus

    tokenizer = spacy.blank("en").tokenizer
    kg.api.extract([ROOT / "examples" / "reviews"], jobs=1)  # warm-up: imports, lexicons, models
    rows = []
    for size in sizes:  # each size written afresh: nothing of the smaller one is read again
        with tempfile.TemporaryDirectory(prefix="kg-shapes-") as tmp:
            texts = SHAPES[shape](Path(tmp), size)
            start = time.process_time()
            if shape == "read":
                with settling():  # as a build reads: the collector does not walk what it has read
                    corpus = read_corpus([tmp])
                found = {"quotes": len(corpus.quotes), "relations": None, "claims": None}
            else:
                graph = kg.api.extract([tmp], jobs=1)
                found = {"quotes": graph.run.quotes, "relations": len(graph.relations), "claims": len(graph.claims)}
            extract_s = time.process_time() - start
            tokenize_s = _tokenized(tokenizer, texts)
        rows.append({"shape": shape, "size": size, **found, "characters": sum(map(len, texts)), "extract_s": extract_s,
                     "tokenize_s": tokenize_s, "ratio": extract_s / tokenize_s})
    for before, row in pairwise(rows):
        row["ratio_growth"] = row["ratio"] / before["ratio"]
        row["extract_growth"] = row["extract_s"] / before["extract_s"]
        row["tokenize_growth"] = row["tokenize_s"] / before["tokenize_s"]
    return rows


def _tokenized(tokenizer, texts: list[str]) -> float:
    """CPU seconds the tokenizer takes over ``texts``: the least of enough runs to fill a second (a long quote
    alone takes milliseconds)."""
    times: list[float] = []
    while len(times) < 3 or sum(times) < 1.0:
        start = time.process_time()
        for text in texts:
            tokenizer(text)
        times.append(time.process_time() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--documents", type=int, nargs="+", default=[500, 1000, 2000], metavar="QUOTES",
                        help="sizes of the one long document, in quotes")
    parser.add_argument("--sentences", type=int, nargs="+", default=[200, 400, 800], metavar="N",
                        help="sizes of the one long quote, in sentences")
    parser.add_argument("--reads", type=int, nargs="+", default=[5000, 10000, 20000], metavar="QUOTES",
                        help="sizes of the one long document only read (kg.ingest), in quotes")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures here as JSON")
    args = parser.parse_args(argv)
    rows = (bench_shape("document", args.documents) + bench_shape("quote", args.sentences)
            + bench_shape("read", args.reads))
    print(f"{'shape':<9} {'size':>6} {'chars':>9} {'extract s':>10} {'×':>5} {'tokenize s':>11} {'×':>5} "
          f"{'ratio':>6} {'×':>5}")
    for r in rows:
        def grew(key: str, row: dict = r) -> str:
            return f"{row[key]:.2f}" if key in row else "—"
        print(f"{r['shape']:<9} {r['size']:>6} {r['characters']:>9} {r['extract_s']:>10.2f} {grew('extract_growth'):>5} "
              f"{r['tokenize_s']:>11.4f} {grew('tokenize_growth'):>5} {r['ratio']:>6.0f} {grew('ratio_growth'):>5}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
