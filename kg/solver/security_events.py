"""SecurityCardAdded: cards placed in a security stack (on top or at the bottom, face down by the
rules of that area, CR 3-1-3-5, 3-7-2), by <Recovery>, <Ascension> or a placing effect; a card placed
face up keeps its mark (state.FaceUp) in the event. SecurityCardFlipped: a security card turned face
up where it is (CR 3-7-4). Kept apart from the handlers so that every one that adds to or flips in a
security stack can emit them without a cycle."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kg.solver.events import Event, Snapshot
from kg.solver.registry import REGISTRY
from kg.solver.state import FaceUp

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def put_in_security(e: Engine, owner: str, number: str, *, top: bool, face_up: bool = False) -> None:
    """Place one card face down (or, as the text says, face up: CR 3-7-4) on top of or at the bottom
    of ``owner``'s security stack (CR 3-1-3-5); the caller emits SecurityCardAdded for what it placed
    (``added_to_security``)."""
    security = e.state.players[owner].security
    number = FaceUp(number) if face_up else str(number)
    if top:
        security.insert(0, number)
    else:
        security.append(number)
    e.done += 1


@REGISTRY.register("event", "SecurityCardAdded")
def added_to_security(e: Engine, owner: str, cards: list[str], by: str | None) -> None:
    """Cards were added to ``owner``'s security stack by an effect of ``by``: SecurityCardAdded for
    each, at once (a trigger met by several triggers once, CR 15-5-2)."""
    events = [Event("SecurityCardAdded", Snapshot(e.state.new_uid(), owner, owner, (card,), False, -1),
                    cause="effect", by=by) for card in cards]
    if events:
        e.emit(*events)


@REGISTRY.register("event", "SecurityCardFlipped")
def flipped_face_up(e: Engine, owner: str, card: str, by: str | None) -> None:
    """An effect of ``by`` turned this card of ``owner``'s security stack face up, where it stays (CR
    3-7-4): SecurityCardFlipped, its subject the card, face up ('when face-up cards are added to your
    opponent's security stack' counts it, QA Q5789)."""
    e.emit(Event("SecurityCardFlipped", Snapshot(e.state.new_uid(), owner, owner, (card,), False, -1),
                 cause="effect", by=by))
