"""App fusion (CR 8-4): a linked Digimon digivolves into a Digimon card with [App Fusion] whose
requirement names 2 different cards, the Digimon and one of its link cards (CR 8-4-2-1): the cost of
the requirement is paid (CR 8-4-3-2), the link card goes on top of the Digimon, the card on top of
that, its owner draws 1 and [When Digivolving] triggers (CR 8-4-3-3). As the turn player's main-phase
action (``link.app_fuse``, CR 6-5-1-2-4) or by an effect that says it app fuses (CR 8-4-2-2; verb
``app_fuse``: '1 of your Digimon may app fuse into a Digimon card in the hand'). Effects answering a
digivolution answer an app fusion too (CR 8-4-2-3): they are reported, not carried out
(``dna.answering``). A requirement the solver cannot read is reported, never guessed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Event, Pending
from kg.solver.handlers.card_moves import zone_cards
from kg.solver.handlers.dna import answering
from kg.solver.handlers.verbs import draw, legal_targets
from kg.solver.moves import can_digivolve
from kg.solver.registry import REGISTRY
from kg.solver.rule_lines import app_fusion, unread_app_fusion
from kg.solver.statics import may_digivolve_into

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.state import Stack


def fusing_links(e: Engine, stack: Stack, number: str, link: str | None = None) -> list[str]:
    """The link cards of ``stack`` with which it meets ``number``'s App Fusion requirement: the
    Digimon and the link card are 2 different cards it names (CR 8-4-2-1, QA Q4527)."""
    req = app_fusion(e.board.card(number))
    if req is None:
        return []
    names = {n.lower() for n in req.names}
    top = e.board.card(stack.top).name.lower()
    if top not in names:
        return []
    return [n for n in stack.links
            if e.board.card(n).name.lower() in names - {top} and (link is None or n == link)]


def fuse(e: Engine, stack: Stack, number: str, fused: str, cost: int, cites: list[str]) -> None:
    """CR 8-4-3-2, 8-4-3-3: pay; the link card ``fused`` on top of the Digimon, ``number`` on top of
    that; its owner draws 1; [When Digivolving] triggers (``number`` already out of its zone)."""
    if cost:
        answering(e, stack, stack, number)
    e.state.pay(stack.owner, cost)
    stack.links.remove(fused)
    stack.cards += [fused, number]
    drawn = draw(e, stack.owner, 1)
    e.rec.log(f"{stack.alias} app fuses with its link card {fused} into {number} for {cost} memory; "
              f"{stack.owner} draws {drawn}", cites)
    e.done += 1
    e.emit(Event("Digivolved", e.snap(stack), how="app_fusion"))


@REGISTRY.register("verb", "app_fuse")
def _app_fuse(e: Engine, p: Pending, a: Action) -> list[str]:
    """'1 of your Digimon may app fuse into a Digimon card in the hand' (CR 8-4-2-2, 8-4-3): the
    player chooses the card of the zone and their Digimon that meet its App Fusion requirement, and
    pays its cost unless the effect says otherwise."""
    assert a.card is not None, "the compiler always names the card app fused into"
    cites = e.cites("app_fusion")
    e.chosen[id(p)] = ()
    mine = [s for s in legal_targets(e, p, a.selector)
            if s.owner == p.player and s.links and can_digivolve(e, s)]
    pool = zone_cards(e, p, a.card)
    ways: dict[str, list[Stack]] = {}
    for number in dict.fromkeys(n for n in pool if n and e.board.card_fits(n, a.card)):
        if unread_app_fusion(e.board.card(number)):
            e.rec.unsupported_part(p.label, "rule", number,
                                   "the App Fusion requirement is not read by the solver")
            continue
        fits = [s for s in mine  # 'can only digivolve into …' holds (CR 8-4-2-3, 15-1-3)
                if fusing_links(e, s, number) and may_digivolve_into(e.board, e.state, s, number)]
        if fits:
            ways[number] = fits
    if not ways:
        e.rec.log(f"{p.label}: no Digimon can app fuse as the effect says; nothing happens", cites)
        return cites
    number = e.decide.targets(p.player, p.label, list(ways), 1)[0]
    alias = e.decide.targets(p.player, p.label, [s.alias for s in ways[number]], 1)[0]
    stack = next(s for s in ways[number] if s.alias == alias)
    req = app_fusion(e.board.card(number))
    assert req is not None
    pool.remove(number)
    fuse(e, stack, number, fusing_links(e, stack, number)[0], 0 if a.free else req.cost, cites)
    e.chosen[id(p)] = (stack.uid,)
    return cites
