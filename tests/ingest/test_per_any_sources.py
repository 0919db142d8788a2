"""'For each …, trash any 1 digivolution card from your opponent's Digimon': that many cards in all
(ingest/compiler/per.py MULTIPLIED; CR 4-27-4, QA Q4289); with 'you may' each time it stays unread."""

from __future__ import annotations

from ingest.effects import compile_card


def test_bt18_018_per_colour_trash_any_then_suspend() -> None:
    (record,) = compile_card(
        "BT18-018", main="[When Digivolving] For each color in this Digimon's digivolution cards, "
        "trash any 1 digivolution card from your opponent's Digimon and suspend 1 of their Digimon. "
        "Then, this Digimon may attack."
    )
    assert record.compiled.actions_compiled
    trash, suspend = record.compiled.actions[:2]
    assert (trash.verb, trash.amount, trash.selector.owner, trash.selector.count) == (
        "trash_any_sources", 1, "opponent", None)
    assert (suspend.verb, suspend.selector.count, suspend.selector.owner) == ("suspend", 1, "opponent")
    for action in (trash, suspend):  # both per colour of this Digimon's digivolution cards
        assert (action.per.zone, action.per.owner, action.per_colors, action.per_every) == (
            "sources", "self", True, None)


def test_bt25_103_you_may_each_time_stays_unread() -> None:
    (record,) = compile_card(
        "BT25-103", main="[When Attacking] [Counter] [Once Per Turn] For each of this Digimon's "
        "digivolution cards, you may trash any 1 digivolution card from your opponent's Digimon. "
        "Then, you may end this attack."
    )
    assert not record.compiled.actions_compiled


def test_ex5_025_per_source_any_cards_of_one_digimon() -> None:
    records = compile_card(
        "EX5-025", main="[When Digivolving] [When Attacking] [Once Per Turn] For each of this Digimon's "
        "digivolution cards, trash any 1 digivolution card from 1 of your opponent's Digimon."
    )
    (trash,) = records[0].compiled.actions
    assert records[0].compiled.actions_compiled
    # one Digimon chosen, as many of its cards as counted (CR 4-27-2)
    assert (trash.verb, trash.amount, trash.selector.owner, trash.selector.count) == (
        "trash_any_sources", 1, "opponent", 1)
    assert (trash.per.zone, trash.per.owner, trash.per_colors) == ("sources", "self", False)
