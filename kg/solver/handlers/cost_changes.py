"""Cost changes that answer a play or a use about to be paid (CR 15-8-5): 'When this card would
be played, reduce the play cost by 5', 'When you would use this card, reduce the cost by 2',
'[Your Turn] When any of your [Eater] trait Digimon cards would be played, reduce the play cost
by 1'. They activate once the card is revealed, before its cost is paid (CR 7-1-2-2, 9-1-6); the
cost paid is never below 0 (CR 1-3-9). A digivolution's reductions are answered by
``keywords_cr16.would_digivolve`` (CR 8-1-2-4), with the running totals and ``answer_now`` kept here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Event, Pending, Snapshot
from kg.solver.handlers.play_rules import unreduced
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from collections.abc import Callable

    from kg.solver.engine import Engine

#: Per 'would be played' / 'would digivolve' event being answered: how much its cost is reduced so far.
REDUCED: dict[int, int] = {}
#: Per 'would digivolve' event being answered: how much its cost is increased so far (apart from the
#: reductions, which 'can't reduce digivolution costs' may cancel while the increases still count).
INCREASED: dict[int, int] = {}


def answer_now(e: Engine, found: list[Pending], until: Callable[[], bool] = lambda: False) -> None:
    """Activate immediate-type effects answering something about to happen, turn player's first,
    each in a batch of its own (CR 15-8-5), until ``until()`` says it no longer matters."""
    for p in sorted(found, key=lambda p: p.player != e.state.turn_player):
        if until():
            return
        e.batch_count += 1
        p.kind, p.batch = "immediate", e.batch_count
        cites = [*p.spec.cites, *e.order_cites("immediate_first")]
        if e.unsupported_parts(p, cites):
            continue
        why = e.unmet_condition(p) if e.within_limit(p) else ("its usage limit for this turn is used up",
                                                               "usage_limit")
        if why is not None:  # 'if you have a red Tamer in play, reduce the cost by 1' (CR 15-6, 15-14-1)
            e.rec.effect(p.label, p.player, p.batch, "fizzled", [*cites, *e.cites(why[1])], "immediate",
                         why[0])
            continue
        if p.spec.optional and not e.decide.optional(p.player, p.label):
            e.rec.effect(p.label, p.player, p.batch, "declined", cites, "immediate")
            continue
        e.count_use(p)
        extra = e.run(p)
        e.rec.effect(p.label, p.player, p.batch, "activated", [*cites, *extra], "immediate")




REGISTRY.consulted("verb", "reduce_own_cost_in_hand", "kg.solver.handlers.cost_changes.own_cost (the cost "
                   "of a card in the hand)")


def own_cost(e: Engine, owner: str, number: str) -> int:
    """The play / use cost of ``number`` in ``owner``'s hand: its printed cost less its own
    persistent 'reduce the memory cost of this card in your hand by N (for each …)'; the card is
    played or used as a card of that cost (CR 7-1-2-2, 9-1-6; QA Q5488), never below 0 (CR 1-3-9)."""
    cost = e.board.card(number).play_cost or 0
    for spec in e.board.specs(number):
        record = spec.record
        if spec.category != "persistent" or record is None:
            continue
        if not record.compiled.actions_compiled and "cost" in record.text.lower():
            # 'While you have [Agumon] …, this card costs 0' not read: the cost paid would be a guess
            e.rec.unsupported_part(f"{owner}/{number}", "action", record.text,
                                   "a text of this card about costs is not understood: its cost in "
                                   "the hand may differ from the printed one")
            continue
        for a in record.compiled.actions:
            if a.verb != "reduce_own_cost_in_hand" or not a.compiled:
                continue
            if record.compiled.conditions:  # 'while …' on a card in the hand: not read, not guessed
                e.rec.unsupported_part(f"{owner}/{number}", "condition", a.span or a.verb,
                                       "a condition on a card's own cost in the hand is not implemented")
                continue
            cost -= (e.board.multiplied(e.state, a, owner, None) if a.per else a).amount or 0
    return max(0, cost)


@REGISTRY.register("event", "WouldBePlayed")
def would_be_played(e: Engine, owner: str, number: str, cost: int, *, revealed: bool = True,
                    from_hand: bool = False) -> int:
    """``owner`` is about to pay ``cost`` to play or use ``number``: the immediate effects
    answering it activate now, those of the card itself first (it is revealed, CR 7-1-2-2, 9-1-6),
    then those in play, turn player's first (CR 15-8-5); the cost to pay, never below 0 (CR 1-3-9).
    ``from_hand``: the revealed card is played from the hand, where it still is (CR 7-1-2-3)."""
    specs = [(spec, i) for i, spec in enumerate(e.board.specs(number)) if revealed]
    card = Snapshot(e.state.new_uid(), owner, owner, (number,), False, -1, specs)
    event = Event("WouldBePlayed", card, how="hand" if from_hand else "")
    found = [Pending(e.label(card, spec), owner, 0, spec, card, event, (-1, i), on_field=False)
             for spec, i in specs if spec.category == "immediate" and e.triggers(spec, card, event)]
    found += e.immediates(event)
    REDUCED[id(event)] = 0
    try:
        answer_now(e, found)
        return max(0, cost - REDUCED[id(event)])  # CR 1-3-9
    finally:
        del REDUCED[id(event)]


def reduced_play_cost(e: Engine, label: str, player: str, number: str, amount: int,
                      declare: Callable[[], int] = lambda: 0) -> int:
    """What ``player`` pays to play ``number`` by an effect 'with the play cost reduced by N': the printed
    play cost less N, less what the effects answering 'would be played' reduce (CR 7-1-2-2, 7-1-3-2),
    less what a play declaration made after them reduces (``declare``: an Assembly, CR 7-3-2-2),
    never below 0 (CR 1-3-9); the printed cost while 'players can't reduce play costs' (QA Q752)."""
    cost = max(0, (e.board.card(number).play_cost or 0) - amount)
    if cost:
        cost = would_be_played(e, player, number, cost)
    cost = max(0, cost - declare())
    return unreduced(e, label, player, number, cost)


def cost_reducer(cost: str, answering: str, situation: str) -> Callable[[Engine, Pending, Action], list[str]]:
    """The verb 'reduce the <cost> by N': the play, use or digivolution the immediate effect answers
    ('would be played / used / digivolve') costs N less (CR 15-8-5, 7-1-2-2, 9-1-6, 8-1-2-4; never
    below 0, CR 1-3-9). Outside such an effect it is reported, not guessed."""
    def reduce(e: Engine, p: Pending, a: Action) -> list[str]:
        cites = e.cites(situation)
        if id(p.event) not in REDUCED:
            e.rec.unsupported_part(p.label, "action", a.span or a.verb,
                                   f"a {cost} reduced outside an effect answering '{answering}'")
            return cites
        REDUCED[id(p.event)] += a.amount or 0
        e.done += 1
        e.rec.log(f"{p.label}: the {cost} is reduced by {a.amount or 0}", cites)
        return cites
    return reduce


REGISTRY.bind("verb", "reduce_play_cost", cost_reducer("cost", "would be played", "cost_reduced"))


def digivolve_cost_increaser(e: Engine, p: Pending, a: Action) -> list[str]:
    """The verb 'increase the digivolution cost by N' (EX3-016): the digivolution the immediate effect
    answers ('would digivolve') costs N more (CR 15-8-5, 8-1-2-4). Outside such an effect it is reported."""
    cites = e.cites("digivolution_cost_changed")
    if id(p.event) not in INCREASED:
        e.rec.unsupported_part(p.label, "action", a.span or a.verb,
                               "a digivolution cost increased outside an effect answering 'would digivolve'")
        return cites
    INCREASED[id(p.event)] += a.amount or 0
    e.done += 1
    e.rec.log(f"{p.label}: the digivolution cost is increased by {a.amount or 0}", cites)
    return cites


def unpayable_increase(e: Engine, what: str, player: str, cost: int) -> None:
    """A digivolution cost increased beyond what ``player`` can pay (their memory plus the 10 of the
    opponent's side) makes the digivolution fail, the card back to the hand (QA Q3384): not carried out
    here, so reported rather than paid."""
    if cost > e.state.memory_of(player) + 10:
        e.rec.unsupported_part(None, "rule", what, f"the increased digivolution cost {cost} can't be paid: "
                               "the digivolution fails (QA Q3384), which is not carried out")


REGISTRY.bind("verb", "increase_digivolve_cost", digivolve_cost_increaser)


#: The situation each 'would' event's cost change cites.
_CHANGED = {"WouldBePlayed": "cost_reduced", "WouldDigivolve": "digivolution_cost_changed"}


def either_cost_reducer(e: Engine, p: Pending, a: Action) -> list[str]:
    """The verb 'reduce the play or digivolution cost by N' (EX5-012): the play or the digivolution the
    immediate effect answers costs N less (CR 15-8-5, 7-1-2-2, 8-1-2-4; never below 0, CR 1-3-9)."""
    name = p.event.name if p.event is not None else ""
    if id(p.event) not in REDUCED or name not in _CHANGED:
        e.rec.unsupported_part(p.label, "action", a.span or a.verb, "a play or digivolution cost reduced "
                               "outside an effect answering 'would be played or digivolved into'")
        return []
    cites = e.cites(_CHANGED[name])
    REDUCED[id(p.event)] += a.amount or 0
    e.done += 1
    what = "play" if name == "WouldBePlayed" else "digivolution"
    e.rec.log(f"{p.label}: the {what} cost is reduced by {a.amount or 0}", cites)
    return cites


REGISTRY.bind("verb", "reduce_play_or_digivolve_cost", either_cost_reducer)
