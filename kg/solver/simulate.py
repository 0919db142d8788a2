"""The solver's public API: load a scenario, run it through the rules, report what happened.

``simulate(store, scenario)`` returns the JSON report of spec/scenario.md; with
``all_orders=True`` every answer to every order choice is explored and the branches compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ingest.effect_ir import EffectRecord
from ingest.text import normalise
from kg.solver.board import Board, KeptFacts
from kg.solver.card_facts import (
    CardInfo,
    Requirement,
    alias_traits,
    card_catalogue,
    compile_texts,
    graph_cards,
)
from kg.solver.checks import card_numbers, check
from kg.solver.decisions import Decider
from kg.solver.engine import Engine
from kg.solver.handlers.attack import attack
from kg.solver.handlers.dna import dna_digivolve
from kg.solver.handlers.link import app_fuse, link_card
from kg.solver.handlers.turn import activate, activate_in_zone, digivolve, end_turn, play, use
from kg.solver.record import Recorder, read_effects
from kg.solver.rules_index import RulesIndex, solver_index
from kg.solver.scenario import CardIn, Scenario, ScenarioError, StackIn, load_scenario
from kg.solver.state import PLAYERS, FaceDown, FaceUp, Player, Stack, State, is_face_up, opponent
from kg.store import Store

__all__ = ["Scenario", "ScenarioError", "load_scenario", "simulate", "solver_index", "trigger_batches"]

MAX_BRANCHES = 128


@dataclass
class Prepared:
    scenario: Scenario
    cards: dict[str, CardInfo]
    index: RulesIndex
    kept: KeptFacts = field(default_factory=KeptFacts)  # shared by its runs (--all-orders branches)


def _as_given(number: str, record: EffectRecord) -> EffectRecord:
    """An effect the file gives in compiled form is understood as given: its trigger counts as
    compiled unless the file says otherwise."""
    compiled = record.compiled
    given = {f: True for f in ("trigger_compiled",) if f not in compiled.model_fields_set}
    return record.model_copy(update={"card": number, "compiled": compiled.model_copy(update=given)})


def _scenario_card(number: str, card: CardIn) -> CardInfo:
    if card.effects is not None:
        effects = [_as_given(number, r) for r in card.effects]
    else:
        effects = compile_texts(number, card.effect, card.inherited, card.security, card.link)
    # A block that prints only its requirements digivolves for their cost, not for free (CR 8-1-2-1)
    evo = card.digivolve_cost
    if evo is None and card.requirements:
        evo = min(r.cost or 0 for r in card.requirements)
    # the text as the graph holds it (ingest/text.py): '＜Save＞' is '<Save>' for 'with <Save> in
    # its text' (QA Q4572)
    text = normalise("\n".join(t for t in (card.effect, card.inherited, card.security) if t))
    return CardInfo(number=number, name=card.name, kind=card.kind, level=card.level, dp=card.dp,
                    play_cost=card.play_cost, digivolve_cost=evo,
                    traits=[*card.traits, *(t for t in alias_traits(effects) if t not in card.traits)],
                    colors=list(card.colors),
                    text=text,
                    effects=effects,
                    requirements=[Requirement(r.level, r.color, r.cost) for r in card.requirements],
                    link_dp=card.link_dp, link_requirement=card.link_requirement)


def prepare(store: Store, scenario: Scenario) -> Prepared:
    """Resolve the scenario's cards against the graph and its ``cards:`` block; refuse bad input."""
    index = solver_index(store)
    named = card_numbers(scenario)
    cards = graph_cards(store, {n for _, n in named} - set(scenario.cards))
    for number, card in scenario.cards.items():
        cards[number] = _scenario_card(number, card)
    check(scenario, cards, index, lambda: card_catalogue(store), named)
    return Prepared(scenario, cards, index)


def initial_state(scenario: Scenario) -> State:
    state = State(players={p: Player() for p in PLAYERS}, turn_player=scenario.turn_player,
                  memory_a=scenario.memory if scenario.turn_player == "A" else -scenario.memory)

    def stack(owner: str, s: StackIn) -> Stack:
        state.aliases.add(s.id)
        cards = [FaceDown(n) if i in s.face_down else n for i, n in enumerate(s.stack)]  # CR 4-7-9
        return Stack(state.new_uid(), s.id, owner, cards, s.suspended, s.played_this_turn, list(s.links))

    for name in PLAYERS:
        given = getattr(scenario.players, name)
        player = state.players[name]
        player.battle_area = [stack(name, s) for s in given.battle_area]
        player.breeding = stack(name, given.breeding_area) if given.breeding_area else None
        player.security = list(given.security) if isinstance(given.security, list) else [""] * given.security
        player.security = [FaceUp(n) if i in given.face_up_security else n  # CR 3-7-4
                           for i, n in enumerate(player.security)]
        player.deck = list(given.deck) if isinstance(given.deck, list) else [""] * given.deck
        player.hand, player.trash = list(given.hand), list(given.trash)
        player.eggs = list(given.digi_egg_deck)
    return state


def run(prepared: Prepared, forced: list[int] | None = None) -> tuple[dict[str, Any], Decider]:
    """One run with the file's decisions (and, for branches, forced order choices)."""
    scenario = prepared.scenario
    state = initial_state(scenario)
    decider = Decider(scenario.decisions, forced=list(forced or []))
    rec = Recorder()
    engine = Engine(state, Board(prepared.cards, prepared.index, prepared.kept), prepared.index, decider, rec)
    engine.report_zone_effects()
    engine.report_field_trigger_gaps()
    for action in scenario.actions:
        if state.winner:
            rec.log(f"the game is over ({state.winner} won): remaining actions are not performed",
                    engine.cites("game_over"))
            break
        if action.kind != "end_turn" and engine.turn_must_end():  # the file's next action is the next turn's
            rec.log(f"the memory is on {opponent(state.turn_player)}'s side: turn {state.turn} "
                    f"({state.turn_player}) ends", engine.cites("turn_ends_by_memory"))
            end_turn(engine)
            if state.winner:
                continue
        body: Any = action.body
        match action.kind:
            case "attack":
                attack(engine, body.attacker, body.target)
            case "play":
                play(engine, body.card, {"digixros": body.digixros, "assembly": body.assembly})
            case "digivolve":
                digivolve(engine, body.id, body.card)
            case "use":
                use(engine, body.card, body.effect)
            case "activate" if body.zone is not None:
                activate_in_zone(engine, body.zone, body.card, body.effect)
            case "activate":
                activate(engine, body.id, body.card, body.effect)
            case "end_turn":
                end_turn(engine)
            case "dna_digivolve":
                dna_digivolve(engine, body.ids, body.card, body.requirement)
            case "link":
                link_card(engine, body.id, body.card, body.source)
            case "app_fuse":
                app_fuse(engine, body.id, body.card, body.link)
    return report(engine, scenario), decider


def _final(engine: Engine) -> dict[str, Any]:
    state, board = engine.state, engine.board
    out: dict[str, Any] = {}
    for name in PLAYERS:
        p = state.players[name]
        out[name] = {
            "battle_area": [{"id": s.alias, "stack": list(s.cards), "suspended": s.suspended,
                             "dp": board.dp(state, s), "keywords": board.keywords(state, s),
                             "links": list(s.links)}
                            for s in p.battle_area],
            "breeding_area": ({"id": p.breeding.alias, "stack": list(p.breeding.cards)}
                              if p.breeding else None),
            "security": len(p.security), "trash": list(p.trash), "hand": list(p.hand),
            "deck": len(p.deck),
            # positions (0: the top) of the face-up security cards (CR 3-7-4), as a scenario gives them
            "face_up_security": [i for i, n in enumerate(p.security) if is_face_up(n)],
        }
    return out


def report(engine: Engine, scenario: Scenario) -> dict[str, Any]:
    rec, state = engine.rec, engine.state
    return {
        "scenario": scenario.id,
        "title": scenario.title,
        "source": scenario.source,
        "effects": read_effects(rec.effects, engine.board.cards),
        "security_checks": dict(rec.checks),
        "deleted": list(rec.deleted),
        "winner": state.winner,
        "memory": state.memory_of(scenario.turn_player),
        "final": _final(engine),
        "decisions": [*engine.decide.taken, *engine.decide.unused()],
        "log": rec.lines(),
        "steps": rec.steps,
        "batches": rec.batches,
        "illegal_actions": rec.illegal,
        "unsupported": rec.unsupported,
    }


def _scenario(scenario: Scenario | str | Any) -> Scenario:
    return scenario if isinstance(scenario, Scenario) else load_scenario(scenario)


def simulate(store: Store, scenario: Scenario | Any, *, all_orders: bool = False) -> dict[str, Any]:
    """The report of one run, or with ``all_orders`` the branches object of spec/scenario.md."""
    prepared = prepare(store, _scenario(scenario))
    if not all_orders:
        return run(prepared)[0]
    return explore(prepared)


def explore(prepared: Prepared) -> dict[str, Any]:
    """Every distinct path through the order choices (depth first, at most MAX_BRANCHES)."""
    branches: list[dict[str, Any]] = []
    seen: set[tuple[int, ...]] = set()
    todo: list[list[int]] = [[]]
    while todo and len(branches) < MAX_BRANCHES:
        forced = todo.pop()
        result, decider = run(prepared, forced)
        path = tuple(chosen for _, chosen in decider.points)
        if path in seen:
            continue
        seen.add(path)
        branches.append({"decisions": result["decisions"], "report": result})
        for i in range(len(forced), len(decider.points)):
            options, chosen = decider.points[i]
            todo.extend([*path[:i], alt] for alt in reversed(range(options)) if alt != chosen)
    keys = [k for k in branches[0]["report"] if k != "scenario"]
    differs = [k for k in keys if any(b["report"][k] != branches[0]["report"][k] for b in branches)]
    return {"scenario": prepared.scenario.id, "branches": branches, "differs_in": differs}


def trigger_batches(store: Store, scenario: Scenario | Any) -> list[dict[str, Any]]:
    """Per batch: the event, the effects it triggered, and the order constraints with their rules."""
    return simulate(store, scenario)["batches"]
