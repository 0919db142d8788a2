"""URL-encoded forms (a request's query string, a form body) decoded as ``urllib.parse.parse_qs``
decodes them, but fast for a SPARQL query.

``parse_qs`` unquotes a value one ``%XX`` escape at a time in Python: a 650-character query sent
by ``GET /sparql?query=...`` has about 200 escapes and took 60-120 µs, most of what the endpoint
spent on a request it had the answer to. Here a value made of printable ASCII only (what every
client sends: the standard has the rest percent-encoded) is decoded in C by ``binascii.a2b_qp``:
its ``%XX`` escapes become quoted-printable ``=XX`` escapes (a literal ``=`` becomes ``=3D`` and
``+`` the space ``=20`` first). A value with anything else (a malformed escape such as ``%zz``
or a lone ``%`` at the end, raw spaces, control characters, non-ASCII bytes) is decoded by
``urllib.parse.unquote``, so the result is always what ``parse_qs`` gives.

>>> parse_form(b"query=SELECT%20*%20WHERE%20%7B%3Fs%20%3Fp%20%3Fo%7D&format=json")
{'query': ['SELECT * WHERE {?s ?p ?o}'], 'format': ['json']}
>>> parse_form(b"a=1+2%2B3&a=x%zz&empty=&alone")
{'a': ['1 2+3', 'x%zz']}
"""

from __future__ import annotations

import binascii
import re
import urllib.parse

_PRINTABLE = bytes(range(0x21, 0x7F))  # printable ASCII, no space
_BAD_ESCAPE = re.compile(rb"%(?![0-9A-Fa-f]{2})")


def unquote_plus(raw: bytes) -> str:
    """One name or value of a form: ``+`` a space, ``%XX`` the byte, UTF-8 (errors replaced)."""
    if b"%" not in raw and b"+" not in raw and raw.isascii():
        return raw.decode("ascii")
    if not raw.translate(None, _PRINTABLE) and _BAD_ESCAPE.search(raw) is None:
        quoted = raw.replace(b"=", b"=3D").replace(b"%", b"=").replace(b"+", b"=20")
        return binascii.a2b_qp(quoted).decode("utf-8", "replace")
    return urllib.parse.unquote(raw.decode("utf-8", "replace").replace("+", " "))


def parse_form(raw: bytes) -> dict[str, list[str]]:
    """``name=value&...`` as ``urllib.parse.parse_qs(raw.decode("utf-8", "replace"))`` reads it:
    each name's values in order; a field with no ``=`` or an empty value is left out."""
    fields: dict[str, list[str]] = {}
    for pair in raw.split(b"&"):
        name, equals, value = pair.partition(b"=")
        if not equals or not value:
            continue
        fields.setdefault(unquote_plus(name), []).append(unquote_plus(value))
    return fields
