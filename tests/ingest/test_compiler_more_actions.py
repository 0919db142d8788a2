"""Templates of ingest/compiler/more_actions.py on real card texts (by card number)."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card


def _actions(number: str, text: str, part: str = "main") -> list:
    kwargs = {"inherited": text} if part == "inherited" else {}
    records = compile_card(number, None if kwargs else text, **kwargs)
    return [a for r in records for a in r.compiled.actions]


@pytest.mark.parametrize(
    ("number", "text", "name", "amount", "free", "optional", "suspended"),
    [
        ("BT17-100", "[Main] Play 1 [Diaboromon] Token without paying the cost "
         "(Digimon/Cost 14/Lv.6/White/Mega/Unknown/Unidentified/3000 DP).",
         "Diaboromon", 1, True, False, False),
        ("ST22-05", "[On Play] [When Digivolving] [When Attacking] [Once Per Turn] You may play 1 [Pipe Fox] "
         "Token. (Digimon/Yellow/6000 DP/＜Blocker＞)", "Pipe Fox", 1, False, True, False),
        ("ST19-12", "[When Digivolving] You may play 2 [Familiar] Tokens without paying their costs"
         "(Digimon/Yellow/3000 DP/[On Deletion] 1 of your opponent's Digimon gets -3000 DP for the turn)",
         "Familiar", 2, True, True, False),
        ("BT5-084", "[When Digivolving] You may play 1 [Diaboromon] Token without paying its memory cost. "
         "(Diaboromon Tokens are level 6 white Digimon with a memory cost of 14, 3000 DP, and are Mega form, "
         "Unidentified type, and Unknown attribute.)", "Diaboromon", 1, True, True, False),
    ],
)
def test_play_token(number: str, text: str, name: str, amount: int, free: bool, optional: bool,
                    suspended: bool) -> None:
    (action,) = [a for a in _actions(number, text) if a.verb == "play_token"]
    assert action.compiled and action.card is not None
    assert (action.card.name, action.amount, action.free, action.optional, action.suspended) == (
        name, amount, free, optional, suspended)


def test_play_token_suspended_with_stats_inside() -> None:
    """EX5-058: the stats in the sentence, then 'suspended to your battle area'."""
    text = ("[On Play] [When Digivolving] If there are 4 or more total Digimon, play 1 [Fujitsumon] Token "
            "(Digimon/Purple/3000 DP/[All Turns] This Digimon doesn't unsuspend./[On Deletion] Trash 1 card "
            "in your hand.) suspended to your battle area.")
    (action,) = [a for a in _actions("EX5-058", text) if a.verb == "play_token"]
    assert action.card.name == "Fujitsumon" and action.suspended and not action.free


def test_two_token_names_in_one_sentence_stay_uncompiled() -> None:
    """BT14-018 plays two different tokens in one sentence: not read (no guess)."""
    text = ("[On Play][When Digivolving] Play 1 [Amon of Crimson Flame] (Digimon/Red/6000 DP/＜Rush＞) Token "
            "and 1 [Umon of Blue Thunder] (Digimon/Yellow/6000 DP/＜Blocker＞) Token.")
    assert [a.compiled for a in _actions("BT14-018", text)] == [False]


def test_token_stats_from_the_printed_text() -> None:
    """kg.solver.token_cards reads the card information as BT16-052 prints it (CR 1-4-4-4)."""
    from kg.solver.token_cards import token_stats

    text = ("[When Digivolving] You may play 1 [KoHagurumon] Token. (Digimon/Black/1000 DP/<Blocker><Decoy "
            "(Black)> [Your Turn] This Digimon can't attack.)")
    stats = token_stats("KoHagurumon", text)
    assert stats is not None
    assert (stats.dp, stats.colors, stats.level, stats.play_cost) == (1000, ["Black"], None, None)
    lines = ["<Blocker>", "<Decoy (Black)>", "[Your Turn] This Digimon can't attack."]
    assert stats.text.splitlines() == lines


@pytest.mark.parametrize(
    ("number", "text", "zone", "max_cost", "color", "trait", "free", "reduced"),
    [
        ("P-027", "[Main] <Digi-Burst 2> ・Use a purple Option card with a memory cost of 7 or less in your "
         "hand without paying its memory cost.", "hand", 7, "Purple", None, True, None),
        ("EX4-030", "[When Digivolving] You may use an Option card with a cost of 5 or less in your hand "
         "without paying the cost.", "hand", 5, None, None, True, None),
        ("EX7-013", "[On Play] [When Digivolving] You may use 1 Option card with the [Three Musketeers] "
         "trait from your hand without paying the cost.", "hand", None, None, "Three Musketeers", True, None),
        ("BT26-074", "[When Attacking] If it's your turn, by trashing 1 card in your hand, you may use 1 "
         "Option card with the [Titan] trait from your trash with the cost reduced by 2.", "trash", None,
         None, "Titan", False, 2),
    ],
)
def test_use_option(number: str, text: str, zone: str, max_cost: int | None, color: str | None,
                    trait: str | None, free: bool, reduced: int | None) -> None:
    (action,) = [a for a in _actions(number, text) if a.verb == "use_option"]
    sel = action.selector
    assert action.compiled and sel is not None and sel.kind == "Option"
    found = (sel.zone, sel.max_cost, (sel.color or "").title() or None, sel.trait)
    assert found == (zone, max_cost, color, trait)
    assert (action.free, action.amount) == (free, reduced)


def test_use_option_from_a_zone_this_table_does_not_list() -> None:
    """ST22-05: 'from your hand or under your Tamers' is not among this table's zones; ingest/compiler/play.py
    reads it (zone hand_or_under_tamers), after this table."""
    text = ("[On Play] Then, you may use 1 Option card with the [Onmyōjutsu] or [Plug-In] trait from your "
            "hand or under your Tamers without paying the cost.")
    assert [a.selector.zone for a in _actions("ST22-05", text) if a.verb == "use_option"] == [
        "hand_or_under_tamers"]


@pytest.mark.parametrize(
    ("number", "text", "verb", "zone", "name", "color"),
    [
        ("BT3-041", "[When Attacking] If you have 3 or fewer security cards, place 1 yellow Digimon card "
         "from your trash on top of your security stack face down.", "place_security_top", "trash", None,
         "yellow"),
        ("BT21-044", "[On Play] You may place 1 [Marcus Damon] from your trash as the top security card.",
         "place_security_top", "trash", "Marcus Damon", None),
        ("BT14-038", "[Security] Place 1 [Etemon] from your trash at the bottom of your security stack.",
         "place_security_bottom", "trash", "Etemon", None),
        ("BT14-102", "[Main] Place 1 yellow card with the [Vaccine] trait from your hand at the bottom of "
         "your security stack.", "place_security_bottom", "hand", None, "yellow"),
    ],
)
def test_place_in_security(number: str, text: str, verb: str, zone: str, name: str | None,
                           color: str | None) -> None:
    (action,) = [a for a in _actions(number, text) if a.verb.startswith("place_security")]
    sel = action.selector
    assert action.compiled and action.verb == verb and sel is not None
    assert (sel.zone, sel.name, (sel.color or "").lower() or None, sel.count) == (zone, name, color, 1)


def test_face_up_security_placement_is_not_read_here() -> None:
    """BT23-045: 'face up as the bottom security card' (face-up security cards are not modelled)."""
    text = ("[On Play] By placing 1 [Royal Base] or [Zaxon] trait Digimon card from your hand or trash face "
            "up as the bottom security card, return 1 of your opponent's Digimon with as much or less DP as "
            "this Digimon to the hand.")
    assert not [a for a in _actions("BT23-045", text) if a.verb.startswith("place_security")]


def test_trash_the_top_cards_of_the_opponents_deck() -> None:
    """BT8-111's second half, alone: the opponent's deck (``trash_deck`` of the opponent)."""
    (action,) = _actions("BT8-111", "[On Play] Trash the top 3 cards of your opponent's deck.")
    assert (action.verb, action.amount, action.selector.owner) == ("trash_deck", 3, "opponent")


def test_opponent_may_trash_from_their_hand() -> None:
    """BT15-074: the opponent's choice, of their own Digimon card."""
    text = ("[On Play] [When Digivolving] Your opponent may trash 1 Digimon card in their hand. "
            "If they don't, "
            "gain 1 memory.")
    (action, *_) = _actions("BT15-074", text)
    sel = action.selector
    assert (action.verb, action.amount, action.optional) == ("opponent_may_trash_card", 1, False)
    assert (sel.owner, sel.kind, sel.zone) == ("opponent", "Digimon", "hand")


@pytest.mark.parametrize(
    ("number", "text", "n"),
    [("BT14-077", "[On Play][When Digivolving] Trash the top 2 cards of both players' decks.", 2),
     ("BT5-083", "[On Play] Both players trash the top 5 cards of their decks.", 5)],
)
def test_trash_the_top_cards_of_both_decks(number: str, text: str, n: int) -> None:
    found = [(a.verb, a.amount, a.selector.owner) for a in _actions(number, text)]
    assert found == [("trash_deck", n, "self"), ("trash_deck", n, "opponent")]


def test_names_the_text_adds_are_read_as_card_facts() -> None:
    """EX2-012 Megidramon, BT11-018, BT9-068 (glued to its digivolve rule): a name the card also has."""
    from ingest.effects import compile_card

    cases = {
        "The name of this card/Digimon is also treated as [ChaosGallantmon].": ("name", "ChaosGallantmon"),
        "This card/Digimon is also treated as if its name is [Shoutmon] and [Starmons].":
            ("name", "Shoutmon/Starmons"),
        "Digivolve: 2 from [BlackWarGreymon]This card/Digimon is also treated as having [Greymon] in its "
        "name.": ("name_contains", "Greymon"),
    }
    for text, (field, names) in cases.items():
        (record,) = compile_card("X-1", main=text)
        (action,) = record.compiled.actions
        assert record.compiled.category == "Persistent" and action.verb == "also_named" and action.compiled
        assert getattr(action.selector, field) == names


def test_a_colour_that_also_meets_the_requirements_is_read() -> None:
    """LM-038 (Q4074) and LM-045: another colour on the field meets this Option's requirements."""
    from ingest.effects import compile_card

    for text, color in (("This card may also have its color requirements met by green.", "Green"),
                        ("Yellow also meets this card's color requirements.", "Yellow")):
        (record,) = compile_card("X-1", main=text)
        (action,) = record.compiled.actions
        assert record.compiled.category == "Persistent" and action.verb == "also_meets_colors"
        assert action.compiled and action.selector is not None and action.selector.color == color
