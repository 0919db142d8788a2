"""Who may play Digimon by effects, or ignore digivolution requirements.

'[All Turns] Players can't play Digimon by effects' (BT9-033,
BT9-047, BT14-009). A persistent effect of a card in play, consulted by every play an effect makes
(``play_card``, ``play_each``, ``play_within_total``, ``play_or_use_card``, into the breeding area,
tokens, 'play this card', <Decode>), not carried out on its own (CR 15-1-3: a prohibition wins).

Only Digimon are barred: Tamer cards are still played (a Tamer is no Digimon), Option cards still used.
The effect still activates; the Digimon card is not played (QA Q6733, Q4296), by an Option card's
effect neither (QA Q1831, Q1846), nor into the breeding area (QA Q5205, Q5206, Q5209). Moving a Digimon
out of the breeding area is no play (QA Q1844); a player's own play is no effect (QA Q2374).

'[All Turns] Players can't ignore digivolution requirements' (BT8-059): a digivolution by an effect
that ignores them is not possible (QA Q1738, Q1741, Q1742); one without paying the cost still is (QA
Q1740), and DNA digivolution or digivolving onto a Tamer as a Digimon is no ignoring (QA Q1739, Q1743).

'[All Turns] Players can't reduce play costs' (BT8-071, EX7-015, ST12-03, ST13-08): when a play cost is
paid, no reduction counts, the player's own play or an effect's (QA Q752, Q1754, Q4295); the effects that
would reduce it still activate (QA Q4443). Playing without paying the cost is no reduction (QA Q753,
Q1755); a use cost of an Option card is no play cost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.registry import REGISTRY
from kg.solver.state import Lasting
from kg.solver.wording import duration_words, verb_words

if TYPE_CHECKING:
    from kg.solver.engine import Engine

CANT_PLAY = "cant_play_digimon_by_effects"
REGISTRY.consulted("verb", CANT_PLAY, "kg.solver.handlers.play_rules.may_play_by_effect when an effect plays")
CANT_IGNORE = "cant_ignore_digivolution_requirements"
REGISTRY.consulted("verb", CANT_IGNORE, "kg.solver.handlers.play_rules.may_ignore_requirements when an "
                   "effect digivolves ignoring them")


CANT_REDUCE = "cant_reduce_play_costs"
REGISTRY.consulted("verb", CANT_REDUCE, "kg.solver.handlers.play_rules.unreduced when a play cost is paid")


CANT_REDUCE_DIGIVOLUTION = "cant_reduce_digivolution_costs"
REGISTRY.consulted("verb", CANT_REDUCE_DIGIVOLUTION, "kg.solver.handlers.play_rules.counted_reduction when a "
                   "digivolution cost is paid")


def _barring(e: Engine, verb: str, player: str) -> str | None:
    """The persistent effect (its label) of a card in play whose ``verb`` reaches ``player``, if any."""
    for holder, spec in e.board.persistent(e.state):
        for action in spec.record.compiled.actions:  # type: ignore[union-attr]
            sel = action.selector
            if action.verb == verb and sel is not None and (
                    sel.owner == "any" or (sel.owner == "self") == (player == holder.owner)):
                return f"{holder.alias}/{spec.card}/{spec.tag}"
    return None


def may_ignore_requirements(e: Engine, label: str, player: str) -> bool:
    """Whether an effect of ``player``'s may digivolve ignoring digivolution requirements; logged when not."""
    barring = _barring(e, CANT_IGNORE, player)
    if barring:
        e.rec.log(f"{label}: players can't ignore digivolution requirements ({barring})",
                  e.cites("prohibition"))
    return barring is None


def may_play_by_effect(e: Engine, label: str, player: str, kind: str, *, log: bool = True) -> bool:
    """Whether an effect may play a card of ``kind`` for ``player`` now; logged when it may not."""
    barring = _barring(e, CANT_PLAY, player) if kind == "Digimon" else None
    if barring and log:
        e.rec.log(f"{label}: players can't play Digimon by effects ({barring})", e.cites("prohibition"))
    lasting = None if barring else _lasting_bar(e, player, kind)
    if lasting and log:
        e.rec.log(f"{label}: {player} can't play {kind} cards by effects ({lasting})", e.cites("prohibition"))
    return barring is None and lasting is None


CANT_PLAY_BY_EFFECTS = "cant_play_by_effects"
CANT_USE_OPTIONS = "cant_use_options"
OPTIONS_BARRED = "options_barred"
REGISTRY.consulted("verb", OPTIONS_BARRED,
                   "kg.solver.handlers.play_rules.may_use_option when an Option is used")


@REGISTRY.register("verb", CANT_PLAY_BY_EFFECTS, CANT_USE_OPTIONS)
def _bar_plays(e: Engine, p: Pending, a: Action) -> list[str]:
    """A lasting bar on a player, for the duration (CR 15-10). 'Your opponent can't play Digimon (or
    Tamers) by effects until the end of their turn' (BT8-097, BT20-020): no effect of that player's plays
    a card of the kind ``card`` names (``may_play_by_effect``), into the breeding area neither (QA Q6238,
    Q6245); the other player's effects still may, their cards too (QA Q4667, Q4668), and the player's
    own plays are no effects. 'Your opponent can't use Option cards until the end of their next turn'
    (EX1-072): neither from the hand nor by an effect (``may_use_option``)."""
    ends = e.expiry(p.player, a.duration)
    e.state.lasting.append(Lasting(p.label, p.player, a, None, (), ends, p.spec.cites))  # reaches no card
    e.rec.log(f"{p.label}: {verb_words(a)} (it lasts {duration_words(a.duration)})", e.cites("prohibition"))
    e.done += 1
    return e.cites("prohibition")


def _lasting_bar(e: Engine, player: str, kind: str) -> str | None:
    """The lasting 'can't play … by effects' (its label) that reaches ``player`` for a card of ``kind``."""
    for x in e.state.lasting:
        sel, card = x.action.selector, x.action.card
        if x.action.verb != CANT_PLAY_BY_EFFECTS or sel is None or card is None:
            continue
        whose = sel.owner == "any" or (sel.owner == "self") == (player == x.owner)
        if whose and kind in card.kind.split(" or "):  # 'Digimon or Tamer': both kinds
            return x.label
    return None


def playable_by_effect(e: Engine, label: str, player: str, numbers: list[str]) -> list[str]:
    """The cards of ``numbers`` an effect may play for ``player`` now (the prohibition logged once if
    it bars any)."""
    kept = [n for n in numbers if may_play_by_effect(e, label, player, e.board.card(n).kind, log=False)]
    if len(kept) < len(numbers):  # logged once, for the kind of the first card barred
        may_play_by_effect(e, label, player, e.board.card(next(n for n in numbers if n not in kept)).kind)
    return kept


def unreduced(e: Engine, label: str, player: str, number: str, cost: int) -> int:
    """The play cost ``player`` pays for ``number``: ``cost`` (after reductions), or the printed play cost
    while 'players can't reduce play costs' reaches them (QA Q752); logged when it changes."""
    printed = e.board.card(number).play_cost or 0
    barring = _barring(e, CANT_REDUCE, player) if cost < printed else None
    if barring is None:
        return cost
    e.rec.log(f"{label}: players can't reduce play costs ({barring}): {number} costs {printed}",
              e.cites("prohibition"))
    return printed


def counted_reduction(e: Engine, label: str, player: str, reduction: int, *, log: bool = True) -> int:
    """How much of ``reduction`` counts when ``player`` pays a digivolution cost: none while 'your opponent
    can't reduce digivolution costs' reaches them (BT5-021, ST20-07; QA Q1302, Q4451); the effects that
    would reduce it still activate (Q1302). A fixed cost ('for a memory cost of 3', Q1304) or none
    ('without paying the cost', Q4452) is no reduction, and is not passed here."""
    barring = _barring(e, CANT_REDUCE_DIGIVOLUTION, player) if reduction > 0 else None
    if barring is None:
        return reduction
    if log:
        e.rec.log(f"{label}: {player} can't reduce digivolution costs ({barring}): the reduction of "
                  f"{reduction} doesn't count", e.cites("prohibition"))
    return 0


def may_use_option(e: Engine, label: str, player: str) -> bool:
    """Whether ``player`` may use an Option card now (from the hand or by an effect, CR 9-1); logged when
    a lasting 'can't use Option cards' reaches them. An Option's [Security] effect is no use (QA Q3265),
    nor is activating <Delay> on one in the battle area (QA Q3266, Q1737)."""
    for x in e.state.lasting:
        sel = x.action.selector
        if x.action.verb == CANT_USE_OPTIONS and sel is not None \
                and (sel.owner == "any" or (sel.owner == "self") == (player == x.owner)):
            e.rec.log(f"{label}: {player} can't use Option cards ({x.label})", e.cites("prohibition"))
            return False
    # a persistent one while it applies: '[Opponent's Turn] While all of your Digimon are suspended, your
    # opponent can't use Option cards' (BT8-057; CR 15-8-2-2)
    if (barring := _barring(e, OPTIONS_BARRED, player)) is not None:
        e.rec.log(f"{label}: {player} can't use Option cards ({barring})", e.cites("prohibition"))
        return False
    return True
