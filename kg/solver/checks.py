"""Refuse a scenario that cannot run, before anything runs: unknown cards, duplicate aliases,
impossible attacks, decisions that name nothing."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from kg.solver.card_facts import CardInfo
from kg.solver.effect_spec import spec_of
from kg.solver.rules_index import RulesIndex
from kg.solver.scenario import Scenario, ScenarioError, StackIn, did_you_mean
from kg.solver.token_cards import is_token

LABEL = re.compile(r"^(?P<source>[^/]+)/(?P<card>[^/]+)/(?P<tag>[A-Za-z]+)(?:#\d+)?"
                   r"(?:@(?P<instance>[^/@]+))?$")  # @ALIAS: one instance, in decisions.order


def card_numbers(scenario: Scenario) -> list[tuple[str, str]]:
    """Every card number the file names, with its key path."""
    found: list[tuple[str, str]] = []
    for name, player in (("A", scenario.players.A), ("B", scenario.players.B)):
        base = f"players.{name}"
        stacks = [(f"{base}.battle_area.{i}", s) for i, s in enumerate(player.battle_area)]
        if player.breeding_area:
            stacks.append((f"{base}.breeding_area", player.breeding_area))
        for path, stack in stacks:
            found += [(f"{path}.stack.{j}", n) for j, n in enumerate(stack.stack)]
            found += [(f"{path}.links.{j}", n) for j, n in enumerate(stack.links)]
        for zone in ("security", "hand", "trash", "deck", "digi_egg_deck"):
            cards = getattr(player, zone)
            if isinstance(cards, list):
                found += [(f"{base}.{zone}.{j}", n) for j, n in enumerate(cards)]
    for i, action in enumerate(scenario.actions):
        card = getattr(action.body, "card", None) if action.body is not None else None
        if card:
            found.append((f"actions.{i}.{action.kind}.card", card))
    return found


Named = list[tuple[str, str]]  # (key path, card number): card_numbers


def check(scenario: Scenario, cards: dict[str, CardInfo], index: RulesIndex,
          catalogue: Callable[[], Iterable[str]] = tuple, numbers: Named | None = None) -> None:
    """Raise ScenarioError for the first thing that makes the file unusable; ``catalogue`` gives
    every card number of the graph, for the close matches of an unknown one; ``numbers``, the
    scenario's card_numbers when the caller has them already."""
    file = scenario.file
    numbers = card_numbers(scenario) if numbers is None else numbers
    for path, number in numbers:
        if number not in cards:
            raise ScenarioError(file, path, f"unknown card number {number!r}: expected a card of "
                                "the graph or of the scenario's cards: block"
                                + did_you_mean(number, [*cards, *catalogue()]))
    owners: dict[str, tuple[str, StackIn]] = {}
    for name, player in (("A", scenario.players.A), ("B", scenario.players.B)):
        for i, stack in enumerate(player.battle_area):
            if stack.id in owners or stack.id in ("A", "B", "player", "none"):
                raise ScenarioError(file, f"players.{name}.battle_area.{i}.id",
                                    f"duplicate or reserved alias {stack.id!r}: expected a unique alias")
            owners[stack.id] = (name, stack)
    _check_actions(scenario, owners, cards, index, numbers)
    _check_decisions(scenario, owners, cards, index, numbers)


def _rush_granted_on_board(numbers: Named, cards: dict[str, CardInfo]) -> bool:
    """Whether another card in play mentions <Rush>, so that the Digimon may gain it from an effect
    (BT5-063's inherited 'other Digimon with the same name gain <Rush>', Q1338): the engine then
    decides when the attack is reached (CR 11-2, 16-15) instead of the file being refused."""
    return any("Rush" in cards[n].text for path, n in numbers
               if ".battle_area." in path or ".breeding_area" in path)


def _has_rush(stack: StackIn, cards: dict[str, CardInfo], index: RulesIndex) -> bool:
    for number in stack.stack:
        for record in cards[number].effects:
            spec = spec_of(index, record)
            if spec.keyword and index.keywords[spec.keyword].primitive == "rush":
                return True
    return False


def _check_actions(scenario: Scenario, owners: dict[str, tuple[str, StackIn]],
                   cards: dict[str, CardInfo], index: RulesIndex, numbers: Named) -> None:
    file, tp = scenario.file, scenario.turn_player
    # a card the file lists in a hand, trash, security stack or deck may enter play by an effect and
    # then has its card number as its alias (spec: `final`); the engine refuses the action if it has not
    entered = set(owners) | {n for path, n in numbers if ".battle_area." not in path
                             and ".breeding_area" not in path}
    for i, action in enumerate(scenario.actions):
        path = f"actions.{i}.{action.kind}"
        body = action.body
        if action.kind == "end_turn":
            tp = "B" if tp == "A" else "A"
        if action.kind == "attack":
            found = owners.get(body.attacker)  # type: ignore[union-attr]
            if found is None and body.attacker not in entered:  # type: ignore[union-attr]
                raise ScenarioError(file, f"{path}.attacker", f"unknown alias {body.attacker!r}"  # type: ignore[union-attr]
                                    + did_you_mean(body.attacker, entered))  # type: ignore[union-attr]
            if found and found[0] != tp:
                raise ScenarioError(file, f"{path}.attacker",
                                    f"{body.attacker!r} is player {found[0]}'s: expected a Digimon of "  # type: ignore[union-attr]
                                    f"the turn player {tp}")
            # only what the file's board decides: once an action has run, an earlier digivolution or
            # effect may have changed it, and the engine refuses the attack when it is reached
            if (found and i == 0 and found[1].played_this_turn and not _has_rush(found[1], cards, index)
                    and not _rush_granted_on_board(numbers, cards)):
                raise ScenarioError(file, f"{path}.attacker", f"{body.attacker!r} was played this "  # type: ignore[union-attr]
                                    "turn and has no <Rush>: expected a Digimon that can attack")
            target = body.target  # type: ignore[union-attr]
            if target != "player":
                hit = owners.get(target)
                if hit is None and target not in entered:
                    raise ScenarioError(file, f"{path}.target", f"unknown alias {target!r}: "
                                        "expected 'player' or an alias of a suspended opposing Digimon"
                                        + did_you_mean(target, [*entered, "player"]))
                if hit and hit[0] == tp:
                    raise ScenarioError(file, f"{path}.target", f"{target!r} is the turn player's own")
                if hit and i == 0 and not hit[1].suspended and not _may_attack_unsuspended(cards):
                    raise ScenarioError(file, f"{path}.target", f"{target!r} is not suspended: "
                                        "expected a suspended opposing Digimon or 'player'")
        elif action.kind in ("digivolve", "activate", "link", "app_fuse") and (
                body.id is not None and body.id not in entered):  # type: ignore[union-attr]
            raise ScenarioError(file, f"{path}.id", f"unknown alias {body.id!r}"  # type: ignore[union-attr]
                                + did_you_mean(body.id, entered))  # type: ignore[union-attr]
        elif action.kind == "link" and body.source and body.source not in entered:  # type: ignore[union-attr]
            raise ScenarioError(file, f"{path}.source", f"unknown alias {body.source!r}"  # type: ignore[union-attr]
                                + did_you_mean(body.source, entered))  # type: ignore[union-attr]
        elif action.kind == "dna_digivolve":
            for j, alias in enumerate(body.ids):  # type: ignore[union-attr]
                if alias not in entered:
                    raise ScenarioError(file, f"{path}.ids.{j}",
                                        f"unknown alias {alias!r}" + did_you_mean(alias, entered))
        if action.kind in ("play", "dna_digivolve"):  # a DNA digivolved Digimon is a new one (CR 8-2-2-1)
            entered.add(body.card)  # type: ignore[union-attr]


def _may_attack_unsuspended(cards: dict[str, CardInfo]) -> bool:
    """A card of the scenario may let a Digimon attack an unsuspended one ('can also attack your
    opponent's unsuspended Digimon'): the rules decide when the attack comes, not the file check."""
    return any(a.verb == "can_attack_unsuspended" for info in cards.values() for r in info.effects
               for a in r.compiled.actions)


def _sources(scenario: Scenario, owners: dict[str, tuple[str, StackIn]]) -> set[str]:
    names = {"A", "B", *owners}
    for player in (scenario.players.A, scenario.players.B):
        for zone in ("hand", "security", "deck"):
            cards = getattr(player, zone)
            if isinstance(cards, list):
                names.update(cards)
    names.update(getattr(a.body, "card", "") for a in scenario.actions if a.body is not None)
    return names


def _check_decisions(scenario: Scenario, owners: dict[str, tuple[str, StackIn]],
                     cards: dict[str, CardInfo], index: RulesIndex, numbers: Named) -> None:
    file, d = scenario.file, scenario.decisions
    sources, tags = _sources(scenario, owners), index.tags()
    # a token played during the scenario enters as ``Token:<name>`` (token_cards, State.fresh_alias)
    if d.block != "none" and d.block not in owners and not is_token(d.block):
        raise ScenarioError(file, "decisions.block", f"unknown alias {d.block!r}: expected 'none', "
                            "an alias of the non-turn player's Digimon or a token's Token:<name>"
                            + did_you_mean(d.block, [*owners, "none"]))
    labelled = [("decisions.counter", d.counter)] if d.counter != "none" else []
    labelled += [(f"decisions.order.{i}", label) for i, label in enumerate(d.order)]
    labelled += [(f"decisions.optional.{label}", label) for label in d.optional]
    labelled += [(f"decisions.targets.{label}", label) for label in d.targets]
    for path, label in labelled:
        m = LABEL.match(label)
        if m is None:
            raise ScenarioError(file, path, f"{label!r} is not an effect label: expected SOURCE/CARD/TAG")
        if m["source"] not in sources:
            raise ScenarioError(file, path, f"unknown SOURCE {m['source']!r} in {label!r}: expected an "
                                "alias, A, B or a card number listed in a hand, security or deck"
                                + did_you_mean(m["source"], sources))
        if m["card"] not in cards:
            raise ScenarioError(file, path, f"unknown CARD {m['card']!r} in {label!r}"
                                + did_you_mean(m["card"], cards))
        if m["tag"] not in tags:
            raise ScenarioError(file, path, f"unknown TAG {m['tag']!r} in {label!r}: expected a keyword "
                                "or timing tag such as Piercing or OnDeletion" + did_you_mean(m["tag"], tags))
        if m["instance"] and (not path.startswith("decisions.order") or m["instance"] not in sources):
            raise ScenarioError(file, path, f"'@{m['instance']}' in {label!r}: expected, in decisions.order "
                                "only, the alias of the Digimon whose event triggered that instance")
    linked = {n for _, stack in owners.values() for n in stack.links}  # link cards to trash (CR 4-9-5)
    known = {*owners, *sources, *linked, "player", *(n for _, n in numbers)}  # cards by number
    known |= {"top", "bottom"}  # where revealed cards go, when the player chooses (handlers/deck_moves.py)
    for label, entry in d.targets.items():
        per_choice = [(f".{j}", e) for j, e in enumerate(entry) if isinstance(e, list)] or [("", entry)]
        for at, aliases in per_choice:
            for j, alias in enumerate(aliases):
                if alias not in known:
                    raise ScenarioError(file, f"decisions.targets.{label}{at}.{j}",
                                        f"unknown alias {alias!r}: expected an alias or the number of a "
                                        "card the file names" + did_you_mean(alias, known))
