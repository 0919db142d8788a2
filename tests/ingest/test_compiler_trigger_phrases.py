"""'When …' clauses read by ingest/compiler/trigger_phrases.py, on real card texts (card number on
each case): the event, this card's role, the trigger conditions and the filters on the event's
parties."""

from __future__ import annotations

import pytest

from ingest.effect_ir import Trigger
from ingest.effects import compile_card

BY_EFFECT_ON_YOURS = ["ByEffect", "OtherIsDigimon", "OtherIsOwn"]


def compiled(text: str, part: str = "main") -> Trigger:
    record = compile_card("X-1", **{part: text})[-1]
    assert record.compiled.trigger_compiled and record.compiled.trigger is not None, text
    assert record.compiled.actions_compiled, text
    return record.compiled.trigger


@pytest.mark.parametrize(
    ("text", "part", "event", "role", "requires"),
    [
        # BT14-077
        ("[On Play][When Digivolving] Trash the top 2 cards of both players' decks. [Your Turn]"
         "[Once Per Turn] When a card in your opponent's deck is trashed, gain 1 memory.", "main",
         "TrashedFromDeck", "AnyRole", ["SubjectIsOpponents"]),
        # EX8-063 (its second effect)
        ("[All Turns] [Once Per Turn] When cards are trashed from your opponent's hand, if "
         "[Barbamon]/[X Antibody] is in this Digimon's digivolution cards, trash their top security "
         "card.", "main", "TrashedFromHand", "AnyRole", ["SubjectIsOpponents"]),
        # BT5-022 (inherited)
        ("[Your Turn][Once Per Turn] When you trash a digivolution card of 1 of your opponent's "
         "Digimon, gain 1 memory.", "inherited", "SourceTrashed", "AnyRole",
         ["ByOwnEffect", "OtherIsDigimon", "OtherIsOpponents"]),
        # EX7-071
        ("When an effect trashes this card from your Digimon's digivolution cards, gain 1 memory.",
         "main", "SourceTrashed", "SubjectRole", BY_EFFECT_ON_YOURS),
        # ST24-14
        ("[All Turns] When effects trash cards from under this Tamer, by suspending this Tamer, "
         "suspend 1 of your opponent's Digimon.", "main", "SourceTrashed", "ObjectRole", ["ByEffect"]),
        # LM-017
        ("[All Turns] [Once Per Turn] When an effect adds digivolution cards to this Digimon, by "
         "deleting 1 level 4 or lower Digimon, you may play 1 level 4 or lower Digimon card from "
         "your trash without paying the cost.", "main", "SourcePlaced", "ObjectRole", ["ByEffect"]),
        # ST5-14
        ("[Opponent's Turn] When you use ＜Blocker＞ to suspend one of your Digimon, you may "
         "suspend this Tamer to unsuspend 1 of your Digimon.", "main", "Blocked", "AnyRole",
         ["OtherIsOwn"]),
    ],
)
def test_whole_clauses(text: str, part: str, event: str, role: str, requires: list[str]) -> None:
    trigger = compiled(text, part)
    assert (trigger.event, trigger.this_role, trigger.requires) == (event, role, requires)
    assert trigger.selector is None and trigger.object_selector is None


def test_cards_trashed_from_under_your_tamers() -> None:
    # BT26-002 (inherited): the Tamer the cards were under is the event's object, one of yours
    trigger = compiled("[Your Turn] [Once Per Turn] When effects trash cards from under your "
                       "Tamers, ＜Draw 1＞", "inherited")
    assert (trigger.event, trigger.this_role) == ("SourceTrashed", "AnyRole")
    assert trigger.requires == ["ByEffect", "OtherIsOwn"]
    held = trigger.object_selector
    assert held is not None and (held.owner, held.kind) == ("self", "Tamer")


@pytest.mark.parametrize(
    ("text", "event", "fields"),
    [
        # EX10-063
        ("[All Turns] When effects trash any of your [Mineral] or [Rock] trait Digimon's "
         "digivolution cards, by suspending this Tamer, gain 1 memory.", "SourceTrashed",
         {"trait": "Mineral/Rock"}),
        # P-169
        ("[All Turns] When effects trash digivolution cards of any of your [Mineral]/[Rock] trait "
         "Digimon, by suspending this Tamer, gain 1 memory.", "SourceTrashed",
         {"trait": "Mineral/Rock"}),
        # BT22-086
        ("[All Turns] When effects add digivolution cards to any of your Digimon with [Aqua] or "
         "[Sea Animal] in any of their traits, by suspending this Tamer, ＜Draw 1＞",
         "SourcePlaced", {"trait": "Aqua/Sea Animal"}),
    ],
)
def test_digivolution_cards_of_your_digimon(text: str, event: str, fields: dict[str, str]) -> None:
    trigger = compiled(text)
    assert (trigger.event, trigger.this_role, trigger.requires) == (event, "AnyRole",
                                                                     BY_EFFECT_ON_YOURS)
    held = trigger.object_selector
    assert held is not None and (held.owner, held.kind) == ("self", "Digimon")
    # the trait filter, whichever field the subject reader keeps it in ('in its traits')
    kept = held.model_dump()
    assert all(value in (kept.get(key), kept.get(f"{key}_contains")) for key, value in fields.items())


def test_hero_or_gammamon_digimon_get_digivolution_cards() -> None:
    # BT21-080: either filter, on the Digimon the cards went under
    trigger = compiled("[Your Turn] When effects place digivolution cards under any of your Digimon "
                       "with [Gammamon] in their texts or the [Hero] trait, by suspending this "
                       "Tamer, ＜Draw 1＞ and gain 1 memory.")
    assert (trigger.event, trigger.requires) == ("SourcePlaced", BY_EFFECT_ON_YOURS)
    held = trigger.object_selector
    assert held is not None
    assert [(a.text_contains, a.trait) for a in held.any_of] == [("Gammamon", None), (None, "Hero")]


def test_an_opponents_digimon_attacks_one_of_your_blue_digimon() -> None:
    # BT8-087 (its second effect)
    trigger = compiled("[Opponent's Turn] When one of your opponent's Digimon attacks one of your "
                       "blue Digimon, you may suspend this Tamer to <Draw 1＞. (Draw 1 card from "
                       "your deck.)")
    assert trigger.event == "AttackDeclared"
    assert trigger.requires == ["OtherIsDigimon", "OtherIsOwn", "SubjectIsDigimon", "SubjectIsOpponents"]
    assert trigger.selector is None
    assert trigger.object_selector is not None and trigger.object_selector.color == "Blue"


@pytest.mark.parametrize(
    ("text", "owner", "fields"),
    [
        # BT8-094 (its second effect)
        ("[Opponent's Turn] When one of your opponent's level 3 Digimon is moved from their "
         "breeding area to their battle area, gain 2 memory.", "SubjectIsOpponents",
         {"min_level": 3, "max_level": 3}),
        # EX10-004 (inherited)
        ("[Your Turn] [Once Per Turn] When any of your Digimon with [Lucemon] in their names move "
         "from the breeding area to the battle area, by trashing 1 card in your hand, ＜Draw 1＞ and "
         "gain 1 memory.", "SubjectIsOwn", {"name_contains": "Lucemon"}),
    ],
)
def test_moved_out_of_the_breeding_area(text: str, owner: str, fields: dict[str, object]) -> None:
    trigger = compiled(text)
    assert (trigger.event, trigger.this_role, trigger.requires) == ("Moved", "AnyRole", [owner])
    assert trigger.selector is not None
    assert {k: getattr(trigger.selector, k) for k in fields} == fields


def test_deleted_in_battle_or_by_having_0_dp() -> None:
    # BT16-101 (its last effect)
    trigger = compiled("[All Turns] [Once Per Turn] When an opponent's Digimon is deleted in battle "
                       "or by having 0 DP, gain 2 memory.")
    assert trigger.event == "Deleted"
    assert trigger.requires == ["InBattleOrByZeroDP", "SubjectIsDigimon", "SubjectIsOpponents"]


@pytest.mark.parametrize(
    "text",
    [
        "When effects trash cards from under your opponent's Tamers, gain 1 memory.",  # not yours
        "When one of your opponent's Digimon is moved from your breeding area to the battle area, "
        "gain 1 memory.",  # their Digimon, your breeding area
        "When one of your Digimon attacks one of your blue Digimon, gain 1 memory.",  # not theirs
    ],
)
def test_what_does_not_fit_stays_unread(text: str) -> None:
    (record,) = compile_card("X-1", main="[All Turns] " + text)
    assert not record.compiled.trigger_compiled


def test_one_of_your_green_digimon_would_digivolve_into_a_level_5_card() -> None:
    # BT11-091 (its second effect): the card digivolved into is the subject, the Digimon the object
    records = compile_card("X-1", main="[Your Turn] When one of your green Digimon would digivolve into "
                                       "a level 5 or higher card, by suspending this Tamer, reduce the "
                                       "digivolution cost by 1.")
    record = records[-1]
    assert record.compiled.category == "ImmediateType"
    trigger = compiled(record.text)
    assert (trigger.event, trigger.this_role) == ("WouldDigivolve", "AnyRole")
    assert trigger.requires == ["OtherIsOwn"]
    assert trigger.selector is not None and (trigger.selector.kind, trigger.selector.min_level) == ("card", 5)
    assert trigger.object_selector is not None and trigger.object_selector.color == "Green"
    assert [a.verb for a in record.compiled.actions] == ["reduce_digivolve_cost"]


def test_a_level_step_that_would_digivolve_stays_unread() -> None:
    # EX2-064: its cost may delete the Digimon that would digivolve (QA Q3350), which the solver does not
    # stop. (P-202's 'any of your suspended Digimon would digivolve' is read by trigger_more_phrases.py:
    # the OtherSuspended condition looks at the Digimon as it is then.)
    (record,) = compile_card("X-1", main="[Your Turn][Once Per Turn] When one of your Digimon would "
                             "digivolve from level 5 to level 6, you may delete 1 of your Digimon to reduce "
                             "the digivolution cost by 3.")
    assert not record.compiled.trigger_compiled


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        # BT8-085 (its second effect); QA Q1764: the Digimon's own colours
        ("[Your Turn] When one of your Digimon with 2 or more colors attacks, you may suspend this Tamer to "
         "delete 1 of your opponent's Digimon with 3000 DP or less.", {"min_colors": 2}),
        # BT4-092 (its second effect)
        ("[Your Turn] When one of your Digimon with [Greymon] in its name attacks (other than [DoruGreymon],"
         "[BurningGreymon], or [DexDoruGreymon]), you may suspend this Tamer to gain 1 memory.",
         {"name_contains": "Greymon", "not_name": "DoruGreymon/BurningGreymon/DexDoruGreymon"}),
    ],
)
def test_one_of_your_digimon_attacks_with_a_filter(text: str, fields: dict[str, object]) -> None:
    trigger = compiled(text)
    assert (trigger.event, trigger.this_role) == ("AttackDeclared", "AnyRole")
    assert trigger.requires == ["SubjectIsOwn"]
    assert trigger.selector is not None and {k: getattr(trigger.selector, k) for k in fields} == fields


@pytest.mark.parametrize(
    ("text", "part", "where"),
    [
        # BT17-002 (inherited)
        ("[Your Turn] [Once Per Turn] When one of your Digimon is played from digivolution cards, "
         "＜Draw 1＞.", "inherited", "PlayedFromSources"),
        # BT20-028 (its last effect)
        ("[All Turns] [Once Per Turn] When any of your Digimon are played from digivolution cards, "
         "＜De-Digivolve 2＞ 1 of your opponent's Digimon.", "main", "PlayedFromSources"),
        # BT7-002 (inherited)
        ("[Your Turn][Once Per Turn] When you play a Digimon from one of your Digimon's digivolution cards, "
         "gain 1 memory.", "inherited", "PlayedFromSources"),
        # EX1-060 (inherited)
        ("[Your Turn][Once Per Turn] When you play a Digimon from your trash, gain 1 memory.", "inherited",
         "PlayedFromTrash"),
    ],
)
def test_your_digimon_played_from_where(text: str, part: str, where: str) -> None:
    trigger = compiled(text, part)
    assert (trigger.event, trigger.this_role) == ("CardPlayed", "AnyRole")
    assert trigger.requires == sorted([where, "SubjectIsDigimon", "SubjectIsOwn"])
    assert trigger.selector is None


@pytest.mark.parametrize(
    ("text", "part"),
    [
        # BT15-002 (inherited)
        ("[Your Turn] [Once Per Turn] When one of your Digimon's effects adds cards to your hand, this "
         "Digimon gets +1000 DP until the end of your opponent's turn.", "inherited"),
        # BT15-083 (its second effect)
        ("[Your Turn] When one of your Digimon's effects adds cards to your hand, by suspending this Tamer, "
         "gain 1 memory.", "main"),
    ],
)
def test_one_of_your_digimons_effects_adds_cards_to_your_hand(text: str, part: str) -> None:
    trigger = compiled(text, part)
    assert (trigger.event, trigger.this_role) == ("AddedToHand", "AnyRole")
    assert trigger.requires == ["ByOwnDigimonsEffect", "SubjectIsOwn"]


def test_a_red_card_returns_from_your_trash_to_the_hand() -> None:
    # BT16-011 (its last effect)
    trigger = compiled("[Your Turn] [Once Per Turn] When a red card returns from your trash to the hand, "
                       "1 of your Digimon gains <Rush> for the turn.")
    assert (trigger.event, trigger.requires) == ("AddedToHand", ["AddedFromTrash", "SubjectIsOwn"])
    sel = trigger.selector
    assert sel is not None and (sel.owner, sel.kind, sel.color) == ("self", "card", "Red")


def test_another_digimon_returns_to_the_hand() -> None:
    # BT14-030 (its last effect): a Digimon returned from the battle area, either player's
    trigger = compiled("[Your Turn][Once Per Turn] When another Digimon returns to the hand, ＜Recovery +1 "
                       "(Deck)＞.")
    assert (trigger.event, trigger.requires) == ("AddedToHand", ["ReturnedFromBattleArea"])
    sel = trigger.selector
    assert sel is not None and (sel.owner, sel.kind) == ("any", "Digimon")


@pytest.mark.parametrize(
    ("text", "requires", "alternatives"),
    [
        # BT17-008
        ("[Your Turn] [Once Per Turn] When one of your [Calumon] or Tamers with [Takato Matsuki] in their "
         "name is played, delete 1 of your opponent's Digimon with 3000 DP or less. If this effect didn't "
         "delete, gain 1 memory.", ["SubjectIsOwn"],
         [("self", "card", "name", "Calumon"), ("self", "Tamer", "name_contains", "Takato Matsuki")]),
        # BT17-043
        ("[Your Turn] [Once Per Turn] When an effect plays one of your [Terriermon]/[Lopmon] or green "
         "Tamers, you may suspend 1 of your opponent's Digimon.", ["ByEffect", "SubjectIsOwn"],
         [("self", "card", "name", "Terriermon/Lopmon"), ("self", "Tamer", "color", "Green")]),
        # BT13-030 (its last effect)
        ("[Your Turn][Once Per Turn] When you play a Digimon with the [Royal Knight] trait or a blue Tamer, "
         "return 1 of your opponent's Digimon with no digivolution cards to the hand.", ["SubjectIsOwn"],
         [("self", "Digimon", "trait", "Royal Knight"), ("self", "Tamer", "color", "Blue")]),
        # EX6-061 (its first effect): each half with its own owner
        ("[All Turns] [Once Per Turn] When an opponent's Digimon or one of your Digimon with the [Seven "
         "Great Demon Lords] trait is played, gain 1 memory.", ["SubjectIsDigimon"],
         [("opponent", "Digimon", "trait", None), ("self", "Digimon", "trait", "Seven Great Demon Lords")]),
    ],
)
def test_either_card_is_played(text: str, requires: list[str],
                               alternatives: list[tuple[str, str, str, str | None]]) -> None:
    trigger = compiled(text)
    assert (trigger.event, trigger.this_role, trigger.requires) == ("CardPlayed", "AnyRole", requires)
    sel = trigger.selector
    assert sel is not None
    fields = [field for _, _, field, _ in alternatives]
    got = [(a.owner, a.kind, field, getattr(a, field)) for a, field in zip(sel.any_of, fields, strict=True)]
    assert got == alternatives


def test_digimon_or_tamers_that_have_a_trait_or_text() -> None:
    # BT17-069 (its last effect): 'that have' reads as 'with'
    trigger = compiled("[All Turns] [Once Per Turn] When one of your Digimon or Tamers that have the [SoC] "
                       "trait or [Pulsemon] in its text is played, delete 1 of your opponent's Digimon with "
                       "10000 DP or less.")
    assert (trigger.event, trigger.requires) == ("CardPlayed", ["SubjectIsOwn"])
    sel = trigger.selector
    assert sel is not None and sel.kind == "Digimon or Tamer"
    assert [(a.trait, a.text_contains) for a in sel.any_of] == [("SoC", None), (None, "Pulsemon")]


def test_a_misprinted_trait_stays_unread() -> None:
    # BT8-092 prints [X-Antibody], a trait no card has
    (record,) = compile_card("X-1", main="[Your Turn] When one of your Digimon with [X-Antibody] in its "
                                         "traits is moved from your breeding area to your battle area, gain "
                                         "1 memory.")
    assert not record.compiled.trigger_compiled


def test_either_digimon_attacks() -> None:
    # RB1-033 (its first effect): 'level 5 or higher' is no 'or' between two Digimon
    text = ("[All Turns] When one of your Digimon with [Jellymon] in its text or an opponent's level 5 or "
            "higher Digimon attacks, if you have 7 or fewer cards in your hand, by suspending this Tamer, "
            "＜Draw 1＞.")
    record = compile_card("X-1", main=text)[0]
    trigger = record.compiled.trigger
    assert record.compiled.trigger_compiled and trigger is not None
    assert (trigger.event, trigger.requires) == ("AttackDeclared", ["SubjectIsDigimon"])
    assert trigger.selector is not None
    assert [(a.owner, a.text_contains, a.min_level) for a in trigger.selector.any_of] == [
        ("self", "Jellymon", None), ("opponent", None, 5)]


def test_named_or_trait_digimon_suspend() -> None:
    # BT22-066 (its last effect): '[Ver.5] Digimon', a name or a trait
    trigger = compiled("[All Turns] [Once Per Turn] When any of your [Ver.5] Digimon suspend, "
                       "＜De-Digivolve 1＞ 1 of your opponent's Digimon.")
    assert (trigger.event, trigger.requires) == ("Suspended", ["SubjectIsDigimon", "SubjectIsOwn"])
    assert trigger.selector is not None and trigger.selector.name_or_trait == "Ver.5"


def test_digivolving_from_the_trash() -> None:
    # BT23-068 (its last effect) and BT9-077 (its second effect, immediate: before the cost is paid)
    trigger = compiled("[All Turns] [Once Per Turn] When any of your Digimon digivolve from the trash, "
                       "delete all of your opponent's lowest level Digimon.")
    assert (trigger.event, trigger.this_role) == ("Digivolved", "AnyRole")
    assert trigger.requires == ["DigivolvedFromTrash", "SubjectIsOwn"]
    (record,) = compile_card("X-1", main="[Your Turn] When this Digimon would digivolve into a Digimon card "
                                         "from the trash, reduce the digivolution cost by 1.")
    assert record.compiled.category == "ImmediateType"
    trigger = compiled(record.text)
    assert (trigger.event, trigger.this_role, trigger.requires) == ("WouldDigivolve", "ObjectRole",
                                                                     ["DigivolvedFromTrash"])


@pytest.mark.parametrize(
    ("text", "part", "role", "fields"),
    [
        # EX2-033
        ("[Your Turn] When this Digimon would digivolve into a [GroundLocomon] in your hand, reduce "
         "the digivolution cost by 1.", "main", "ObjectRole", {"name": "GroundLocomon"}),
        # EX1-052: 'digivolves into … in your hand': the card is still in the hand, before it happens
        ("[Your Turn] When this Digimon digivolves into a Digimon card with [Etemon] in its name in "
         "your hand, reduce the memory cost of the digivolution by 1.", "main", "ObjectRole",
         {"name_contains": "Etemon"}),
        # P-029 (inherited)
        ("[Your Turn] When digivolving this Digimon into an [AncientGreymon] in your hand, reduce its "
         "digivolution cost by 2.", "inherited", "ObjectRole", {"name": "AncientGreymon"}),
        # BT2-088 (its second effect)
        ("[Your Turn] When digivolving one of your Digimon into a Digimon card in your hand with "
         "[Tyrannomon] in its name， you may suspend this Tamer to reduce the memory cost of the "
         "digivolution by 1.", "main", "AnyRole", {"name_contains": "Tyrannomon"}),
    ],
)
def test_digivolving_into_a_card_in_your_hand(text: str, part: str, role: str,
                                              fields: dict[str, str]) -> None:
    record = compile_card("X-1", **{part: text})[-1]
    assert record.compiled.category == "ImmediateType"
    trigger = compiled(text, part)
    assert (trigger.event, trigger.this_role) == ("WouldDigivolve", role)
    held = [] if role == "ObjectRole" else ["OtherIsOwn"]
    assert trigger.requires == ["IntoCardInHand", *held]
    assert trigger.selector is not None
    assert {k: getattr(trigger.selector, k) for k in fields} == fields
    assert [a.verb for a in record.compiled.actions] == ["reduce_digivolve_cost"]


def test_this_digimon_or_your_tamers_would_digivolve_into_a_multicolored_digimon() -> None:
    # BT18-021
    trigger = compiled("[Your Turn] [Once Per Turn] When this Digimon or any of your Tamers would digivolve "
                       "into a multicolored Digimon that is blue or red, reduce the digivolution cost by 1.")
    assert (trigger.event, trigger.this_role, trigger.requires) == ("WouldDigivolve", "AnyRole",
                                                                     ["OtherIsOwn"])
    assert trigger.selector is not None
    assert (trigger.selector.min_colors, trigger.selector.color) == (2, "Blue/Red")
    held = trigger.object_selector
    assert held is not None and [(a.this, a.kind) for a in held.any_of] == [(True, "Digimon"),
                                                                          (False, "Tamer")]


def test_would_digivolve_into_either_card_or_a_two_color_card() -> None:
    # BT20-010
    trigger = compiled("[Your Turn] When this Digimon would digivolve into [Ginryumon] or a Digimon card "
                       "with the [Chronicle] trait, reduce the digivolution cost by 1.")
    assert (trigger.event, trigger.this_role) == ("WouldDigivolve", "ObjectRole")
    assert trigger.selector is not None
    assert [(a.name, a.trait) for a in trigger.selector.any_of] == [("Ginryumon", None), (None, "Chronicle")]
    # BT9-090: '2-color black', exactly 2 colours, one black
    trigger = compiled("[Your Turn] When one of your Digimon would digivolve into a 2-color black Digimon "
                       "card, you may suspend this Tamer to reduce the digivolution cost by 1.")
    assert trigger.selector is not None
    sel = trigger.selector
    assert (sel.min_colors, sel.max_colors, sel.color, sel.kind) == (2, 2, "Black", "Digimon")


def test_you_play_a_two_color_digimon_of_both_colors() -> None:
    # BT13-101 (its second effect): exactly 2 colours, black and yellow both
    trigger = compiled("[All Turns] When you play a 2-color black and yellow Digimon, by suspending this "
                       "Tamer, ＜Draw 1＞ and gain 1 memory.")
    assert (trigger.event, trigger.requires) == ("CardPlayed", ["SubjectIsDigimon", "SubjectIsOwn"])
    sel = trigger.selector
    assert sel is not None and (sel.min_colors, sel.max_colors, sel.color) == (2, 2, "Black")
    assert [a.color for a in sel.any_of] == ["Yellow"]


@pytest.mark.parametrize(
    ("text", "part", "event", "other"),
    [
        # EX7-063 (its second effect)
        ("[All Turns] When one of your Tokens or Digimon with the [Puppet]\u00a0trait is deleted, by "
         "suspending this Tamer, you may play 1 level 3 Digimon card with the [Puppet]\u00a0trait from your "
         "hand without paying the cost.", "main", "Deleted", False),
        # BT22-088 (its second effect)
        ("[All Turns] When any of your Tokens or [Puppet]\u00a0trait Digimon are played, by suspending this "
         "Tamer, ＜Draw 1＞", "main", "CardPlayed", False),
        # BT22-002 (inherited)
        ("[Your Turn] [Once Per Turn] When any of your Tokens or other [Puppet]\u00a0trait Digimon are "
         "deleted, ＜Draw 1＞.", "inherited", "Deleted", True),
    ],
)
def test_your_token_or_puppet_digimon(text: str, part: str, event: str, other: bool) -> None:
    trigger = compiled(text, part)
    owner = ["SubjectIsDigimon", *(["SubjectIsOther"] if other else []), "SubjectIsOwn"]
    assert (trigger.event, trigger.this_role, trigger.requires) == (event, "AnyRole", owner)
    sel = trigger.selector
    assert sel is not None and (sel.owner, sel.kind, sel.other) == ("self", "Digimon", other)
    assert [(a.token, a.trait) for a in sel.any_of] == [(True, None), (False, "Puppet")]


@pytest.mark.parametrize(
    ("text", "event"),
    [
        # BT2-059 (inherited)
        ("[Your Turn] When you play another Digimon with the same name as this Digimon\uff0c gain 1 memory.",
         "CardPlayed"),
        # EX1-046 (inherited)
        ("[Your Turn][Once Per Turn] When one of your other Digimon with the same name as this Digimon is "
         "deleted, unsuspend this Digimon.", "Deleted"),
    ],
)
def test_another_digimon_with_the_same_name_as_this_digimon(text: str, event: str) -> None:
    trigger = compiled(text, "inherited")
    assert (trigger.event, trigger.this_role, trigger.selector) == (event, "AnyRole", None)
    assert trigger.requires == ["SameNameAsThis", "SubjectIsDigimon", "SubjectIsOther", "SubjectIsOwn"]


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        # P-133 (its second effect): 'with the [Avian]/[Bird] in one of its traits'
        ("[Your Turn] [Once Per Turn] When one of your Digimon digivolves into a Digimon with the "
         "[Avian]/[Bird]\u00a0in one of its traits, by suspending this Tamer, gain 1 memory.",
         {"trait_contains": "Avian/Bird"}),
        # BT18-010 (its second effect): a Tamer digivolving counts too
        ("[Your Turn] [Once Per Turn] When any of your Digimon or Tamers digivolve into Digimon with the "
         "[Hybrid]/[Ten Warriors]\u00a0trait, gain 1 memory.", {"trait": "Hybrid/Ten Warriors"}),
    ],
)
def test_one_of_yours_digivolves_into_a_digimon_with_a_trait(text: str, fields: dict[str, str]) -> None:
    trigger = compiled(text)
    assert (trigger.event, trigger.this_role, trigger.requires) == ("Digivolved", "AnyRole", ["SubjectIsOwn"])
    assert trigger.selector is not None
    assert trigger.selector.model_dump(exclude_defaults=True) == {"owner": "self", "count": None, **fields}
