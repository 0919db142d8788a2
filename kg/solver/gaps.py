"""``Gap``: one part of an effect the engine cannot carry out, as the report's ``unsupported`` lists it.
Its own module so that the board (a 'while' condition it cannot settle) and ``support`` (what a
compiled effect lacks) say it the same way."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Gap:
    """One part of an effect the engine cannot carry out."""

    part: str    # trigger, condition, cost, action, keyword, rule
    code: str    # family:code of the missing handler, or "" for text not understood
    text: str    # the printed text of that part
    why: str
