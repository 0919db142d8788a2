"""What every source loader returns: triples, counts and the problems it met."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sized
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field
from rdflib import Literal as RDFLiteral
from rdflib import URIRef
from rdflib.namespace import PROV as PROV_NAMESPACE
from rdflib.namespace import RDF as RDF_NAMESPACE
from rdflib.namespace import RDFS as RDFS_NAMESPACE
from rdflib.namespace import XSD, DefinedNamespace, Namespace

from ingest.json_depth import json_too_deep
from ontology import DCG as DCG_NAMESPACE

Triple = tuple[URIRef, URIRef, URIRef | RDFLiteral]


class CachedTerms:
    """A namespace whose terms are each built once: ``DCG.name`` and ``DCG["name"]`` give the same
    IRIs as the rdflib ``Namespace``, which builds (and validates) a new ``URIRef`` on every use.

    >>> DCG.Card == DCG_NAMESPACE.Card and DCG["count"] == DCG_NAMESPACE["count"]
    True
    """

    def __init__(self, namespace: Namespace | type[DefinedNamespace]) -> None:
        self._namespace = namespace
        self._terms: dict[str, URIRef] = {}

    def __getitem__(self, name: str) -> URIRef:
        if (term := self._terms.get(name)) is None:
            term = self._terms[name] = self._namespace[name]
        return term

    def __getattr__(self, name: str) -> URIRef:
        if name.startswith("_"):
            raise AttributeError(name)
        term = self[name]
        setattr(self, name, term)  # the next look-up is a plain attribute
        return term


#: The namespaces of the loaders' hot paths.
DCG = CachedTerms(DCG_NAMESPACE)
RDF = CachedTerms(RDF_NAMESPACE)
RDFS = CachedTerms(RDFS_NAMESPACE)
PROV = CachedTerms(PROV_NAMESPACE)


class Problem(BaseModel):
    """One thing wrong with an input: where it is, what was expected, and what the build did."""

    file: str
    where: str = Field(description="record id, key path or line number")
    message: str
    action: Literal["skipped", "stopped", "kept"] = "skipped"

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.message} ({self.action})"


class IngestError(Exception):
    """A problem that stops the build (the previous graph stays as it was)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class SourceResult(BaseModel):
    """What one loader produced."""

    model_config = {"arbitrary_types_allowed": True}

    source: str
    fallback: bool = Field(False, description="bundled facts that yield to a real source "
                           "describing the same subject")
    triples: list[Any] = Field(default_factory=list)
    counts: dict[str, int] = Field(default_factory=dict)
    problems: list[Problem] = Field(default_factory=list)

    def add(self, s: URIRef, p: URIRef, o: URIRef | RDFLiteral | str | int | bool | None) -> None:
        """Add one triple; plain Python values become typed literals, ``None`` adds nothing."""
        if o is None:
            return
        self.triples.append((s, p, o if isinstance(o, URIRef | RDFLiteral) else lit(o)))

    def extend(self, triples: Iterable[Triple]) -> None:
        self.triples.extend(triples)

    def count(self, what: str, n: int = 1) -> None:
        self.counts[what] = self.counts.get(what, 0) + n

    def problem(self, file: str | Path, where: str, message: str, action: str = "skipped") -> None:
        self.problems.append(
            Problem(file=str(file), where=where, message=message, action=action)  # type: ignore[arg-type]
        )


#: (type, value) -> its literal: most values (flags, small numbers, names) recur across the corpus.
_LITERALS: dict[tuple[type, str | int | bool | float], RDFLiteral] = {}
_MAX_LITERALS = 500_000
_BOOLEAN, _INTEGER = XSD.boolean, XSD.integer


def lit(value: str | int | bool | float) -> RDFLiteral:
    """A typed literal: ``xsd:boolean`` for bools, ``xsd:integer`` for ints, plain strings."""
    key = (type(value), value)  # the type too: True == 1 but their literals differ
    if (found := _LITERALS.get(key)) is None:
        if len(_LITERALS) >= _MAX_LITERALS:  # a long-lived process: start over rather than grow
            _LITERALS.clear()
        found = _LITERALS[key] = _new_literal(value)
    return found


def _new_literal(value: str | int | bool | float) -> RDFLiteral:
    if isinstance(value, bool):
        return RDFLiteral(value, datatype=_BOOLEAN)
    if isinstance(value, int):
        return RDFLiteral(value, datatype=_INTEGER)
    return RDFLiteral(value)


def shown(key: str, limit: int = 40) -> str:
    """A key as a problem names it: a hostile one may be megabytes long."""
    return key if len(key) <= limit else f"{key[: limit - 3]!r}..."


def provenance(result: SourceResult, subject: URIRef, source: URIRef, record: str) -> None:
    """Link a subject to its source document and the record or line it came from."""
    result.add(subject, PROV.wasDerivedFrom, source)
    result.add(subject, DCG.sourceRecord, record)


#: Bounds of a source file, checked before it is parsed: the real files are at most 3.5 MB
#: (cards.json), 4 levels deep and 6,929 records; these limits keep a hostile file's parse
#: within a few hundred MB and a second or two.
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_JSON_DEPTH = 32
MAX_RECORDS = 100_000

def _stopped(path: Path, where: str, message: str) -> IngestError:
    return IngestError(Problem(file=str(path), where=where, message=message, action="stopped"))


def read_text(path: Path) -> str:
    """A source file's text, or stop the build: unreadable, larger than ``MAX_FILE_BYTES`` (refused
    before it is read) or not UTF-8."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise _stopped(path, "file", f"{size:,} bytes, expected at most {MAX_FILE_BYTES:,} "
                           "(the real source files are a few MB)")
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise _stopped(path, f"byte {exc.start}", "not UTF-8 text") from None
    except OSError as exc:
        raise _stopped(path, "file", f"cannot read: {exc}") from None


def read_json(path: Path) -> Any:
    """Read a JSON file, or stop the build with the file, line and column of the error; a file too
    large or nested too deep is refused before it is parsed."""
    text = read_text(path)
    if (deep := json_too_deep(text, MAX_JSON_DEPTH)) is not None:
        raise _stopped(path, f"line {deep[0]}, column {deep[1]}",
                       f"arrays and objects nested deeper than {MAX_JSON_DEPTH} levels "
                       "(the real sources nest 4)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _stopped(path, f"line {exc.lineno}, column {exc.colno}",
                       f"not valid JSON ({exc.msg}); the file may be truncated or corrupt") from None
    except ValueError as exc:  # an integer of more than 4,300 digits
        raise _stopped(path, "file", f"not readable JSON: {exc}") from None


def check_count(path: Path, records: Sized, what: str = "records") -> None:
    """Stop the build when a file holds more than ``MAX_RECORDS`` records."""
    if len(records) > MAX_RECORDS:
        raise _stopped(path, "top level", f"{len(records):,} {what}, expected at most {MAX_RECORDS:,}")


def read_keyed_by_card(path: Path) -> dict[str, Any]:
    """Read a JSON object keyed by card number (qa.json, errata.json), or stop the build."""
    data = read_json(path)
    if not isinstance(data, dict):
        raise IngestError(Problem(file=str(path), where="top level", action="stopped",
                                  message="expected an object keyed by card number"))
    check_count(path, data, "card numbers")
    return data
