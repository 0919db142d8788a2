"""Keyword effects of CR 16 beyond the first primitives (``primitives.py``): the rules each
carries out, by the dcg:roleOf code of its dcg:Primitive (ontology/keywords.ttl), each citing
its section.

A keyword printed with a parameter (<Decoy (Black)>, <Overclock ([Puppet] trait)>,
<Fragment (3)>) has its specified cards as the ``selector`` of its compiled action, and a number
as its ``keyword_value`` (CR 16-3; ``ingest.compiler.keywords``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingest.effect_ir import Action, Selector
from kg.solver.effect_spec import EffectSpec
from kg.solver.events import Event, Pending, Snapshot
from kg.solver.handlers.assembly import by_effect
from kg.solver.handlers.attack import NORMAL_AIMS, effect_attack, primitive_cites
from kg.solver.handlers.cost_changes import INCREASED, answer_now, unpayable_increase
from kg.solver.handlers.cost_changes import REDUCED as _REDUCED  # per 'would …' event: the reduction so far
from kg.solver.handlers.next_time import answering
from kg.solver.handlers.play_rules import counted_reduction, playable_by_effect
from kg.solver.handlers.verbs import holder_stack
from kg.solver.moves import delete, enter_play, place_sources, suspend, trash_links, trash_sources
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack

if TYPE_CHECKING:
    from kg.solver.engine import Engine

Primitive = Callable[["Engine", Pending], list[str]]


own_cites = primitive_cites


def keyword_action(spec: EffectSpec, keyword: str | None = None) -> Action | None:
    """The compiled action of a keyword effect (``verb: keyword``), which holds its parameter;
    ``keyword``: the keyword run inside a longer effect ('When …, you may <Mind Link> to …')."""
    record, name = spec.record, spec.keyword or keyword
    if record is None or name is None:
        return None
    return next((a for a in record.compiled.actions
                 if a.verb == "keyword" and a.keyword == name), None)


def specified(spec: EffectSpec, keyword: str | None = None) -> Selector | None:
    """The specified cards of a keyword effect (CR 16-3), or None when it names none."""
    action = keyword_action(spec, keyword)
    return action.selector if action is not None else None


def specified_subject(spec: EffectSpec) -> Selector | None:
    """For a keyword effect about another card (its own card plays no role in the event, as
    <Decoy>'s 'another of your specified Digimon', CR 16-18-1), the specified cards are what the
    event's subject must be; None for any other effect."""
    return specified(spec) if spec.this_role == "any" else None


def parameter_value(p: Pending) -> int:
    """The number a keyword is printed with (<Fragment (3)>: 3, <Material Save 2>: 2)."""
    action = keyword_action(p.spec)
    value = action.keyword_value if action is not None else None
    return value if value is not None else p.spec.value


def _pick(e: Engine, p: Pending, candidates: list[Stack]) -> Stack | None:
    """One of the candidates: the file's choice for this effect, else the first in board order."""
    if not candidates:
        return None
    chosen = e.decide.targets(p.player, p.label, [s.alias for s in candidates], 1)
    return next((s for s in candidates if s.alias in chosen), None)


def _digimon(e: Engine, s: Stack) -> bool:
    return e.board.card(s.top).kind == "Digimon"


# ---------------------------------------------------------------- "would be deleted" (CR 15-8-5)
@REGISTRY.register("primitive", "fragment")
def _fragment(e: Engine, p: Pending) -> list[str]:
    """<Fragment (N)>: trash N of this Digimon's digivolution cards and it isn't deleted; with fewer
    than N, nothing is trashed and the deletion goes on (CR 16-37-1, 16-37-3)."""
    stack, cites, need = holder_stack(e, p), own_cites(e, "fragment"), parameter_value(p)
    if stack is None or need < 1 or len(stack.sources) < need:
        e.rec.log(f"{p.label}: fewer than {need} digivolution cards to trash; <Fragment> can't "
                  "prevent it", cites)
        return cites
    gone = stack.sources[len(stack.sources) - need:]  # the player chooses; by default the top ones
    trash_sources(e, stack, gone)
    e.rec.log(f"{p.label}: trashes {', '.join(gone)} from {stack.alias}'s digivolution cards", cites)
    e.prevented += 1
    return cites


@REGISTRY.register("primitive", "scapegoat")
def _scapegoat(e: Engine, p: Pending) -> list[str]:
    """<Scapegoat>: delete 1 of your other Digimon and this one isn't deleted (CR 16-32-1, 16-32-3);
    the deletion is prevented only if that Digimon was deleted."""
    stack, cites = holder_stack(e, p), own_cites(e, "scapegoat")
    if stack is None:
        return cites
    goat = _pick(e, p, [s for s in e.state.players[p.player].battle_area
                        if s.uid != stack.uid and _digimon(e, s)])
    if goat is None:
        e.rec.log(f"{p.label}: no other Digimon to delete; <Scapegoat> can't prevent it", cites)
        return cites
    gone = delete(e, [goat], cause="effect", by=p.player)
    if gone:
        e.prevented += 1
    return cites


# ---------------------------------------------------------------- at the end of your turn: attacks
REGISTRY.bind("trigger_condition", "owners_turn", lambda e, h, ev: e.state.turn_player == h.owner)


def _end_of_turn_attack(code: str, aims: frozenset[str], *, rush: bool = False) -> Primitive:
    """'At the end of your turn, this Digimon may attack …' (an attack declared by the effect)."""
    def run(e: Engine, p: Pending) -> list[str]:
        stack, cites = holder_stack(e, p), own_cites(e, code)
        if stack is not None:
            effect_attack(e, p, stack, aims=aims, rush=rush, cites=cites)
        return cites
    return run


# CR 16-44-1 <Engage>: it may attack as an attack declaration would (the player or a suspended Digimon)
REGISTRY.bind("primitive", "engage", _end_of_turn_attack("engage", NORMAL_AIMS))
# CR 16-33-1 <Vortex>: an opponent's Digimon only (Q5920), also in the turn it was played
REGISTRY.bind("primitive", "vortex", _end_of_turn_attack("vortex", frozenset({"suspended"}), rush=True))


@REGISTRY.register("primitive", "execute")
def _execute(e: Engine, p: Pending) -> list[str]:
    """<Execute>: it may attack, also an unsuspended Digimon; at the end of that attack it is
    deleted, as pending processing that joins the [End of Attack] effects (CR 16-38-1, 16-38-4,
    18-1-2; Q6728)."""
    stack, cites = holder_stack(e, p), own_cites(e, "execute")
    if stack is None:
        return cites
    delete_it = Action(verb="delete", selector=Selector(owner="self", this=True),
                       span="this Digimon is deleted")
    later = Pending(p.label, p.player, 0, p.spec, p.holder, p.event, p.default_key, kind="pending",
                    actions=[delete_it])
    effect_attack(e, p, stack, aims=frozenset({"player", "suspended", "unsuspended"}), cites=cites,
                  at_end=[later])
    return cites


@REGISTRY.register("primitive", "overclock")
def _overclock(e: Engine, p: Pending) -> list[str]:
    """<Overclock (X)>: delete 1 of your other specified Digimon, then this Digimon attacks a player
    without suspending (CR 16-34-1, 16-34-3; Q3185: also when it can't suspend). Tokens are not
    cards the engine models, so only the specified Digimon can be deleted for it."""
    stack, cites, sel = holder_stack(e, p), own_cites(e, "overclock"), specified(p.spec)
    if stack is None:
        return cites
    fodder = _pick(e, p, [s for s in e.state.players[p.player].battle_area if s.uid != stack.uid
                          and _digimon(e, s) and (sel is None or e.board.card_fits(s.top, sel))])
    if fodder is None:
        e.rec.log(f"{p.label}: no other specified Digimon to delete; no attack", cites)
        return cites
    if not delete(e, [fodder], cause="effect", by=p.player):
        e.rec.log(f"{p.label}: {fodder.alias} was not deleted; no attack", cites)
        return cites
    effect_attack(e, p, stack, aims=frozenset({"player"}), suspends=False, cites=cites)
    return cites


# ---------------------------------------------------------------- "would leave the battle area"
def _specified_sources(e: Engine, stack: Stack, sel: Selector | None) -> list[str]:
    """The Digimon cards among the stack's digivolution cards that are specified cards (CR 16-3)."""
    return [n for n in stack.sources
            if e.board.card(n).kind == "Digimon" and (sel is None or e.board.card_fits(n, sel))]


def _play_from_sources(e: Engine, p: Pending, stack: Stack, numbers: list[str]) -> None:
    """Play these digivolution cards of the stack without paying their costs, at the same time."""
    numbers = playable_by_effect(e, p.label, p.player, numbers)  # 'can't play Digimon by effects'
    for number in numbers:
        stack.cards.remove(number)
    for number in numbers:  # from a Digimon's digivolution cards (CR 4-8-1); an Assembly, CR 7-3-2-10
        enter_play(e, p.player, number, played=True, origin="sources", under=by_effect(e, p, number).cards)


@REGISTRY.register("primitive", "decode")
def _decode(e: Engine, p: Pending) -> list[str]:
    """<Decode (X)>: as this Digimon would leave the battle area other than in battle, play 1
    specified Digimon card from its digivolution cards without paying the cost (CR 16-36-1); the
    Digimon still leaves."""
    stack, cites = holder_stack(e, p), own_cites(e, "decode")
    found = _specified_sources(e, stack, specified(p.spec)) if stack is not None else []
    if stack is None or not found:
        e.rec.log(f"{p.label}: no specified card among its digivolution cards; nothing is played", cites)
        return cites
    chosen = e.decide.targets(p.player, p.label, list(dict.fromkeys(found)), 1)
    _play_from_sources(e, p, stack, chosen[:1])
    return cites


@REGISTRY.register("primitive", "partition")
def _partition(e: Engine, p: Pending) -> list[str]:
    """<Partition (A & B)>: play 1 of each specified card from this Digimon's digivolution cards
    without paying their costs, all of them or none (CR 16-29-1, 16-29-4)."""
    stack, cites, sel = holder_stack(e, p), own_cites(e, "partition"), specified(p.spec)
    wanted = (sel.any_of or [sel]) if sel is not None else []
    chosen: list[str] = []
    for one in wanted:
        left = [n for n in _specified_sources(e, stack, one) if n not in chosen] if stack else []
        if not left:
            e.rec.log(f"{p.label}: not every specified card is among its digivolution cards; "
                      "nothing is played", cites)
            return cites
        chosen.append(left[0])
    if stack is not None and chosen:
        _play_from_sources(e, p, stack, chosen)
    return cites


# ---------------------------------------------------------------- activated in the main phase
def main_phase_keyword(spec: EffectSpec) -> bool:
    """An activation-type keyword printed with no timing of its own (<Training>): the player
    activates it in their main phase like a [Main] effect (CR 16-41-1, 16-41-2)."""
    return (spec.category == "activation" and spec.primitive is not None and spec.record is not None
            and not spec.record.timings)


@REGISTRY.register("primitive", "training")
def _training(e: Engine, p: Pending) -> list[str]:
    """<Training>: by suspending this Digimon, place the top card of your deck at the bottom of its
    digivolution cards (CR 16-41-1, 16-41-3); a suspended Digimon can't pay, and nothing happens."""
    stack, cites = holder_stack(e, p), own_cites(e, "training")
    if stack is None or stack.suspended:
        e.rec.log(f"{p.label}: this Digimon can't be suspended; nothing happens",
                  [*cites, *e.cites("cost_unpaid")])
        return cites
    suspend(e, stack, cause="effect", by=p.player)
    deck = e.state.players[p.player].deck
    if deck:
        place_sources(e, stack, [deck.pop(0) or "(blank)"])
        e.rec.log(f"{p.label}: the top card of the deck goes under {stack.alias} as its bottom "
                  "digivolution card", cites)
    e.done += 1
    return cites


@REGISTRY.register("primitive", "mind_link")
def _mind_link(e: Engine, p: Pending) -> list[str]:
    """<Mind Link> with X: this Tamer becomes the bottom digivolution card of 1 of your specified
    Digimon that has no Tamer card among its digivolution cards; mandatory (CR 16-28-1, 16-28-3).
    The Tamer leaves the battle area, and the cards under it are trashed (CR 4-7-8)."""
    tamer, cites, sel = holder_stack(e, p), own_cites(e, "mind_link"), specified(p.spec, "MindLink")
    if tamer is None:
        return cites
    mine = e.state.players[p.player]
    hosts = [s for s in mine.battle_area if s.uid != tamer.uid and _digimon(e, s)
             and (sel is None or e.board.matches(e.state, s, sel, p.player, tamer.uid))
             and not any(e.board.card(n).kind == "Tamer" for n in s.sources)]
    host = _pick(e, p, hosts)
    if host is None:
        e.rec.log(f"{p.label}: no specified Digimon without a Tamer among its digivolution cards", cites)
        return cites
    answering = [x.label for x in e.immediates(Event("WouldLeaveBattleArea", e.snap(tamer), cause="effect",
                                                     by=p.player))]
    if answering:
        e.rec.unsupported_part(p.label, "keyword", "<Mind Link>",
                               "effects answering the Tamer leaving the battle area "
                               f"({', '.join(answering)}) are not carried out for a placement")
        return cites
    mine.battle_area = [s for s in mine.battle_area if s.uid != tamer.uid]
    mine.trash.extend(tamer.sources)
    place_sources(e, host, [tamer.top])
    e.rec.log(f"{p.label}: {tamer.alias} becomes {host.alias}'s bottom digivolution card", cites)
    e.done += 1
    return cites


# ---------------------------------------------------------------- link cards (CR 4-9, 10)
@REGISTRY.register("primitive", "detach")
def _detach(e: Engine, p: Pending) -> list[str]:
    """<Detach (X)>: as this Digimon would leave the battle area other than by your effects, trash 1
    of its specified link cards and it doesn't leave (CR 16-46-1, 16-46-3)."""
    stack, cites, sel = holder_stack(e, p), own_cites(e, "detach"), specified(p.spec)
    fits = [n for n in stack.links if sel is None or e.board.card_fits(n, sel)] if stack is not None else []
    if stack is None or not fits:
        e.rec.log(f"{p.label}: no specified link card to trash; <Detach> can't keep it", cites)
        return cites
    chosen = e.decide.targets(p.player, p.label, list(dict.fromkeys(fits)), 1)[0]
    trash_links(e, stack, [chosen])
    e.rec.log(f"{p.label}: trashes link card {chosen} from {stack.alias}", cites)
    e.prevented += 1
    return cites


# ---------------------------------------------------------------- "would digivolve" (CR 15-8-5)


@REGISTRY.register("event", "WouldDigivolve")
def would_digivolve(e: Engine, stack: Stack, number: str, cost: int, *, from_hand: bool = True,
                    origin: str = "hand") -> int:
    """A digivolution of ``stack`` into ``number`` is about to be paid: the immediate effects
    answering it activate now, those of the card itself first (<Digisorption>, only for a card in
    the hand, CR 16-10-1), then those in play (CR 15-8-5); the cost to pay, never below 0.
    ``origin``: where the card is (Event.origin: "hand", "trash" …)."""
    owner = stack.owner
    specs = [(spec, i) for i, spec in enumerate(e.board.specs(number)) if from_hand]
    card = Snapshot(e.state.new_uid(), owner, owner, (number,), True, -1, specs)
    event = Event("WouldDigivolve", card, e.snap(stack), origin=origin)
    found = [Pending(e.label(card, spec), owner, 0, spec, card, event, (-1, i), on_field=False)
             for spec, i in specs if spec.category == "immediate" and e.triggers(spec, card, event)]
    found += e.immediates(event)
    found += answering(e, event)  # 'the next time one of your Digimon would digivolve this turn, …'
    _REDUCED[id(event)] = INCREASED[id(event)] = 0
    try:
        answer_now(e, found)  # CR 16-10-4: several instances of <Digisorption> are each activated
        if INCREASED[id(event)]:  # 'increase the digivolution cost by 1' (EX3-016)
            cost += INCREASED[id(event)]
            unpayable_increase(e, f"{stack.alias} into {number}", owner, cost)
        return max(0, cost - counted_reduction(e, f"{stack.alias} into {number}", owner, _REDUCED[id(event)]))
    finally:
        del _REDUCED[id(event)], INCREASED[id(event)]


def would_leave(e: Engine, stack: Stack, *, cause: str, by: str | None, how: str = "") -> bool:
    """A stack is about to leave the battle area other than by being deleted (returned to the
    hand or the deck): the effects answering 'would leave the battle area' activate now (<Guard>,
    <Decode>, <Partition>, <Detach>; CR 15-8-5); True if one of them kept it there. For the move
    that returns a Digimon to call before it moves it (a deletion has ``moves.would_be_deleted``);
    ``how`` is "return" for a return to the hand or the deck."""
    before = e.prevented
    found = e.immediates(Event("WouldLeaveBattleArea", e.snap(stack), cause=cause, by=by, how=how))
    answer_now(e, found, until=lambda: e.prevented > before or e.state.find(stack.uid) is None)
    if e.prevented > before:
        e.rec.log(f"{stack.alias} does not leave the battle area", e.cites("prevented_deletion"))
        return True
    return False


@REGISTRY.register("primitive", "digisorption")
def _digisorption(e: Engine, p: Pending) -> list[str]:
    """<Digisorption -N>: by suspending 1 of your Digimon (the one digivolving too, CR 16-10-5),
    the digivolution cost is reduced by N (CR 16-10-1, 16-10-3)."""
    cites = own_cites(e, "digisorption")
    mine = [s for s in e.state.players[p.player].battle_area if _digimon(e, s) and not s.suspended]
    chosen = _pick(e, p, mine)
    if chosen is None or id(p.event) not in _REDUCED:
        e.rec.log(f"{p.label}: no unsuspended Digimon to suspend; the cost stays", cites)
        return cites
    suspend(e, chosen, cause="effect", by=p.player)
    value = abs(parameter_value(p))
    _REDUCED[id(p.event)] += value
    e.rec.log(f"{p.label}: {chosen.alias} suspends; the digivolution cost is reduced by {value}", cites)
    e.done += 1
    return cites
