"""Trigger clauses that filter the event's object (``Trigger.object_selector``), read from real card
texts (card number named on each test): the Digimon that deleted in battle, the Digimon that would
digivolve into this card; and 'it' under a 'When …' clause is the event's subject."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Trigger
from ingest.effects import compile_card

DELETED_BY_OWN = ["OnlyThisDeleted", "OtherIsDigimon", "OtherIsOwn", "SubjectIsDigimon", "SubjectIsOpponents"]


def trigger_of(text: str, part: str = "main") -> Trigger:
    (record,) = compile_card("X-1", **{part: text})
    assert record.compiled.trigger_compiled and record.compiled.trigger is not None, text
    return record.compiled.trigger


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        # EX3-044 (main and inherited)
        ("[All Turns][Once Per Turn] When one of your Digimon with [Dramon] or [Examon] in its name deletes "
         "an opponent's Digimon in battle and survives, trash the top card of your opponent's security "
         "stack.",
         {"name_contains": "Dramon/Examon"}),
        # BT3-094
        ("[Your Turn] When one of your green or blue Digimon deletes an opponent's Digimon in battle and "
         "survives, you may suspend this Tamer to gain 1 memory.", {"color": "Green/Blue"}),
        # EX1-043
        ("[Your Turn][Once Per Turn] When one of your Digimon with [Insectoid] or [Ancient Insect] in its "
         "traits deletes an opponent's Digimon in battle and survives, you may unsuspend this Digimon.",
         {"trait": "Insectoid/Ancient Insect"}),
    ],
)
def test_the_digimon_that_deletes_in_battle_is_the_object(text: str, fields: dict[str, str]) -> None:
    trigger = trigger_of(text)
    assert (trigger.event, trigger.this_role) == ("DeletedInBattle", "AnyRole")
    assert trigger.requires == DELETED_BY_OWN
    assert trigger.selector is None
    held = trigger.object_selector
    assert held is not None and held.owner == "self" and held.kind == "Digimon"
    assert {k: getattr(held, k) for k in fields} == fields


def test_without_survives_the_battle_may_delete_both() -> None:
    # LM-012 (its 'in their texts' filter; no 'and survives')
    trigger = trigger_of("[All Turns] [Once Per Turn] When one of your Digimon with [Angoramon] in their "
                         "texts deletes an opponent's Digimon in battle, trash the top card of their "
                         "security stack.")
    assert "OnlyThisDeleted" not in trigger.requires
    assert trigger.object_selector is not None and trigger.object_selector.text_contains == "Angoramon"


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        # BT22-038
        ("When any of your Digimon with the [Ver.1] trait would digivolve into this card, reduce the "
         "digivolution cost by 2.", {"trait": "Ver.1"}),
        # BT3-031: 'one of your [Paildramon] or [Dinobeemon]' in play is a Digimon
        ("When one of your [Paildramon] or [Dinobeemon] would digivolve into this card in your hand, reduce "
         "the memory cost of the digivolution by 2.", {"name": "Paildramon/Dinobeemon", "kind": "Digimon"}),
    ],
)
def test_the_digimon_that_would_digivolve_into_this_card_is_the_object(
    text: str, fields: dict[str, str]
) -> None:
    (record,) = compile_card("X-1", main=text)
    trigger = record.compiled.trigger
    assert trigger is not None and (trigger.event, trigger.this_role, trigger.requires) == \
        ("WouldDigivolve", "SubjectRole", ["OtherIsOwn"])
    held = trigger.object_selector
    assert held is not None and {k: getattr(held, k) for k in fields} == fields
    assert record.compiled.actions[0].verb == "reduce_digivolve_cost" and record.compiled.actions_compiled


def test_an_opponents_or_other_digimon_that_deletes_stays_uncompiled() -> None:
    # the Digimon that deletes must be one of yours, and 'other' is no condition of the object
    text = ("[Your Turn] When one of your other Digimon with [Dramon] in its name deletes an opponent's "
            "Digimon in battle, gain 1 memory.")
    (record,) = compile_card("X-1", main=text)
    assert not record.compiled.trigger_compiled


@pytest.mark.parametrize(
    "text",
    [
        # BT9-089 (a Tamer): 'it' is the Digimon that digivolved, not this Tamer
        "[Your Turn] When one of your Digimon digivolves into a black level 6 Digimon, it gains <Blocker> "
        "until the end of your opponent's turn.",
        # EX11-069 (a Tamer): 'it' is the attacking Digimon
        "[Your Turn] [Once Per Turn] When one of your Digimon attacks, if you have 4 or fewer cards in your "
        "hand, it may digivolve into a [Dark Dragon] or [Evil Dragon] trait Digimon card in the trash with "
        "the digivolution cost reduced by 1.",
        # BT4-060: 'suspend it' is the Digimon played
        "[All Turns] When you or your opponent play a level 4 or lower Digimon, suspend it.",
    ],
)
def test_it_under_a_when_clause_is_the_events_subject(text: str) -> None:
    (record,) = compile_card("X-1", main=text)
    action = record.compiled.actions[0]
    assert action.selector is not None and action.selector.subject and not action.selector.this


@pytest.mark.parametrize(
    ("text", "requires", "trait"),
    [
        # EX8-047 (inherited)
        ("When this card is trashed from the digivolution cards of a Digimon with the [Mineral]/[Rock] "
         "trait, delete 1 of your opponent's Digimon with a play cost of 4 or less.", ["OtherIsDigimon"],
         "Mineral/Rock"),
        # EX10-044 (inherited)
        ("When effects trash this card from a [Bagra Army] trait Digimon's digivolution cards, <Draw 1>",
         ["ByEffect", "OtherIsDigimon"], "Bagra Army"),
        # EX10-025 (inherited)
        ("When effects trash this card from a [Mineral] or [Rock] trait Digimon's digivolution cards, "
         "delete 1 of your opponent's Digimon with a play cost of 4 or less.", ["ByEffect", "OtherIsDigimon"],
         "Mineral/Rock"),
    ],
)
def test_the_digimon_a_digivolution_card_was_trashed_from_is_the_object(
    text: str, requires: list[str], trait: str
) -> None:
    trigger = trigger_of(text, "inherited")
    assert (trigger.event, trigger.this_role, trigger.requires) == ("SourceTrashed", "SubjectRole", requires)
    assert trigger.object_selector is not None and trigger.object_selector.trait == trait


def test_a_host_with_no_filter_is_the_plain_clause() -> None:
    # 'this card is trashed from the digivolution cards of a Digimon': no filter, not this template
    (record,) = compile_card("X-1", inherited="When this card is trashed from the digivolution cards of a "
                             "Digimon, gain 1 memory.")
    assert record.compiled.trigger is None or record.compiled.trigger.object_selector is None


def test_you_attack_with_a_digimon_that_has_a_name_or_a_level() -> None:
    # BT8-086: the attacker (the event's subject) has [Gammamon] in its name or is level 5 or higher
    trigger = trigger_of("[Your Turn] When you attack with a Digimon that has [Gammamon] in its name or "
                         "is level 5 or higher, you may suspend this Tamer to have 1 of your Digimon get "
                         "+2000 DP for the turn.")
    assert (trigger.event, trigger.this_role) == ("AttackDeclared", "AnyRole")
    assert trigger.requires == ["SubjectIsOwn"]
    assert trigger.selector is not None and trigger.selector.owner == "self"
    alternatives = [(a.name_contains, a.min_level) for a in trigger.selector.any_of]
    assert alternatives == [("Gammamon", None), (None, 5)]
