"""Cost templates of ingest/compiler/costs.py and how costs sit in an effect, on real card texts."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card


def _compiled(number: str, text: str, part: str = "main"):  # noqa: ANN202 - a CompiledEffect
    kwargs = {"inherited": text} if part == "inherited" else {}
    (record,) = compile_card(number, None if kwargs else text, **kwargs)
    return record.compiled


@pytest.mark.parametrize(
    ("number", "text", "part", "verb", "amount", "owner", "filters", "then"),
    [
        ("RB1-028", "[On Play] By returning 1 Digimon card from your opponent's trash to the bottom of the "
         "deck, <Draw 1>.", "main", "return_cards_to_deck", 1, "opponent", {"kind": "Digimon"}, "draw"),
        ("BT14-061", "[On Play][When Digivolving] By returning 1 Digimon card from your opponent's trash to "
         "the top of the deck, gain 1 memory.", "main", "return_cards_to_deck_top", 1, "opponent",
         {"kind": "Digimon"}, "gain_memory"),
        ("BT13-080", "[On Deletion] By returning 2 cards with [Gizmon] in their names from your trash to the "
         "bottom of the deck in any order, you may play 1 [Gizmon: AT] from your trash "
         "without paying the cost.",
         "main", "return_cards_to_deck", 2, "self", {"kind": "card", "name_contains": "Gizmon"}, "play_card"),
        ("BT17-070", "[When Attacking] By returning 7 cards from your opponent's trash to the bottom of the "
         "deck, unsuspend this Digimon.", "main", "return_cards_to_deck", 7, "opponent", {"kind": "card"},
         "unsuspend"),
        ("BT14-005", "[When Attacking][Once Per Turn] By returning 3 cards with the [D-Brigade] or "
         "[DigiPolice] trait from your trash to the top of the deck, this Digimon gets +2000 DP "
         "for the turn.", "main",
         "return_cards_to_deck_top", 3, "self", {"kind": "card", "trait": "D-Brigade/DigiPolice"},
         "dp_modify"),
        ("P-089", "[Opponent's Turn] [Once Per Turn] When an opponent's Digimon attacks, end that attack by "
         "returning 3 cards with [Jellymon] in their text from your trash to the bottom of your deck.",
         "main",
         "return_cards_to_deck", 3, "self", {"kind": "card", "text_contains": "Jellymon"}, "end_attack"),
    ],
)
def test_returning_cards_from_a_trash_to_the_deck(number: str, text: str, part: str, verb: str, amount: int,
                                                   owner: str, filters: dict, then: str) -> None:
    c = _compiled(number, text, part)
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == (verb, amount)
    assert cost.selector is not None and cost.selector.zone == "trash" and cost.selector.owner == owner
    assert cost.selector.count == amount and not cost.selector.up_to
    assert {k: getattr(cost.selector, k) for k in filters} == filters
    assert [a.verb for a in c.actions] == [then] and all(a.compiled for a in c.actions)


def test_up_to_or_a_reference_to_the_returned_card_stays_uncompiled() -> None:
    """EX3-054 returns 'up to 5' (a count the cost does not fix); EX5-026 compares with 'that card'."""
    up_to = _compiled("EX3-054", "When one of your Digimon would digivolve into this card, by returning "
                      "up to 5 cards with [D-Brigade] in their traits from your trash to the top of your "
                      "deck, reduce the digivolution cost by 1 for each returned card.")
    assert not all(x.compiled for x in [*up_to.costs, *up_to.actions])
    that = _compiled("EX5-026", "[When Attacking] By returning 1 Digimon card from your trash to the "
                     "bottom of the deck, delete 1 of your opponent's Digimon with the same level as "
                     "that card.")
    assert not all(a.compiled for a in that.actions)


@pytest.mark.parametrize(
    ("number", "text", "cost"),
    [
        ("BT16-065", "When this card would be played, if there is a Digimon with the [Boss] trait, reduce "
         "the play cost by 6. By returning 6 cards with the [D-Brigade] trait from your trash to "
         "the top of the deck, reduce the play cost by 6.", "return_cards_to_deck_top"),
        ("BT25-043", "[Main] 1 of your opponent's Digimon gets -8000 DP for the turn. Then, by trashing your "
         "top security card, all of your opponent's Digimon get -5000 DP for the turn.", "trash_security"),
    ],
)
def test_a_cost_after_an_earlier_sentence_is_paid_midway(number: str, text: str, cost: str) -> None:
    """'A. Then, by X, B': X gates B only (CR 15-7-2): it is paid when it is reached (``Action.pays``),
    optional with B (CR 15-7-4), not before the effect's first action."""
    c = _compiled(number, text)
    assert not c.costs and c.actions_compiled
    first, paid, then = c.actions
    assert not first.pays and not first.optional
    assert (paid.verb, paid.pays, paid.optional) == (cost, True, True)
    assert not then.pays and then.optional


def test_a_cost_paid_midway_must_end_the_effect() -> None:
    """P-219: a sentence after the costed one would still be carried out when the cost is declined,
    which CR 15-7-2 does not allow: the costed sentence is not read."""
    c = _compiled("P-219", "[Main] Delete 1 of your opponent's level 6 or lower Digimon. Then, by deleting 1 "
                  "of your [Evil] or [Fallen Angel] trait Digimon, you may play 1 [Creepymon] from your "
                  "trash without paying the cost. The Digimon this effect played gains <Rush> and <Blocker> "
                  "until your opponent's turn ends.")
    assert c.actions[0].compiled and not c.actions_compiled
    assert not c.actions[1].compiled and not c.actions[2].compiled


@pytest.mark.parametrize(
    ("number", "text", "part", "then"),
    [
        ("EX10-014", "[When Attacking] By trashing 1 of this Digimon's link cards, 1 of your opponent's "
         "Digimon gets -6000 DP for the turn.", "link", ["dp_modify"]),
        ("EX10-017", "[All Turns] When any of your opponent's Digimon suspend, by trashing 1 of this "
         "Digimon's link cards, <Draw 1> and gain 1 memory.", "link", ["draw", "gain_memory"]),
        ("BT25-066", "[All Turns] When this Digimon would leave the battle area, by trashing 1 of its link "
         "cards, it doesn't leave.", "main", ["prevent"]),
    ],
)
def test_trashing_link_cards(number: str, text: str, part: str, then: list[str]) -> None:
    """The Digimon's own link cards (a link effect's 'this Digimon' is the Digimon it is linked to)."""
    parts = {"main": text} if part == "main" else {part: text}
    (c,) = [r.compiled for r in compile_card(number, **parts)]
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == ("trash_link_cards", 1)
    assert cost.selector is not None and cost.selector.this and cost.selector.owner == "self"
    assert [a.verb for a in c.actions] == then and all(a.compiled for a in c.actions)


@pytest.mark.parametrize(
    ("number", "text"),
    [
        ("BT15-003", "[When Attacking] [Once Per Turn] By trashing the top or bottom card of your security "
         "stack, gain 1 memory."),
        ("AD1-017", "[On Play] [When Digivolving] By trashing your top or bottom security card, all of your "
         "opponent's Digimon get -6000 DP for the turn."),
    ],
)
def test_trashing_the_top_or_bottom_security_card(number: str, text: str) -> None:
    """One card of the player's own security stack, the end of their choice."""
    c = _compiled(number, text, "inherited" if number == "BT15-003" else "main")
    (cost,) = c.costs
    assert cost.compiled and (cost.verb, cost.amount) == ("trash_top_or_bottom_security", 1)
    assert cost.selector is not None and (cost.selector.owner, cost.selector.zone) == ("self", "security")
    assert all(a.compiled for a in c.actions)


@pytest.mark.parametrize(
    ("number", "text", "part", "trait"),
    [
        ("BT23-008", "[Main] [Once Per Turn] By placing this Digimon's top stacked card as its bottom "
         "digivolution card, you may play 1 [Gabumon] or [Nokia Shiramine] from your hand with the play "
         "cost reduced by 2.", "main", None),
        ("BT22-069", "[Main] [Once Per Turn] By placing this [Night Claw] or [Light Fang] trait Digimon's "
         "top stacked card as its bottom digivolution card, <Draw 1>", "inherited", "Night Claw/Light Fang"),
        ("EX5-007", "[Main] [Once Per Turn] By placing the top card of this Digimon with the "
         "[Light Fang]/[Night Claw] trait as this Digimon's bottom digivolution card, gain 2 memory.",
         "inherited", "Light Fang/Night Claw"),
    ],
)
def test_top_card_to_the_bottom(number: str, text: str, part: str, trait: str | None) -> None:
    """This Digimon (with the traits named) puts its top card under its digivolution cards."""
    (cost,) = _compiled(number, text, part).costs
    assert cost.compiled and cost.verb == "top_to_bottom_source"
    assert cost.selector is not None and cost.selector.this and cost.selector.trait == trait
