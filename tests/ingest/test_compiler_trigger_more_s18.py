"""'When …' clauses read by ingest/compiler/trigger_more_phrases.py, on real card texts (card number
on each case)."""

from __future__ import annotations

from ingest.effect_ir import Trigger
from ingest.effects import compile_card


def compiled(text: str, part: str = "main") -> Trigger:
    record = compile_card("X-1", **{part: text})[-1]
    assert record.compiled.trigger_compiled and record.compiled.trigger is not None, text
    assert record.compiled.actions_compiled, text
    return record.compiled.trigger


def test_an_opponents_digimon_digivolves_into_a_level_5_or_higher_digimon() -> None:
    # EX1-051
    trigger = compiled("[Opponent's Turn][Once Per Turn] When an opponent's Digimon digivolves into a "
                       "level 5 or higher Digimon, gain 1 memory.")
    assert (trigger.event, trigger.this_role, trigger.requires) == ("Digivolved", "AnyRole",
                                                                     ["SubjectIsOpponents"])
    sel = trigger.selector
    assert sel is not None and (sel.owner, sel.kind, sel.min_level) == ("opponent", "Digimon", 5)


def test_effects_trash_digivolution_cards_from_your_opponents_digimon() -> None:
    # EX11-057 (its third effect)
    trigger = compiled("[All Turns] When effects trash digivolution cards from your opponent's Digimon, by "
                       "suspending this Tamer, gain 1 memory.")
    assert (trigger.event, trigger.this_role, trigger.requires) == (
        "SourceTrashed", "AnyRole", ["ByEffect", "OtherIsDigimon", "OtherIsOpponents"])
    assert trigger.selector is None and trigger.object_selector is None


def test_an_opponents_digimons_digivolution_card_is_trashed() -> None:
    # EX5-025 (its last effect)
    trigger = compiled("[All Turns] [Once Per Turn] When an opponent's Digimon's digivolution card is "
                       "trashed, unsuspend this Digimon.")
    assert (trigger.event, trigger.this_role, trigger.requires) == (
        "SourceTrashed", "AnyRole", ["OtherIsDigimon", "OtherIsOpponents"])


def test_this_digimon_would_digivolve_into_a_two_color_or_composite_card() -> None:
    # P-076
    trigger = compiled("[Your Turn] When this Digimon would digivolve into a card with 2 colors or "
                       "[Composite] in its traits, reduce the digivolution cost by 2.")
    assert (trigger.event, trigger.this_role, trigger.requires) == ("WouldDigivolve", "ObjectRole", [])
    sel = trigger.selector
    assert sel is not None
    assert [(a.min_colors, a.max_colors, a.trait) for a in sel.any_of] == [(2, 2, None), (None, None,
                                                                                           "Composite")]


def test_this_digimon_would_digivolve_into_a_card_in_your_hand_that_is_black_or_legend_arms() -> None:
    # ST13-04
    trigger = compiled("[Your Turn] When this Digimon would digivolve into a card in your hand that's black "
                       "or has [Legend-Arms] in its traits, reduce the digivolution cost by 1.")
    assert (trigger.event, trigger.this_role, trigger.requires) == ("WouldDigivolve", "ObjectRole",
                                                                     ["IntoCardInHand"])
    sel = trigger.selector
    assert sel is not None and [(a.color, a.trait) for a in sel.any_of] == [("Black", None),
                                                                            (None, "Legend-Arms")]


def test_this_digimon_checks_your_opponents_security_stack() -> None:
    # BT16-033 (its [Your Turn] effect)
    record = compile_card("BT16-033", main="[Digivolve] [Hawkmon]: Cost 2<Armor Purge> [Your Turn] When this "
                          "Digimon checks your opponent's security stack, if you have 3 or more security "
                          "cards, gain 1 memory. If you have 2 or fewer, <Recovery +1 (Deck)>.")[-1]
    trigger = record.compiled.trigger
    assert record.compiled.actions_compiled and trigger is not None
    assert (trigger.event, trigger.this_role, trigger.requires) == ("SecurityCardChecked", "ObjectRole", [])


def test_this_suspended_digimon_would_digivolve() -> None:
    # BT18-051
    trigger = compiled("[Your Turn] When this suspended Digimon would digivolve into a level 6 Digimon card "
                       "with [Plant]/[Vegetation] in one of its traits, reduce the digivolution cost by 2.")
    assert (trigger.event, trigger.this_role, trigger.requires) == ("WouldDigivolve", "ObjectRole",
                                                                     ["OtherSuspended"])
    sel = trigger.selector
    assert sel is not None
    assert (sel.min_level, sel.max_level, sel.trait_contains) == (6, 6, "Plant/Vegetation")


def test_any_of_your_suspended_digimon_would_digivolve() -> None:
    # P-202 (its [Your Turn] effect)
    trigger = compiled("[Your Turn] [Once Per Turn] When any of your suspended Digimon would digivolve into "
                       "a Digimon card with [Tyrannomon] in its name or the [Dinosaur] or [Ver.1] trait, "
                       "reduce the digivolution cost by 1.")
    assert (trigger.event, trigger.this_role, trigger.requires) == ("WouldDigivolve", "AnyRole",
                                                                     ["OtherIsOwn", "OtherSuspended"])
    sel = trigger.selector
    assert sel is not None
    assert [(a.name_contains, a.trait) for a in sel.any_of] == [("Tyrannomon", None),
                                                                (None, "Dinosaur/Ver.1")]


def test_this_digimon_with_face_down_digivolution_cards_would_digivolve() -> None:
    # EX9-003 (inherited)
    trigger = compiled("[Your Turn] [Once Per Turn] When this Digimon with face-down digivolution cards "
                       "would digivolve into a [Ver.3] trait Digimon card, reduce the digivolution cost by "
                       "1.",
                       "inherited")
    assert (trigger.event, trigger.this_role, trigger.requires) == ("WouldDigivolve", "ObjectRole",
                                                                     ["OtherHasFaceDownSources"])
    assert trigger.selector is not None and trigger.selector.trait == "Ver.3"


def test_one_of_your_tamers_digivolves() -> None:
    # BT7-081 (its second effect)
    trigger = compiled("[Your Turn][Once Per Turn] When one of your Tamers digivolves, gain 2 memory.")
    assert (trigger.event, trigger.this_role, trigger.requires) == ("Digivolved", "AnyRole",
                                                                     ["SubjectIsOwn", "SubjectWasTamer"])


def test_you_would_play_a_green_tamer_card_from_your_hand() -> None:
    # BT14-046
    trigger = compiled("[Your Turn][Once Per Turn] When you would play a green Tamer card from your hand, by "
                       "suspending 1 of your green Digimon, reduce the play cost by 3.")
    assert (trigger.event, trigger.this_role) == ("WouldBePlayed", "AnyRole")
    assert trigger.requires == ["SubjectIsOwn", "WouldBePlayedFromHand"]
    sel = trigger.selector
    assert sel is not None and (sel.owner, sel.kind, sel.color) == ("self", "Tamer", "Green")


def test_when_you_have_a_green_tamer_in_play_is_a_permission_while_it_holds() -> None:
    # BT2-051 (its first effect; the fullwidth comma as printed)
    record = compile_card("BT2-051", main="[Your Turn] When you have a green Tamer in play， this Digimon "
                          "can attack your opponent's unsuspended Digimon.")[0]
    c = record.compiled
    assert (c.category, c.trigger, c.actions_compiled) == ("Persistent", None, True)
    assert [a.verb for a in c.actions] == ["can_attack_unsuspended"]
    assert [(x.kind, x.compiled) for x in c.conditions] == [("has_card", True)]
    sel = c.conditions[0].selector
    assert sel is not None and (sel.kind, sel.color) == ("Tamer", "Green")


def test_one_of_your_digimon_digivolves_into_a_same_level_digimon() -> None:
    # BT9-092 (its [Your Turn] effect)
    trigger = compiled("[Your Turn] When one of your Digimon digivolves into a same-level Digimon with [X "
                       "Antibody] in its traits, you may suspend this Tamer to gain 1 memory and ＜Draw 1＞.")
    assert (trigger.event, trigger.this_role) == ("Digivolved", "AnyRole")
    assert trigger.requires == ["DigivolvedSameLevel", "SubjectIsOwn"]
    assert trigger.selector is not None and trigger.selector.trait == "X Antibody"
