"""Events of cards moving on the field that several handlers emit, kept apart from them so that each
can emit them without a cycle. Option cards in the battle area (CR 4-28-1): OptionPlaced, an effect
places one there; TrashedFromBattleArea, one is trashed from there, by <Delay> (CR 16-17-1) or by an
effect or a cost that trashes Option cards in the battle area. SourceReturnedToDeck: digivolution
cards placed at the bottom of the deck (CR 4-8-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kg.solver.events import Event, Snapshot
from kg.solver.moves import card_snapshot
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack

if TYPE_CHECKING:
    from kg.solver.engine import Engine


@REGISTRY.register("event", "TrashedFromBattleArea")
def trashed_from_battle_area(e: Engine, gone: list[Snapshot], *, cause: str = "",
                             by: str | None = None) -> None:
    """These cards, snapshotted in the battle area just before they left it, are now in the trash:
    TrashedFromBattleArea for each, at once (CR 4-16-1). A card's own 'when this card is trashed'
    effect triggers there and activates from the trash (CR 4-16-2: the snapshot keeps its effects).
    ``cause``/``by``: say it when no effect's actions are running (<Delay> is a keyword effect's
    primitive); inside an effect's actions the engine fills them in (Engine.emit)."""
    events = [Event("TrashedFromBattleArea", snap, cause=cause, by=by) for snap in gone]
    if events:
        e.emit(*events)


@REGISTRY.register("event", "OptionPlaced")
def option_placed(e: Engine, stack: Stack) -> None:
    """An effect just placed this stack in the battle area, not played (CR 4-28-1): OptionPlaced when
    it is an Option card ('when any of your [CS] trait Option cards are placed in the battle area')."""
    if e.board.card(stack.top).kind == "Option":
        e.emit(Event("OptionPlaced", e.snap(stack)))


@REGISTRY.register("event", "SourceReturnedToDeck")
def sources_to_deck(e: Engine, stack: Stack, numbers: list[str]) -> None:
    """These digivolution cards of the stack were just placed at the bottom of its owner's deck:
    SourceReturnedToDeck for each, at once, its object the Digimon they were under, as it is now."""
    host = e.snap(stack)
    events = [Event("SourceReturnedToDeck", card_snapshot(e, stack.owner, n, "SourceReturnedToDeck"), host)
              for n in numbers]
    if events:
        e.emit(*events)
