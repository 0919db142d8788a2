"""Using an Option card by an effect (CR 9-1): 'you may use 1 Option card with a cost of 5 or less
from your hand without paying the cost'.

Using a card is the rule of CR 9-1 whoever starts it: its color requirements must be met (CR 9-1-1,
4-22-2, 4-22-3: ``requirements.unmet_colors``, with the card's own waiver), its use cost is paid unless
the effect waives or reduces it (CR 9-1-9-2), its [Main] effect activates at once (CR 9-1-2,
9-1-9-3) while the card is in no area (CR 9-1-4), and then it is trashed unless it placed itself in
an area (CR 9-1-5). OptionUsed happens, as when a player uses it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action, Selector
from kg.solver.events import Event, Pending, Snapshot
from kg.solver.handlers.card_moves import zone_cards
from kg.solver.handlers.cost_changes import would_be_played
from kg.solver.handlers.play_rules import may_use_option
from kg.solver.handlers.requirements import unmet_colors
from kg.solver.handlers.turn import _main_effect
from kg.solver.registry import REGISTRY
from kg.solver.wording import zone_words

if TYPE_CHECKING:
    from kg.solver.engine import Engine


@REGISTRY.register("verb", "use_option")
def _use_option(e: Engine, p: Pending, a: Action) -> list[str]:
    """Use the chosen Option card: one that fits, whose color requirements are met and whose cost
    (free, or reduced by ``amount``) the player can pay; its [Main] effect runs, then it is trashed."""
    sel = a.selector
    assert sel is not None
    if not may_use_option(e, p.label, p.player):  # 'your opponent can't use Option cards' (CR 15-1-3)
        return e.cites("prohibition")
    pool = zone_cards(e, p, sel)
    candidates = list(dict.fromkeys(
        n for n in pool if n and usable(e, p.player, n, sel, a.ignore_requirements)))
    chosen = e.decide.targets(p.player, p.label, candidates, 1)
    if not chosen:
        e.rec.log(f"{p.label}: no Option card it can use ({sel.zone})", e.cites("option_by_effect"))
        return e.cites("option_by_effect")
    return use_one(e, p, a, pool, chosen[0])


def usable(e: Engine, player: str, number: str, sel: Selector, ignore_colors: bool = False) -> bool:
    """An Option card that fits the selector and whose color requirements ``player`` meets (CR 9-1-1),
    or need not meet: the effect uses it 'without meeting its color requirements' (card text over the
    rules, CR 1-3-1)."""
    return e.board.card(number).kind == "Option" and e.board.card_fits(number, sel) \
        and (ignore_colors or not unmet_colors(e, player, number, log=False))


def use_one(e: Engine, p: Pending, a: Action, pool: list[str], number: str) -> list[str]:
    """Use ``number`` out of ``pool``: its cost (free, or reduced by ``a.amount``) paid, its [Main]
    effect activated, then it is trashed (CR 9-1)."""
    cost = 0 if a.free else max(0, (e.board.card(number).play_cost or 0) - (a.amount or 0))
    zone = a.selector.zone if a.selector else "hand"
    holder = Snapshot(e.state.new_uid(), p.player, p.player, (number,), False, -1)
    main = _main_effect(e, holder, number, None, f"use {number}")
    if not main:  # no [Main] effect, or several and nothing says which: not used (CR 9-1-8)
        e.rec.log(f"{p.label}: {number} has no single [Main] effect to activate; it stays",
                  e.cites("option_by_effect"))
        return e.cites("option_by_effect")
    pool.remove(number)
    if a.ignore_requirements:  # CR 1-3-1: the effect's text over CR 9-1-1
        e.rec.log(f"{p.label}: {number} is used without meeting its color requirements",
                  e.cites("color_requirements"))
    else:
        unmet_colors(e, p.player, number)  # logs a waiver of its color requirements
    paid = would_be_played(e, p.player, number, cost) if cost else 0  # CR 9-1-6
    e.state.pay(p.player, paid)
    e.rec.log(f"{p.label}: {p.player} uses {number} from the {zone_words(zone)}"
              + (" without paying the cost" if a.free else f" for {paid} memory"),
              e.cites("option_by_effect"))
    e.emit(Event("OptionUsed", holder))
    e.in_use.add(holder.uid)  # CR 9-1-4: in no area until its [Main] effect is resolved
    e.activate_now(main)
    e.in_use.discard(holder.uid)
    if holder.uid not in e.placed:  # CR 9-1-5: trashed unless it placed itself in an area
        e.state.players[p.player].trash.append(number)
    e.done += 1
    return e.cites("option_by_effect")
