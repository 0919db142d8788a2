"""Session 18, placing cards (ingest/compiler/place.py, body.py misprints) on real card texts."""

from __future__ import annotations

from ingest.effects import compile_card


def _parts(number: str, text: str) -> list:
    return [a for r in compile_card(number, text) for a in [*r.compiled.costs, *r.compiled.actions]]


def test_trait_without_its_word_is_a_trait() -> None:
    """'with the [Blue Flare] from your trash' (BT19-022), '… or the [Hero] from your hand' (BT21-028):
    the bracket after 'with the' names a trait; 'trait rom your hand' (BT19-001) is 'from'."""
    (place, save) = _parts("BT19-022", "[On Deletion] You may place 1 Digimon card with the [Blue Flare] "
                           "from your trash under any of your Tamers. Then, <Save>.")
    assert place.compiled and place.verb == "place_under" and place.card.trait == "Blue Flare"
    assert place.card.zone == "trash" and place.selector.kind == "Tamer" and place.optional
    cost, delete = _parts("BT21-028", "[When Digivolving] [When Attacking] By placing 1 Digimon card with "
                          "[Gammamon] in its text or the [Hero] from your hand as this Digimon's bottom "
                          "digivolution card, delete 1 of your opponent's lowest DP Digimon.")
    assert cost.compiled and cost.verb == "place_under" and cost.selector.this
    assert [s.text_contains or s.trait for s in cost.card.any_of] == ["Gammamon", "Hero"]
    assert delete.compiled and delete.verb == "delete"
    cost, draw = _parts("BT19-001", "[When Attacking] [Once Per Turn] By placing 1 Digimon card with the "
                        "[Xros Heart]/[Blue Flare] trait rom your hand under any of your Tamers, <Draw 1>.")
    assert cost.compiled and cost.card.zone == "hand" and cost.card.trait == "Xros Heart/Blue Flare"
    assert draw.compiled and draw.verb == "draw"
