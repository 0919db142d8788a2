"""``ingest.effect_words``: a compiled effect in words, generated from its IR, on real card texts
(the printed text is compiled here, then rendered)."""

from __future__ import annotations

import re
from pathlib import Path

import ingest.effect_words as effect_words
from ingest.effect_ir import Action, Condition, Selector
from ingest.effect_words import action_words, cards, clauses, condition_words, reads
from ingest.effects import compile_card


def _one(number: str, text: str, **parts: str) -> list:
    return compile_card(number, text, parts.get("inherited"), parts.get("security"))


def test_option_main_delete_with_dp_limit() -> None:
    """BT2-091 Volcanic Flare: an activated [Main] effect and its [Security] effect."""
    main, security = _one(
        "BT2-091",
        "[Main] Delete 1 of your opponent's Digimon with 4000 DP or less.",
        security="[Security] Activate this card's [Main] effect.",
    )
    assert (
        reads(main)
        == "Activated in your main phase [Main]: delete 1 of your opponent's Digimon with 4000 DP or less."
    )
    assert reads(security) == (
        "When this card is checked as a security card [Security]: activate this card's [Main] effect."
    )


def test_omnimon_bt5_086_prevent_by_trashing_a_source() -> None:
    text = (
        "[When Digivolving] Unsuspend this Digimon.[All Turns] If an opponent's effect would delete this "
        "Digimon or return it to its owner's hand or deck, you may prevent it from leaving play by trashing "
        "a level 6 Digimon card in this card's digivolution cards."
    )
    first, second = _one("BT5-086", text)
    assert (
        reads(first, kind="Digimon")
        == "When this Digimon digivolves [When Digivolving]: unsuspend this Digimon."
    )
    parts = [(c.part, c.words) for c in clauses(second, "Digimon")]
    assert parts == [
        ("trigger", "When this Digimon would leave the battle area, by being deleted or returned to the "
                    "hand or deck, by an opponent's effect [All Turns]"),
        ("cost", "trash 1 level 6 card among this card's digivolution cards"),
        ("action", "you may: prevent that"),
    ]


def test_parts_not_understood_are_named_with_their_span() -> None:
    """BT1-084: the second sentence is not understood, and says so with its printed text."""
    (e, _) = _one(
        "BT1-084",
        "[When Digivolving] Choose 1 of your opponent's Digimon. Delete all of your opponent's Digimon that "
        "share a name with it.[When Attacking] You can unsuspend this Digimon by returning 1 of this "
        "Digimon's level 6 digivolution cards to your hand.",
    )
    last = clauses(e, "Digimon")[-1]
    assert (last.part, last.understood) == ("action", False)
    assert last.words == 'not understood: "Delete all of your opponent\'s Digimon that share a name with it"'


def test_duration_and_per_and_option_main() -> None:
    """BT9-099 Sunrise Buster: 'you may', a duration, and 'for each … you have in play'."""
    main, _security = _one(
        "BT9-099",
        "[Main] You may play 1 yellow or red Tamer card from your hand without paying its memory cost. Then, "
        "1 of your opponent's Digimon gets -3000 DP for the turn for each yellow and/or red Tamer you have "
        "in play.",
        security="[Security] Activate this card's [Main] effect.",
    )
    assert reads(main) == (
        "Activated in your main phase [Main]: you may: play 1 yellow or red Tamer card in your hand without "
        "paying the cost; 1 of your opponent's Digimon gets -3000 DP for the turn for each yellow or red "
        "Tamer you have."
    )


def test_persistent_while_condition() -> None:
    """BT7-064's inherited effect: 'while', not 'if', and no 'while the condition holds' echo."""
    (e,) = compile_card(
        "BT7-064",
        None,
        "[Your Turn] While this Digimon has [X-Antibody] in its traits, it gains <Security Attack +1>. (This "
        "Digimon checks 1 additional security card.)",
    )
    assert reads(e, kind="Digimon") == (
        "Persistent, during your turn [Your Turn]: while this card is a [X-Antibody] trait Digimon, this "
        "Digimon gains <Security Attack +1>."
    )


def test_keyword_effect_says_its_trigger_from_the_graph() -> None:
    """<Piercing>: its trigger is the keyword's own (ontology/keywords.ttl), not the reminder text."""
    (e,) = compile_card(
        "BT3-016",
        None,
        "<Piercing> (When this Digimon attacks and deletes an opponent's Digimon and survives the battle, it "
        "performs any security checks it normally would.)",
    )
    assert reads(e, kind="Digimon") == (
        "When this Digimon deletes one of your opponent's Digimon in battle and survives, while attacking "
        "<Piercing>: <Piercing>: schedule a security check by this Digimon as pending processing."
    )


def test_once_per_turn_and_object_role_trigger() -> None:
    (e,) = compile_card(
        "BT11-055",
        None,
        "[All Turns][Once Per Turn] When this Digimon deletes an opponent's Digimon in battle, trash the top "
        "card of your opponent's security stack.",
    )
    assert reads(e, kind="Digimon") == (
        "When this Digimon deletes one of your opponent's Digimon in battle [All Turns]: (once per turn) "
        "trash the top card of your opponent's security stack."
    )


def test_selector_condition_and_action_words() -> None:
    assert cards(Selector(owner="self", kind="Tamer", zone="hand", color="Red/Blue")) == (
        "1 red or blue Tamer card in your hand"
    )
    assert cards(Selector(owner="opponent", count=None, state="suspended", max_level=5)) == (
        "all of your opponent's suspended level 5 or less Digimon"
    )
    assert condition_words(Condition(kind="security_at_most", amount=3, negated=True)) == (
        "unless you have 3 or fewer security cards"
    )
    assert action_words(Action(verb="frobnicate", compiled=False, span="Frobnicate 1 Digimon")) == (
        "not understood: 'Frobnicate 1 Digimon'"
    )
    assert action_words(Action(verb="suspend", selector=Selector(), optional=True)) == (
        "you may: suspend 1 of your opponent's Digimon"
    )


def test_any_n_sources_are_n_in_all_and_on_play_effects_dont_activate() -> None:
    """BT25-028: 'trash any 4 digivolution cards from your opponent's Digimon' is 4 in all (as the
    engine carries it out, QA Q2393); BT2-081: only [On Play] effects don't activate."""
    (dianamon,) = compile_card(
        "BT25-028",
        "[All Turns] [Once Per Turn] When any Digimon are played or digivolve, you may trash any 4 "
        "digivolution cards from your opponent's Digimon. Then, 2 of your Digimon may DNA digivolve into "
        "[GraceNovamon] in the hand.",
    )
    assert clauses(dianamon, "Digimon")[2].words == (
        "you may: trash 4 digivolution cards in all from all of your opponent's Digimon"
    )
    (ghost,) = compile_card(
        "BT2-081",
        "[When Attacking] You may play 1 purple level 3 Digimon card from your trash without paying its "
        "memory cost. Any [On Play] effects on Digimon played with this effect don't activate.",
    )
    assert clauses(ghost, "Digimon")[-1].words == "they can't activate [On Play] effects for the turn"


def test_every_field_of_the_ir_is_said() -> None:
    """A field the rendering never reads would make 'what the engine understood' say less than the
    compiler understood: each field of Selector, Action and Condition is named in effect_words."""
    source = Path(effect_words.__file__).read_text(encoding="utf-8")
    unsaid = [f"{m.__name__}.{f}" for m in (Selector, Action, Condition) for f in m.model_fields
              if not re.search(rf"\b{f}\b", source)]
    assert unsaid == []
