"""SPARQL errors a user can act on: where (line, column), what was expected in a few words, and
the line with a caret, instead of the parser's list of Unicode ranges.

>>> print(short_syntax_error("SELECT ?x WHERE { ?x a ?y",
...                          "error at 1:25: expected one of \\",\\", \\"}\\", ['A' ..= 'Z'], [_]"))
SPARQL syntax error at line 1, column 25: expected a name, ',' or '}'
  SELECT ?x WHERE { ?x a ?y
                          ^
>>> print(query_form_error("SELEC ?x WHERE { ?x a ?y }"))  # doctest: +NORMALIZE_WHITESPACE
SPARQL syntax error at line 1, column 1: expected SELECT, ASK, CONSTRUCT or DESCRIBE,
not 'SELEC' (did you mean SELECT?)
  SELEC ?x WHERE { ?x a ?y }
  ^
"""

from __future__ import annotations

import difflib
import re

QUERY_FORMS = ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE")
#: The words a SPARQL 1.1 Update operation starts with.
UPDATE_WORDS = ("INSERT", "DELETE", "LOAD", "CLEAR", "CREATE", "DROP", "COPY", "MOVE", "ADD", "WITH")

PROLOGUE = re.compile(r"""^(?:\s+|\#[^\n]*\n|PREFIX\s+[\w.-]*:\s*<[^>]*>|BASE\s*<[^>]*>)*""", re.IGNORECASE)
_AT = re.compile(r"error at (\d+):(\d+): (.*)", re.DOTALL)
_RDF_STAR = ("{|", "|}", "~", "<<", ">>", "<<(", ")>>")  # tokens of RDF 1.2 quoted triples: left out
_TOKEN_WORDS = {"?": "a variable", "$": "a variable", "<": "an IRI", "_:": "a blank node"}
_MOST = 6  # expected items listed before 'and others'


def leading_word(query: str) -> tuple[str, int]:
    """The first word after the prologue (PREFIX, BASE, comments), upper case, and its offset."""
    start = PROLOGUE.match(query)
    offset = start.end() if start else 0
    word = re.match(r"[A-Za-z]*", query[offset:])
    return (word.group(0).upper() if word else ""), offset


def _pointer(query: str, line: int, column: int) -> str:
    """The query's line ``line`` and a caret under column ``column`` (both from 1)."""
    lines = query.splitlines() or [""]
    text = lines[min(line, len(lines)) - 1]
    return f"  {text}\n  {' ' * (column - 1)}^"


def _items(expected: str) -> list[str]:
    """The parser's expected items, split at top-level commas (not inside quotes or brackets)."""
    items, depth, quote, escaped, current = [], 0, "", False, ""
    for char in expected:
        if quote:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(current.strip())
            current = ""
            continue
        current += char
    return [*items, current.strip()] if current.strip() else items


def _words(item: str) -> str | None:
    """One expected item in a few words: a token as 'x' (a variable's ? or $ as 'a variable', < as
    'an IRI'), a keyword as it is, a character class as 'a name' or 'a number'; what a user cannot
    act on (escape sequences, RDF 1.2 quoted-triple tokens, 'any character') left out."""
    if len(item) >= 2 and item[0] == item[-1] == '"':
        token = item[1:-1].replace('\\"', '"')
        if token in _RDF_STAR or token.startswith("\\"):
            return None
        return _TOKEN_WORDS.get(token, f'"{token}"' if "'" in token else f"'{token}'")
    if item.startswith("["):
        if re.search(r"'A'\s*\.\.=\s*'Z'", item):
            return "a name"
        return "a number" if re.search(r"'0'\s*\.\.=\s*'9'", item) else None
    return item if re.fullmatch(r"[A-Za-z][\w ]*", item) and item != "Prefix not found" else None


def expected_words(expected: str) -> str:
    """What the parser expected, in a few words ('' when nothing a user can act on is listed).

    >>> expected_words('one of ABS, AVG, DAY, IRI, MAX, MD5, MIN, NOT, [_]')
    'ABS, AVG, DAY, IRI, MAX, MD5 or others'
    >>> expected_words('one of "$", "(", "<", "?", "\\\\u", [_]')
    "a variable, an IRI or '('"
    >>> expected_words('[_]')
    ''
    """
    expected = expected.strip().removeprefix("expected ").removeprefix("one of ").strip()
    words = list(dict.fromkeys(w for w in map(_words, _items(expected)) if w))
    described = [w for w in words if w.startswith(("a ", "an "))]
    kept = (described + [w for w in words if w not in described])[:max(_MOST, len(described))]
    if len(words) > len(kept):
        return ", ".join(kept) + " or others"
    return ", ".join(kept[:-1]) + " or " + kept[-1] if len(kept) > 1 else "".join(kept)


def short_syntax_error(query: str, message: str) -> str:
    """The parser's message for ``query``, short; a message in another shape is kept as it is."""
    found = _AT.match(message.strip())
    if not found:
        return f"SPARQL syntax error: {message.strip()}"
    line, column = int(found[1]), int(found[2])
    expected = expected_words(found[3])
    what = (f"expected {expected}" if expected
            else "the query does not go on here (an unclosed string or bracket?)")
    head = f"SPARQL syntax error at line {line}, column {column}: {what}"
    return f"{head}\n{_pointer(query, line, column)}"


def query_form_error(query: str) -> str | None:
    """The error for a query that starts with no query or update form (``SELEC ...``), else None."""
    word, offset = leading_word(query)
    if word in QUERY_FORMS or word in UPDATE_WORDS:
        return None
    line = query.count("\n", 0, offset) + 1
    column = offset - (query.rfind("\n", 0, offset) + 1) + 1
    close = difflib.get_close_matches(word, QUERY_FORMS, n=1, cutoff=0.6)
    hint = f" (did you mean {close[0]}?)" if close else ""
    shown = repr(query[offset:offset + (len(word) or 1)]) if offset < len(query) else "nothing"
    return (f"SPARQL syntax error at line {line}, column {column}: expected SELECT, ASK, CONSTRUCT or "
            f"DESCRIBE, not {shown}{hint}\n{_pointer(query, line, column)}")


_VIRTUOSO = re.compile(r"Virtuoso \w+ Error (\w+): SPARQL compiler, line (\d+): ([^\n]*)")


def server_message(body: str) -> str:
    """A server's error text without the copy of the whole request some servers append to it
    (Virtuoso's ``SPARQL query:`` section, which for a load is the whole graph).

    >>> server_message("Virtuoso 37000 Error SP030: ... at '}'\\n\\nSPARQL query:\\nSELECT ...")
    "Virtuoso 37000 Error SP030: ... at '}'"
    """
    return body.split("\n\nSPARQL query:", 1)[0].strip()


def virtuoso_syntax_error(message: str) -> str | None:
    """Virtuoso's SPARQL syntax error, as the line it names and what it says (None if the message
    is not one). The line is the server's; the caller shifts it past the prologue it added.

    >>> virtuoso_syntax_error("...answered 400: Virtuoso 37000 Error SP030: SPARQL compiler, line 3: "
    ...                       "syntax error at 'x' before '}'")
    "SPARQL syntax error at line 3: syntax error at 'x' before '}' (Virtuoso SP030)"
    """
    found = _VIRTUOSO.search(message)
    if not found:
        return None
    return f"SPARQL syntax error at line {max(int(found[2]), 1)}: {found[3].strip()} (Virtuoso {found[1]})"
