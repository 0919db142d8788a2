"""Readings the lead fixed in session 19, each on its card's real text."""

from __future__ import annotations

from ingest.effects import compile_card

BT5_086 = (
    "[All Turns] If an opponent's effect would delete this Digimon or return it to its owner's hand or "
    "deck, you may prevent it from leaving play by trashing a level 6 Digimon card in this card's "
    "digivolution cards."
)


def test_omnimon_answers_a_deletion_or_a_return_not_only_the_deletion() -> None:
    # the 'or return it to its owner's hand or deck' half was swallowed: a return was never answered
    (record,) = compile_card("BT5-086", main=BT5_086)
    trigger = record.compiled.trigger
    assert (trigger.event, trigger.requires) == (
        "WouldLeaveBattleArea",
        ["ByDeletionOrReturn", "ByOpponentsEffect"],
    )
    assert [a.verb for a in record.compiled.actions] == ["prevent"]


def test_a_leave_trigger_with_another_or_clause_is_not_read() -> None:
    # no pattern may swallow an 'or …' it does not understand
    (record,) = compile_card(
        "X-1", main="[All Turns] If an opponent's effect would delete this Digimon or place it in "
        "security, you may prevent it by trashing 1 card in this Digimon's digivolution cards."
    )
    assert not record.compiled.trigger_compiled



def test_a_long_list_of_traits_in_a_trigger_is_one_filter() -> None:
    # BT11-089: five traits; the trigger clause used to end at the first comma of the list
    (record,) = compile_card(
        "BT11-089",
        main="[Your Turn] When you play a red Digimon with [Avian], [Bird], [Beast], [Animal], "
        "or [Sovereign] in its traits by an effect, by suspending this Tamer, "
        "that Digimon gains <Rush> for the turn.",
    )
    trigger = record.compiled.trigger
    assert trigger is not None and trigger.selector is not None
    assert (trigger.event, "ByEffect" in trigger.requires) == ("CardPlayed", True)
    assert trigger.selector.trait == "Avian/Bird/Beast/Animal/Sovereign"
    assert [a.verb for a in record.compiled.actions] == ["gain_keyword"]


def test_this_digimon_has_a_name_and_would_be_deleted_in_battle() -> None:
    # BT9-024: this Digimon, while it has [Garurumon] or [Omnimon] in its name
    (record,) = compile_card(
        "BT9-024",
        inherited="[All Turns] When this Digimon has [Garurumon] or [Omnimon] in its name and would be "
        "deleted in battle, you may trash 2 cards of the same level in this Digimon's digivolution cards "
        "to prevent that deletion.",
    )
    trigger = record.compiled.trigger
    assert trigger is not None and trigger.selector is not None
    assert (trigger.event, trigger.requires, trigger.selector.this) == ("WouldBeDeleted", ["InBattle"], True)
    assert trigger.selector.name_contains == "Garurumon/Omnimon"
    assert [a.verb for a in record.compiled.costs] == ["trash_same_level_sources"]


def test_deleted_or_returned_by_an_effect_is_both_and_only_those() -> None:
    # BT11-062 and BT9-012 (its older wording): an effect, either player's, deletes or returns it
    texts = [
        ("BT11-062", "[All Turns] When this Digimon with [Greymon] or [Omnimon] in its name would be deleted "
         "or returned to your hand or deck by an effect, by placing 1 [X Antibody] from this Digimon's "
         "digivolution cards at the bottom of its owner's deck, prevent this Digimon from leaving play."),
        ("BT9-012", "[All Turns] When this Digimon has [Greymon] or [Omnimon] in its name and an effect "
         "would delete it or return it to your hand or deck, you may trash 2 cards of the same level in this "
         "Digimon's digivolution cards to prevent it from leaving play."),
    ]
    for number, text in texts:
        (record,) = compile_card(number, inherited=text)
        trigger = record.compiled.trigger
        assert trigger is not None and trigger.selector is not None, number
        assert trigger.event == "WouldLeaveBattleArea"
        assert trigger.requires == ["ByDeletionOrReturn", "ByEffect"]
        assert trigger.selector.name_contains == "Greymon/Omnimon"
