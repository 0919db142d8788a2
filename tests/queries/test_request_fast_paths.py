"""The endpoint's fast paths give what the slow, plain code gives: the form decoder what
``urllib.parse.parse_qs`` gives, the guard's character counts never let through what its scan
refuses, the ``dcg:`` term finder the same names as the plain pattern."""

from __future__ import annotations

import random
import re
import urllib.parse

import pytest

from ontology import PREFIXES
from queries.names import _dcg_term, unknown_terms
from queries.sparql_guard import QueryRefused, _plainly_harmless, _scan, check
from queries.web.form import parse_form

FORM_PIECES = [
    b"%",
    b"+",
    b"=",
    b"&",
    b"a",
    b"Z",
    b"0",
    b"f",
    b"F",
    b"g",
    b" ",
    b"\t",
    b"\n",
    b"\r",
    b"\xe3",
    b"\x81",
    b"\xff",
    b"%2",
    b"%41",
    b"%e3%81%82",
    b"%E3%81",
    b"%3D",
    b"%26",
    b"%2B",
    b"_",
    b"~",
    b"\x00",
    b"%0A",
    b"%0D%0A",
    b"=0A",
    b"=\n",
    b"\x7f",
    b"%ff",
    b"%C3%A9",
    b"query",
    b"%23",
]


def test_the_form_decoder_reads_what_parse_qs_reads() -> None:
    rng = random.Random(11)
    for _ in range(40_000):
        raw = b"".join(rng.choice(FORM_PIECES) for _ in range(rng.randint(0, 16)))
        assert parse_form(raw) == urllib.parse.parse_qs(raw.decode("utf-8", "replace")), raw


@pytest.mark.parametrize(
    "query",
    [
        'SELECT * WHERE { ?s ?p "caf\u00e9 = 1 + 2" } # a comment',
        "PREFIX dcg: <https://dcg-kg.org/ns#>\nASK { dcg:Piercing a dcg:Keyword }",
        "SELECT ?x WHERE { ?x dcg:dp ?dp FILTER(?dp >= 3000 && ?dp != 4000) }",
    ],
)
def test_a_real_query_round_trips_through_the_form_decoder(query: str) -> None:
    raw = urllib.parse.urlencode({"query": query, "format": "json"}).encode()
    assert parse_form(raw) == {"query": [query], "format": ["json"]}


GUARD_PIECES = [
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "SERVICE",
    "service",
    "serv\u0131ce",
    "UNION",
    "minus",
    "<x:y>",
    "'(('",
    '"{"',
    "# ((\n",
    "+",
    "||",
    "&&",
    "!",
    "=",
    "<",
    ">",
    "?v",
    " ",
    "\n",
    "a",
    "SILENT",
    "<http://e/s>",
    "\u00df",
    "\u0130",
]


def test_the_guards_counts_never_pass_what_its_scan_refuses() -> None:
    rng = random.Random(5)
    skipped = 0
    for _ in range(40_000):
        query = "".join(rng.choice(GUARD_PIECES) for _ in range(rng.randint(0, 14)))
        depth, operators = rng.randint(1, 4), rng.randint(1, 5)
        if _plainly_harmless(query, depth, operators):
            skipped += 1
            _scan(query, (), depth, operators)  # must not raise
    assert skipped > 1_000  # the counts did decide many of them


def test_the_guard_still_refuses_through_check() -> None:
    with pytest.raises(QueryRefused, match="SERVICE"):
        check("SELECT * { SERVICE <http://elsewhere.example/q> { ?s ?p ?o } }")
    with pytest.raises(QueryRefused, match="nests brackets more than 3 deep"):
        check("ASK { ((( 1 ))) }", max_depth=3)
    check("ASK { FILTER('SERVICE ((((' != '') }", max_depth=3)  # in a literal: counted, then scanned


def test_the_term_finder_finds_what_the_plain_pattern_finds() -> None:
    plain = re.compile(
        r"(?<![\w:/#<])dcg:([A-Za-z_][\w-]*(?:\.[\w-]+)*)|<" + re.escape(PREFIXES["dcg"]) + r"([^>]*)>"
    )
    pieces = [
        "dcg:",
        "d",
        "Piercing",
        "<" + PREFIXES["dcg"],
        ">",
        "x",
        ":",
        "/",
        "#",
        "<",
        " ",
        ".",
        "-",
        "dcg:X.y",
        "\n",
        "\u00e9",
        "_",
    ]
    rng = random.Random(3)
    for _ in range(40_000):
        query = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        assert [m.group(0) for m in _dcg_term().finditer(query)] == [
            m.group(0) for m in plain.finditer(query)
        ]
    assert unknown_terms("ASK { ?r dcg:aboutKeywrd dcg:Piercing }") == [
        "dcg:aboutKeywrd is not a term of the vocabulary; did you mean dcg:aboutKeyword?"
    ]
