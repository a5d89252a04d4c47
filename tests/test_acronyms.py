"""Acronyms a review defines (kg.acronyms): hand-built names, no pipeline."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from kg.acronyms import defined_acronyms, defined_tail, spells_initials


@dataclass(frozen=True)
class _Name:
    start: int
    end: int
    text: str


def _names(text: str, *names: str) -> list[_Name]:
    return sorted((_Name(text.index(n), text.index(n) + len(n), n) for n in names), key=lambda n: n.start)


@pytest.mark.parametrize("name,short,spelled", [
    ("Tree Style Tab", "TST", True),  # every word's initial
    ("Open Information Security Foundation", "OISF", True),
    ("Nexus Mod Manager", "nmm", True),  # in any case
    ("Chrome DevTools Protocol", "CDP", True),  # the capitals
    ("Department of Defense", "DoD", True),  # the minor word left out
    ("Packet Tracer", "PT", True),
    ("Tree Style Tab", "TS", False),  # not all of them
    ("Kubernetes", "K", False),  # one word spells nothing
    ("DevTools", "DT", False),
    ("Packet Tracer", "GNS3", False),
])
def test_a_short_form_is_made_of_the_names_initials(name, short, spelled):
    assert spells_initials(name, short) is spelled


def test_a_name_followed_by_its_initials_in_a_parenthesis_defines_them():
    first = "We compared External Secrets Operator (ESO) with Sealed Secrets (Bitnami)."
    second = "Later, Packet Tracer ( PT ) came up, and Packet Tracer (PT) again."
    defined = defined_acronyms([first, second], [_names(first, "External Secrets Operator", "Sealed Secrets"),
                                                 _names(second, "Packet Tracer")])
    assert {short: name.text for short, name in defined.items()} == {"ESO": "External Secrets Operator",
                                                                      "PT": "Packet Tracer"}
    assert defined["PT"].start == second.index("Packet Tracer")  # the first definition


@pytest.mark.parametrize("text", [
    "We run Sealed Secrets (v0.24) in the cluster.",  # a version
    "We run Sealed Secrets (Go) in the cluster.",  # an aside
    "We run Sealed Secrets (SSO) in the cluster.",  # other letters
    "We run Sealed Secrets, (SS) in the cluster.",  # not right after the name
])
def test_a_parenthesis_that_is_no_acronym_of_the_name_defines_nothing(text):
    assert defined_acronyms([text], [_names(text, "Sealed Secrets")]) == {}


@pytest.mark.parametrize("text,name", [
    ("We moved to Vault Secrets Operator (VSO) last year.", "Vault Secrets Operator"),
    ("We moved to Vault Secrets Operator ( VSO ) last year.", "Vault Secrets Operator"),
    ("We moved to Vault Secrets (VSO) last year.", None),  # the initials spell no longer name
    ("We moved to Vault (VSO) last year.", None),
    ("We moved to Vault Secrets Operator (the new one) last year.", None),
])
def test_a_longer_name_its_initials_define_is_one_name(text, name):
    start = text.index("Vault")
    end = defined_tail(text, start, start + len("Vault"))
    assert (text[start:end] if end is not None else None) == name
