"""Trigger clauses, processing conditions and costs read from real card texts (card number named
on each test): what each compiles to, and the near shapes that must stay uncompiled."""

from __future__ import annotations

import pytest

from ingest.effect_ir import CompiledEffect, Trigger
from ingest.effects import compile_card


def compiled(text: str, part: str = "main") -> CompiledEffect:
    """The compiled form of a one-effect text."""
    (record,) = compile_card("X-1", **{part: text})
    return record.compiled


def trigger_of(text: str, part: str = "main") -> Trigger:
    effect = compiled(text, part)
    assert effect.trigger_compiled and effect.trigger is not None, text
    return effect.trigger


# ---------------------------------------------------------------- cards moving between zones


@pytest.mark.parametrize(
    ("text", "event", "role", "requires"),
    [
        # BT24-009 (inherited)
        (
            "[Your Turn] [Once Per Turn] When your hand is trashed from, gain 1 memory.",
            "TrashedFromHand",
            "AnyRole",
            ["SubjectIsOwn"],
        ),
        # BT4-008 (inherited)
        (
            "[Your Turn] When this card is trashed due to activating this Digimon's <Digi-Burst>, "
            "return this card to its owner's hand.",
            "SourceTrashed",
            "SubjectRole",
            ["ByDigiBurst"],
        ),
        # BT11-028 (inherited)
        (
            "[All Turns][Once Per Turn] When an effect adds cards to your opponent's hand, "
            "unsuspend this Digimon.",
            "AddedToHand",
            "AnyRole",
            ["ByEffect", "SubjectIsOpponents"],
        ),
        # BT14-033 (inherited)
        (
            "[Your Turn][Once Per Turn] When a card is added to your security stack, gain 1 memory.",
            "SecurityCardAdded",
            "AnyRole",
            ["SubjectIsOwn"],
        ),
        # EX6-007
        (
            "[Your Turn] [Once Per Turn] When an effect places a digivolution card under this Digimon, "
            "<Draw 1>.",
            "SourcePlaced",
            "ObjectRole",
            ["ByEffect"],
        ),
        # BT10-072 (inherited)
        (
            "[Your Turn] When an effect trashes this digivolution card, gain 1 memory.",
            "SourceTrashed",
            "SubjectRole",
            ["ByEffect"],
        ),
        # BT10-108
        ("When this card is trashed from your deck, gain 1 memory.", "TrashedFromDeck", "SubjectRole", []),
        # ST14-02 (inherited)
        (
            "[Your Turn][Once Per Turn] When a card is trashed from your deck, gain 1 memory.",
            "TrashedFromDeck",
            "AnyRole",
            ["SubjectIsOwn"],
        ),
        # BT14-070
        (
            "[Your Turn][Once Per Turn] When one of your effects trashes a card in your hand, gain 1 memory.",
            "TrashedFromHand",
            "AnyRole",
            ["ByOwnEffect", "SubjectIsOwn"],
        ),
        # BT6-006 (inherited)
        (
            "[Your Turn][Once Per Turn] When you trash a card in your hand using one of your effects, "
            "gain 1 memory.",
            "TrashedFromHand",
            "AnyRole",
            ["ByOwnEffect", "SubjectIsOwn"],
        ),
        # BT6-078
        (
            "When you trash this card in your hand using one of your effects, gain 1 memory.",
            "TrashedFromHand",
            "SubjectRole",
            ["ByOwnEffect"],
        ),
        # BT13-098
        (
            "When an effect trashes this card from the security stack, gain 1 memory.",
            "TrashedFromSecurity",
            "SubjectRole",
            ["ByEffect"],
        ),
        # BT14-028 (inherited)
        (
            "[Your Turn][Once Per Turn] When a digivolution card of an opponent's Digimon is trashed, "
            "gain 1 memory.",
            "SourceTrashed",
            "AnyRole",
            ["OtherIsDigimon", "OtherIsOpponents"],
        ),
        # BT2-085
        (
            "[Your Turn] When one of your opponent's digivolution cards is trashed, gain 1 memory.",
            "SourceTrashed",
            "AnyRole",
            ["SubjectIsOpponents"],
        ),
    ],
)
def test_cards_moving_between_zones(text: str, event: str, role: str, requires: list[str]) -> None:
    trigger = trigger_of(text)
    assert (trigger.event, trigger.this_role, trigger.requires) == (event, role, requires)
    assert trigger.selector is None


def test_tamer_cards_placed_in_this_digimons_digivolution_cards() -> None:
    # BT20-071
    trigger = trigger_of(
        "[All Turns] When Tamer cards are placed in this Digimon's digivolution cards, "
        "delete 1 of your opponent's Digimon with 6000 DP or less."
    )
    assert (trigger.event, trigger.this_role, trigger.requires) == ("SourcePlaced", "ObjectRole", [])
    assert (trigger.selector.kind, trigger.selector.owner, trigger.selector.zone) == (
        "Tamer",
        "any",
        "sources",
    )


def test_effects_place_trait_cards_in_this_digimons_digivolution_cards() -> None:
    # BT22-043
    trigger = trigger_of(
        "[All Turns] [Once Per Turn] When effects place Digimon cards with the [CS] trait in this "
        "Digimon's digivolution cards, gain 1 memory."
    )
    assert (trigger.event, trigger.this_role, trigger.requires) == (
        "SourcePlaced",
        "ObjectRole",
        ["ByEffect"],
    )
    assert (trigger.selector.kind, trigger.selector.trait) == ("Digimon", "CS")


# ---------------------------------------------------------------- who caused it: 'an effect …'


@pytest.mark.parametrize(
    ("text", "event", "role", "requires", "kind"),
    [
        # BT10-048 (inherited)
        (
            "[Opponent's Turn] When an effect suspends one of your Digimon, gain 1 memory.",
            "Suspended",
            "AnyRole",
            ["ByEffect", "SubjectIsDigimon", "SubjectIsOwn"],
            None,
        ),
        # BT16-067
        (
            "[Your Turn][Once Per Turn] When an effect plays one of your Digimon, gain 1 memory.",
            "CardPlayed",
            "AnyRole",
            ["ByEffect", "SubjectIsDigimon", "SubjectIsOwn"],
            None,
        ),
        # BT15-068
        (
            "[All Turns] When an effect plays an opponent's Digimon, gain 1 memory.",
            "CardPlayed",
            "AnyRole",
            ["ByEffect", "SubjectIsDigimon", "SubjectIsOpponents"],
            None,
        ),
        # BT11-054
        (
            "[Your Turn][Once Per Turn] When you play another Digimon by an effect, gain 1 memory.",
            "CardPlayed",
            "AnyRole",
            ["ByEffect", "SubjectIsDigimon", "SubjectIsOther", "SubjectIsOwn"],
            None,
        ),
        # EX3-038
        (
            "[Opponent's Turn] When an effect suspends this Digimon, gain 1 memory.",
            "Suspended",
            "SubjectRole",
            ["ByEffect"],
            None,
        ),
        # BT14-004
        (
            "[Your Turn][Once Per Turn] When one of your effects suspends a Tamer, gain 1 memory.",
            "Suspended",
            "AnyRole",
            ["ByOwnEffect"],
            "Tamer",
        ),
    ],
)
def test_events_caused_by_an_effect(
    text: str, event: str, role: str, requires: list[str], kind: str | None
) -> None:
    trigger = trigger_of(text)
    assert (trigger.event, trigger.this_role, trigger.requires) == (event, role, requires)
    assert (trigger.selector.kind if trigger.selector else None) == kind


# ---------------------------------------------------------------- attacks, battles, phases


@pytest.mark.parametrize(
    ("text", "event", "role", "requires"),
    [
        # ST15-05 (inherited)
        (
            "[Your Turn] When this Digimon attacks a player, gain 1 memory.",
            "AttackDeclared",
            "SubjectRole",
            ["OtherIsPlayer"],
        ),
        # BT1-082
        (
            "[Opponent's Turn] When an opponent's Digimon attacks a player, gain 1 memory.",
            "AttackDeclared",
            "AnyRole",
            ["OtherIsPlayer", "SubjectIsDigimon", "SubjectIsOpponents"],
        ),
        # ST16-05
        (
            "[Your Turn] When this Digimon attacks an opponent's Digimon, gain 1 memory.",
            "AttackDeclared",
            "SubjectRole",
            ["OtherIsDigimon", "OtherIsOpponents"],
        ),
        # BT25-048 (inherited)
        (
            "[All Turns] [Once Per Turn] When this Digimon wins a battle, <Draw 1>",
            "WonBattle",
            "SubjectRole",
            [],
        ),
        # ST3-01 (inherited)
        (
            "[Your Turn] When an opponent's Digimon is deleted by dropping to 0 DP, gain 1 memory.",
            "Deleted",
            "AnyRole",
            ["ByZeroDP", "SubjectIsDigimon", "SubjectIsOpponents"],
        ),
        # BT2-002 (inherited)
        (
            "[Your Turn] When this Digimon becomes unsuspended during your main phase, gain 1 memory.",
            "Unsuspended",
            "SubjectRole",
            ["InYourMainPhase"],
        ),
        # BT2-004 (inherited)
        (
            "[Your Turn] When this Digimon becomes unsuspended during your unsuspend phase, gain 1 memory.",
            "Unsuspended",
            "SubjectRole",
            ["InYourUnsuspendPhase"],
        ),
    ],
)
def test_attacks_battles_and_phases(text: str, event: str, role: str, requires: list[str]) -> None:
    trigger = trigger_of(text)
    assert (trigger.event, trigger.this_role, trigger.requires) == (event, role, requires)


def test_wins_a_battle_is_not_deleting_in_battle() -> None:
    # BT25-048: QA Q6324, a win against a Security Digimon counts too, so it is its own event
    trigger = trigger_of("[All Turns] [Once Per Turn] When this Digimon wins a battle, <Draw 1>")
    assert trigger.event != "DeletedInBattle"


# ---------------------------------------------------------------- digivolving into a card


def test_this_digimon_would_digivolve_into_a_trait_card() -> None:
    # BT20-038
    effect = compiled(
        "[Your Turn] When this Digimon would digivolve into a Digimon card with the [ACCEL] trait, "
        "reduce the digivolution cost by 1."
    )
    trigger = effect.trigger
    assert effect.category == "ImmediateType"
    assert (trigger.event, trigger.this_role, trigger.requires) == ("WouldDigivolve", "ObjectRole", [])
    assert (trigger.selector.kind, trigger.selector.trait) == ("Digimon", "ACCEL")
    assert [a.verb for a in effect.actions] == ["reduce_digivolve_cost"]


def test_this_digimon_would_digivolve_into_named_cards() -> None:
    # BT11-061 (inherited)
    trigger = trigger_of(
        "[Your Turn][Once Per Turn] When this Digimon would digivolve into [Destromon] or [Galacticmon], "
        "reduce the digivolution cost by 1.",
        "inherited",
    )
    assert (trigger.event, trigger.this_role) == ("WouldDigivolve", "ObjectRole")
    assert trigger.selector.name == "Destromon/Galacticmon"


def test_one_of_your_digimon_would_digivolve_into_this_card() -> None:
    # BT11-059
    trigger = trigger_of(
        "When one of your Digimon would digivolve into this card, reduce the digivolution cost by 1."
    )
    assert (trigger.event, trigger.this_role, trigger.requires) == (
        "WouldDigivolve",
        "SubjectRole",
        ["OtherIsOwn"],
    )


def test_this_digimon_would_digivolve_is_the_object_of_the_event() -> None:
    # P-093 (inherited): the subject of WouldDigivolve is the card digivolved into
    trigger = trigger_of(
        "[Your Turn] [Once Per Turn] When this Digimon would digivolve, reduce the digivolution cost by 1.",
        "inherited",
    )
    assert (trigger.event, trigger.this_role, trigger.selector) == ("WouldDigivolve", "ObjectRole", None)


def test_one_of_your_digimon_digivolves_into_a_named_digimon() -> None:
    # BT10-085
    trigger = trigger_of(
        "[Your Turn][Once Per Turn] When one of your Digimon digivolves into a Digimon with [Huckmon] in "
        "its name or [Royal Knight] in its traits, gain 1 memory."
    )
    assert (trigger.event, trigger.this_role, trigger.requires) == ("Digivolved", "AnyRole", ["SubjectIsOwn"])
    assert [(a.name_contains, a.trait) for a in trigger.selector.any_of] == [
        ("Huckmon", None),
        (None, "Royal Knight"),
    ]


# BT2-053's 'another Digimon with the same name as this Digimon' is a trigger condition
# (SameNameAsThis): tests/ingest/test_compiler_trigger_phrases.py


# ---------------------------------------------------------------- early cards print 'If' for 'When'


@pytest.mark.parametrize(
    ("text", "event", "requires"),
    [
        # BT12-019 (inherited)
        (
            "[Opponent's Turn][Once Per Turn] If an opponent's Digimon attacks, gain 1 memory.",
            "AttackDeclared",
            ["SubjectIsDigimon", "SubjectIsOpponents"],
        ),
        # BT12-003 (inherited)
        (
            "[Your Turn][Once Per Turn] If one of your yellow or red Tamers becomes suspended, "
            "1 of your opponent's Digimon gets -1000 DP for the turn.",
            "Suspended",
            ["SubjectIsOwn"],
        ),
        # BT12-068
        (
            "[All Turns][Once Per Turn] If an attack target is switched, gain 1 memory.",
            "AttackTargetSwitched",
            [],
        ),
    ],
)
def test_an_if_clause_naming_an_event_is_the_trigger(text: str, event: str, requires: list[str]) -> None:
    effect = compiled(text)
    assert effect.category == "TriggerType" and effect.conditions == []
    assert (effect.trigger.event, effect.trigger.requires) == (event, requires)


def test_an_if_clause_naming_a_state_stays_a_condition() -> None:
    # BT8-093's shape in a turn window: 'is suspended' is a state, not an event
    effect = compiled("[Your Turn] If this Digimon is suspended, this Digimon gets +1000 DP.")
    assert effect.category == "Persistent" and effect.trigger is None
    assert [c.kind for c in effect.conditions] == ["this_suspended"]


# ---------------------------------------------------------------- processing conditions


@pytest.mark.parametrize(
    ("text", "kinds", "amount"),
    [
        # BT6-003 (inherited): exactly 3
        (
            "[When Attacking][Once Per Turn] If you have 3 security cards, gain 1 memory.",
            ["security_at_least", "security_at_most"],
            3,
        ),
        # BT2-001 (inherited)
        (
            "[Your Turn] While there are 5 or more cards in your opponent's trash, "
            "this Digimon gets +1000 DP.",
            ["opponent_trash_at_least"],
            5,
        ),
        # BT16-001 (inherited)
        (
            "[When Attacking] [Once Per Turn] If this Digimon has 2 or more colors, delete 1 of your "
            "opponent's Digimon with 2000 DP or less.",
            ["this_colors_at_least"],
            2,
        ),
        # EX12-023
        ("[On Play] If your hand has 7 or more cards, gain 1 memory.", ["hand_at_least"], 7),
        # BT15-022
        (
            "[On Play] If played by an effect, 1 of your opponent's Digimon can't attack until the end of "
            "their turn.",
            ["played_by_effect"],
            None,
        ),
        # EX4-020
        (
            "[On Play] If DigiXrosing, trash up to 2 digivolution cards of 1 of your opponent's Digimon.",
            ["digixrosing"],
            None,
        ),
    ],
)
def test_processing_conditions(text: str, kinds: list[str], amount: int | None) -> None:
    effect = compiled(text)
    assert [(c.kind, c.amount, c.compiled) for c in effect.conditions] == [(k, amount, True) for k in kinds]


def test_this_digimons_stack_has_same_level_cards() -> None:
    # BT22-047
    effect = compiled(
        "[When Attacking] If this Digimon's stack has 2 or more same-level cards, gain 1 memory."
    )
    assert [(c.kind, c.amount) for c in effect.conditions] == [("this_same_level_at_least", 2)]


def test_there_are_suspended_digimon_counts_both_players() -> None:
    # BT25-050
    effect = compiled("[When Attacking] If there are 2 or more suspended Digimon, gain 1 memory.")
    (condition,) = effect.conditions
    assert (condition.kind, condition.amount) == ("has_card", 2)
    assert (condition.selector.owner, condition.selector.state, condition.selector.kind) == (
        "any",
        "suspended",
        "Digimon",
    )


# ---------------------------------------------------------------- this Digimon, while it fits a filter


def test_this_digimon_with_a_trait_would_leave_by_opponents_effects() -> None:
    # BT18-030
    effect = compiled(
        "[All Turns] [Once Per Turn] When this yellow Digimon with the [Data]/[Witchelny] trait would leave "
        "the battle area by your opponent's effects, gain 1 memory."
    )
    trigger = effect.trigger
    assert effect.category == "ImmediateType"
    assert (trigger.event, trigger.this_role, trigger.requires) == (
        "WouldLeaveBattleArea",
        "SubjectRole",
        ["ByOpponentsEffect"],
    )
    selector = trigger.selector
    assert (selector.this, selector.owner, selector.color, selector.trait) == (
        True,
        "self",
        "Yellow",
        "Data/Witchelny",
    )


def test_this_digimon_with_a_name_or_a_trait_wins_a_battle() -> None:
    # EX12-051 (inherited)
    trigger = trigger_of(
        "[All Turns] [Once Per Turn] When this Digimon with [Angoramon] in its text or the [NSP] trait wins "
        "a battle, <Draw 1>.",
        "inherited",
    )
    assert (trigger.event, trigger.this_role, trigger.selector.this) == ("WonBattle", "SubjectRole", True)
    assert [(a.text_contains, a.trait) for a in trigger.selector.any_of] == [
        ("Angoramon", None),
        (None, "NSP"),
    ]


def test_a_player_uses_an_option_card_is_either_player() -> None:
    # BT3-096
    trigger = trigger_of("[All Turns] When a player uses an Option card, gain 1 memory.")
    assert (trigger.event, trigger.requires, trigger.selector.owner, trigger.selector.kind) == (
        "OptionUsed",
        [],
        "any",
        "Option",
    )


# ---------------------------------------------------------------- costs


def test_trashing_the_bottom_face_down_card_from_under_a_tamer() -> None:
    # BT25-041 (inherited)
    effect = compiled(
        "[End of Attack] [Once Per Turn] By trashing the bottom face-down card from under any of your "
        "Tamers, this Digimon unsuspends.",
        "inherited",
    )
    (cost,) = effect.costs
    assert (cost.verb, cost.amount, cost.compiled) == ("trash_bottom_face_down", 1, True)
    assert (cost.selector.owner, cost.selector.kind, cost.selector.count) == ("self", "Tamer", 1)


def test_two_bottom_face_down_cards_from_one_tamer_or_several() -> None:
    # BT25-035: 2 in all, from under one Tamer or several (QA Q6301, Q6212), all or none (Q6300)
    effect = compiled(
        "[When Attacking] By trashing 2 bottom face-down cards from under any of your Tamers, gain 1 memory."
    )
    (cost,) = effect.costs
    assert (cost.verb, cost.amount, cost.compiled) == ("trash_bottom_face_down", 2, True)


def test_a_cost_read_as_the_action_it_names() -> None:
    # BT26-092's cost: 'by returning 1 of your [TS] trait Tamers to the bottom of the deck'
    effect = compiled(
        "[Your Turn] [Once Per Turn] When this Digimon attacks, by returning 1 of your [TS] trait Tamers to "
        "the bottom of the deck, gain 1 memory."
    )
    (cost,) = effect.costs
    assert (cost.verb, cost.selector.owner, cost.selector.kind, cost.selector.trait) == (
        "return_to_deck",
        "self",
        "Tamer",
        "TS",
    )


def test_two_costs_joined_by_and_are_both_paid() -> None:
    # BT23-084's cost: 'By suspending this Tamer and returning 1 of your Digimon with the [Hudie] trait'
    effect = compiled(
        "[Your Turn] When one of your Digimon attacks, by suspending this Tamer and returning 1 of your "
        "Digimon with the [Hudie] trait to the hand, gain 1 memory."
    )
    assert [(c.verb, c.compiled) for c in effect.costs] == [("suspend", True), ("return_to_hand", True)]
    assert effect.costs[1].selector.trait == "Hudie"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # BT9-055
        (
            "[When Digivolving] Suspend 1 of your opponent's Digimon. Then, if this Digimon is attacking, "
            "gain 1 memory.",
            [("attacking", None, False)],
        ),
        # BT23-066
        (
            "[On Play] [When Digivolving] Delete 1 of your opponent's level 4 or lower Digimon. Then, if "
            "digivolving from the trash, gain 1 memory.",
            [("digivolving_from_trash", None, False)],
        ),
        # EX8-002
        (
            "[When Attacking] [Once Per Turn] If you have 0 memory, gain 1 memory.",
            [("memory_at_most", 0, False)],
        ),
        # EX4-022
        (
            "[On Play] If they have 8 or more cards in their hand, gain 1 memory.",
            [("opponent_hand_at_least", 8, False)],
        ),
        # BT10-070: exactly 3
        (
            "[When Attacking] If this Digimon has 3 digivolution cards, gain 1 memory.",
            [("this_sources_at_least", 3, False), ("this_sources_at_least", 4, True)],
        ),
    ],
)
def test_more_processing_conditions(text: str, found: list[tuple[str, int | None, bool]]) -> None:
    effect = compiled(text)
    assert [(c.kind, c.amount, c.negated) for c in effect.conditions if c.compiled] == found


def test_an_older_type_is_a_trait() -> None:
    # BT5-005 (inherited)
    effect = compiled(
        "[When Attacking] If this Digimon has [Unidentified] in its type, gain 1 memory.", "inherited"
    )
    (condition,) = effect.conditions
    assert (condition.kind, condition.selector.this, condition.selector.trait) == (
        "this_matches",
        True,
        "Unidentified",
    )


def test_a_digivolution_card_fitting_either_of_two_filters() -> None:
    # BT7-022
    effect = compiled(
        "[When Digivolving] If a card with [Hybrid] in its traits or [Koji Minamoto] is in this Digimon's "
        "digivolution cards, gain 1 memory."
    )
    (condition,) = effect.conditions
    assert (condition.kind, condition.amount) == ("sources_include", 1)
    assert [(a.trait, a.name) for a in condition.selector.any_of] == [
        ("Hybrid", None),
        (None, "Koji Minamoto"),
    ]


@pytest.mark.parametrize(
    ("text", "event", "role", "requires", "filters"),
    [
        # BT19-034 (inherited)
        (
            "[Your Turn] [Once Per Turn] When you use Option cards with a cost of 2 or more, 1 of your "
            "opponent's Digimon gets -2000 DP for the turn.",
            "OptionUsed",
            "AnyRole",
            ["SubjectIsOwn"],
            {"owner": "self", "kind": "Option", "min_cost": 2},
        ),
        # EX2-061
        (
            "[Your Turn] When you attack with a Digimon with [Gargomon] or [Rapidmon] in its name, "
            "gain 1 memory.",
            "AttackDeclared",
            "AnyRole",
            ["SubjectIsOwn"],
            {"owner": "self", "name_contains": "Gargomon/Rapidmon"},
        ),
        # BT4-060
        (
            "[All Turns] When you or your opponent play a level 4 or lower Digimon, suspend it.",
            "CardPlayed",
            "AnyRole",
            [],
            {"owner": "any", "kind": "Digimon", "max_level": 4},
        ),
        # BT18-071
        (
            "[All Turns] [Once Per Turn] When an attack target is changed, 1 of your opponent's Digimon gets "
            "-5000 DP for the turn.",
            "AttackTargetSwitched",
            "AnyRole",
            [],
            None,
        ),
        # BT21-035
        (
            "[Your Turn] [Once Per Turn] When this Digimon's attack target changes, this Digimon unsuspends.",
            "AttackTargetSwitched",
            "SubjectRole",
            [],
            None,
        ),
        # BT2-046 (inherited; printed with a full-width comma)
        (
            "[Your Turn] When this Digimon deletes one of your opponent's level 6 or higher Digimon "
            "in battle, "
            "unsuspend this Digimon.",
            "DeletedInBattle",
            "ObjectRole",
            ["SubjectIsDigimon", "SubjectIsOpponents"],
            {"owner": "opponent", "min_level": 6},
        ),
        # EX5-038
        (
            "[Your Turn] [Once Per Turn] When one of your Digimon deletes an opponent's Digimon "
            "in battle and "
            "survives, unsuspend 1 of your Digimon.",
            "DeletedInBattle",
            "AnyRole",
            ["OnlyThisDeleted", "OtherIsDigimon", "OtherIsOwn", "SubjectIsDigimon", "SubjectIsOpponents"],
            None,
        ),
        # BT7-089
        (
            "[Your Turn] When this Tamer digivolves into a green Digimon, gain 1 memory.",
            "Digivolved",
            "SubjectRole",
            [],
            {"owner": "self", "color": "Green"},
        ),
        # BT20-078
        (
            "[All Turns] [Once Per Turn] When effects digivolve your opponent's Digimon, gain 1 memory.",
            "Digivolved",
            "AnyRole",
            ["ByEffect", "SubjectIsDigimon", "SubjectIsOpponents"],
            None,
        ),
        # EX10-005 (inherited)
        (
            "[Your Turn] [Once Per Turn] When your opponent's deck is trashed from, <Draw 1>",
            "TrashedFromDeck",
            "AnyRole",
            ["SubjectIsOpponents"],
            None,
        ),
    ],
)
def test_more_trigger_clauses(
    text: str, event: str, role: str, requires: list[str], filters: dict[str, object] | None
) -> None:
    trigger = trigger_of(text)
    assert (trigger.event, trigger.this_role, trigger.requires) == (event, role, requires)
    if filters is None:
        assert trigger.selector is None
    else:
        assert {k: getattr(trigger.selector, k) for k in filters} == filters


def test_your_digimon_get_linked_asks_the_owner_of_the_linked_digimon() -> None:
    # BT22-087
    trigger = trigger_of(
        "[Your Turn] When any of your Digimon get linked, "
        "1 of your opponent's Digimon gets -2000 DP for the turn."
    )
    assert (trigger.event, trigger.this_role, trigger.requires, trigger.selector) == (
        "Linked",
        "AnyRole",
        ["OtherIsOwn"],
        None,
    )


def test_placing_a_card_under_that_digimon_as_one_of_its_digivolution_cards() -> None:
    # BT12-087's cost: the card goes under the Digimon that digivolved (the event's subject)
    effect = compiled(
        "[Your Turn] If one of your Digimon digivolves into a Digimon card with <Save> in its text, by "
        "suspending this Tamer and placing 1 card from under one of your Tamers under that Digimon as one "
        "of its digivolution cards, gain 1 memory."
    )
    assert [(c.verb, c.compiled) for c in effect.costs] == [("suspend", True), ("place_under", True)]
    placed = effect.costs[1]
    assert (placed.selector.subject, placed.card.zone, placed.card.count) == (True, "under_tamers", 1)
    assert effect.actions_compiled


@pytest.mark.parametrize(
    ("text", "kind", "filters"),
    [
        # BT8-070
        (
            "[When Digivolving] If this Digimon has a black digivolution card, gain 1 memory.",
            "sources_include",
            {"color": "Black", "zone": "sources"},
        ),
        # BT6-089
        (
            "[Start of Your Turn] If you have fewer security cards than your opponent, gain 2 memory.",
            "security_fewer_than_opponent",
            None,
        ),
        # BT26-045's condition
        (
            "[On Play] If your hand has fewer cards than your opponent's, gain 1 memory.",
            "hand_fewer_than_opponent",
            None,
        ),
        # BT6-095's condition ('type' is the older word for trait)
        (
            "[Main] If you have a Digimon with [Three Musketeers] in its type in play, gain 1 memory.",
            "has_card",
            {"owner": "self", "trait": "Three Musketeers"},
        ),
    ],
)
def test_conditions_on_cards_and_players(text: str, kind: str, filters: dict[str, object] | None) -> None:
    (condition,) = compiled(text).conditions
    assert (condition.kind, condition.compiled) == (kind, True)
    if filters is not None:
        assert {k: getattr(condition.selector, k) for k in filters} == filters


def test_while_this_digimon_is_named_or_has_a_trait() -> None:
    # BT24-072 (inherited)
    effect = compiled(
        "[Your Turn] While this Digimon is [Titamon] or has the [Titan] trait, it gains <Security A. +1>",
        "inherited",
    )
    (condition,) = effect.conditions
    assert (condition.kind, condition.selector.this) == ("this_matches", True)
    assert [(a.name, a.trait) for a in condition.selector.any_of] == [("Titamon", None), (None, "Titan")]


@pytest.mark.parametrize(
    ("text", "event", "role", "requires"),
    [
        # BT25-020
        (
            "[All Turns] [Once Per Turn] When any of your [TS] trait Digimon win a battle, gain 1 memory.",
            "WonBattle",
            "AnyRole",
            ["SubjectIsOwn"],
        ),
        # P-146 (inherited)
        (
            "[All Turns] When this Digimon would be deleted by battle, gain 1 memory.",
            "WouldBeDeleted",
            "SubjectRole",
            ["InBattle"],
        ),
        # BT20-082's clause
        (
            "[All Turns] When this Digimon would leave the battle area by effects, gain 1 memory.",
            "WouldLeaveBattleArea",
            "SubjectRole",
            ["ByEffect"],
        ),
        # BT13-075's clause
        (
            "When an effect would remove this Digimon from the battle area, gain 1 memory.",
            "WouldLeaveBattleArea",
            "SubjectRole",
            ["ByEffect"],
        ),
        # BT18-090 (inherited)
        (
            "[Your Turn] [Once Per Turn] When this Digimon deletes an opponent's Digimon by battle, "
            "gain 1 memory.",
            "DeletedInBattle",
            "ObjectRole",
            ["SubjectIsDigimon", "SubjectIsOpponents"],
        ),
        # BT21-025 (inherited)
        (
            "[All Turns] [Once Per Turn] When your opponent's security is removed from, gain 1 memory.",
            "SecurityCardRemoved",
            "AnyRole",
            ["SubjectIsOpponents"],
        ),
        # BT11-017
        (
            "[All Turns] When one of your Digimon's attack targets is switched, gain 1 memory.",
            "AttackTargetSwitched",
            "AnyRole",
            ["SubjectIsDigimon", "SubjectIsOwn"],
        ),
        # BT25-038
        (
            "[All Turns] [Once Per Turn] When your security stack is added to, gain 1 memory.",
            "SecurityCardAdded",
            "AnyRole",
            ["SubjectIsOwn"],
        ),
        # BT26-068
        (
            "[All Turns] [Once Per Turn] When effects add to your opponent's hand, gain 1 memory.",
            "AddedToHand",
            "AnyRole",
            ["ByEffect", "SubjectIsOpponents"],
        ),
        # BT15-084's clause ('When an effect removes cards from your security stack')
        (
            "[All Turns] When an effect removes cards from your security stack, gain 1 memory.",
            "SecurityCardRemoved",
            "AnyRole",
            ["ByEffect", "SubjectIsOwn"],
        ),
        # BT8-069
        (
            "[Your Turn] When one of your effects places a digivolution card under one of your Digimon, "
            "gain 1 memory.",
            "SourcePlaced",
            "AnyRole",
            ["ByOwnEffect", "OtherIsDigimon", "OtherIsOwn"],
        ),
    ],
)
def test_yet_more_trigger_clauses(text: str, event: str, role: str, requires: list[str]) -> None:
    trigger = trigger_of(text)
    assert (trigger.event, trigger.this_role, trigger.requires) == (event, role, requires)


def test_a_tamer_card_placed_in_one_of_your_digimons_digivolution_cards() -> None:
    # BT17-090
    trigger = trigger_of(
        "[Your Turn] When an effect places a Tamer card in one of your Digimon's digivolution cards, "
        "gain 1 memory."
    )
    assert (trigger.event, trigger.this_role, trigger.requires) == (
        "SourcePlaced",
        "AnyRole",
        ["ByEffect", "OtherIsDigimon", "OtherIsOwn"],
    )
    assert (trigger.selector.kind, trigger.selector.zone) == ("Tamer", "sources")


def test_your_other_digimon_played_or_digivolving_with_a_trait() -> None:
    # BT21-061
    effect = compiled(
        "[Your Turn] [Once Per Turn] When your other Digimon are played or digivolve, if any of them have "
        "the [ADVENTURE] trait, 1 of your Digimon gains <Alliance> for the turn."
    )
    trigger = effect.trigger
    assert (trigger.event, trigger.this_role, trigger.requires, trigger.selector) == (
        "PlayedOrDigivolved",
        "AnyRole",
        ["SubjectIsDigimon", "SubjectIsOther", "SubjectIsOwn"],
        None,
    )
    (condition,) = effect.conditions
    assert (condition.kind, condition.selector.subject, condition.selector.trait) == (
        "event_subject_matches",
        True,
        "ADVENTURE",
    )


def test_any_of_them_are_a_colour() -> None:
    # BT25-024's condition
    effect = compiled(
        "[Your Turn] When your Digimon are played or digivolve, if any of them are red, gain 1 memory."
    )
    (condition,) = effect.conditions
    assert (condition.kind, condition.selector.subject, condition.selector.color) == (
        "event_subject_matches",
        True,
        "Red",
    )


def test_your_digimon_or_tamers_played_or_digivolving_keep_their_kind() -> None:
    # AD1-001's clause: 'When your Digimon or Tamers are played or digivolve'
    trigger = trigger_of("[Your Turn] When your Digimon or Tamers are played or digivolve, gain 1 memory.")
    assert (trigger.event, trigger.requires, trigger.selector.kind) == (
        "PlayedOrDigivolved",
        ["SubjectIsOwn"],
        "Digimon or Tamer",
    )


def test_it_has_a_trait_or_is_a_colour_is_the_triggering_digimon() -> None:
    # BT16-007: 'it' is the Digimon played or digivolved, as it is after digivolving (QA Q2604)
    effect = compiled(
        "[Your Turn] When one of your other Digimon is played or digivolves, if it has the [Free] trait "
        "or is yellow, gain 1 memory."
    )
    (either,) = effect.conditions
    assert either.kind == "either"
    assert [(c.kind, c.selector.trait, c.selector.color) for c in either.either] == [
        ("event_subject_matches", "Free", None), ("event_subject_matches", None, "Yellow")]


def test_it_in_a_condition_is_not_taken_for_this_card() -> None:
    # EX6-063: 'it' is the Digimon played or digivolved, not this Tamer
    effect = compiled(
        "[Your Turn] When one of your Digimon is played or digivolves, if it has the [Angel]/[Archangel]/"
        "[Three Great Angels] trait, by suspending this Tamer, gain 1 memory."
    )
    assert effect.trigger.event == "PlayedOrDigivolved"
    (c,) = effect.conditions  # QA Q3808: the Digimon after it digivolves
    assert (c.kind, c.selector.subject, c.selector.trait) == (
        "event_subject_matches", True, "Angel/Archangel/Three Great Angels")


def test_an_if_clause_before_a_cost_reduction_is_read_as_before_the_event() -> None:
    # BT12-096: the digivolution cost can only be reduced before the digivolution (CR 8-1-2-4): the
    # effect answers the digivolution that would happen, its 'that Digimon' the Digimon digivolving
    effect = compiled(
        "[Your Turn] If one of your Digimon digivolves into a Digimon card with <Save> in its text, by "
        "suspending this Tamer and placing 1 card from under one of your Tamers under that Digimon as one "
        "of its digivolution cards, reduce the digivolution cost by 1."
    )
    assert effect.category == "ImmediateType" and effect.actions_compiled
    assert effect.trigger is not None and effect.trigger.event == "WouldDigivolve"
    assert effect.trigger.selector is not None and effect.trigger.selector.text_contains == "<Save>"
    assert [(c.verb, c.card.zone if c.card else None) for c in effect.costs] == [
        ("suspend", None), ("place_under", "under_tamers")]
    assert [(a.verb, a.amount) for a in effect.actions] == [("reduce_digivolve_cost", 1)]
    # a play cost reduced 'if' a card is played is still left unread
    played = compiled("[Your Turn] If one of your Digimon is played, reduce the play cost by 1.")
    assert played.trigger is None and not played.actions_compiled


def test_a_filter_on_the_digimon_before_it_digivolves_is_read_from_the_card_under_it() -> None:
    # BT7-081's clause: the subject of Digivolved is the Digimon after digivolving, no longer a Tamer; the
    # card under its new top card says what it was (SubjectWasTamer, trigger_more_phrases.py)
    trigger = compiled("[Your Turn] When one of your Tamers digivolves, gain 1 memory.").trigger
    assert trigger is not None and trigger.requires == ["SubjectIsOwn", "SubjectWasTamer"]
