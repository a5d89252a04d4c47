"""Extractors: subjects, relations, claims, facets and contradictions, each a pure function of a quote."""
