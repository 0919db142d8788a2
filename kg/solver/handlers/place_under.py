"""Placing cards under a Digimon or Tamer ('place 1 [Agumon] from your hand as this Digimon's bottom
digivolution card', 'by placing another blue Digimon under this Digimon', 'place 1 Digimon card with
<Save> in its text from your trash under 1 of your Tamers').

The placed cards go to the bottom of the stack, under the cards already there (CR 4-4-2, 4-8-1).
A Digimon or Tamer placed from the field leaves the battle area: the effects answering that
activate first and may keep it there (CR 15-8-5); its own stacked cards are trashed at the same
time (CR 4-7-7, 4-7-8; QA BT12-027 Q2166, BT11-088 Q2113). As an action, as many as
possible are placed (QA BT18-023 Q2939); as a cost ('by placing …') all of them must be, or the
effect does nothing (CR 15-7).

A Digimon placed in a security stack from the field ('place 1 of your opponent's Digimon at the
bottom of their security stack', 'place this Digimon on top of your security stack'; the verbs
``place_security_top`` / ``place_security_bottom`` on cards in play, ``to_security``) leaves the
battle area the same way and its top card goes face down to its owner's security stack (CR
3-1-3-5): it is not deleted (Q1269); a token ceases to exist instead (CR 4-21-5, Q1271); a Digi-Egg
would go to the Digi-Egg deck (Q1270), which is not modelled: reported. This card, out of play (in
the trash after its deletion, an Option being used, a revealed security card), is placed itself.

A card of a zone placed in the battle area (``place_card``) enters it without being played or used
(CR 3-4-8-2; QA Q3402): an Option card so placed stays there (CR 4-28-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action, Selector
from kg.solver.distinct import different_first, keep_different
from kg.solver.events import Pending
from kg.solver.field_events import option_placed
from kg.solver.handlers.card_moves import owner_of, zone_cards
from kg.solver.handlers.keywords_cr16 import would_leave
from kg.solver.handlers.payment import CostUnpaid, is_cost
from kg.solver.handlers.selector_values import note_placed
from kg.solver.handlers.verbs import holder_stack, legal_targets, take_this, targets
from kg.solver.moves import enter_play, place_sources
from kg.solver.registry import REGISTRY
from kg.solver.security_events import added_to_security, put_in_security
from kg.solver.state import FaceDown, FaceUp, Stack
from kg.solver.token_cards import is_token

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def field_targets(e: Engine, p: Pending, sel: Selector) -> list[Stack]:
    """The stacks a selector can pick: in the battle area; with zone ``breeding_area`` only the
    breeding area's, with ``field`` both (CR 3-4-6; an effect reaches the breeding area only when it
    names it, CR 3-4-7-5)."""
    breeding = e.state.players[owner_of(p, sel)].breeding
    bred = [breeding] if breeding is not None and e.board.matches(
        e.state, breeding, sel, p.player, p.holder.uid) else []
    if sel.zone == "breeding_area":
        return bred
    return [*legal_targets(e, p, sel), *(bred if sel.zone == "field" else [])]


def _from_field(e: Engine, p: Pending, sel: Selector, onto: Stack) -> list[Stack]:
    """The stacks in play the placed cards may be ('another blue Digimon', 'this Digimon')."""
    return [s for s in legal_targets(e, p, sel) if s.uid != onto.uid]


def _wanted(a: Action, sel: Selector) -> int:
    return sel.count if sel.count is not None else (a.amount or 1)


def _leave(e: Engine, p: Pending, stack: Stack, cites: list[str] | None = None) -> str:
    """Take a stack out of the battle area to place its top card elsewhere: the cards under it are
    trashed at the same time (CR 4-7-8); its top card is returned."""
    player = e.state.players[stack.owner]
    player.battle_area = [s for s in player.battle_area if s.uid != stack.uid]
    player.trash.extend([*stack.sources, *stack.links])  # link cards too (CR 4-9-6)
    e.rec.log(f"{p.label}: {stack.alias} leaves the battle area; the cards under it are trashed",
              cites or e.cites("place_under"))
    return stack.top


@REGISTRY.register("verb", "place_under")
def place_under(e: Engine, p: Pending, a: Action) -> list[str]:
    """Place ``a.card`` (cards of a zone, or cards in play) under the selector's Digimon or Tamer."""
    assert a.card is not None, "the compiler always names the placed cards"
    cites, cost, sel = e.cites("place_under"), is_cost(p, a), a.card
    assert a.selector is not None, "the compiler always names the Digimon or Tamer"
    choices = targets(e, p, a) if a.same_targets else field_targets(e, p, a.selector)
    if not a.selector.this and not a.same_targets and choices:
        chosen = e.decide.targets(p.player, p.label, [s.alias for s in choices], 1)
        choices = [s for s in choices if s.alias in chosen]
    if not choices:
        if cost:
            raise CostUnpaid
        e.chosen[id(p)] = ()  # nothing under which the next card of 'place 1 [A] and 1 [B]' goes either
        e.rec.log(f"{p.label}: no Digimon or Tamer to place cards under", cites)
        return cites
    onto, want = choices[0], _wanted(a, sel)
    e.chosen[id(p)] = (onto.uid,)  # 'that Digimon' in a later action
    if owner_of(p, sel) != onto.owner:
        e.rec.unsupported_part(p.label, "action", a.span or a.verb,
                               "placing a card under another player's Digimon or Tamer is not implemented")
        return cites
    if sel.zone == "battle_area":
        placed = _place_from_field(e, p, a, onto, want, cost)
    else:
        pool = zone_cards(e, p, sel)
        fitting = [n for n in pool if n and e.board.card_fits(n, sel)]
        if cost and len(fitting) < want:
            raise CostUnpaid
        if sel.different:  # 'with different names': the default is such a set, the file's is kept so
            fitting = different_first(e.board, fitting, sel.different)
            want = min(want, len(keep_different(e.board, fitting, sel.different)))
        placed = e.decide.targets(p.player, p.label, fitting, want)
        if sel.different and (kept := keep_different(e.board, placed, sel.different)) != placed:
            e.rec.log(f"{p.label}: {', '.join(n for n in placed if n not in kept)} not placed: the cards "
                      f"must have different {sel.different}", cites)
            placed = kept
        for number in placed:
            pool.remove(number)
    # at the bottom, under the cards already there (CR 4-4-2), or its top digivolution card when the
    # text says so (place_under_top, CR 3-1-3-5)
    top = a.verb == "place_under_top"
    if a.verb == "place_under_face_down":  # no card information under it (CR 4-7-9)
        placed = [FaceDown(n) for n in placed]
    place_sources(e, onto, placed, top=top)
    note_placed(e, p, [str(n) for n in placed])  # 'the placed card's level' (selector_values)
    e.done += len(placed)
    e.rec.log(f"{p.label}: {', '.join(placed) or 'nothing'} placed under {onto.alias}"
              + (" as its top digivolution card" if top else "")
              + (f" from the {sel.zone.replace('_', ' ')}" if sel.zone != "battle_area" else "")
              + (", face down" if a.verb == "place_under_face_down" else ""), cites)
    return cites


REGISTRY.bind("verb", "place_under_top", place_under)
REGISTRY.bind("verb", "place_under_face_down", place_under)  # ingest/compiler/face_phrases.py


def _place_from_field(e: Engine, p: Pending, a: Action, onto: Stack, want: int, cost: bool) -> list[str]:
    """The top cards of stacks taken from the field (or this card, wherever it is being used)."""
    sel = a.card
    assert sel is not None
    holder = e.state.find(p.holder.uid)
    if sel.this and holder is None:  # an Option being used, a card in the trash or being checked
        if not take_this(e, p, "placed"):
            if cost:
                raise CostUnpaid
            return []
        e.placed.add(p.holder.uid)  # an Option being used stays where it was placed, not in the trash
        return [p.holder.cards[-1]]
    stacks = _from_field(e, p, sel, onto)
    if cost and len(stacks) < want:
        raise CostUnpaid
    aliases = e.decide.targets(p.player, p.label, [s.alias for s in stacks], want)
    # the effects answering each one leaving the battle area activate first and may keep it (CR 15-8-5)
    leaving = [s for s in stacks if s.alias in aliases
               if not would_leave(e, s, cause="effect", by=p.player) and e.state.find(s.uid) is not None]
    if cost and len(leaving) < want:
        raise CostUnpaid
    tops = [_leave(e, p, s) for s in leaving]
    return [n for n in tops if not is_token(n)]  # a token ceases to exist instead (CR 4-21-5)


def to_security(e: Engine, p: Pending, a: Action, top: bool, face_up: bool = False) -> list[str]:
    """Place the selector's Digimon (or this card) face down (``face_up``: face up, CR 3-7-4) on top
    of / at the bottom of its owner's security stack; SecurityCardAdded for each card placed (CR 3-1-3-5)."""
    sel, cites = a.selector, e.cites("security_from_field")
    assert sel is not None
    placed: list[tuple[str, str]] = []  # (owner, card number)
    if sel.this and holder_stack(e, p) is None:
        if take_this(e, p, "placed"):
            e.placed.add(p.holder.uid)  # an Option being used stays in the security stack (CR 9-1-5)
            placed.append((p.player, p.holder.cards[-1]))
    else:
        for stack in targets(e, p, a):
            if e.board.card(stack.top).kind == "Digi-Egg":
                e.rec.unsupported_part(p.label, "action", a.span or a.verb,
                                       "a Digi-Egg placed in a security stack goes to the Digi-Egg deck "
                                       "instead (Q1270), which is not modelled")
                continue
            if would_leave(e, stack, cause="effect", by=p.player) or e.state.find(stack.uid) is None:
                continue
            number = _leave(e, p, stack, cites)
            if is_token(number):  # CR 4-21-5: removed from the game, not placed (Q1271, Q1272)
                e.rec.log(f"{p.label}: the token {stack.alias} ceases to exist", cites)
                continue
            placed.append((stack.owner, number))
    if not placed and is_cost(p, a):
        raise CostUnpaid
    for owner, number in placed:
        put_in_security(e, owner, number, top=top, face_up=face_up)
        e.rec.log(f"{p.label}: {number} is placed face {'up' if face_up else 'down'} as {owner}'s "
                  f"{'top' if top else 'bottom'} security card", cites)
    if not placed:
        e.rec.log(f"{p.label}: nothing is placed in a security stack", cites)
    for owner in dict.fromkeys(o for o, _ in placed):  # a face-up card keeps its mark in the event (CR 3-7-4)
        added_to_security(e, owner, [FaceUp(n) if face_up else n for o, n in placed if o == owner], p.player)
    return cites


@REGISTRY.register("verb", "place_card")
def place_card(e: Engine, p: Pending, a: Action) -> list[str]:
    """Place the chosen card of the selector's zone in its owner's battle area, not played: no cost,
    no [On Play], no [Main] of an Option (CR 3-4-8-2, 4-28-1; Q3402)."""
    sel, cites = a.selector, e.cites("placed_in_battle_area")
    assert sel is not None
    pool = zone_cards(e, p, sel)
    fitting = list(dict.fromkeys(n for n in pool if n and e.board.card_fits(n, sel)))
    chosen = e.decide.targets(p.player, p.label, fitting, 1)
    if not chosen:
        if is_cost(p, a):
            raise CostUnpaid
        e.rec.log(f"{p.label}: no card to place in the battle area ({sel.zone.replace('_', ' ')})", cites)
        return cites
    pool.remove(chosen[0])
    stack = enter_play(e, owner_of(p, sel), chosen[0], played=False)
    e.rec.log(f"{p.label}: {chosen[0]} is placed in the battle area from the {sel.zone.replace('_', ' ')} "
              f"as {stack.alias}", cites)
    option_placed(e, stack)
    return cites


#: The ends of a security stack, as the choice names them -> the verb that places a card there.
_ENDS = {"top": "place_security_top", "bottom": "place_security_bottom"}


@REGISTRY.register("verb", "place_security_top_or_bottom")
def _top_or_bottom(e: Engine, p: Pending, a: Action) -> list[str]:
    """'… at the top or bottom of your security stack': the player chooses the end first (the
    effect's next target choice names ``top`` or ``bottom``; default ``top``), then the card is placed
    there as 'on top of' / 'at the bottom of' places it (CR 3-1-3-5)."""
    (end,) = e.decide.targets(p.player, p.label, list(_ENDS), 1)
    e.rec.log(f"{p.label}: the card goes to the {end} of the security stack", e.cites("security_placed"))
    place = REGISTRY.handler("verb", _ENDS[end])
    assert place is not None, "security_moves binds both"
    return place(e, p, a.model_copy(update={"verb": _ENDS[end]}))
