"""'Your opponent may trash 1 card in their hand' (EX8-063, BT13-102): the opponent, not the effect's
player, chooses whether to trash and which card (a player chooses for their own cards in a private
area; the effect gives the choice to them). Their yes / no is the scenario's ``optional`` answer
for the effect's label with the chooser as SOURCE (``B/EX8-063/WhenDigivolving`` for A's Barbamon);
the card, ``targets`` for the same label. What is trashed is noted for 'if
this effect didn't trash' (``effect_results``) and TrashedFromHand happens. 'Your opponent trashes 1
card in their hand' is the same choice of card, with no yes / no (``opponent_trashes_card``).

'Your opponent may delete 1 of their Digimon or Tamers' (BT18-082) and 'your opponent may trash
their top security card' (BT19-043) are asked the same way (``opponent_may``): it stays the effect
of the card's player, so its deletion is by that player and what can't be affected by it isn't.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_moves import PLAYABLE, owner_of, play_one, trashed_from, zone_cards
from kg.solver.handlers.effect_results import deleted
from kg.solver.handlers.play_rules import playable_by_effect
from kg.solver.handlers.verbs import affected_only, legal_targets
from kg.solver.moves import delete
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def _chooser(p: Pending, a: Action) -> tuple[str, str]:
    """The player who chooses (the selector's owner) and the label of their answers: B/CARD/TAG."""
    chooser = owner_of(p, a.selector)
    return chooser, "/".join([chooser, *p.label.split("/")[1:]])


@REGISTRY.register("verb", "opponent_may_trash_card")
def _opponent_may_trash(e: Engine, p: Pending, a: Action) -> list[str]:
    """The selector's owner (the opponent) may trash ``amount`` fitting cards from their hand."""
    return _opponent_trashes(e, p, a, may=True)


@REGISTRY.register("verb", "opponent_trashes_card")
def _opponent_must_trash(e: Engine, p: Pending, a: Action) -> list[str]:
    """'Your opponent trashes 1 card in their hand', 'they (must) trash 1 card in their hand': the
    opponent does it (CR 15-10-1-2-1), mandatorily (CR 15-9-1-2), and so chooses which of their own
    hidden cards; as many as they can when they have fewer (CR 15-10-2-1)."""
    return _opponent_trashes(e, p, a, may=False)


def _opponent_trashes(e: Engine, p: Pending, a: Action, *, may: bool) -> list[str]:
    """The selector's owner trashes ``amount`` fitting cards of their hand, which ones their choice;
    with ``may``, only if they want to and can trash them all."""
    sel = a.selector
    assert sel is not None
    chooser, key = _chooser(p, a)
    pool = zone_cards(e, p, sel)
    fitting = [n for n in pool if n and e.board.card_fits(n, sel)]
    need = a.amount or 1
    cites = e.cites("opponent_chooses" if may else "opponent_trashes")
    if not fitting or may and (len(fitting) < need or not e.decide.optional(chooser, key)):
        e.rec.log(f"{p.label}: {chooser} does not trash a card from their hand", cites)
        return cites
    chosen = e.decide.targets(chooser, key, fitting, min(need, len(fitting)))
    for number in chosen:
        pool.remove(number)
        e.state.players[chooser].trash.append(number)
        e.done += 1
        e.rec.log(f"{p.label}: {chooser} trashes {number} from their hand", cites)
    trashed_from(e, "TrashedFromHand", chooser, chosen, p.player)
    return cites


@REGISTRY.register("verb", "opponent_may_delete")
def _opponent_may_delete(e: Engine, p: Pending, a: Action) -> list[str]:
    """The opponent may delete ``amount`` of their fitting cards in play, which ones their choice
    (CR 15-9-2-2, 15-10-1-2-1); the deletion is the effect's, by its player."""
    chooser, key = _chooser(p, a)
    cites = e.cites("opponent_may")
    legal = legal_targets(e, p, a.selector)
    need = a.amount or 1
    if len(legal) < need or not e.decide.optional(chooser, key):
        e.rec.log(f"{p.label}: {chooser} does not delete", cites)
        return cites
    names = e.decide.targets(chooser, key, [s.alias for s in legal], need)
    chosen = affected_only(e, p, a, [s for s in legal if s.alias in names])
    e.rec.log(f"{p.label}: {chooser} deletes {', '.join(s.alias for s in chosen) or 'nothing'}", cites)
    gone = delete(e, chosen, cause="effect", by=p.player)
    deleted(e, p, [s.owner for s in gone])
    return cites


@REGISTRY.register("verb", "opponent_may_trash_security")
def _opponent_may_trash_security(e: Engine, p: Pending, a: Action) -> list[str]:
    """The opponent may trash their top security card (CR 15-9-2-2): the same trashing as 'trash the
    top card of your opponent's security stack' when they do; nothing when they have none."""
    chooser, key = _chooser(p, a)
    cites = e.cites("opponent_may")
    if not e.state.players[chooser].security or not e.decide.optional(chooser, key):
        e.rec.log(f"{p.label}: {chooser} does not trash their top security card", cites)
        return cites
    trash = REGISTRY.handler("verb", "trash_security")
    assert trash is not None
    return [*cites, *trash(e, p, a)]


@REGISTRY.register("verb", "opponent_may_play_card")
def _opponent_may_play(e: Engine, p: Pending, a: Action) -> list[str]:
    """The opponent may play 1 fitting card of their own hand, free (CR 15-9-2-2, 15-10-1-2-1): the
    play is theirs, done by this effect (their 'would be played' / 'can't play' effects apply)."""
    chooser, key = _chooser(p, a)
    cites = e.cites("opponent_may")
    assert a.selector is not None
    own = a.selector.model_copy(update={"owner": "self"})  # their own hand, seen from them
    theirs = replace(p, player=chooser, label=key)
    pool = zone_cards(e, theirs, own)
    fitting = [n for n in dict.fromkeys(pool) if n and e.board.card(n).kind in PLAYABLE
               and e.board.card_fits(n, own)]
    fitting = playable_by_effect(e, key, chooser, fitting)
    if not fitting or not e.decide.optional(chooser, key):
        e.rec.log(f"{p.label}: {chooser} does not play a card", cites)
        return cites
    (number,) = e.decide.targets(chooser, key, fitting, 1)
    play_one(e, theirs, a.model_copy(update={"selector": own}), pool, number)
    return cites
