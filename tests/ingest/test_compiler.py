"""The effect compiler: every effect of the seed cards compiles fully, with the right structure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest.compiler.triggers import when_trigger
from ingest.effect_ir import CompiledEffect, EffectRecord
from ingest.effects import compile_card

#: The texts of the seed cards, as the shared corpus prints them.
SEEDS: dict[str, dict[str, str]] = json.loads(
    (Path(__file__).parent / "data" / "seed_texts.json").read_text(encoding="utf-8")
)


def effects(number: str) -> dict[str, EffectRecord]:
    return {f"{e.part}/{e.label_tag}": e for e in compile_card(number, **SEEDS[number])}


@pytest.mark.parametrize("number", sorted(SEEDS))
def test_every_seed_effect_compiles_fully(number: str) -> None:
    records = compile_card(number, **SEEDS[number])
    assert records
    for record in records:
        assert record.compiled.trigger_compiled, record.text
        assert record.compiled.actions_compiled, record.text
        assert all(a.compiled for a in [*record.compiled.actions, *record.compiled.costs])


def test_bt5_086_omnimon() -> None:
    found = effects("BT5-086")
    assert list(found) == ["main/WhenDigivolving", "main/WhenDigivolving#2", "main/AllTurns"]
    blitz = found["main/WhenDigivolving"].compiled
    assert (blitz.category, blitz.trigger.event, blitz.trigger.this_role) == (
        "TriggerType",
        "Digivolved",
        "SubjectRole",
    )
    assert [(a.verb, a.keyword) for a in blitz.actions] == [("keyword", "Blitz")]
    unsuspend = found["main/WhenDigivolving#2"].compiled.actions
    assert [(a.verb, a.selector.this, a.selector.owner) for a in unsuspend] == [("unsuspend", True, "self")]
    guard = found["main/AllTurns"].compiled
    assert guard.category == "ImmediateType"
    assert (guard.trigger.event, guard.trigger.this_role, guard.trigger.requires) == (
        "WouldLeaveBattleArea",  # deleted or returned to the hand or deck (CR 15-8-5)
        "SubjectRole",
        ["ByDeletionOrReturn", "ByOpponentsEffect"],
    )
    (prevent,) = guard.actions
    assert (prevent.verb, prevent.optional) == ("prevent", True)
    (cost,) = guard.costs
    assert (cost.verb, cost.amount, cost.selector.zone) == ("trash_source", 1, "sources")
    assert (cost.selector.min_level, cost.selector.max_level, cost.selector.owner) == (6, 6, "self")


def test_bt2_074_retaliation_main_and_inherited() -> None:
    found = effects("BT2-074")
    assert list(found) == ["main/Retaliation", "inherited/Retaliation"]
    for record in found.values():
        assert record.compiled.category == "TriggerType"  # from keywords.ttl
        assert record.compiled.trigger is None  # the solver reads <Retaliation>'s trigger from the graph
        assert [(a.verb, a.keyword) for a in record.compiled.actions] == [("keyword", "Retaliation")]
    assert found["inherited/Retaliation"].inherited


def test_bt3_016_inherited_piercing() -> None:
    (record,) = compile_card("BT3-016", **SEEDS["BT3-016"])
    assert (record.part, record.label_tag, record.timings) == ("inherited", "Piercing", [])
    assert record.compiled.trigger is None and record.compiled.category == "TriggerType"
    assert [(a.verb, a.keyword, a.keyword_value) for a in record.compiled.actions] == [
        ("keyword", "Piercing", None)
    ]


def test_st4_13_piercing_and_digi_burst() -> None:
    found = effects("ST4-13")
    assert list(found) == ["main/Piercing", "main/Main"]
    main = found["main/Main"].compiled
    assert main.category == "ActivationType" and main.trigger is None
    (burst,) = main.costs
    assert (burst.verb, burst.amount, burst.keyword, burst.selector.zone) == (
        "trash_source",
        2,
        "DigiBurst",
        "sources",
    )
    (suspend,) = main.actions
    assert (suspend.verb, suspend.selector.owner, suspend.selector.count) == ("suspend", "opponent", 1)


def test_bt5_112_security_play_and_deletes() -> None:
    found = effects("BT5-112")
    security = found["main/Security"]
    assert security.security and security.compiled.trigger.event == "SecurityCardChecked"
    (play,) = security.compiled.actions
    assert (play.verb, play.free, play.without_battling, play.selector.this) == (
        "play_self",
        True,
        True,
        True,
    )
    (delete_tamer,) = found["main/WhenDigivolving"].compiled.actions
    assert (delete_tamer.verb, delete_tamer.selector.kind, delete_tamer.selector.owner) == (
        "delete",
        "Tamer",
        "opponent",
    )
    deletion = found["main/OnDeletion"].compiled
    assert (deletion.trigger.event, deletion.trigger.requires) == ("Deleted", ["SubjectIsDigimon"])
    assert deletion.actions[0].selector.kind == "Digimon"


def test_st4_11_inherited_trash_security() -> None:
    (record,) = compile_card("ST4-11", **SEEDS["ST4-11"])
    assert (record.timings, record.tags, record.label_tag) == (["YourTurn"], ["OncePerTurn"], "YourTurn")
    trigger = record.compiled.trigger
    assert record.compiled.category == "TriggerType"
    assert (trigger.event, trigger.this_role) == ("DeletedInBattle", "ObjectRole")
    assert set(trigger.requires) == {"ThisSurvives", "SubjectIsOpponents", "SubjectIsDigimon"}
    (action,) = record.compiled.actions
    assert (action.verb, action.amount, action.selector.owner) == ("trash_security", 1, "opponent")


def test_bt3_106_beast_cyclone() -> None:
    found = effects("BT3-106")
    (gain,) = found["main/Main"].compiled.actions
    assert (gain.verb, gain.keyword, gain.keyword_value, gain.duration) == (
        "gain_keyword",
        "SecurityA",
        1,
        "this_turn",
    )
    assert (gain.selector.owner, gain.selector.count, gain.selector.with_keywords) == (
        "self",
        None,
        ["Blocker", "Reboot"],
    )
    (add,) = found["security/Security"].compiled.actions
    assert add.verb == "add_self_to_hand"


def test_bt1_100_grace_cross_freezer() -> None:
    found = effects("BT1-100")
    (main,) = found["main/Main"].compiled.actions
    assert (main.verb, main.duration, main.selector.owner) == (
        "cant_attack",
        "until_end_of_opponents_next_turn",  # "until the end of your opponent's next turn"
        "opponent",
    )
    assert main.selector.without_sources and main.selector.count is None
    (security,) = found["security/Security"].compiled.actions
    assert (security.verb, security.duration, security.selector.without_sources) == (
        "cant_attack",
        "this_turn",
        True,
    )


@pytest.mark.parametrize(
    ("clause", "event", "role", "requires", "category"),
    [
        (
            "When an opponent's Digimon is deleted",
            "Deleted",
            "AnyRole",
            ["SubjectIsDigimon", "SubjectIsOpponents"],
            "TriggerType",
        ),
        ("When this Digimon would be deleted", "WouldBeDeleted", "SubjectRole", [], "ImmediateType"),
        (
            "If an opponent's effect would delete this Digimon",
            "WouldBeDeleted",
            "SubjectRole",
            ["ByOpponentsEffect"],
            "ImmediateType",
        ),
        ("When you play a Digimon", "CardPlayed", "AnyRole", ["SubjectIsDigimon", "SubjectIsOwn"],
         "TriggerType"),
        ("when this Digimon attacks", "AttackDeclared", "SubjectRole", [], "TriggerType"),
        (
            "When another of your Digimon is deleted",
            "Deleted",
            "AnyRole",
            ["SubjectIsDigimon", "SubjectIsOther", "SubjectIsOwn"],
            "TriggerType",
        ),
        ("When this Digimon becomes blocked", "Blocked", "SubjectRole", [], "TriggerType"),
    ],
)
def test_when_clauses(clause: str, event: str, role: str, requires: list[str], category: str) -> None:
    trigger, got_category = when_trigger(clause)
    assert trigger is not None
    assert (trigger.event, trigger.this_role, trigger.requires, got_category) == (
        event,
        role,
        requires,
        category,
    )


def test_when_clause_with_a_subject_filter() -> None:
    trigger, _ = when_trigger("When you play a Tamer with [Tai Kamiya] in its name")
    assert (trigger.event, trigger.requires) == ("CardPlayed", ["SubjectIsOwn"])
    assert (trigger.selector.kind, trigger.selector.name_contains, trigger.selector.owner) == (
        "Tamer",
        "Tai Kamiya",
        "self",
    )


def compiled(text: str) -> CompiledEffect:
    (record,) = compile_card("X-1", main=text)
    return record.compiled


def test_window_without_when_is_persistent() -> None:
    effect = compiled("[Your Turn] All of your Digimon get +1000 DP.")
    assert (effect.category, effect.trigger, effect.trigger_compiled) == ("Persistent", None, True)
    assert [(a.verb, a.amount, a.selector.count) for a in effect.actions] == [("dp_modify", 1000, None)]


def test_unknown_shapes_are_not_guessed() -> None:
    effect = compiled("[On Play] Swap the DP of 2 Digimon. Gain 1 memory.")
    assert effect.trigger_compiled and not effect.actions_compiled
    assert [(a.verb, a.compiled) for a in effect.actions] == [("unknown", False), ("gain_memory", True)]
    unknown = compiled("[Your Turn] When this Digimon sings a song, gain 1 memory.")
    assert unknown.category == "TriggerType" and not unknown.trigger_compiled and unknown.trigger is None
    odd_filter = compiled("[On Play] Delete 1 of your opponent's Digimon with a funny hat.")
    assert not odd_filter.actions_compiled


@pytest.mark.parametrize(
    ("text", "verb", "fields"),
    [
        (
            "[On Play] Delete 1 of your opponent's Digimon with the highest DP.",
            "delete",
            {"extreme": "highest_dp"},
        ),
        (
            "[On Play] Return 1 of your opponent's level 4 or lower Digimon to the hand.",
            "return_to_hand",
            {"max_level": 4},
        ),
        ("[On Play] <De-Digivolve 1> 1 of your opponent's Digimon.", "de_digivolve", {"count": 1}),
        (
            "[On Play] 1 of your opponent's Digimon gets -3000 DP until the end of your opponent's turn.",
            "dp_modify",
            {"count": 1},
        ),
        ("[On Play] <Draw 2>", "draw", {}),
        ("[On Play] <Recovery +1 (Deck)>", "recovery", {}),
        ("[On Play] Lose 2 memory.", "lose_memory", {}),
        (
            "[On Play] Suspend up to 2 of your opponent's Digimon with 5000 DP or less.",
            "suspend",
            {"count": 2, "up_to": True, "max_dp": 5000},
        ),
        ("[When Attacking] This Digimon gains <Piercing> for the turn.", "gain_keyword", {"this": True}),
    ],
)
def test_action_templates(text: str, verb: str, fields: dict[str, object]) -> None:
    effect = compiled(text)
    assert effect.actions_compiled
    (action,) = effect.actions
    assert action.verb == verb
    for name, value in fields.items():
        assert getattr(action.selector, name) == value


def test_deck_search_compiles_to_reveal_add_rest() -> None:
    effect = compiled(
        "[On Play] Reveal the top 3 cards of your deck. Add 1 card with [Angel], [Archangel], or "
        "[Fallen Angel] in its traits among them to your hand. Place the remaining cards at the bottom "
        "of your deck in any order."
    )
    assert effect.actions_compiled
    assert [a.verb for a in effect.actions] == ["reveal", "add_to_hand", "rest_to_deck"]
    assert effect.actions[0].amount == 3
    chosen = effect.actions[1].selector
    assert (chosen.zone, chosen.count, chosen.trait) == ("revealed", 1, "Angel/Archangel/Fallen Angel")


def test_play_from_a_zone_and_activate_main() -> None:
    effect = compiled(
        "[Main] You may play 1 level 3 Digimon card with the [Puppet] trait from your hand without "
        "paying the cost. Then, activate this card's [Main] effect."
    )
    play, activate = effect.actions
    assert (play.verb, play.optional, play.free, play.selector.zone) == ("play_card", True, True, "hand")
    assert (play.selector.kind, play.selector.min_level, play.selector.max_level) == ("Digimon", 3, 3)
    assert (activate.verb, activate.timing) == ("activate_effect", "Main")


def test_conditions_and_costs() -> None:
    effect = compiled("[On Play] If your opponent has a Digimon with 6000 DP or less, gain 1 memory.")
    (condition,) = effect.conditions
    assert (condition.kind, condition.selector.owner, condition.selector.max_dp) == (
        "has_card",
        "opponent",
        6000,
    )
    memory = compiled("[Start of Your Turn] If you have 2 or less memory, set it to 3.")
    assert [(c.kind, c.amount) for c in memory.conditions] == [("memory_at_most", 2)]
    assert [(a.verb, a.amount) for a in memory.actions] == [("set_memory", 3)]
    tamer = compiled("[Your Turn] When you play a Digimon, you may suspend this Tamer to gain 1 memory.")
    assert [(c.verb, c.selector.kind, c.selector.this) for c in tamer.costs] == [("suspend", "Tamer", True)]
    assert [(a.verb, a.optional) for a in tamer.actions] == [("gain_memory", True)]
    unknown = compiled("[On Play] If the moon is full, gain 1 memory.")
    assert not unknown.actions_compiled and unknown.conditions[0].compiled is False


def test_keyword_with_a_parameter_keeps_its_specified_cards() -> None:
    """CR 16-3: the parameter is the keyword action's selector; one not understood is not claimed."""
    effect = compiled("<Decoy ([D-Brigade])> (When one of your other Digimon would be deleted, delete this.)")
    assert effect.trigger_compiled and effect.actions_compiled
    assert effect.actions[0].selector.trait == "D-Brigade"  # an old <Decoy> wording: a trait
    odd = compiled("<Decoy (any Digimon you like)> (When one of your Digimon would be deleted, delete this.)")
    assert odd.trigger_compiled and not odd.actions_compiled


def test_persistent_modifiers_last_while_the_effect_exists() -> None:
    effect = compiled(
        "[Your Turn] While you have a Tamer in play, this Digimon gains <Rush> and <Retaliation>."
    )
    assert effect.category == "Persistent"
    assert [(a.keyword, a.duration) for a in effect.actions] == [
        ("Rush", "while_condition"),
        ("Retaliation", "while_condition"),
    ]
    plain = compiled("[Your Turn] All of your Digimon get +1000 DP.")
    assert plain.actions[0].duration == "permanent"
