"""'With different names' / 'with different colors' (``Selector.different``): cards chosen together
must each have a name (colour) of its own; a card with several may stand for any one of them (manual,
'With different XX': a red and blue card and a red card have different colours). The verbs that
honour it are in ``HONOURED``; with any other verb the part is reported unsupported (support.py)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kg.solver.board import Board

#: Verbs whose handler keeps the chosen cards different ('place up to 5 [Hybrid] trait cards with
#: different names … under 1 of your Tamers', kg/solver/handlers/place_under.py).
HONOURED = frozenset({"place_under", "place_under_top", "place_under_face_down"})


def _values(board: Board, number: str, what: str) -> set[str]:
    info = board.card(number)
    return {v.lower() for v in (info.names if what == "names" else info.colors)}


def all_different(board: Board, numbers: list[str], what: str) -> bool:
    """Whether each card can be given a name (colour) of its own, none shared: a matching found by
    trying each card's values in turn (a handful of cards at most)."""
    def assign(i: int, used: frozenset[str]) -> bool:
        return i == len(numbers) or any(
            assign(i + 1, used | {v}) for v in sorted(_values(board, numbers[i], what) - used))
    return assign(0, frozenset())


def most_different(board: Board, numbers: list[str], what: str) -> int:
    """How many of the cards at most can be taken all different ('for each of your Digimon … with
    different names', EX7-066): the largest such set (a handful of cards at most)."""
    return next((k for k in range(len(numbers), 0, -1)
                 if any(all_different(board, list(c), what) for c in combinations(numbers, k))), 0)


def keep_different(board: Board, numbers: list[str], what: str) -> list[str]:
    """The cards in order, each kept only if the ones kept so far stay all different."""
    kept: list[str] = []
    for number in numbers:
        if all_different(board, [*kept, number], what):
            kept.append(number)
    return kept


def different_first(board: Board, numbers: list[str], what: str) -> list[str]:
    """The candidates reordered so that the first ones are all different (the default choice)."""
    kept = keep_different(board, numbers, what)
    rest = list(numbers)
    for number in kept:
        rest.remove(number)
    return [*kept, *rest]
