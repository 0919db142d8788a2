"""Splitting card texts into effects: glued effects, reminders, rule lines, keywords, labels."""

from __future__ import annotations

from ingest.effects import split_card, split_part

OMNIMON = (
    "[When Digivolving] ＜Blitz＞ (This Digimon can attack when your opponent has 1 or more "
    "memory.)[When Digivolving] Unsuspend this Digimon.[All Turns] If an opponent's effect would "
    "delete this Digimon or return it to its owner's hand or deck, you may prevent it from leaving "
    "play by trashing a level 6 Digimon card in this card's digivolution cards."
)
HERCULES = (
    "＜Piercing＞ (When this Digimon attacks and deletes an opponent's Digimon and survives the "
    "battle, it performs any security checks it normally would.)[Main] ＜Digi-Burst 2＞ (Trash 2 "
    "of this Digimon's Digivolution cards to activate the effect below.)・Suspend 1 of your "
    "opponent's Digimon."
)


def test_glued_effects_split_at_timing_tags() -> None:
    effects = split_part("BT5-086", "main", OMNIMON).effects
    assert [e.label_tag for e in effects] == ["WhenDigivolving", "WhenDigivolving#2", "AllTurns"]
    assert [e.timings for e in effects] == [["WhenDigivolving"], ["WhenDigivolving"], ["AllTurns"]]
    assert effects[0].text.endswith("(This Digimon can attack when your opponent has 1 or more memory.)")
    assert effects[1].text == "[When Digivolving] Unsuspend this Digimon."
    assert [e.index for e in effects] == [1, 2, 3]


def test_reminder_and_bullets_stay_with_their_effect() -> None:
    piercing, main = split_part("ST4-13", "main", HERCULES).effects
    assert piercing.label_tag == "Piercing" and piercing.timings == []
    assert "performs any security checks" in piercing.text
    assert [(k.keyword, k.value, k.how) for k in piercing.keywords] == [("Piercing", None, "has")]
    assert main.label_tag == "Main"
    assert main.text.endswith("・Suspend 1 of your opponent's Digimon.")
    assert [(k.keyword, k.value) for k in main.keywords] == [("DigiBurst", 2)]


def test_keywords_have_grant_or_mention() -> None:
    text = (
        "[Main] All of your Digimon with ＜Blocker＞ or ＜Reboot＞ gain ＜Security Attack +1＞ "
        "(This Digimon checks 1 additional security card) for the turn."
    )
    (effect,) = split_part("BT3-106", "main", text).effects
    assert [(k.keyword, k.value, k.how) for k in effect.keywords] == [
        ("Blocker", None, "mentions"),
        ("Reboot", None, "mentions"),
        ("SecurityA", 1, "grants"),
    ]


def test_security_effect_in_main_text_is_a_security_effect() -> None:
    text = (
        "[Security] Play this card without battling and without paying its memory cost."
        "[When Digivolving] Delete 1 of your opponent's Tamers.[On Deletion] Delete 1 of your "
        "opponent's Digimon."
    )
    effects = split_part("BT5-112", "main", text).effects
    assert [(e.part, e.security, e.label_tag) for e in effects] == [
        ("main", True, "Security"),
        ("main", False, "WhenDigivolving"),
        ("main", False, "OnDeletion"),
    ]


def test_one_keyword_per_line_and_old_keyword_names() -> None:
    text = (
        "[Hand] [Counter] ＜Blast Digivolve＞ \n＜Security A. +1＞ \n＜Blocker＞ \n"
        "[On Play] [When Digivolving] [Once Per Turn] Gain 1 memory.\n<Security Attack -1>"
    )
    effects = split_part("AD1-005", "main", text).effects
    assert [e.label_tag for e in effects] == ["Counter", "SecurityA", "Blocker", "OnPlay", "SecurityA#2"]
    assert effects[0].tags == ["HandIcon"] and effects[0].timings == ["Counter"]
    assert effects[3].timings == ["OnPlay", "WhenDigivolving"] and effects[3].tags == ["OncePerTurn"]
    assert [(k.keyword, k.value) for k in effects[4].keywords] == [("SecurityA", -1)]


def test_keyword_effects_glued_on_one_line() -> None:
    text = "<Jamming> (This Digimon can't be deleted in battles against Security Digimon.)<Piercing>"
    effects = split_part("X-1", "inherited", text).effects
    assert [e.label_tag for e in effects] == ["Jamming", "Piercing"]


def test_rule_lines_are_not_effects() -> None:
    text = (
        "[Digivolve] Lv.5 w/[Glowing Dawn]\u00a0trait: Cost 3 \n\n[Rule] Trait: Has the [Dark Animal] type.\n"
        "DigiXros -2: [Shoutmon] + [Ballistamon]\n[On Play] Gain 1 memory."
    )
    split = split_part("X-1", "main", text)
    assert split.rules == [
        "[Digivolve] Lv.5 w/[Glowing Dawn] trait: Cost 3",
        "[Rule] Trait: Has the [Dark Animal] type.",
        "DigiXros -2: [Shoutmon] + [Ballistamon]",
    ]
    assert [e.label_tag for e in split.effects] == ["OnPlay"]


def test_unknown_tag_is_kept_and_named() -> None:
    split = split_part("X-1", "main", "[Foo Bar] Gain 1 memory.")
    assert split.unknown_tags == [(1, "Foo Bar")]
    assert len(split.effects) == 1 and split.effects[0].label_tag == "Text"


def test_names_in_brackets_do_not_split() -> None:
    text = "[On Play] You may return 1 card with [Greymon] in its name from your trash to the hand."
    assert len(split_part("X-1", "main", text).effects) == 1


def test_labels_number_per_card_group() -> None:
    split = split_card(
        "BT3-106",
        {
            "main": "[Main] Gain 1 memory.",
            "security": "[Security] Gain 1 memory.",
            "inherited": "[Your Turn] <Piercing>",
        },
    )
    assert [(e.part, e.label_tag) for e in split.effects] == [
        ("main", "Main"),
        ("security", "Security"),
        ("inherited", "YourTurn"),
    ]
    twice = split_card("X-1", {"main": "[Security] Gain 1 memory.", "security": "[Security] Gain 2 memory."})
    assert [e.label_tag for e in twice.effects] == ["Security", "Security#2"]


def test_untagged_effect_glued_without_a_space() -> None:
    text = (
        "When an effect trashes this card, gain 1 memory.While you have a Tamer, this Digimon gets +1000 DP."
    )
    effects = split_part("X-1", "inherited", text).effects
    assert [e.text for e in effects] == [
        "When an effect trashes this card, gain 1 memory.",
        "While you have a Tamer, this Digimon gets +1000 DP.",
    ]


def test_a_card_rule_ends_where_the_first_effect_starts() -> None:
    """Real texts print the effect right after the rule, with no line break (323 card texts)."""
    cases = {
        # BT9-017 Gallantmon (X Antibody): Q1812 / Q1813 rule on this [When Digivolving]
        "Digivolve: 1 from [Gallantmon][When Digivolving] Delete 1 of your opponent's Digimon with the "
        "lowest DP.": ("Digivolve: 1 from [Gallantmon]", ["WhenDigivolving"]),
        # BT16-043 Runnermon (Q2635)
        "[Digivolve] [Pulsemon]: Cost 2[On Play] [When Digivolving] If you have 3 or more security "
        "cards, suspend 1 of your opponent's Digimon.": ("[Digivolve] [Pulsemon]: Cost 2", ["OnPlay"]),
        # BT10-015: keywords after the DigiXros rule and its reminder
        "DigiXros -2: [Shoutmon X5] + [Beelzemon] When you would play this card, you may place specified "
        "cards from your hand/battle area under it. Each placed card reduces the play cost.<Blocker> "
        "<Armor Purge>": ("DigiXros -2: [Shoutmon X5] + [Beelzemon] When you would play this card, you may "
                          "place specified cards from your hand/battle area under it. Each placed card "
                          "reduces the play cost.", ["Blocker", "ArmorPurge"]),
        # BT10-086: an untagged immediate effect after the rule
        "Digivolve: 3 from [Omnimon]When a Digimon with [X Antibody] in its digivolution cards would "
        "digivolve into this card, reduce the digivolution cost by 2.":
            ("Digivolve: 3 from [Omnimon]", ["Text"]),
    }
    for text, (rule, labels) in cases.items():
        split = split_part("X-1", "main", text)
        assert split.rules == [rule]
        assert [r.label_tag for r in split.effects] == labels


def test_a_closed_quote_ends_the_effect_before_a_tag() -> None:
    """BT15-039: the granted effect in quotes is followed by the card's next effect on the same line."""
    text = ("[On Play] [When Digivolving] Until the end of your opponent's turn, 1 of their Digimon gets "
            "-3000 DP and gains \"[On Deletion] Lose 1 memory.\"[All Turns] This Digimon gains all of the "
            "effects of cards with [Gammamon] in their names in this Digimon's digivolution cards.")
    assert [r.label_tag for r in split_part("BT15-039", "main", text).effects] == ["OnPlay", "AllTurns"]
    opening = "[On Play] 1 of your Digimon gains \"[When Attacking] Gain 1 memory.\" for the turn."
    assert [r.label_tag for r in split_part("X-1", "main", opening).effects] == ["OnPlay"]
