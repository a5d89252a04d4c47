"""Stage 2: the spaCy pipeline — blank English tokenizer, sentencizer and kg's catalog matcher.

Only extraction imports this module, so ``kg query`` never pays for spaCy.
"""

from __future__ import annotations

import re

import spacy
from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import compile_infix_regex, compile_suffix_regex, filter_spans

from kg.catalog import Catalog
from kg.ids import normalize_name
from kg.lexicon import Lexicon
from kg.words import fold_case  # here for its callers: it needs no spaCy

__all__ = ["CATALOG_SPANS", "CatalogMatcher", "build_pipeline", "catalog_spans", "fold_case"]

CATALOG_SPANS = "kg_catalog"
# a plus between two words joins two names ("Postgres+Redis", "FCM+APNs"); "C++" and "Notepad++" stay whole; a
# typeset hyphen (U+2010, or the non-breaking U+2011: "Hyper\u2011V", "open\u2011source") splits as spaCy splits "-"
_INFIXES = (r"(?<=[A-Za-z0-9])\+(?=[A-Za-z])", r"(?<=[A-Za-z0-9])[\u2010\u2011](?=[A-Za-z])")
# a full stop after a one-letter name that ends a word ("written in C.", "on Hyper-V.") ends the sentence; spaCy keeps
# it on the letter, as in "U.S."
_SUFFIXES = (r"(?<=^[A-Z])\.", r"(?<=[-\u2010\u2011][A-Z])\.")
_TYPESET = {"'": ("\u2019",), "-": ("\u2010", "\u2011")}  # a name's form as typesetting writes it
# spaCy's infix that splits a dot between a lower- and an upper-case letter (for a missing space) is left out: in
# reviews the dot is more often inside a name or an identifier ("Authorize.Net", "Socket.IO", "http.ClientRequest"),
# where the split made the sentencizer end a sentence; without it the dot stays in its word
_GLUED_DOT = "end.Start"


class CatalogMatcher:
    """Pipeline component: marks the longest non-overlapping known names in ``doc.spans``.

    Each span's label is the entity type and its ``kb_id_`` the canonical name.
    """

    def __init__(self, nlp: Language) -> None:
        self.nlp = nlp
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.folded = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.alone = PhraseMatcher(nlp.vocab, attr="ORTH")  # as written, and not inside a longer capitalised name
        self.meta: dict[str, tuple[str, str]] = {}
        self.label_nouns: frozenset[str] = frozenset()  # "Series C": a one-letter name after one is a label

    def add(self, forms: list[tuple[str, str, str, str]]) -> None:
        """Add (surface form, canonical name, type, case rule) entries; the rule is "exact", "auto", "any" or "alone"
        (as written, and only where no capitalised word stands right before or after it: "Edge", not "Vercel Edge
        Functions")."""
        for form, canon, type_, case in sorted(set(forms)):
            key = f"{type_}|{canon}"
            self.meta[key] = (canon, type_)
            loose = case == "any" or case == "auto" and (fold_case(form) or type_ in ("License", "Platform"))
            matcher = self.alone if case == "alone" else self.folded if loose else self.exact
            matcher.add(key, [self.nlp.make_doc(form)])

    def __call__(self, doc: Doc) -> Doc:
        spans = []
        for matcher in (self.exact, self.folded, self.alone):
            for match_id, start, end in matcher(doc):
                if matcher is self.alone and (start and doc[start - 1].text[:1].isupper()
                                              or end < len(doc) and doc[end].text[:1].isupper()):
                    continue  # part of a longer name: "Vercel Edge Functions", "Marp Slides"
                if end - start == 1 and len(doc[start]) == 1 and start and doc[start - 1].text in self.label_nouns:
                    continue  # "Series C", "Plan C": a label, not the C language
                canon, type_ = self.meta[self.nlp.vocab.strings[match_id]]
                spans.append(Span(doc, start, end, label=type_, kb_id=canon))
        doc.spans[CATALOG_SPANS] = sorted(filter_spans(spans), key=lambda s: s.start)
        return doc


def catalog_spans(doc: Doc) -> tuple[tuple[int, int, str, str], ...]:
    """A parsed text's catalog spans as the later steps read them: (start, end, type, canonical name)."""
    return tuple((s.start_char, s.end_char, s.label_, s.kb_id_) for s in doc.spans[CATALOG_SPANS])


@Language.factory("kg_catalog_matcher")
def _make_catalog_matcher(nlp: Language, name: str) -> CatalogMatcher:
    return CatalogMatcher(nlp)


def _forms(catalog: Catalog, lexicon: Lexicon) -> list[tuple[str, str, str, str]]:
    rule = {name: "exact" if e.case_sensitive else "any" if e.any_case else "auto" for name, e in catalog.entries.items()}
    forms = [(f, e.name, e.type, rule[e.name]) for e in catalog.entries.values() for f in (e.name, *e.aliases)]
    for e in catalog.entries.values():  # a shared name is matched as its first sense; resolution picks the sense
        for f in e.shared:
            first = catalog.entries[catalog.senses[normalize_name(f)][0]]
            forms.append((f, first.name, first.type, rule[first.name]))
    # a name that is the entry only in context, matched as written; resolution keeps it where the context is there
    forms += [(f, e.name, e.type, "alone") for e in catalog.entries.values() for f in e.in_context]
    forms += [(f, canon, "License", "auto") for f, canon in lexicon.licenses.items()]
    forms += [(f, canon, "Platform", "auto") for f, canon in lexicon.platforms.items()]
    # "Let’s Encrypt", "Hyper‑V" as typeset
    return forms + [(f.replace(plain, typeset), *rest) for f, *rest in forms
                    for plain, variants in _TYPESET.items() if plain in f for typeset in variants]


def build_pipeline(catalog: Catalog, lexicon: Lexicon) -> Language:
    """Build the pipeline once per run: blank English, a sentencizer and the catalog matcher.

    Args:
        catalog: names to recognise (may be empty).
        lexicon: licence and platform names, recognised even without a catalog.
    """
    nlp = spacy.blank("en")
    infixes = [p for p in nlp.Defaults.infixes if not re.search(p, _GLUED_DOT)]
    nlp.tokenizer.infix_finditer = compile_infix_regex((*infixes, *_INFIXES)).finditer
    nlp.tokenizer.suffix_search = compile_suffix_regex((*nlp.Defaults.suffixes, *_SUFFIXES)).search
    nlp.add_pipe("sentencizer")
    matcher = nlp.add_pipe("kg_catalog_matcher")
    matcher.add(_forms(catalog, lexicon))
    matcher.label_nouns = lexicon.label_nouns
    return nlp
