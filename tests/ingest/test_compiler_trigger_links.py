"""'When effects trash any of this Digimon's link cards' (TrashedFromLinks, CR 4-9), read from the real
card texts named on each case; 'any of your Digimon's link cards' stays unread (ontology/timings.ttl)."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card

LINKS = "When effects trash any of this Digimon's link cards"


@pytest.mark.parametrize(
    ("part", "text"),
    [
        # EX10-001 Flickmon (inherited)
        ("inherited", f"[Your Turn] [Once Per Turn] {LINKS}, gain 1 memory."),
        # EX10-043 Sakusimon
        ("main", f"[All Turns] [Once Per Turn] {LINKS}, gain 1 memory."),
        # EX10-073 Deusmon
        ("main", f"[All Turns] [Once Per Turn] {LINKS}, delete 1 of your opponent’s Digimon with the lowest "
                 "play cost."),
    ],
)
def test_this_digimons_link_cards_trashed_by_effects(part: str, text: str) -> None:
    (record,) = compile_card("X-1", **{part: text})
    trigger = record.compiled.trigger
    assert record.compiled.trigger_compiled and trigger is not None
    assert (trigger.event, trigger.this_role) == ("TrashedFromLinks", "ObjectRole")
    assert trigger.requires == ["ByEffect"]
    assert trigger.selector is None and trigger.object_selector is None


def test_cometmon_gives_minus_8000_when_its_link_card_is_trashed() -> None:
    # EX10-030 Cometmon
    text = f"[All Turns] [Once Per Turn] {LINKS}, 1 of your opponent's Digimon gets -8000 DP for the turn."
    (record,) = compile_card("X-1", main=text)
    assert record.compiled.trigger is not None and record.compiled.trigger.event == "TrashedFromLinks"
    (action,) = record.compiled.actions
    assert (action.verb, action.amount, action.duration) == ("dp_modify", -8000, "this_turn")
    assert action.compiled
    assert (action.selector.owner, action.selector.kind, action.selector.count) == ("opponent", "Digimon", 1)


def test_any_of_your_digimons_link_cards_stays_unread() -> None:
    # EX10-070: link cards trashed with a Digimon that leaves are not yet known to count (CR 4-9-6)
    text = "[All Turns] When effects trash any of your Digimon's link cards, <Delay>"
    (record,) = compile_card("X-1", main=text)
    assert not record.compiled.trigger_compiled
