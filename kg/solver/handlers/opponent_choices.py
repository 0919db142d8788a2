"""'Your opponent may trash 1 card in their hand' (EX8-063, BT13-102): the opponent, not the effect's
player, chooses whether to trash and which card (a player chooses for their own cards in a private
area; the effect gives the choice to them). Their yes / no is the scenario's ``optional`` answer
for the effect's label with the chooser as SOURCE (``B/EX8-063/WhenDigivolving`` for A's Barbamon);
the card, ``targets`` for the same label. What is trashed is noted for 'if
this effect didn't trash' (``effect_results``) and TrashedFromHand happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_moves import owner_of, trashed_from, zone_cards
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine


@REGISTRY.register("verb", "opponent_may_trash_card")
def _opponent_may_trash(e: Engine, p: Pending, a: Action) -> list[str]:
    """The selector's owner (the opponent) may trash ``amount`` fitting cards from their hand."""
    sel = a.selector
    assert sel is not None
    chooser = owner_of(p, sel)
    key = "/".join([chooser, *p.label.split("/")[1:]])  # the chooser's answer: B/CARD/TAG
    pool = zone_cards(e, p, sel)
    fitting = [n for n in pool if n and e.board.card_fits(n, sel)]
    need = a.amount or 1
    if len(fitting) < need or not e.decide.optional(chooser, key):
        e.rec.log(f"{p.label}: {chooser} does not trash a card from their hand", e.cites("opponent_chooses"))
        return e.cites("opponent_chooses")
    chosen = e.decide.targets(chooser, key, fitting, need)
    for number in chosen:
        pool.remove(number)
        e.state.players[chooser].trash.append(number)
        e.done += 1
        e.rec.log(f"{p.label}: {chooser} trashes {number} from their hand", e.cites("opponent_chooses"))
    trashed_from(e, "TrashedFromHand", chooser, chosen, p.player)
    return e.cites("opponent_chooses")
