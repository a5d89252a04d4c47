"""Registries keyed by name: exporters, relation extractors and claim extractors plug in here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import catalogue

from kg.errors import UnknownPluginError

if TYPE_CHECKING:
    from kg.models import KnowledgeGraph

__all__ = [
    "Exporter",
    "claim_extractors",
    "exporters",
    "get_exporter",
    "guess_format",
    "list_exporters",
    "register_exporter",
    "relation_extractors",
    "resolved",
]

exporters = catalogue.create("kg", "exporters", entry_points=True)
relation_extractors = catalogue.create("kg", "relation_extractors", entry_points=True)
claim_extractors = catalogue.create("kg", "claim_extractors", entry_points=True)

# modules whose import registers the built-in exporters
_EXPORT_MODULES = ("kg.export.rdf", "kg.export.graphml", "kg.export.gexf", "kg.export.cytoscape",
                   "kg.export.tables", "kg.export.html")


@dataclass(frozen=True)
class Exporter:
    """A registered export format: how to write it and which file suffixes mean it."""

    name: str
    write: Callable[[KnowledgeGraph, Path], None]
    suffixes: tuple[str, ...] = ()
    directory: bool = False  # writes a folder (tables) rather than one file
    description: str = ""
    readers: str = ""  # the tools that open it, for ``kg export --list``


def register_exporter(name: str, *, suffixes: tuple[str, ...] = (), directory: bool = False,
                      description: str = "", readers: str = "") -> Callable:
    """Decorator: register ``write(kg, path)`` as the exporter called ``name``."""

    def decorate(write: Callable[[KnowledgeGraph, Path], None]) -> Callable:
        exporters.register(name, func=Exporter(name, write, suffixes, directory, description, readers))
        return write

    return decorate


def _load_builtin_exporters() -> None:
    import importlib

    for module in _EXPORT_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as err:  # a format module not written yet must not break the others
            if err.name != module:
                raise


def get_exporter(name: str) -> Exporter:
    """The exporter registered as ``name``.

    Raises:
        UnknownPluginError: listing the registered names.
    """
    _load_builtin_exporters()
    table = exporters.get_all()
    if name not in table:
        raise UnknownPluginError("export format", name, list(table))
    return table[name]


def list_exporters() -> list[Exporter]:
    """Every registered exporter, sorted by name."""
    _load_builtin_exporters()
    return [exporter for _, exporter in sorted(exporters.get_all().items())]


def resolved(registry: catalogue.Registry) -> tuple[tuple[str, Callable], ...]:
    """(name, function) for everything in ``registry``, sorted by name, looked up once per registry.

    catalogue scans the installed packages' entry points on every lookup; a run that extracts thousands of
    quotes must not pay that per quote.
    """
    key = tuple(registry.namespace)
    if key not in _RESOLVED:
        _RESOLVED[key] = tuple(sorted(registry.get_all().items()))
    return _RESOLVED[key]


_RESOLVED: dict[tuple[str, ...], tuple[tuple[str, Callable], ...]] = {}


def guess_format(path: str | Path) -> str | None:
    """The exporter name a file suffix stands for (longest suffix wins), or None."""
    _load_builtin_exporters()
    name = str(path).lower()
    best: tuple[int, str] | None = None
    for exporter in exporters.get_all().values():
        for suffix in exporter.suffixes:
            if name.endswith(suffix) and (best is None or len(suffix) > best[0]):
                best = (len(suffix), exporter.name)
    return best[1] if best else None
