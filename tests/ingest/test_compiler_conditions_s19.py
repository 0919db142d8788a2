"""Session 19, issue 9 breadth (condition/trigger family): wordings that alone held cards back,
compiled on the cards' own texts."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card

EX4_032 = ("[Your Turn]When one of your Digimon is suspended by an <Alliance> effect, you may digivolve "
           "this Digimon into a 2-color green card in your hand for its digivolution cost. When this Digimon "
           "would digivolve with this effect, reduce the digivolution cost by 2.")
EX4_033 = ("[Your Turn] When <Alliance> suspends one of your Digimon, this Digimon may digivolve into a "
           "2-color green Digimon card in your hand for the cost. When this Digimon would digivolve by this "
           "effect, reduce the cost by 2.")


@pytest.mark.parametrize(("card", "text"), [
    ("EX4-032", EX4_032),
    ("EX4-033", EX4_033),
    # EX4-034 prints the same effect with its <Alliance> icon lost: 'When  suspends one of your Digimon'
    ("EX4-034", EX4_033.replace("<Alliance>", " ")),
])
def test_suspended_by_alliance(card: str, text: str) -> None:
    """One of your Digimon suspended by <Alliance> (CR 16-24-1): ByAlliance, not any suspension."""
    (record,) = compile_card(card, inherited=text)
    trigger = record.compiled.trigger
    assert trigger is not None and record.compiled.trigger_compiled and record.compiled.actions_compiled
    assert (trigger.event, trigger.this_role, trigger.requires) == (
        "Suspended", "AnyRole", ["ByAlliance", "SubjectIsDigimon", "SubjectIsOwn"])


def test_a_suspension_without_alliance_is_not_read_as_one() -> None:
    """'When one of your Digimon becomes suspended' keeps no ByAlliance."""
    (record,) = compile_card("BT13-071", inherited="[Opponent's Turn][Once Per Turn] When one of your "
                             "Digimon becomes suspended, trash the top card of your opponent's "
                             "security stack.")
    trigger = record.compiled.trigger
    assert trigger is not None and "ByAlliance" not in trigger.requires


@pytest.mark.parametrize(("card", "text", "kind", "negated"), [
    ("BT1-007", "[When Attacking] If you've digivolved this turn， this Digimon gets +1000 DP for the turn.",
     "digivolved_this_turn", False),
    ("ST5-04", "[End of Opponent's Turn] If your opponent didn't attack with a Digimon this turn, trigger "
     "<Draw 1>. (Draw 1 card from your deck.)", "opponent_attacked_this_turn", True),
])
def test_what_happened_this_turn(card: str, text: str, kind: str, negated: bool) -> None:
    """Conditions on the turn so far (kg/solver/handlers/turn_history.py): the whole effect compiles."""
    (record,) = compile_card(card, inherited=text)
    (condition,) = record.compiled.conditions
    assert (condition.kind, condition.negated, condition.compiled) == (kind, negated, True)
    assert record.compiled.actions_compiled


@pytest.mark.parametrize("card", ["P-029", "P-030"])
def test_if_it_does_is_the_digivolution_done(card: str) -> None:
    """'This Digimon can digivolve into … . If it does, delete this Digimon at the end of the turn':
    effect_done, governing the delayed deletion only."""
    text = ("[When Attacking] This Digimon can digivolve into an [AncientGreymon] in your hand for a memory "
            "cost of 2, ignoring its digivolution requirements. If it does, delete this Digimon at the end "
            "of the turn.")
    (record,) = compile_card(card, main=text)
    (condition,) = record.compiled.conditions
    assert (condition.kind, condition.negated, condition.governs) == ("effect_done", False, [1])
    assert [a.verb for a in record.compiled.actions] == ["digivolve", "delete"]
    assert record.compiled.actions_compiled


def test_that_digimon_was_deleted_by_an_effect() -> None:
    """EX4-064: after 'When one of your … Digimon is deleted', the triggering deletion's cause."""
    text = ("[All Turns] When one of your purple Digimon with [Ravemon] in its name or [Bird] or [Avian] in "
            "one of its traits is deleted, by suspending this Tamer, <Draw 1> (Draw 1 card from your deck). "
            "If that Digimon was deleted by an effect, gain 1 memory.")
    (record,) = compile_card("EX4-064", main=text)
    (condition,) = record.compiled.conditions
    assert (condition.kind, condition.governs) == ("deleted_by_effect", [1])
    assert record.compiled.trigger is not None and record.compiled.trigger.event == "Deleted"


def test_the_digimon_played_is_named() -> None:
    """EX2-057 'Then, if the Digimon played is [MarineAngemon]': the triggering card's name."""
    text = ("[Your Turn] When you play a blue Digimon, you may suspend this Tamer to trash the bottom "
            "digivolution card of 1 of your opponent's Digimon. Then, if the Digimon played is "
            "[MarineAngemon], trash the bottom digivolution card of all of your opponent's Digimon.")
    (record,) = compile_card("EX2-057", main=text)
    (condition,) = record.compiled.conditions
    assert condition.kind == "event_subject_matches" and condition.selector is not None
    sel = condition.selector
    assert (sel.name, sel.subject, condition.governs) == ("MarineAngemon", True, [1])
    assert record.compiled.actions_compiled


def test_if_one_of_their_digimon_is_attacking() -> None:
    """BT15-049 'Then, if one of their Digimon is attacking, you may switch the target of attack …'."""
    text = ("[On Play] [When Digivolving] 1 of your Digimon gets +3000 DP until the end of your opponent's "
            "turn. Then, if one of their Digimon is attacking, you may switch the target of attack to this "
            "Digimon.")
    (record,) = compile_card("BT15-049", main=text)
    (condition,) = record.compiled.conditions
    assert (condition.kind, condition.governs) == ("opponent_attacking", [1])
    assert [a.verb for a in record.compiled.actions] == ["dp_modify", "change_attack_target"]


def test_if_you_dont_use_an_option_card_with_this_effect() -> None:
    """BT6-065: whether the effect's 'may use' was carried out (effect_used, negated)."""
    text = ("[When Digivolving] Reveal the top 5 cards of your deck. You may use 1 Option card with a memory "
            "cost of 7 among them without paying its memory cost. Trash the remaining cards. If you don't "
            "use an Option card with this effect, delete 1 of your opponent's Digimon with a play cost of 4 "
            "or less.")
    (record,) = compile_card("BT6-065", main=text)
    (condition,) = record.compiled.conditions
    assert (condition.kind, condition.negated, condition.governs) == ("effect_used", True, [3])
    assert record.compiled.actions_compiled


@pytest.mark.parametrize(("card", "text", "role", "requires"), [
    ("EX7-049", "[All Turns] [Once Per Turn] When this Digimon would leave battle area other than by one of "
     "your effects, you may play 1 Digimon card with the [Rock Dragon]/[Earth Dragon] trait from your trash "
     "without paying the cost.", "SubjectRole", ["NotByOwnEffect"]),
    ("EX6-030", "[All Turns] When one of your Digimon with the[Angel]/[Archangel]/[Three Great Angels] trait "
     "would leave the battle area other than in battle, by trashing the top card of your security stack, "
     "prevent it from leaving.", "AnyRole", ["NotInBattle", "SubjectIsOwn"]),
])
def test_leave_triggers_printed_with_a_slip(card: str, text: str, role: str, requires: list[str]) -> None:
    """'would leave battle area' (EX7-049), 'with the[Angel]' (EX6-030): read as the words they stand for."""
    (record,) = compile_card(card, main=text)
    trigger = record.compiled.trigger
    assert trigger is not None and record.compiled.trigger_compiled and record.compiled.actions_compiled
    assert (trigger.event, trigger.this_role, trigger.requires) == ("WouldLeaveBattleArea", role, requires)
    if card == "EX6-030":
        assert trigger.selector is not None and trigger.selector.trait == "Angel/Archangel/Three Great Angels"


@pytest.mark.parametrize("card", ["EX3-006", "EX3-009"])
def test_a_list_of_trait_words(card: str) -> None:
    """'If this Digimon has [Dragon], [saur], or [Ceratopsian] in one of its traits': one condition."""
    (record,) = compile_card(card, inherited="[When Attacking][Once Per Turn] If this Digimon has [Dragon], "
                             "[saur], or [Ceratopsian] in one of its traits, <Draw 1>. (Draw 1 card from "
                             "your deck.)")
    (condition,) = record.compiled.conditions
    assert condition.kind == "this_matches" and condition.selector is not None
    assert condition.selector.trait_contains == "Dragon/saur/Ceratopsian"
    assert [a.verb for a in record.compiled.actions] == ["draw"] and record.compiled.actions_compiled


def test_a_list_of_trait_words_with_an_exception() -> None:
    """BT13-051: '[Beast], [Animal], or [Sovereign], other than [Sea Animal], in one of its traits or the
    [Royal Knight] trait': either the words (not [Sea Animal]) or the trait."""
    (record,) = compile_card("BT13-051", inherited="[Your Turn] While this Digimon has [Beast], [Animal], or "
                             "[Sovereign], other than [Sea Animal], in one of its traits or the [Royal "
                             "Knight] trait, it gets +2000 DP.")
    (condition,) = record.compiled.conditions
    sel = condition.selector
    assert condition.kind == "this_matches" and sel is not None and len(sel.any_of) == 2
    words, trait = sel.any_of
    assert (words.trait_contains, words.trait_contains_except, trait.trait) == (
        "Beast/Animal/Sovereign", "Sea Animal", "Royal Knight")
    assert record.compiled.actions_compiled


@pytest.mark.parametrize(("card", "text"), [
    ("BT5-010", "[Your Turn] While this Digimon has [Omnimon] or [Greymon] (other than [DoruGreymon], "
     "[BurningGreymon], or [DexDoruGreymon]) in its name, it gets +2000 DP."),
    ("BT5-001", "[When Attacking][Once Per Turn] If this Digimon has [Omnimon] or [Greymon] (other than "
     "[DoruGreymon], [BurningGreymon], or [DexDoruGreymon]) in its name, trigger <Draw 1>. (Draw 1 card from "
     "your deck.)"),
])
def test_names_with_the_names_excepted(card: str, text: str) -> None:
    """'[Omnimon] or [Greymon] (other than [DoruGreymon], …) in its name': a word of its name, not those."""
    (record,) = compile_card(card, inherited=text)
    (condition,) = record.compiled.conditions
    sel = condition.selector
    assert condition.kind == "this_matches" and sel is not None
    assert (sel.name_contains, sel.not_name) == (
        "Omnimon/Greymon", "DoruGreymon/BurningGreymon/DexDoruGreymon")
    assert record.compiled.actions_compiled


def _selector_of(card: str, part: str, text: str) -> dict[str, object]:
    (record,) = compile_card(card, **{part: text})
    assert record.compiled.actions_compiled and all(c.compiled for c in record.compiled.conditions)
    sel = record.compiled.conditions[0].selector
    assert sel is not None
    return sel.model_dump(exclude_defaults=True)


def test_lists_of_words_in_conditions() -> None:
    """'[A], [B], or [C] in its name / in one of their traits' and '(other than [A], [B], or [C])' are one
    alternative each (name_lists.py), not a condition cut at its first comma."""
    assert _selector_of("EX2-001", "inherited", "[When Attacking][Once Per Turn] If this Digimon has "
                        "[Guilmon], [Growlmon], or [Gallantmon] in its name, <Draw 1>.")["name_contains"] == \
        "Guilmon/Growlmon/Gallantmon"
    found = _selector_of("EX3-045", "main", "[End of Your Turn] [Once Per turn] If you have 2 or more "
                         "suspended Digimon with [Vegetation], [Plant], or [Fairy] in one of their traits, "
                         "return 1 of your opponent's suspended Digimon to the bottom of its owner's deck.")
    assert (found["trait_contains"], found["state"]) == ("Vegetation/Plant/Fairy", "suspended")
    found = _selector_of("BT5-016", "main", "[When Digivolving] If a Digimon card with [Greymon] in its "
                         "name (other than [DoruGreymon], [BurningGreymon], or [DexDoruGreymon]) is in this "
                         "Digimon's digivolution cards, delete 1 of your opponent's Digimon with <Blocker>.")
    assert (found["name_contains"], found["not_name"], found["zone"]) == (
        "Greymon", "DoruGreymon/BurningGreymon/DexDoruGreymon", "sources")


def test_an_instead_with_names_excepted() -> None:
    """BT5-095: 'Delete 1 … 11000 DP or less. If you have a Digimon in play with [Omnimon] or [Greymon]
    (other than …) in its name, delete 1 … 15000 DP or less instead' (CR 18-2): C governs the second
    deletion, not-C the first."""
    (record, _) = compile_card("BT5-095", main="[Main] Delete 1 of your opponent's Digimon with 11000 DP or "
                               "less. If you have a Digimon in play with [Omnimon] or [Greymon] (other than "
                               "[DoruGreymon], [BurningGreymon], or [DexDoruGreymon]) in its name, delete 1 "
                               "of your opponent's Digimon with 15000 DP or less instead.",
                               security="[Security] Activate this card's [Main] effect.")
    c = record.compiled
    assert [(x.kind, x.negated, x.governs) for x in c.conditions] == [
        ("has_card", False, [1]), ("has_card", True, [0])]
    assert [a.selector.max_dp for a in c.actions if a.selector] == [11000, 15000]
