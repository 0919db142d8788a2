"""Playing and using cards by an effect, beyond ``play_card`` and ``use_option``
(compiled by ``ingest.compiler.play``).

``play_to_breeding``: a Digimon card played into the player's breeding area, which must be empty
(CR 3-4-7-2: one card there at most). It is played (the rule that it can't attack this turn still
holds, CR 7-1-2-1; QA Q3534), but effects don't reach a card in the breeding area unless they name it:
its [On Play] effects don't activate and 'when a Digimon is played' effects don't trigger (CR 3-4-7-4,
3-4-7-6; QA Q3533, Q3535), so no CardPlayed event is emitted. 'Without the same name as the cards
in your battle area or trash' compares its name with the top cards in the battle area and the cards
of the trash, not with digivolution cards or cards under Tamers (QA Q3531, Q3532).

``play_card`` from one of the player's (blue) Digimon's digivolution cards: the zones
``digimon_sources`` and ``<colour>_digimon_sources`` (the Digimon in the battle area, CR 3-4-7-5).

``play_or_use_card``: one card that fits, a Digimon or Tamer card played (CR 7-1) or an Option card
used (CR 9-1, its color requirements met), for its cost reduced as the effect says.

``return_or_play``: 'return to the hand or play 1 … from this Digimon's digivolution cards without paying
the cost' (BT18-017): the player chooses which (``decisions.modes``: 1 returns, 2 plays; no default, an
undecided choice is reported, never guessed), then the card, as ``add_to_hand`` or ``play_card`` would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingest.compiler.play import HAND_OR_HOSTED, HOSTED_ZONES, SUBJECT_SOURCES, TRASH_OR_HOSTED
from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.assembly import by_effect
from kg.solver.handlers.card_moves import PLAYABLE, play_one, zone_cards
from kg.solver.handlers.card_moves import _Piles as Piles  # the piles the zones of card_moves are made of
from kg.solver.handlers.card_moves import _Sources as Sources
from kg.solver.handlers.either_way import which_way
from kg.solver.handlers.option_use import usable, use_one
from kg.solver.handlers.payment import CostUnpaid, is_cost
from kg.solver.handlers.play_rules import playable_by_effect, unreduced
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack
from kg.solver.statics import stack_colors
from kg.solver.wording import zone_words

if TYPE_CHECKING:
    from kg.solver.engine import Engine


def _hosted(color: str | None) -> Callable[[Engine, Pending, str], list[str]]:
    """The zone of the digivolution cards of ``player``'s Digimon (of ``color``, or of either of 'purple
    or blue') in the battle area, as one pile: the player chooses a card among them, and with it the
    Digimon it is under (CR 3-4-7-5: not the breeding area)."""
    colors = {c.capitalize() for c in color.split(" or ")} if color else set()

    def cards(e: Engine, p: Pending, player: str) -> list[str]:
        return Piles(*(Sources(s) for s in e.state.players[player].battle_area
                       if e.board.card(s.top).kind == "Digimon"
                       and (not colors or colors & set(stack_colors(e.board, e.state, s)))))
    cards.__doc__ = f"The digivolution cards of the player's {color or 'any'} Digimon in the battle area."
    return cards


for _color, _zone in HOSTED_ZONES.items():
    REGISTRY.bind("zone", _zone, _hosted(_color))


@REGISTRY.register("zone", SUBJECT_SOURCES)
def _subject_sources(e: Engine, p: Pending, player: str) -> list[str]:
    """The digivolution cards of the Digimon the effect's event is about ('from that Digimon's
    digivolution cards'), if it is ``player``'s and still in play."""
    subject = p.event.subject
    stack = e.state.find(subject.uid) if subject is not None else None
    return Sources(stack) if stack is not None and stack.owner == player else []


@REGISTRY.register("zone", HAND_OR_HOSTED)
def _hand_or_hosted(e: Engine, p: Pending, player: str) -> list[str]:
    """The player's hand and the digivolution cards of their Digimon in the battle area, as one pile
    ('from your hand or from one of your Digimon's digivolution cards')."""
    return Piles(e.state.players[player].hand, _hosted(None)(e, p, player))


@REGISTRY.register("zone", TRASH_OR_HOSTED)
def _trash_or_hosted(e: Engine, p: Pending, player: str) -> list[str]:
    """The player's trash and the digivolution cards of their Digimon in the battle area, as one pile
    ('from your trash or from one of your Digimon's digivolution cards', BT17-025)."""
    return Piles(e.state.players[player].trash, _hosted(None)(e, p, player))


def _own_names(e: Engine, player: str) -> set[str]:
    """The names of the top cards in ``player``'s battle area and of the cards in their trash
    (QA Q3531, Q3532), lower-cased."""
    side = e.state.players[player]
    cards = [*(s.top for s in side.battle_area), *side.trash]
    return {name.lower() for number in cards if number for name in e.board.card(number).names}


@REGISTRY.register("verb", "play_to_breeding")
def _play_to_breeding(e: Engine, p: Pending, a: Action) -> list[str]:
    """Play 1 Digimon card that fits into the empty breeding area (CR 3-4-7-2), without CardPlayed
    (CR 3-4-7-4, 3-4-7-6)."""
    cites = e.cites("play_to_breeding")
    sel = a.selector
    assert sel is not None
    side = e.state.players[p.player]
    if side.breeding is not None:
        if is_cost(p, a):  # 'By playing 1 [Lucemon: Larva] … to your empty breeding area' (CR 15-7-3)
            raise CostUnpaid
        e.rec.log(f"{p.label}: {p.player}'s breeding area is not empty: nothing is played", cites)
        return cites
    pool = zone_cards(e, p, sel)
    taken = _own_names(e, p.player) if sel.unlike_own_cards else set()
    candidates = list(dict.fromkeys(
        n for n in pool if n and e.board.card(n).kind == "Digimon" and e.board.card_fits(n, sel)
        and not {name.lower() for name in e.board.card(n).names} & taken))
    candidates = playable_by_effect(e, p.label, p.player, candidates)  # QA Q5205, Q5209
    chosen = e.decide.targets(p.player, p.label, candidates, 1)
    if not chosen:
        if is_cost(p, a):
            raise CostUnpaid
        e.rec.log(f"{p.label}: no card to play into the breeding area ({sel.zone})", cites)
        return cites
    number = chosen[0]
    pool.remove(number)
    placed = by_effect(e, p, number)  # an Assembly into the breeding area too (CR 7-3-2-10, QA Q2674)
    cost = 0 if a.free else max(0, (e.board.card(number).play_cost or 0) - (a.amount or 0) - placed.reduction)
    cost = cost if a.free else unreduced(e, p.label, p.player, number, cost)  # can't reduce play costs
    e.state.pay(p.player, cost)
    side.breeding = Stack(e.state.new_uid(), e.state.fresh_alias(number), p.player, [*placed.cards, number],
                          played_this_turn=True)
    e.done += 1
    e.rec.log(f"{p.label}: plays {number} from the {zone_words(sel.zone)} into {p.player}'s breeding area as "
              f"{side.breeding.alias}" + (" without paying the cost" if a.free else f" for {cost} memory")
              + "; effects that don't name the breeding area don't reach it", cites)
    return cites


@REGISTRY.register("verb", "play_or_use_card")
def _play_or_use(e: Engine, p: Pending, a: Action) -> list[str]:
    """Play (a Digimon or Tamer card, CR 7-1) or use (an Option card, CR 9-1) 1 card that fits."""
    cites = e.cites("play_or_use")
    sel = a.selector
    assert sel is not None
    pool = zone_cards(e, p, sel)
    candidates = list(dict.fromkeys(
        n for n in pool if n and ((e.board.card(n).kind in PLAYABLE and e.board.card_fits(n, sel))
                                  or usable(e, p.player, n, sel))))
    candidates = playable_by_effect(e, p.label, p.player, candidates)
    chosen = e.decide.targets(p.player, p.label, candidates, 1)
    if not chosen:
        e.rec.log(f"{p.label}: no card to play or use ({sel.zone})", cites)
        return cites
    if e.board.card(chosen[0]).kind == "Option":
        return [*cites, *use_one(e, p, a, pool, chosen[0])]
    play_one(e, p, a, pool, chosen[0])
    return cites


def _assignments(options: list[list[tuple[str, str]]], copies: dict[tuple[str, str], int],
                 taken: tuple[tuple[str, str] | None, ...] = ()) -> list[tuple[tuple[str, str] | None, ...]]:
    """Every way to give each selector one (zone, card) of its options or none, no card used more
    often than its zone holds it."""
    if len(taken) == len(options):
        return [taken]
    out = _assignments(options, copies, (*taken, None))
    for option in dict.fromkeys(options[len(taken)]):
        if sum(t == option for t in taken) < copies[option]:
            out += _assignments(options, copies, (*taken, option))
    return out


@REGISTRY.register("verb", "play_each")
def _play_each(e: Engine, p: Pending, a: Action) -> list[str]:
    """Play one card for each selector of ``a.selector.any_of`` at once: as many of them as can be
    played (CR 1-3-2; QA Q1951, Q5213, Q6031, Q6053), the player choosing card by card among those
    that still allow that many; their [On Play] effects trigger together (CR 15-4-3-2)."""
    cites = e.cites("play_each")
    sel = a.selector
    assert sel is not None
    zones = {alt.zone: zone_cards(e, p, alt) for alt in sel.any_of}
    options = [[(alt.zone, n) for n in playable_by_effect(e, p.label, p.player, [
        n for n in zones[alt.zone] if n and e.board.card(n).kind in PLAYABLE and e.board.card_fits(n, alt)])]
        for alt in sel.any_of]
    copies = {(z, n): pile.count(n) for z, pile in zones.items() for n in pile}
    every = _assignments(options, copies)
    most = max(sum(t is not None for t in way) for way in every)
    if not most:
        e.rec.log(f"{p.label}: no card to play", cites)
        return cites
    ways = [way for way in every if sum(t is not None for t in way) == most]
    chosen: list[tuple[str, str] | None] = []
    for i in range(len(sel.any_of)):
        fitting = [way for way in ways if list(way[:i]) == chosen]
        numbers = list(dict.fromkeys(way[i][1] for way in fitting if way[i] is not None))
        if not numbers:
            chosen.append(None)
            continue
        pick = e.decide.targets(p.player, p.label, numbers, 1)[0]
        chosen.append(next(way[i] for way in fitting if way[i] is not None and way[i][1] == pick))
    e.chosen[id(p)] = ()  # 'the Digimon played by this effect': the ones played now
    for alt, picked in zip(sel.any_of, chosen, strict=True):
        if picked is not None:
            play_one(e, p, a.model_copy(update={"selector": alt}), zones[alt.zone], picked[1])
    return cites


@REGISTRY.register("verb", "play_within_total")
def _play_within_total(e: Engine, p: Pending, a: Action) -> list[str]:
    """Play the cards that fit which the player picks (the file's, else in zone order) while their
    printed play costs add up to ``amount`` or less: one that would go over is not played
    (CR 1-3-6; QA Q2085, Q2089)."""
    cites = e.cites("play_within_total")
    sel = a.selector
    assert sel is not None
    pool = zone_cards(e, p, sel)
    candidates = playable_by_effect(e, p.label, p.player, [
        n for n in pool if n and e.board.card(n).kind in PLAYABLE and e.board.card_fits(n, sel)])
    wanted = e.decide.targets(p.player, p.label, candidates, len(candidates))
    picked, total = [], 0
    for number in wanted:
        cost = e.board.card(number).play_cost or 0
        if total + cost <= (a.amount or 0):
            picked.append(number)
            total += cost
    e.rec.log(f"{p.label}: chooses {', '.join(picked) or 'nothing'} (total play cost {total}, at most "
              f"{a.amount})", cites)
    e.chosen[id(p)] = ()  # 'the Digimon played by this effect': the ones played now
    for number in picked:
        play_one(e, p, a.model_copy(update={"amount": None}), pool, number)
    return cites


#: The two choices of ``return_or_play``, in the order of the text ('return to the hand or play').
RETURN_OR_PLAY = ("return it to the hand", "play it without paying the cost")


@REGISTRY.register("verb", "return_or_play")
def _return_or_play(e: Engine, p: Pending, a: Action) -> list[str]:
    """Add 1 card that fits to the hand, or play it free (CR 7-1), as the player chooses."""
    cites = e.cites("return_or_play")
    way = which_way(e, p, a, RETURN_OR_PLAY, cites)
    if way is None:
        return cites
    verb = "add_to_hand" if way == 1 else "play_card"
    handler = REGISTRY.handler("verb", verb)
    assert handler is not None
    return [*cites, *handler(e, p, a.model_copy(update={"verb": verb}))]
