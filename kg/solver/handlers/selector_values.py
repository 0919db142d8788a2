"""Selector parts that speak of what the effect chose earlier, and choices bounded by a total.

- ``remember``: the values (DP, level, play cost, digivolution cards) of the stacks a cost or an
  action of the effect chose, taken when they were chosen: a Digimon the effect then deleted or
  returned is still referred to as it was ('by deleting 1 of your Digimon, delete 1 of your
  opponent's Digimon with a level less than or equal to the deleted Digimon's level');
- ``resolve``: a selector compared with 'the chosen Digimon' (``compare_to='chosen'``) becomes the
  same selector with a fixed bound, before anything is picked: the comparison is made when the
  effect picks its targets and holds for as long as the effect does (BT14-092, Q2467);
- ``within_total``: 'any number of … whose total DP adds up to N or less': the cards picked, in the
  order chosen, as long as their total stays within N.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from ingest.effect_ir import Selector
from kg.solver.events import Pending
from kg.solver.relative import value
from kg.solver.state import Stack

if TYPE_CHECKING:
    from kg.solver.engine import Engine

_STATS = ("dp", "level", "cost", "sources")
#: Per engine, per (running effect, stack uid): its values when the effect chose it.
_SEEN: WeakKeyDictionary[Engine, dict[tuple[int, int], dict[str, int | None]]] = WeakKeyDictionary()
#: Per engine, per running effect: the cards its 'trashing … from your hand' put in the trash, in order.
_TRASHED: WeakKeyDictionary[Engine, dict[int, list[str]]] = WeakKeyDictionary()
#: The absolute bound a resolved comparison sets: (stat, op) -> Selector field.
_BOUND = {("dp", "at_most"): "max_dp", ("dp", "at_least"): "min_dp",
          ("level", "at_most"): "max_level", ("level", "at_least"): "min_level",
          ("cost", "at_most"): "max_cost", ("cost", "at_least"): "min_cost",
          ("sources", "at_most"): "max_sources"}


def remember(e: Engine, p: Pending, stacks: list[Stack]) -> None:
    """Keep the values of the stacks the effect just chose."""
    seen = _SEEN.setdefault(e, {})
    for stack in stacks:
        seen[(id(p), stack.uid)] = {stat: value(e.board, e.state, stack, stat) for stat in _STATS}


def note_trashed(e: Engine, p: Pending, numbers: list[str]) -> None:
    """Keep the cards the effect just trashed from a hand ('… less than or equal to the trashed card')."""
    _TRASHED.setdefault(e, {}).setdefault(id(p), []).extend(numbers)


#: Per engine, per running effect: the cards its 'placing … as this Digimon's bottom digivolution card'
#: placed.
_PLACED: WeakKeyDictionary[Engine, dict[int, list[str]]] = WeakKeyDictionary()


def note_placed(e: Engine, p: Pending, numbers: list[str]) -> None:
    """Keep the cards the effect just placed under a Digimon or Tamer ('… the placed card's level')."""
    _PLACED.setdefault(e, {}).setdefault(id(p), []).extend(numbers)


def _placed_values(e: Engine, p: Pending, stat: str) -> list[int]:
    """The printed value of the card the effect placed last (under a Digimon, it has its printed facts)."""
    numbers = _PLACED.get(e, {}).get(id(p), [])[-1:]
    info = [e.board.card(n) for n in numbers if n]
    found = [{"level": i.level, "cost": i.play_cost, "dp": i.dp}.get(stat) for i in info]
    return [v for v in found if v is not None]


def _trashed_values(e: Engine, p: Pending, stat: str) -> list[int]:
    """The printed value of the card the effect trashed last (a card out of play has its printed facts)."""
    numbers = _TRASHED.get(e, {}).get(id(p), [])[-1:]
    info = [e.board.card(n) for n in numbers]
    found = [{"level": i.level, "cost": i.play_cost, "dp": i.dp}.get(stat) for i in info]
    return [v for v in found if v is not None]


def _chosen_values(e: Engine, p: Pending, stat: str) -> list[int]:
    """The value of each stack the effect chose last: now if it is still in play, else as it was."""
    found = []
    for uid in e.chosen.get(id(p), ()):
        stack = e.state.find(uid)
        seen = _SEEN.get(e, {}).get((id(p), uid), {})
        current = value(e.board, e.state, stack, stat) if stack is not None else seen.get(stat)
        if current is not None:
            found.append(current)
    return found


def _subject_values(e: Engine, p: Pending, stat: str) -> list[int]:
    """The value of the triggering event's subject now, while it is in play: 'When one of your [Eosmon]
    is played, delete 1 of … with as much or less DP as that Digimon' (BT17-076) compares with its DP
    when the effect is processed, and with nothing once it has left the battle area (QA Q2845, Q2846)."""
    subject = p.event.subject if p.event is not None else None
    stack = e.state.find(subject.uid) if subject is not None else None
    found = value(e.board, e.state, stack, stat) if stack is not None else None
    return [] if found is None else [found]


def resolve(e: Engine, p: Pending, sel: Selector | None) -> Selector | None:
    """The selector with a comparison to 'the chosen Digimon' turned into a fixed bound; unchanged
    for any other selector, and left unresolved (it matches nothing) when nothing was chosen."""
    if sel is None or sel.compare_to not in ("chosen", "trashed", "placed", "subject") \
            or sel.compare is None or sel.compare_op is None:
        return sel
    by_card = sel.compare_to == "trashed"  # 'the trashed card': its printed value (Q2467 holds the same)
    found = _trashed_values(e, p, sel.compare) if by_card else _placed_values(e, p, sel.compare) \
        if sel.compare_to == "placed" else _subject_values(e, p, sel.compare) \
        if sel.compare_to == "subject" else _chosen_values(e, p, sel.compare)
    field = _BOUND.get((sel.compare, sel.compare_op))
    if not found or field is None:
        return sel
    bound = max(found) if sel.compare_op == "at_most" else min(found)  # 'as 1 of them': the best one
    old = getattr(sel, field)
    if old is not None:
        bound = min(old, bound) if sel.compare_op == "at_most" else max(old, bound)
    return sel.model_copy(update={field: bound, "compare": None, "compare_op": None, "compare_to": None})


def within_total(e: Engine, p: Pending, sel: Selector, legal: list[Stack]) -> list[Stack]:
    """The stacks picked (the file's, else all in board order) while their total stays within the
    selector's ``total_max``: one that would go over it is not picked."""
    wanted = e.decide.targets(p.player, p.label, [s.alias for s in legal], len(legal))
    picked, total = [], 0
    for alias in wanted:
        stack = next(s for s in legal if s.alias == alias)
        found = value(e.board, e.state, stack, sel.total or "dp") or 0
        if total + found <= (sel.total_max or 0):
            picked.append(stack)
            total += found
    e.rec.log(f"{p.label}: chooses {', '.join(s.alias for s in picked) or 'nothing'} "
              f"(total {sel.total} {total}, at most {sel.total_max})")
    return picked
