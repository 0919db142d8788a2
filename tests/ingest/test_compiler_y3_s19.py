"""Session 19 (h14): clauses that held one card each back, read on the real card text."""

from __future__ import annotations

from ingest.effect_ir import CompiledEffect
from ingest.effect_words import action_words
from ingest.effects import compile_card
from kg.solver.card_facts import alias_traits


def _effect(number: str, text: str, tag: str) -> CompiledEffect:
    compiled = next(r for r in compile_card(number, text) if r.label_tag == tag).compiled
    assert compiled.actions_compiled and all(c.compiled for c in compiled.conditions)
    return compiled


def test_lm_062_yellowuce_is_reduce() -> None:
    text = ("[Main] ＜Delay＞ \n・1 of your Digimon may digivolve into a purple or yellow Digimon card in "
            "your hand for its digivolution cost. When it would digivolve by this effect, yellowuce the "
            "cost by 2.")
    compiled = _effect("LM-062", text, "Main")
    delay, digivolve = compiled.actions
    assert delay.verb == "keyword" and delay.keyword == "Delay"
    assert digivolve.verb == "digivolve" and digivolve.amount == 2 and not digivolve.free
    assert digivolve.card is not None and digivolve.card.color == "Purple/Yellow"


def test_p_101_also_has_the_cyborg_trait() -> None:
    text = ("This card/Digimon is also treated as having the [Cyborg]\xa0trait.[On Play] [When Digivolving] "
            "By trashing 1 card from your hand, ＜Draw 2＞ (Draw 2 cards from your deck).")
    records = compile_card("P-101", text)
    compiled = _effect("P-101", text, "Text")
    (trait,) = compiled.actions
    assert trait.verb == "also_has_trait" and trait.duration == "permanent"
    assert trait.selector is not None and trait.selector.this and trait.selector.trait == "Cyborg"
    assert alias_traits(records) == ["Cyborg"]
    assert action_words(trait) == "this card also has the [Cyborg] trait"


def test_ex2_060_suspend_this_tamer_to_use_an_option() -> None:
    text = ("[Your Turn] When you attack with a Digimon with [Renamon], [Kyubimon], [Taomon], or [Sakuyamon] "
            "in its name, you may suspend this Tamer to use 1 Option card with [Plug-In] in its name from "
            "your hand without paying its memory cost.")
    compiled = _effect("EX2-060", text, "YourTurn")
    (cost,) = compiled.costs
    assert cost.verb == "suspend" and cost.selector is not None and cost.selector.this
    (use,) = compiled.actions
    assert use.verb == "use_option" and use.free and use.optional
    option = use.selector
    assert option is not None and option.name_contains == "Plug-In" and option.zone == "hand"


def test_ex11_063_two_keywords_for_the_turn_and_attacks() -> None:
    text = ("[End of Your Turn] By suspending this Tamer, 1 of your [Royal Base] trait Digimon gains "
            "＜Collision＞ and ＜Piercing＞ for the turn, and attacks.")
    compiled = _effect("EX11-063", text, "EndOfYourTurn")
    (cost,) = compiled.costs
    assert cost.verb == "suspend"
    collision, piercing, attack = compiled.actions
    assert [collision.keyword, piercing.keyword] == ["Collision", "Piercing"]
    assert collision.duration == piercing.duration == "this_turn"
    assert collision.selector is not None and collision.selector.trait == "Royal Base"
    assert piercing.same_targets and attack.verb == "attack" and attack.same_targets
    assert not attack.optional


def test_bt24_002_this_blue_digimon_with_the_ts_trait() -> None:
    text = ("[End of Your Turn] [Once Per Turn] By paying 1 cost, this blue Digimon with the [TS]\xa0trait "
            "unsuspends.")
    compiled = next(r for r in compile_card("BT24-002", None, text)).compiled
    assert compiled.actions_compiled
    (cost,) = compiled.costs
    assert cost.verb == "lose_memory" and cost.amount == 1
    (unsuspend,) = compiled.actions
    assert unsuspend.verb == "unsuspend" and unsuspend.selector is not None
    assert unsuspend.selector.this and unsuspend.selector.color == "Blue" and unsuspend.selector.trait == "TS"
