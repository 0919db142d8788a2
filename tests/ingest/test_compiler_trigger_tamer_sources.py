"""'One of your Digimon with a Tamer card in its digivolution cards' as a trigger's filter
(Selector.source_kind), read from the real card texts named on each case."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card

WITH_TAMER = "When one of your Digimon with a Tamer card in its digivolution cards"


@pytest.mark.parametrize("card", ["BT7-014", "BT7-025", "BT7-038", "BT7-051", "BT7-075"])
def test_digivolves_into_this_card_in_your_hand_is_a_would_digivolve(card: str) -> None:
    # the same sentence opens the five cards' texts (Aldamon, Kazemon, Kumamon, Beetlemon, Löwemon)
    text = (f"{WITH_TAMER} digivolves into this card in your hand, reduce the memory cost of the "
            "digivolution by 2.")
    (record,) = compile_card(card, main=text)
    compiled = record.compiled
    trigger = compiled.trigger
    assert compiled.trigger_compiled and trigger is not None and compiled.category == "ImmediateType"
    assert (trigger.event, trigger.this_role) == ("WouldDigivolve", "SubjectRole")
    assert trigger.requires == ["OtherIsOwn"]
    held = trigger.object_selector
    assert held is not None
    assert (held.owner, held.kind, held.source_kind) == ("self", "Digimon", "Tamer")
    (action,) = compiled.actions
    assert (action.verb, action.amount, action.compiled) == ("reduce_digivolve_cost", 2, True)


def test_neemon_a_deleted_digimon_with_a_tamer_card_in_its_digivolution_cards() -> None:
    # BT7-080 Neemon (QA Q1644: the Tamer card it had is played from the trash)
    text = (f"[All Turns][Once Per Turn] {WITH_TAMER} is deleted, you may play 1 Tamer card from your trash "
            "without paying its memory cost.")
    (record,) = compile_card("BT7-080", main=text)
    trigger = record.compiled.trigger
    assert record.compiled.trigger_compiled and trigger is not None
    assert (trigger.event, trigger.this_role, trigger.requires) == ("Deleted", "AnyRole", ["SubjectIsOwn"])
    sel = trigger.selector
    assert sel is not None and (sel.owner, sel.kind, sel.source_kind) == ("self", "Digimon", "Tamer")


def test_this_digimon_digivolving_into_this_card_stays_unread() -> None:
    # plain 'digivolves into this card' (no 'in your hand') is an event after the digivolution
    (record,) = compile_card("X-1", main="When one of your Digimon digivolves into this card, gain 1 memory.")
    assert not record.compiled.trigger_compiled
