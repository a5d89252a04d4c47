"""Every error kg raises on purpose; the CLI catches ``KgError`` once and prints it."""

from __future__ import annotations

__all__ = [
    "BuildLockedError",
    "CatalogError",
    "EmptyBuildError",
    "ExportError",
    "GoldError",
    "InputError",
    "KgError",
    "ModelNotFoundError",
    "OntologyError",
    "OutputError",
    "ParallelError",
    "PatternError",
    "StoreError",
    "UnknownEntityError",
    "UnknownPluginError",
]


class KgError(Exception):
    """Base class of kg's own errors: the message says what went wrong and how to fix it."""

    exit_code = 1  # what ``kg`` exits with (README, "What a build guarantees")


class InputError(KgError, ValueError):
    """An input file cannot be read: missing, binary, empty, mis-encoded or malformed."""

    def __init__(self, path: object, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class CatalogError(KgError, ValueError):
    """The entity catalog is malformed; the message names file and line."""


class PatternError(KgError, ValueError):
    """A pattern or lexicon data file is malformed; the message names file and line."""


class OntologyError(KgError, ValueError):
    """The ontology files disagree with the code's vocabulary."""


class ExportError(KgError, RuntimeError):
    """An export could not be written."""


class ParallelError(KgError, RuntimeError):
    """Extraction cannot run where it was asked to: a bad ``--jobs``, Dask missing or its scheduler unreachable."""


class StoreError(KgError, RuntimeError):
    """The embedded store is missing or unreadable."""


class EmptyBuildError(KgError, ValueError):
    """A build read no document: nothing is written, the previous outputs stay as they were."""

    exit_code = 4

    def __init__(self, inputs: list[str], out: object, skipped: list[str]) -> None:
        why = f" ({'; '.join(skipped[:5])}{' …' if len(skipped) > 5 else ''})" if skipped else ""
        super().__init__(f"nothing to build: no document could be read from {', '.join(inputs) or 'no input'}{why}; "
                         f"{out} was left as it was. Check the paths, or pass --allow-empty to write an empty graph")


class OutputError(KgError, OSError):
    """The output folder cannot be used: not a folder, not writable, or it holds files kg did not write."""

    exit_code = 5


class BuildLockedError(OutputError):
    """Another build is writing the same output folder."""

    exit_code = 6

    def __init__(self, out: object) -> None:
        super().__init__(f"another kg build is writing {out}; wait for it to finish (or stop it), "
                         "then run this build again")


class UnknownPluginError(KgError, KeyError):
    """A name was looked up in a registry that does not have it."""

    def __init__(self, kind: str, name: str, known: list[str]) -> None:
        self.kind, self.name, self.known = kind, name, sorted(known)
        super().__init__(f"unknown {kind} {name!r}; known: {', '.join(self.known)}")

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0])


class UnknownEntityError(KgError, LookupError):
    """A query named an entity the graph does not know; suggests the closest names."""

    exit_code = 3

    def __init__(self, name: str, suggestions: list[str]) -> None:
        self.name, self.suggestions = name, suggestions
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no entity named {name!r} in the graph.{hint}")


class ModelNotFoundError(KgError, LookupError):
    """``--model`` names a spaCy pipeline that is not installed, or one without a dependency parser."""

    def __init__(self, name: str, reason: str = "is not installed") -> None:
        self.name = name
        super().__init__(f"spaCy pipeline {name!r} {reason}; install one with a parser (python -m spacy download "
                         f"en_core_web_sm) or leave out --model: kg needs no downloaded model")


class GoldError(KgError, ValueError):
    """An annotated gold file is malformed or does not fit the corpus; the message names the file."""
