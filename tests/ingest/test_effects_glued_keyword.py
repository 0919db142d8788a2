"""A keyword effect glued right after a sentence's full stop ('… by 2.<Jamming> (…)') is an effect of
its own: the card has the keyword, and the sentence before it compiles alone (real card texts)."""

from __future__ import annotations

import pytest

from ingest.effects import compile_card

#: BT3-031 / BT3-111 Imperialdramon: Dragon Mode, as printed (the keyword after 'by 2.').
_HEAD = ("When one of your [Paildramon] or [Dinobeemon] would digivolve into this card in your hand, reduce "
         "the memory cost of the digivolution by 2.")


@pytest.mark.parametrize(
    ("card", "text", "keyword"),
    [
        ("BT3-031", _HEAD + "<Jamming> (This Digimon can't be deleted in battles against Security Digimon.)"
         "[When Digivolving] Unsuspend all of your Digimon with <Jamming>.", "Jamming"),
        ("BT3-111", _HEAD + "<Piercing> (When this Digimon attacks and deletes an opponent's Digimon and "
         "survives the battle, it performs any security checks it normally would.)[Your Turn][Once Per Turn] "
         "When this Digimon deletes an opponent's Digimon in battle and survives, unsuspend this Digimon.",
         "Piercing"),
    ],
)
def test_a_keyword_glued_after_a_full_stop_is_its_own_effect(card: str, text: str, keyword: str) -> None:
    reduce, has, _ = compile_card(card, main=text)
    assert reduce.text == _HEAD and not reduce.keywords
    trigger = reduce.compiled.trigger
    assert trigger is not None and trigger.event == "WouldDigivolve" and reduce.compiled.actions_compiled
    assert [(a.verb, a.amount) for a in reduce.compiled.actions] == [("reduce_digivolve_cost", 2)]
    assert has.text.startswith(f"<{keyword}>")
    assert [(k.keyword, k.how) for k in has.keywords] == [(keyword, "has")]


def test_a_keyword_named_inside_a_sentence_is_not_cut() -> None:
    """BT3-031's '[When Digivolving] Unsuspend all of your Digimon with <Jamming>.' stays one effect."""
    text = "[When Digivolving] Unsuspend all of your Digimon with <Jamming>."
    (record,) = compile_card("BT3-031", main=text)
    assert [(k.keyword, k.how) for k in record.keywords] == [("Jamming", "mentions")]
