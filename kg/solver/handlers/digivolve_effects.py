"""Digivolving by an effect ('this Digimon may digivolve into [Greymon] in the hand with the
digivolution cost reduced by 1'): which card, from which zone, onto which Digimon or Tamer, for
what cost (CR 8-1-3).

The procedure (CR 8-1-3-1..3): a Digimon card is chosen from the zone, then a card on the field
that meets one of its digivolution requirements (CR 2-3-5; any card when they are ignored,
CR 8-1-2-2); the cost is paid, the card goes on top, its owner draws 1 (``moves.evolve``) and
[When Digivolving] triggers. When no pair is possible nothing moves and no memory is paid
(CR 8-1-2-6). A requirement written in the card's text ('[Digivolve] Lv.5 w/[CS] trait: Cost 3',
CR 2-3-5-3) is not read: a pair that only such a requirement could allow is reported unsupported,
never guessed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.handlers.card_moves import pile_of, zone_cards
from kg.solver.handlers.cost_changes import cost_reducer
from kg.solver.handlers.keywords_cr16 import would_digivolve
from kg.solver.handlers.play_rules import counted_reduction, may_ignore_requirements
from kg.solver.handlers.verbs import legal_targets, targets
from kg.solver.moves import can_digivolve, evolve, from_tamer, tamer_as_digimon
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack
from kg.solver.statics import may_digivolve_into, stack_colors
from kg.solver.support import persistent_gaps

if TYPE_CHECKING:
    from kg.solver.engine import Engine

#: A digivolution requirement printed as text (CR 2-3-5-3), which the solver does not read.
TEXT_REQUIREMENT = re.compile(r"\[Digivolve\]|(?<![<\w])Digivolve:")

#: ``cost_of``'s answer when the solver cannot tell whether a pair meets the requirements.
UNKNOWN = -1


def requirement_cost(e: Engine, stack: Stack, number: str, *, any_level: bool = False) -> int | None:
    """The digivolution cost of the cheapest printed requirement of ``number`` that the stack's
    top card meets (level and colour, CR 2-3-5, 8-1-2-1; its colour only with ``any_level``,
    'ignoring level', QA Q5603); None when none is met; ``UNKNOWN`` when the card may have a
    requirement the solver cannot read (text, or a scenario card that gives a digivolution cost but
    not what it digivolves from)."""
    card, top = e.board.card(number), e.board.card(stack.top)
    colors = stack_colors(e.board, e.state, stack)  # 'This Digimon is also treated as …' (QA Q1054)
    if any_level and TEXT_REQUIREMENT.search(card.text):  # which one is cheaper, level aside (QA Q5604)
        return UNKNOWN
    met = card.requirement_cost(top.level, colors) if not any_level else min(
        (r.cost or 0 for r in card.requirements if r.color is None or r.color in colors), default=None)
    if met is not None:
        return met
    unread = TEXT_REQUIREMENT.search(card.text) or (not card.requirements and card.digivolve_cost is not None)
    return UNKNOWN if unread else None


#: A persistent 'X can digivolve into Y for a memory cost of 4, ignoring its digivolution
#: requirements' (ingest/compiler/digivolve.py): consulted whenever X digivolves.
PERMISSION = "digivolve_permission"
REGISTRY.consulted("verb", PERMISSION, "kg.solver.handlers.digivolve_effects.permission when a Digimon "
                   "digivolves, by the player or by an effect")


def permission(e: Engine, stack: Stack, number: str, origin: str) -> tuple[str, int] | None:
    """The cheapest persistent permission that lets ``stack`` digivolve into ``number`` (taken
    from ``origin``) now, ignoring its requirements for a fixed cost (CR 8-1-2-2): (label, cost).
    Whichever card says it: ``number`` itself while in the hand ('Your [Keramon] can digivolve into
    this card in your hand'), or the stack ('this Digimon can digivolve into [Antylamon] in the
    hand'). It works for a Digimon in the battle area only (QA Q1042, Q1291, Q1342, Q6388), by the
    player's digivolution or an effect's (QA Q1043, Q1454, Q5255); it is no cost reduction (QA Q1287)."""
    side = e.state.players[stack.owner]
    if all(s.uid != stack.uid for s in side.battle_area) or e.board.card(stack.top).kind != "Digimon":
        return None
    found: list[tuple[str, int]] = []
    if origin == "hand" and number in side.hand:
        holder = Stack(e.state.new_uid(), number, stack.owner, [number])  # the card as it is in the hand
        for spec in e.board.specs(number):
            record = spec.record
            allows = [a for a in record.compiled.actions if a.verb == PERMISSION and a.card is not None
                      and a.card.this and a.card.zone == "hand"] if record is not None else []
            if not allows or spec.category != "persistent" or not e.board.live_in(spec, stack.owner, e.state):
                continue
            gaps = persistent_gaps(e.index, record)  # type: ignore[arg-type]
            if gaps:
                e.report_gaps(f"{number}/{spec.tag}", gaps)
                continue
            if all(e.board.holds(e.state, holder, c) for c in record.compiled.conditions):  # type: ignore[union-attr]
                found += [(f"{number}/{spec.tag}", a.cost or 0) for a in allows if a.selector is not None
                          and e.board.matches(e.state, stack, a.selector, stack.owner, None, base=True)]
    for holder, spec in e.board.persistent(e.state):  # live, its 'while …' holding (CR 15-8-2)
        if holder.uid != stack.uid:
            continue
        found += [(f"{stack.alias}/{spec.card}/{spec.tag}", a.cost or 0)
                  for a in spec.record.compiled.actions  # type: ignore[union-attr]
                  if a.verb == PERMISSION and a.card is not None and not a.card.this
                  and a.selector is not None and a.selector.this and a.card.zone == origin
                  and e.board.card_fits(number, a.card)]
    return min(found, key=lambda f: f[1]) if found else None


def _with_permission(e: Engine, a: Action, stack: Stack, number: str, origin: str, base: int | None,
                     chosen: dict[tuple[str, int], str]) -> int | None:
    """The requirement's cost ``base`` or a permission's (noted in ``chosen``), whichever is
    cheaper (CR 8-1-2-1: the player chooses the requirement). Against a requirement the solver cannot
    read, the permission decides only when the action's cost does not depend on the requirement."""
    allowed = permission(e, stack, number, origin)
    if allowed is None:
        return base
    fixed = a.free or a.cost is not None
    if base is None or (base == UNKNOWN and fixed) or (base != UNKNOWN and allowed[1] < base):
        chosen[(number, stack.uid)] = allowed[0]
        return allowed[1]
    return base


def cost_of(e: Engine, a: Action, stack: Stack, number: str, origin: str = "hand",
            chosen: dict[tuple[str, int], str] | None = None) -> int | None:
    """What digivolving ``stack`` into ``number`` costs by this action: free, a fixed cost, or the
    requirement's cost reduced by ``amount``; None if the pair is not allowed; ``UNKNOWN``. A
    permission used in place of a requirement is noted in ``chosen`` (its label)."""
    if a.ignore_requirements:  # CR 8-1-2-2: the requirements are not referenced
        if a.free or a.cost is not None:
            return 0 if a.free else a.cost
        printed = [r.cost or 0 for r in e.board.card(number).requirements]
        base = min(printed) if printed else e.board.card(number).digivolve_cost
        return UNKNOWN if base is None else max(0, base - _reduction(e, a, stack))
    base = requirement_cost(e, stack, number, any_level=a.ignore_level)
    base = _with_permission(e, a, stack, number, origin, base, {} if chosen is None else chosen)
    if base is None or base == UNKNOWN:
        return base
    if a.free:
        return 0
    if a.cost is not None:
        return a.cost
    return max(0, base - _reduction(e, a, stack))


def _reduction(e: Engine, a: Action, stack: Stack) -> int:
    """'With the digivolution cost reduced by N': N, unless its player can't reduce digivolution costs
    (``play_rules.counted_reduction``, QA Q1302)."""
    return counted_reduction(e, a.span or a.verb, stack.owner, a.amount or 0, log=False)


def _breeding(e: Engine, p: Pending, a: Action) -> list[Stack]:
    """'1 of your Digimon in the breeding area' (BT20-018): the player's breeding-area Digimon, if the
    selector fits it. It digivolves there; its [When Digivolving] effects don't trigger (QA Q4300)."""
    stack, sel = e.state.players[p.player].breeding, a.selector
    if stack is None or sel is None or sel.owner != "self" or e.board.card(stack.top).kind != "Digimon":
        return []
    return [stack] if e.board.matches(e.state, stack, sel, p.player, p.holder.uid) else []


@REGISTRY.register("verb", "digivolve")
def digivolve_by_effect(e: Engine, p: Pending, a: Action) -> list[str]:
    """Digivolve one of the selector's cards into a Digimon card of ``a.card``'s zone (CR 8-1-3)."""
    assert a.card is not None, "the compiler always names the card digivolved into"
    cites = e.cites("digivolve_by_effect")
    if a.ignore_requirements and not may_ignore_requirements(e, p.label, p.player):  # QA Q1742
        return [*cites, *e.cites("prohibition")]
    found = targets(e, p, a) if a.same_targets else _breeding(e, p, a) if a.selector and \
        a.selector.zone == "breeding_area" else legal_targets(e, p, a.selector)  # 'that Digimon'
    onto = [s for s in found if s.owner == p.player and can_digivolve(e, s)]
    pool = zone_cards(e, p, a.card)
    cards = list(dict.fromkeys(n for n in pool if n and e.board.card(n).kind == "Digimon"
                               and e.board.card_fits(n, a.card)
                               and (not a.card.this or n == p.spec.card)))  # 'into this card': that one
    permitted: dict[tuple[str, int], str] = {}  # the pairs allowed by a permission (its label)
    pairs = {(n, s.uid): cost_of(e, a, s, n, pile_of(e, p.player, pool, n), permitted) for n in cards
             for s in onto if may_digivolve_into(e.board, e.state, s, n)}  # 'can only …' (CR 15-1-3)
    if permitted and not may_ignore_requirements(e, p.label, p.player):  # it bars permissions too
        pairs = {k: (None if k in permitted else c) for k, c in pairs.items()}
    unknown = sorted({n for (n, _), c in pairs.items() if c == UNKNOWN})
    for number in unknown:
        e.rec.unsupported_part(p.label, "action", a.span or a.verb,
                               f"whether a Digimon can digivolve into {number}: its digivolution "
                               "requirements are not known to the solver (CR 2-3-5-3)")
    legal = {k: c for k, c in pairs.items() if c is not None and c != UNKNOWN}
    choosable = [n for n in cards if any(k[0] == n for k in legal)]
    if not choosable:
        e.rec.log(f"{p.label}: nothing can digivolve as the effect says; nothing happens",
                  [*cites, *e.cites("digivolve_none")])
        return cites
    number = e.decide.targets(p.player, p.label, choosable, 1)[0]
    stacks = [s for s in onto if (number, s.uid) in legal]
    alias = e.decide.targets(p.player, p.label, [s.alias for s in stacks], 1)[0]
    stack = next(s for s in stacks if s.alias == alias)
    e.chosen[id(p)] = (stack.uid,)  # 'that Digimon' in a later action
    origin = pile_of(e, p.player, pool, number)
    pool.remove(number)
    cost = legal[(number, stack.uid)]
    # a Tamer an effect digivolves ('that Tamer digivolves into this card') digivolves as it is, no
    # Digimon (QA Q2985), unless the card lets it digivolve onto the Tamer as if it were one (Q2200)
    tamer = e.board.card(stack.top).kind == "Tamer" and tamer_as_digimon(e, stack, number) is None
    if cost and not tamer and not from_tamer(e, stack, number):  # CR 8-1-2-4: 'would digivolve'
        # effects answer once the card and the Digimon are chosen (a free digivolution has no cost for
        # them to reduce; a Tamer digivolving as it is is no Digimon that would digivolve, QA Q3002)
        cost = would_digivolve(e, stack, number, cost, origin=origin)
    ignoring = ", ignoring digivolution requirements" if a.ignore_requirements else \
        ", ignoring level" if a.ignore_level else ""
    if (number, stack.uid) in permitted:
        ignoring = f", ignoring digivolution requirements by {permitted[(number, stack.uid)]}'s permission"
        cites = [*cites, *e.cites(PERMISSION)]
    e.rec.log(f"{p.label}: {stack.alias} digivolves into {number} from the "
              f"{a.card.zone.replace('_', ' ')} for {cost} memory{ignoring}", cites)
    evolve(e, stack, number, cost, origin=origin, tamer_by_effect=tamer)
    e.done += 1
    return cites


REGISTRY.bind("verb", "reduce_digivolve_cost",
              cost_reducer("digivolution cost", "would digivolve", "digivolve_by_effect"))


def player_permission(e: Engine, stack: Stack, number: str) -> tuple[str, int] | None:
    """The permission the turn player digivolves ``stack`` into ``number`` (in the hand) by, as a
    main-phase action: (label, cost). When the card's printed requirements may allow it too, the
    player chooses (CR 8-1-2-1): the permission's label is then a "may" decision (default yes)."""
    allowed = permission(e, stack, number, "hand")
    if allowed is None or not may_ignore_requirements(e, allowed[0], stack.owner):
        return None
    if requirement_cost(e, stack, number) is not None and not e.decide.optional(stack.owner, allowed[0]):
        return None
    return allowed
