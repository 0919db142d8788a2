"""A keyword's reminder text standing where the corpus lost the keyword's icon compiles exactly as
that keyword (ingest/compiler/reminder_texts.py, dcg:reminderText in ontology/keywords.ttl; CR 16).
The texts are the corpus texts of the cards named, as the corpus gives them."""

from __future__ import annotations

import pytest

from ingest.compiler.reminder_texts import reminder_keyword, restore_keywords
from ingest.effects import compile_card

_BLOCKER = "(At blocker timing, by suspending this Digimon, it becomes the attack target)."


@pytest.mark.parametrize(
    ("card", "part", "text", "keyword"),
    [
        ("BT15-027", "inherited", _BLOCKER, "Blocker"),
        ("EX4-045", "inherited", "(When an opponent's Digimon attacks, you may suspend this Digimon to "
            "force the "
         "opponent to attack it instead.)", "Blocker"),
        ("BT15-055", "inherited", "(Unsuspend this Digimon during your opponent's unsuspend "
            "phase).", "Reboot"),
        ("BT15-025", "main", "(This Digimon can attack the turn it comes into play).", "Rush"),
        ("EX4-018", "inherited", "(This Digimon can't be deleted in battles against Security "
            "Digimon.)", "Jamming"),
        ("BT15-070", "inherited", "(When this Digimon is deleted after losing a battle, delete the "
            "Digimon it was "
         "battling).", "Retaliation"),
        ("BT15-050", "inherited", "(When this Digimon attacks and deletes an opponent's Digimon and "
            "survives the "
         "battle, it performs any security checks it normally would).", "Piercing"),
        ("BT15-033", "main", "(When this Digimon would be deleted in battle, by trashing the top card "
            "of your "
         "security stack, prevent that deletion).", "Barrier"),
    ],
)
def test_a_reminder_alone_is_its_keyword_effect(card: str, part: str, text: str, keyword: str) -> None:
    (record,) = compile_card(card, **{part: text})
    assert record.label_tag == keyword
    assert [(k.keyword, k.how) for k in record.keywords] == [(keyword, "has")]
    compiled = record.compiled
    assert compiled.actions_compiled
    assert [(a.verb, a.keyword) for a in compiled.actions] == [("keyword", keyword)]


def test_bt15_011_blocker_then_on_play_are_two_effects() -> None:
    text = (_BLOCKER + "[On Play] Reveal the top 4 cards of your deck. Add 1 Digimon card with the "
        "[SoC] trait "
            "and 1 such Tamer card among them to the hand. Return the rest to the bottom of the deck. If you "
            "added cards, trash 1 card in your hand.")
    blocker, on_play = compile_card("BT15-011", main=text)
    assert blocker.label_tag == "Blocker" and blocker.compiled.actions[0].keyword == "Blocker"
    assert on_play.label_tag == "OnPlay" and on_play.compiled.trigger.event == "CardPlayed"


def test_bt15_076_blast_digivolve_and_blocker_both_restored() -> None:
    text = ("[Hand] [Counter]  (Your Digimon may digivolve into this card without paying the cost). "
        "" + _BLOCKER
            + "[On Play] [When Digivolving] You may play 1 purple level 3 Digimon card or 1 purple "
                "Tamer card "
            "from your trash without paying the cost.")
    counter, blocker, _ = compile_card("BT15-076", main=text)
    assert [(a.verb, a.keyword) for a in counter.compiled.actions] == [("keyword", "BlastDigivolve")]
    assert counter.compiled.category == "ActivationType" and counter.compiled.actions_compiled
    assert blocker.label_tag == "Blocker" and blocker.compiled.actions_compiled


def test_st15_13_reminder_left_open_is_closed_before_the_next_timing() -> None:
    text = ("＜Blocker＞ (At blocker timing, by suspending this Digimon, it becomes the attack target. "
            "[When Digivolving] Delete 1 of your opponent's Digimon with a play cost of 8 or less.")
    blocker, digivolving = compile_card("ST15-13", main=text)
    assert blocker.label_tag == "Blocker" and blocker.compiled.actions_compiled
    assert digivolving.compiled.trigger.event == "Digivolved"
    assert [a.verb for a in digivolving.compiled.actions] == ["delete"]


@pytest.mark.parametrize(
    ("card", "part", "text", "amount", "conditions"),
    [
        ("ST16-01", "inherited", "[When Attacking] If you have 6 or fewer cards in your hand, . (Draw 1 "
            "card from "
         "your deck.)", 1, ["hand_at_most"]),
        ("EX4-016", "inherited", "[When Attacking] . (Draw 1 card from your deck.)", 1, []),
        ("BT15-005", "inherited", "[Opponent's Turn] [Once Per Turn] When a Digimon becomes "
            "unsuspended,  (Draw 1 "
         "card from your deck).", 1, []),
        ("EX4-005", "inherited", "[Your Turn][Once Per Turn] When one of your red or yellow Tamers becomes "
         "suspended,  . (Draw 1 card from your deck.)", 1, []),
        ("LM-002", "main", "[Start of Your Main Phase] If you have 7 or fewer cards in your hand,  "
            "(Draw 1 card "
         "from your deck).", 1, ["hand_at_most"]),
    ],
)
def test_a_draw_reminder_in_place_of_draw_n(card: str, part: str, text: str, amount: int,
                                            conditions: list[str]) -> None:
    (record,) = compile_card(card, **{part: text})
    compiled = record.compiled
    assert compiled.trigger_compiled and compiled.actions_compiled
    assert [(a.verb, a.amount) for a in compiled.actions] == [("draw", amount)]
    assert [c.kind for c in compiled.conditions] == conditions


def test_bt15_006_draw_2_after_a_cost() -> None:
    text = ("[On Deletion] By trashing 1 level 5 or higher Digimon card in your hand,  (Draw 2 cards "
        "from your "
            "deck).")
    (record,) = compile_card("BT15-006", inherited=text)
    compiled = record.compiled
    assert compiled.actions_compiled
    assert [c.verb for c in compiled.costs] == ["trash_card"]
    assert [(a.verb, a.amount) for a in compiled.actions] == [("draw", 2)]


def test_bt15_015_granted_security_attack_plus_1() -> None:
    text = ("[Main] [Once Per Turn] By paying 2 cost, this Digimon gains  (This Digimon checks 1 additional "
            "security card) for the turn. Then, this Digimon may attack.")
    (record,) = compile_card("BT15-015", main=text)
    grant = record.compiled.actions[0]
    assert (grant.verb, grant.keyword, grant.keyword_value, grant.duration) == (
        "gain_keyword", "SecurityA", 1, "this_turn")
    assert record.compiled.actions_compiled


def test_ex4_026_granted_blocker_old_wording() -> None:
    text = ("[On Play] [When Digivolving] Until the end of your opponent's turn, 1 of your Digimon "
        "gains . (When "
            "an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it "
            "instead.)")
    (record,) = compile_card("EX4-026", main=text)
    (grant,) = record.compiled.actions
    assert (grant.verb, grant.keyword) == ("gain_keyword", "Blocker")
    assert grant.duration == "until_end_of_opponents_turn"
    assert grant.selector is not None and grant.selector.owner == "self"


def test_bt15_086_blocker_after_and_joins_the_grant() -> None:
    text = ("[All Turns] While this Digimon has the [Machine]/[Cyborg]/[SoC] trait, it gains <Jamming> (This "
            "Digimon can't be deleted in battles against Security Digimon) and " + _BLOCKER)
    (record,) = compile_card("BT15-086", inherited=text)
    assert [(a.verb, a.keyword) for a in record.compiled.actions] == [
        ("gain_keyword", "Jamming"), ("gain_keyword", "Blocker")]


@pytest.mark.parametrize(
    "text",
    [
        "[Opponent's Turn] While this Digimon has 2 or more colors, it gains .",  # BT16-003: no reminder
        "Trash 1 card in your hand. (Draw 1 card from your deck.)",  # after a whole sentence: not a slot
        "<Jamming> (This Digimon can't be deleted in battles against Security Digimon.)",  # printed already
        "[When Attacking] (Draw 1 card from your deck and trash 1 card.)",  # not a whole reminder
    ],
)
def test_nothing_is_restored_without_a_whole_reminder_in_a_keyword_slot(text: str) -> None:
    assert restore_keywords(text) == text


def test_reminder_wordings_come_from_the_ontology() -> None:
    assert reminder_keyword("This Digimon checks 2 fewer security cards.") == "<Security A. -2>"
    assert reminder_keyword("Draw 3 cards from your deck") == "<Draw 3>"
    assert reminder_keyword("Trash up to 2 cards from the top") is None


def test_bt4_034_when_you_do_is_if_you_do() -> None:
    """QA Q1201: with nothing trashed there is no <Draw 1> and no memory: 'When you do' = 'If you do'."""
    text = ("[When Attacking] Trash the bottom digivolution card of 1 of your opponent's Digimon. "
            "When you do, "
            "trigger ＜Draw 1＞ (Draw 1 card from your deck) and gain 1 memory.")
    (record,) = compile_card("BT4-034", main=text)
    compiled = record.compiled
    assert compiled.actions_compiled
    assert [(a.verb, a.amount) for a in compiled.actions] == [
        ("trash_bottom_sources", 1), ("draw", 1), ("gain_memory", 1)]
    assert [(c.kind, c.negated, c.governs) for c in compiled.conditions] == [("effect_done", False, [1, 2])]


@pytest.mark.parametrize("card", ["BT24-014", "P-213"])
def test_a_stray_closing_parenthesis_after_a_reminder_goes(card: str) -> None:
    text = ("＜Decode ([Aegiomon])＞ (When this Digimon would leave the battle area other than in battle, "
            "you "
            "may play 1 [Aegiomon] from its digivolution cards without paying the cost.))")
    (record,) = compile_card(card, inherited=text)
    assert record.label_tag == "Decode" and record.compiled.actions_compiled
    assert record.compiled.actions[0].keyword == "Decode"


def test_bt15_066_de_digivolve_goes_back_before_its_target() -> None:
    text = ("[On Play] [When Attacking]  1 of your opponent's Digimon (Trash up to 2 cards from the top. You "
            "can't trash past level 3 cards).")
    (on_play,) = compile_card("BT15-066", main=text)
    assert on_play.compiled.actions_compiled
    (action,) = on_play.compiled.actions
    assert (action.verb, action.amount) == ("de_digivolve", 2)
    assert action.selector is not None and action.selector.owner == "opponent"


def test_bt15_012_material_save_2() -> None:
    text = ("(When this Digimon would be deleted, you may place 2 cards in this Digimon's DigiXros "
        "requirements "
            "from this Digimon's digivolution cards under 1 of your Tamers).[Start of Your Turn] By deleting "
            "this Digimon, gain 1 memory.")
    save, _ = compile_card("BT15-012", main=text)
    assert save.label_tag == "MaterialSave" and save.compiled.actions_compiled
    (action,) = save.compiled.actions
    assert (action.verb, action.keyword, action.keyword_value) == ("keyword", "MaterialSave", 2)


@pytest.mark.parametrize(
    ("card", "text"),
    [
        ("EX4-029", "[End of Attack] If you have 3 or fewer security cards,. (Place the top card of "
            "your deck on "
         "top of your security stack.)"),
        ("BT15-038", "[All Turns] [Once Per Turn] When a card is removed from your security stack, if "
            "you have 3 "
         "or fewer security cards, (Place the top card of your deck on top of your security stack)."),
    ],
)
def test_recovery_plus_1_deck_from_its_reminder(card: str, text: str) -> None:
    (record,) = compile_card(card, main=text)
    compiled = record.compiled
    assert compiled.actions_compiled
    assert [(a.verb, a.amount) for a in compiled.actions] == [("recovery", 1)]
    assert [c.kind for c in compiled.conditions] == ["security_at_most"]


def test_ex4_025_alliance_after_its_digivolve_requirement() -> None:
    """The Alliance reminder glued to the requirement line is the card's <Alliance>, not rule text."""
    text = ("Digivolve: 2 from Lv.3 w/[Lopmon] or [Terriermon] in name (When this Digimon attacks, by "
            "suspending 1 of your other Digimon, this Digimon adds the suspended Digimon's DP and gains  for "
            "the attack.)")
    (alliance,) = compile_card("EX4-025", main=text)
    assert alliance.label_tag == "Alliance" and alliance.compiled.actions_compiled
    assert [(a.verb, a.keyword) for a in alliance.compiled.actions] == [("keyword", "Alliance")]


@pytest.mark.parametrize(
    "text",
    [  # a keyword printed earlier in the sentence, its reminder after 'for the turn.' (BT10-011, EX4-006)
        "Digivolve: 3 from Lv.4 w/[Gammamon] in name[Your Turn][Once Per Turn] When one of your Tamers "
        "becomes "
        "suspended, it gains <Security Attack +1> for the turn. (This Digimon checks 1 additional "
        "security card.)",
        "[Digivolve][Gigimon]: Cost 0[On Play] If the total number of cards in both players' trashes is "
        "20 or "
        "more, this Digimon gains for the turn. (This Digimon may attack the turn it was played.)",
    ],
)
def test_a_reminder_after_a_rule_and_a_sentence_is_left(text: str) -> None:
    assert restore_keywords(text) == text


def test_ex4_068_activate_it_again_for_each_color() -> None:
    """'Activate the effect below. For each color your Digimon have, activate it again.': once, then once
    per colour (QA Q3509, Q3510), the same listed effect each time."""
    text = ("[Main] Activate the effect below. For each color your Digimon have, activate it again. "
            "・1 of your "
            "opponent's Digimon gets -6000 DP for the turn.")
    (main,) = compile_card("EX4-068", main=text)
    assert main.compiled.actions_compiled
    once, again = main.compiled.actions
    assert (once.verb, once.times, once.per) == ("repeat_effect", 1, None)
    assert (again.verb, again.times, again.per_colors) == ("repeat_effect", 1, True)
    assert again.per is not None and again.per.owner == "self"
    assert [m.text for m in once.modes] == [m.text for m in again.modes] == [
        "1 of your opponent's Digimon gets -6000 DP for the turn."]


def test_activate_it_again_alone_stays_unread() -> None:
    (record,) = compile_card("X-1", main="[Main] Gain 1 memory. Activate it again.")
    assert not record.compiled.actions_compiled


def test_bt15_059_de_digivolve_1_from_the_top_card_wording() -> None:
    text = ("[On Play] [When Digivolving] By placing 1 [Marvin Jackson] from your hand as this "
        "Digimon's bottom "
            "digivolution card, 1 of your opponent's Digimon (Trash the top card. You can't trash past "
            "level 3 "
            "cards).")
    (record,) = compile_card("BT15-059", main=text)
    assert record.compiled.actions_compiled
    assert [(a.verb, a.amount) for a in record.compiled.actions] == [("de_digivolve", 1)]
    assert len(record.compiled.costs) == 1  # 'By placing 1 [Marvin Jackson] …' is paid first


def test_bt15_086_mind_link_after_main() -> None:
    text = ("[Main] (Place this Tamer as that Digimon's bottom digivolution card if there are no Tamer "
        "cards in "
            "its digivolution cards) with 1 of your Digimon with the [Machine]/[Cyborg]/[SoC] trait.")
    (record,) = compile_card("BT15-086", main=text)
    assert record.compiled.actions_compiled
    (action,) = record.compiled.actions
    assert (action.verb, action.keyword) == ("keyword", "MindLink")
    assert action.selector is not None and action.selector.trait == "Machine/Cyborg/SoC"


def test_bt15_096_delay_with_a_bullet_written_dot() -> None:
    text = ("[Main] (After this card is placed, by trashing it the next turn or later, activate the effect "
            "below.)• You may play 1 level 5 or higher Digimon card with the [Machine]/[Cyborg] trait "
            "from your "
            "hand with the play cost reduced by 3.")
    (record,) = compile_card("BT15-096", main=text)
    assert record.compiled.actions_compiled
    verbs = [(a.verb, a.keyword) for a in record.compiled.actions]
    assert verbs == [("keyword", "Delay"), ("play_card", None)]


@pytest.mark.parametrize(
    ("card", "text", "keyword"),
    [
        ("BT15-037", "When an effect trashes this card from the security stack, you may play it without "
            "paying "
         "the cost. (When this Digimon would be deleted in battle, by trashing the top card of your security "
         "stack, prevent that deletion).[All Turns] [Once Per Turn] When a card is removed from your "
         "security "
         "stack, gain 1 memory.", "Barrier"),
        ("BT15-101", "While you have a Tamer with [Matt Ishida] in its name and your opponent has a "
            "10000 DP or "
         "higher Digimon, one of your [Gabumon] may digivolve into this card in your hand for a digivolution "
         "cost of 4, ignoring its digivolution requirements. (When this Digimon would be deleted, you may "
         "suspend it to prevent that deletion).[When Digivolving] 3 of your opponent's Digimon and Tamers "
         "can't suspend until the end of their turn.", "Evade"),
    ],
)
def test_a_keyword_effect_after_a_finished_sentence(card: str, text: str, keyword: str) -> None:
    """The reminder after a sentence granting nothing, before the next timing: the card's own keyword."""
    records = compile_card(card, main=text)
    (has,) = [r for r in records if r.label_tag == keyword]
    assert [(a.verb, a.keyword) for a in has.compiled.actions] == [("keyword", keyword)]
    assert not any(a.keyword == keyword for r in records if r is not has for a in r.compiled.actions)
