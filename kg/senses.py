"""Which product a name several catalog entries share means in one document ("Flux": Flux CD or FLUX.1).

One sense per document, the one the document's other evidence favours: its other names for a sense ("FluxCD"),
the sense's maker, products of the sense's category, and the words the sense's description and category share
with the document's text (a simplified Lesk). Ties go to the first sense, the entry the name belongs to.
"""

from __future__ import annotations

import re
from collections import Counter

from kg.catalog import Catalog, CatalogEntry
from kg.ids import normalize_name
from kg.stopwords import STOP_WORDS

__all__ = ["choose_senses", "sense_scores"]

_WORD = re.compile(r"[a-z][a-z0-9]{2,}")
# category words that say nothing about a product's field ("ci-cd-services", "developer-tool")
_PLAIN = frozenset({"tool", "tools", "service", "services", "app", "apps", "software", "platform", "platforms",
                    "library", "libraries", "framework", "frameworks", "open", "source"})


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in STOP_WORDS and w not in _PLAIN}


def sense_scores(senses: tuple[str, ...], catalog: Catalog, named: Counter[str], words: set[str]) -> list[float]:
    """Each sense's evidence in a document.

    Args:
        senses: the canonical names a shared name may mean.
        catalog: their entries.
        named: canonical name → mentions in the document of names that are not shared.
        words: the document's words (:func:`_words` of its title and quotes).
    """
    categories = Counter(e.category for n in named if (e := catalog.entries.get(n)) is not None and e.category)
    return [_score(catalog.entries[name], named, categories, words) for name in senses]


def _score(entry: CatalogEntry, named: Counter[str], categories: Counter[str], words: set[str]) -> float:
    gloss = _words(" ".join(filter(None, (entry.description, (entry.category or "").replace("-", " ")))))
    return 3.0 * (entry.name in named) + 2.0 * (entry.maker is not None and entry.maker in named) \
        + 1.0 * categories[entry.category] * bool(entry.category) + 0.5 * len(gloss & words)


def choose_senses(catalog: Catalog, mentions: list[tuple[str, str]], texts: list[str]) -> dict[str, str]:
    """The sense of every shared name a document uses.

    Args:
        catalog: the run's catalog.
        mentions: (surface text, canonical name) of the document's mentions.
        texts: the document's title and quotes.

    Returns:
        normalised shared name → the canonical name it means here (only names the document uses).
    """
    shared = {normalize_name(text) for text, _ in mentions} & catalog.senses.keys()
    if not shared:
        return {}
    named = Counter(name for text, name in mentions if normalize_name(text) not in catalog.senses)
    words = set().union(*(_words(t) for t in texts))
    out = {}
    for form in sorted(shared):
        senses = catalog.senses[form]
        scores = sense_scores(senses, catalog, named, words)
        out[form] = senses[max(range(len(senses)), key=lambda i: (scores[i], -i))]
    return out
