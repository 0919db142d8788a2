"""Processing points: where delayed processing waits ('at the end of the turn', 'at the end of
the battle'), by the dcg:roleOf code of their dcg:ProcessingPoint (CR 18-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.registry import REGISTRY
from kg.solver.wording import point_words, verb_words

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def delay(e: Engine, p: Pending, action: Action) -> bool:
    """'At the end of the turn, ...': the action waits as pending processing at its point."""
    if not action.processed_at:
        return False
    point = e.index.points.get(action.processed_at, action.processed_at)
    later = Pending(p.label, p.player, 0, p.spec, p.holder, p.event, p.default_key, on_field=False,
                    kind="pending", actions=[action])
    if action.same_targets:  # 'At turn end, delete the Digimon this effect played': the effect's choice
        e.chosen[id(later)] = e.chosen.get(id(p), ())
    e.state.delayed.append((point, later))
    e.rec.log(f"{p.label}: {verb_words(action)} waits for {point_words(point)}", point_cites(e, action))
    return True


def point_cites(e: Engine, action: Action) -> list[str]:
    """What decides delayed processing at this point: the point's rule sections, and for the end
    of the turn its situation (Q5533, Q882)."""
    local = action.processed_at or ""
    cites = list(e.index.cites_of.get(local, ()))
    if e.index.points.get(local) == "end_of_turn":
        cites += e.cites("end_of_turn_pending")
    return cites


def take_delayed(e: Engine, point: str) -> list[Pending]:
    """The delayed processing waiting for this point, removed from the wait list."""
    waiting = [p for at, p in e.state.delayed if at == point and isinstance(p, Pending)]
    e.state.delayed = [(at, p) for at, p in e.state.delayed if at != point]
    return waiting


@REGISTRY.register("point", "end_of_turn")
def end_of_turn(e: Engine, point: str) -> None:
    """Delayed processing joins what triggers at the end of the turn (CR 18-1, Q5533)."""
    e.collected.extend(take_delayed(e, point))


@REGISTRY.register("point", "end_of_opponents_turn")
def end_of_opponents_turn(e: Engine, point: str) -> None:
    """'At the next end of your opponent's turn, …': what waits for it joins the end-of-turn triggers
    of the first turn of the effect's player's opponent to end, this one if it is theirs (CR 18-1)."""
    _due_in_turn_of(e, point, opponents=True)


@REGISTRY.register("point", "end_of_your_turn")
def end_of_your_turn(e: Engine, point: str) -> None:
    """'At the end of your turn, delete the Digimon this effect played' (P-216's [On Deletion]): what
    waits for it joins the end-of-turn triggers of the first turn of the effect's player to end, this
    one if it is theirs (CR 18-1)."""
    _due_in_turn_of(e, point, opponents=False)


def _due_in_turn_of(e: Engine, point: str, *, opponents: bool) -> None:
    """Move what waits for this point into the end-of-turn triggers when the turn ending is that of
    the effect's player's opponent (``opponents``) or of the effect's player."""
    due = [p for at, p in e.state.delayed
           if at == point and isinstance(p, Pending) and (p.player != e.state.turn_player) == opponents]
    e.state.delayed = [(at, p) for at, p in e.state.delayed if not any(p is d for d in due)]
    e.collected.extend(due)


@REGISTRY.register("point", "end_of_battle")
def end_of_battle(e: Engine, point: str) -> None:
    """Carried out when its battle ends, before the next security check (Q1053)."""
    e.collected.extend(take_delayed(e, point))
    e.flush()
    e.resolve()
