"""The turn player's actions (play, digivolve, use an Option, activate a [Main]) and the turn's
phases (CR 6), which come in order from the graph (dcg:TurnPhase, dcg:nextStep); each phase's
dcg:roleOf names its handler here, and ``announce()`` emits the phase's dcg:emits events and
carries out what waits at its dcg:hasPoint."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kg.solver.events import Event, Pending, Snapshot
from kg.solver.handlers.cost_changes import own_cost, would_be_played
from kg.solver.handlers.digivolve_effects import TEXT_REQUIREMENT, player_permission
from kg.solver.handlers.digixros import record
from kg.solver.handlers.keywords_cr16 import main_phase_keyword, would_digivolve
from kg.solver.handlers.play_rules import may_use_option, unreduced
from kg.solver.handlers.requirements import refuse_colors
from kg.solver.handlers.verbs import draw, skips_unsuspend
from kg.solver.handlers.zone_effects import zone_cites
from kg.solver.moves import can_digivolve, enter_play, evolve, tamer_as_digimon, tamer_requirement, unsuspend
from kg.solver.registry import REGISTRY
from kg.solver.rule_lines import digivolve_by_text_cost
from kg.solver.state import Stack, opponent
from kg.solver.statics import may_digivolve_into, stack_colors
from kg.solver.wording import duration_words

if TYPE_CHECKING:
    from ingest.effect_ir import Action
    from kg.solver.effect_spec import EffectSpec
    from kg.solver.engine import Engine
    from kg.solver.rules_index import AttackStep

Announce = Callable[[], None]


def _from_hand(e: Engine, what: str, number: str) -> bool:
    hand = e.state.players[e.state.turn_player].hand
    if number not in hand:
        e.refuse(what, f"{number} is not in the hand")
        return False
    hand.remove(number)
    return True


def play(e: Engine, number: str, declared: dict[str, list[str] | None] | None = None) -> None:
    """Play a Digimon or Tamer from the hand: it is revealed, the effects answering 'would be
    played' change its cost (CR 7-1-2-2), the ``declared`` play declarations (dcg:PlayDeclaration by
    code: a DigiXros, CR 7-2-3; an Assembly, CR 7-3-3) place their cards, the cost is paid (CR
    7-1-3-2); [On Play] then triggers (CR 15-16-2)."""
    if not _from_hand(e, f"play {number}", number):
        return
    tp = e.state.turn_player
    cost = would_be_played(e, tp, number, own_cost(e, tp, number), from_hand=True)
    under: list[str] = []
    xros = None
    for code, wanted in (declared or {}).items():  # CR 7-2-3-2, 7-3-3-2: after 'would be played'
        handler = REGISTRY.handler("declaration", code)
        assert handler is not None, f"declaration {code!r}: bound in kg/solver/handlers"
        placed = handler(e, tp, number, wanted)
        cost = max(0, cost - placed.reduction)  # CR 7-2-3-3, 7-3-3-3, 1-3-9
        under = [*placed.cards, *under]
        xros = placed if code == "digixros" else xros
    e.state.pay(tp, unreduced(e, f"play {number}", tp, number, cost))  # 'players can't reduce play costs'
    stack = enter_play(e, tp, number, played=True, under=under)
    if xros is not None:
        record(e, stack, xros)
    e.flush()
    e.resolve()


def digivolve(e: Engine, alias: str, number: str) -> None:
    """Digivolve a stack into a card from the hand, paying the cost (CR 8)."""
    stack = e.state.by_alias(alias)
    what = f"digivolve {alias} into {number}"
    if stack is None or stack.owner != e.state.turn_player:
        return e.refuse(what, f"{alias} is not the turn player's Digimon")
    if not can_digivolve(e, stack) or not may_digivolve_into(e.board, e.state, stack, number):  # CR 15-1-3
        return e.refuse(what, f"{alias} can't digivolve into {number}", e.cites("prohibition"))
    allowed = player_permission(e, stack, number) if number in e.state.players[stack.owner].hand else None
    if number not in e.state.players[e.state.turn_player].hand:
        return e.refuse(what, f"{number} is not in the hand")
    by_name = tamer_requirement(e, stack, number)  # CR 8-1-3-2: the chosen requirement's cost
    permission = tamer_as_digimon(e, stack, number)
    free = by_name is None and allowed is None and permission is None  # by a printed level-and-colour one
    met = _requirement_met(e, stack, number) if free else None
    if met is False and TEXT_REQUIREMENT.search(e.board.card(number).text):  # one it cannot read
        e.rec.unsupported_part(what, "rule", number, UNREAD_REQUIREMENT)
        return None
    if met is False:  # refused before the card leaves the hand: nothing happens
        top = e.board.card(stack.top)
        why = f"{alias} (level {top.level}, {'/'.join(top.colors) or 'no colour'}) meets no digivolution " \
              f"requirement of {number}"
        return e.refuse(what, why, e.cites("digivolve_requirement_unmet"))
    _from_hand(e, what, number)
    if permission is not None:
        return _onto_tamer(e, stack, number, permission, by_name, what)
    cost = by_name if by_name is not None else e.board.card(number).digivolve_cost or 0
    if met is not None:  # the cost of the requirement it meets (CR 8-1-2-1)
        cost = met
    if allowed is not None:  # 'X can digivolve into this card for a memory cost of 4, ignoring …'
        e.rec.log(f"{alias} digivolves into {number} by {allowed[0]}'s permission for {allowed[1]} memory, "
                  "ignoring digivolution requirements", e.cites("digivolve_permission"))
        cost = allowed[1]
    # QA Q3002: a Tamer digivolving as it is is no Digimon that 'would digivolve' (CR 8-1-2-4)
    if by_name is None:
        cost = would_digivolve(e, stack, number, cost)
    evolve(e, stack, number, cost)
    e.flush()
    e.resolve()


#: Why a digivolution onto a Digimon that meets none of the printed requirements the engine reads, into
#: a card whose text prints one more, is not carried out.
UNREAD_REQUIREMENT = ("the card prints a digivolution requirement of its own that the engine cannot read, "
                      "and the Digimon meets none of the others (CR 8-1-2-1): not implemented")


def _requirement_met(e: Engine, stack: Stack, number: str) -> int | bool | None:
    """The cost of the cheapest printed digivolution requirement of ``number`` that the stack's top
    card meets, by its level and colours now (CR 8-1-2-1); False when it meets none; None when the
    card prints none the engine knows (a scenario card given only its cost)."""
    card, top = e.board.card(number), e.board.card(stack.top)
    if not card.requirements:  # a scenario card given only its cost: nothing to check it against
        return None
    colors = stack_colors(e.board, e.state, stack)
    printed = card.requirement_cost(top.level, colors, unstated_fits=True)
    in_text = digivolve_by_text_cost(card, top)  # 'Digivolve: 1 from [Gallantmon]'
    met = [c for c in (printed, in_text) if c is not None]
    return min(met) if met else False


def _onto_tamer(e: Engine, stack: Stack, number: str, permission: Action, by_name: int | None,
                what: str) -> None:
    """Digivolve onto a Tamer as the card's permission treats it: a Digimon of the level it names, so
    'can't digivolve', 'would digivolve' and [When Digivolving] apply (QA Q1157, Q2723, Q3422). The
    cost is the '[Digivolve] [Tamer name]' requirement's when the player digivolves by it (QA Q2724),
    else the printed requirement of that level and colour."""
    cites = e.cites("tamer_as_digimon")
    colors = [permission.selector.color] if permission.selector and permission.selector.color else \
        e.board.card(stack.top).colors
    printed = e.board.card(number).requirement_cost(permission.amount, colors)
    cost = by_name if by_name is not None else permission.cost if permission.cost is not None else printed
    if cost is None:
        return e.refuse(what, f"{number} has no digivolution requirement from a level {permission.amount} "
                              f"{'/'.join(colors)} Digimon", cites)
    if not can_digivolve(e, stack):
        return e.refuse(what, f"{stack.alias} can't digivolve", e.cites("prohibition"))
    e.rec.log(f"{stack.alias} digivolves into {number} as a level {permission.amount} Digimon, "
              "by the card's permission", cites)
    evolve(e, stack, number, would_digivolve(e, stack, number, cost), as_digimon=True)
    e.flush()
    e.resolve()


def _main_effect(e: Engine, holder: Snapshot, number: str, which: int | str | None,
                 what: str, zone: str | None = None) -> Pending | None | bool:
    """The card's [Main] effect the action names: None if it has none; False (refused) if the
    card has several and the action does not say which, or names one it does not have (CR 15-16-7).
    Only the effects that work where the card is: with no zone icon, or with ``zone``'s ({Trash}: in
    the trash, and only there, CR 15-14-3-1; QA Q4438)."""
    found = [Pending(e.label(holder, spec, "Main"), holder.owner, 0, spec, holder, Event("Main"),
                     (holder.pos, 0), on_field=False, kind="activation")
             for spec in e.board.specs(number)
             if spec.activatable and (spec.tag.startswith("Main") or main_phase_keyword(spec)
                                      or "Main" in (spec.record.timings if spec.record else ()))
             and _works_in(e, spec) == zone]
    if not found:
        return None
    tags = [p.spec.tag for p in found]
    if which is None:
        if len(found) == 1:
            return found[0]
        e.refuse(what, f"{number} has {len(found)} [Main] effects ({', '.join(tags)}): "
                       f"name the one activated with effect: 1..{len(found)} or its tag")
        return False
    if isinstance(which, int) and 1 <= which <= len(found):
        return found[which - 1]
    if which in tags:
        return found[tags.index(str(which))]
    e.refuse(what, f"{number} has no [Main] effect {which!r}; it has {', '.join(tags)}")
    return False


def _works_in(e: Engine, spec: EffectSpec) -> str | None:
    """The zone an effect's zone icon names ({Trash}: "trash"), None for an effect of the battle area."""
    icon = e.board.zone_icon(spec)
    return e.index.zone_icons[icon] if icon else None


@REGISTRY.register("event", "OptionUsed")
def use(e: Engine, number: str, which: int | str | None = None) -> None:
    """Use an Option from the hand: only if its color requirements are met (CR 9-1-1, 4-22);
    revealed, the effects answering 'would be used' change its cost (CR 9-1-6), it is paid
    (CR 9-1-9-2), its [Main] effect runs, then it is trashed (CR 9-1-5)."""
    tp = e.state.turn_player
    if number not in e.state.players[tp].hand:
        return e.refuse(f"use {number}", f"{number} is not in the hand")
    if refuse_colors(e, tp, number):  # CR 1-3-11-1: a card that can't be used can't be declared
        return None
    if not may_use_option(e, f"use {number}", tp):  # 'your opponent can't use Option cards' (CR 15-1-3)
        return e.refuse(f"use {number}", f"{tp} can't use Option cards", e.cites("prohibition"))
    holder = Snapshot(e.state.new_uid(), tp, tp, (number,), False, -1)
    p = _main_effect(e, holder, number, which, f"use {number}")
    if p is False:  # refused before anything is paid
        return None
    e.state.players[tp].hand.remove(number)
    cost = own_cost(e, tp, number)
    if cost != (e.board.card(number).play_cost or 0):  # CR 9-1-6: used as an Option of that cost (QA Q5488)
        e.board.use_costs[holder.uid] = cost
        e.rec.log(f"{number}'s own text makes its use cost {cost} in the hand", e.cites("cost_reduced"))
    e.state.pay(tp, would_be_played(e, tp, number, cost, from_hand=True))
    e.rec.log(f"{tp} uses {number}", e.index.cites_of.get("Main", ()))
    e.emit(Event("OptionUsed", holder))
    e.in_use.add(holder.uid)
    if p is None:
        e.refuse(f"use {number}", "the card has no [Main] effect")
    else:
        e.activate_now(p)
    e.in_use.discard(holder.uid)
    if holder.uid not in e.placed:  # an Option that placed itself stays in the battle area
        e.state.players[tp].trash.append(number)
    e.flush()
    e.resolve()


def activate(e: Engine, alias: str, number: str, which: int | str | None = None) -> None:
    """Activate a [Main] effect of a card in a stack (CR 15-16-7)."""
    stack = e.state.by_alias(alias)
    what = f"activate {alias}/{number}"
    if stack is None or number not in stack.cards:
        return e.refuse(what, f"{number} is not in {alias}")
    p = _main_effect(e, e.snap(stack), number, which, what)
    if p is None:
        return e.refuse(what, f"{number} has no [Main] effect")
    if not p:
        return None
    p.on_field = True
    e.activate_now(p)
    e.flush()
    e.resolve()


def activate_in_trash(e: Engine, number: str, which: int | str | None = None) -> None:
    """Activate a {Trash} [Main] effect of a card in the turn player's trash (CR 15-14-3-1, 15-16-7): it
    works from there, as the card there; 'this card' of its actions is that card in the trash."""
    activate_in_zone(e, "trash", number, which)


def activate_in_zone(e: Engine, zone: str, number: str, which: int | str | None = None) -> None:
    """Activate a [Main] effect with the zone's icon of a card in the turn player's ``zone``: {Trash}
    in the trash (CR 15-14-3-1), {Hand} revealed from the hand (CR 15-14-2-1); 'this card' of its
    actions is that card there."""
    tp = e.state.turn_player
    pile = e.state.players[tp].trash if zone == "trash" else e.state.players[tp].hand
    icon = "{Trash}" if zone == "trash" else "{Hand}"
    what = f"activate {number} in {tp}'s {zone}"
    if number not in pile:
        return e.refuse(what, f"{number} is not in {tp}'s {zone}")
    holder = Snapshot(e.state.new_uid(), tp, f"{tp}-{zone}-{number}", (number,), False, pile.index(number))
    p = _main_effect(e, holder, number, which, what, zone=zone)
    if p is None:
        return e.refuse(what, f"{number} has no {icon} [Main] effect")
    if not p:
        return None
    e.rec.log(f"{tp} activates {number}'s {icon} [Main] effect in the {zone}", zone_cites(e, p.spec))
    e.activate_now(p)
    e.flush()
    e.resolve()


def end_turn(e: Engine) -> None:
    """End the turn and run the next turn's phases up to its main phase, in the graph's order.
    A phase after which the memory is on the opponent's side ends that turn too (CR 6-1-4-1,
    6-2-1-2: [Start of Your Main Phase] effects then never come), and the turn after begins."""
    for _ in range(TURNS_IN_A_ROW):
        if not e.run_steps("turn_phase", e.index.turn_phases, _announce, until=e.turn_must_end):
            return
        s = e.state
        e.rec.log(f"the memory is on {opponent(s.turn_player)}'s side: turn {s.turn} ({s.turn_player}) "
                  f"ends with its {s.phase} phase", e.cites("turn_ends_by_memory"))
    e.rec.unsupported_part(None, "rule", "end of turn", f"{TURNS_IN_A_ROW} turns in a row ended before their "
                           "main phase; the engine stops there")


#: Turns that may end one after another before a main phase before the engine gives up.
TURNS_IN_A_ROW = 8


def _announce(e: Engine, phase: AttackStep) -> None:
    """The phase's own events (dcg:emits), then what waits at its points (dcg:hasPoint)."""
    e.emit(*(Event(name) for name in phase.emits))
    for point in phase.points:
        e.process_point(point)


def _bind(code: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    return REGISTRY.register("turn_phase", code)


@_bind("end_of_turn")
def _end_phase(e: Engine, phase: AttackStep, announce: Announce) -> None:
    """End of turn triggers and delayed processing; lasting effects of the turn end; the turn
    passes (CR 6-6, 15-10)."""
    s = e.state
    if s.memory_of(s.turn_player) >= 0:
        passed = e.index.constant("memory_after_pass")  # passing (CR 6-5-1-7-1)
        s.memory_a = -passed if s.turn_player == "A" else passed
    e.rec.log(f"end of turn {s.turn} ({s.turn_player})", phase.cites)
    announce()
    e.flush()
    e.resolve()
    ending = [x for x in s.lasting if x.expires_after_turn is not None and x.expires_after_turn <= s.turn]
    for x in ending:
        e.rec.log(f"{x.label}: its effect ends (it lasted {duration_words(x.action.duration)})", x.cites)
    s.lasting = [x for x in s.lasting if x not in ending]
    s.turn += 1
    s.turn_player = opponent(s.turn_player)
    s.used.clear()
    s.this_turn.clear()
    for stack in s.board():
        stack.played_this_turn = False


@_bind("unsuspend")
def _unsuspend_phase(e: Engine, phase: AttackStep, announce: Announce) -> None:
    """[Start of Your Turn] effects, then the turn player's cards unsuspend (CR 6-2)."""
    s = e.state
    e.rec.log(f"turn {s.turn} ({s.turn_player}) starts", phase.cites)
    announce()
    e.flush()
    e.resolve()
    if e.turn_must_end():  # the turn ends before anything unsuspends (CR 6-2-1-2)
        return
    for stack in s.players[s.turn_player].battle_area:
        if skips_unsuspend(e, stack):
            e.rec.log(f"{stack.alias} doesn't unsuspend in this unsuspend phase (an effect)", phase.cites)
            continue
        unsuspend(e, stack, cause="rule")
    for stack in s.players[opponent(s.turn_player)].battle_area:
        if stack.suspended and e.board.has_primitive(s, stack, "reboot"):  # CR 16-11
            unsuspend(e, stack, cause="rule")
            e.rec.log(f"{stack.alias} unsuspends in the opponent's unsuspend phase (<Reboot>)",
                      e.cites("reboot"))


@_bind("draw")
def _draw_phase(e: Engine, phase: AttackStep, announce: Announce) -> None:
    """The turn player draws 1; with an empty deck they lose (CR 6-3, 1-2-3-2)."""
    s = e.state
    announce()
    if not s.players[s.turn_player].deck:
        s.winner = opponent(s.turn_player)
        e.rec.log(f"{s.turn_player} cannot draw: {s.winner} wins", e.cites("cannot_draw"))
        return
    draw(e, s.turn_player, 1)


@_bind("breeding")
def _breeding_phase(e: Engine, phase: AttackStep, announce: Announce) -> None:
    """The breeding phase: the turn player moves their Digimon to the battle area if the
    scenario's ``decisions.breeding`` says so, else does nothing (CR 6-4-1; hatching needs the
    Digi-Egg deck, which is not modelled)."""
    announce()
    s = e.state
    player = s.players[s.turn_player]
    if e.decide.breeding(s.turn_player, player.breeding.alias if player.breeding else None):
        move_from_breeding(e, s.turn_player)


@REGISTRY.register("event", "Moved")
def move_from_breeding(e: Engine, owner: str) -> None:
    """Move the Digimon in the breeding area to the battle area (CR 4-17): only a Digimon with DP
    moves (CR 4-17-2); it keeps its orientation and the effects applied to it (CR 4-17-3/4)."""
    player = e.state.players[owner]
    stack = player.breeding
    cites = e.index.cites_of.get("Moved", ())
    if stack is None or e.board.card(stack.top).dp is None:
        return e.refuse(f"move {owner}'s breeding area", "only a Digimon with DP can be moved (CR 4-17-2)",
                        cites)
    player.breeding = None
    player.battle_area.append(stack)
    e.rec.log(f"{owner} moves {stack.alias} from the breeding area to the battle area", cites)
    e.emit(Event("Moved", e.snap(stack)))
    e.flush()
    e.resolve()
    return None


@_bind("main")
def _main_phase(e: Engine, phase: AttackStep, announce: Announce) -> None:
    """[Start of Your Main Phase] effects trigger (CR 6-5)."""
    announce()
