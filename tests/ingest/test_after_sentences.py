"""'After, …' (printed from BT25 on) is the next step of the effect, read as 'Then, …' is: it comes
after the steps before it and, like them, only when the effect's 'by …' condition is performed."""

from __future__ import annotations

from ingest.effects import compile_card

#: real texts (card number, text); each compiles whole, the 'After' part as the last action
AFTER = [
    ("EX12-028", "[All Turns] [Once Per Turn] When a Digimon attacks, by placing 1 [DS] trait Digimon card "
                 "from "
     "your hand as this Digimon's bottom digivolution card, ＜De-Digivolve 1＞ 1 of your opponent's Digimon. "
     "After, if you have 0 or less memory, gain 1 memory."),
    ("EX12-070", "[Main] By trashing 1 [TB] trait card from your hand, ＜Draw 2＞ After, place this card in "
                 "the "
     "battle area."),
    ("BT25-080", "[On Play] [When Attacking] [Once Per Turn] By trashing 1 card in your hand, you may "
                 "return 1 "
     "[Titan] trait card from your trash to the hand. After, if played by an effect, delete 1 of your "
     "opponent's level 5 or lower Digimon."),
]


def test_after_is_the_next_step_of_the_effect_behind_its_by_condition() -> None:
    verbs = []
    for number, text in AFTER:
        (effect,) = compile_card(number, text)
        c = effect.compiled
        assert c.actions_compiled and all(a.compiled for a in [*c.costs, *c.actions]), number
        assert len(c.costs) == 1 and len(c.actions) == 2, number  # the cost gates both steps
        verbs.append(c.actions[-1].verb)
    assert verbs == ["gain_memory", "place_self", "delete"]
    (guso,) = compile_card(*AFTER[0])
    (cond,) = guso.compiled.conditions
    assert (cond.kind, cond.amount, cond.governs) == ("memory_at_most", 0, [1])  # only the 'After' step


def test_after_without_its_comma_starts_no_step() -> None:
    (effect,) = compile_card("X-1", "[Main] Gain 1 memory. After the battle ends, delete this Digimon.")
    assert not effect.compiled.actions[-1].compiled


def test_to_have_a_digimon_gain_is_paid_for_what_follows() -> None:
    """'You may trash 1 card in your hand to have this Digimon gain <Security Attack +1> for the turn'
    (EX1-059): the trash is the cost, 'have this Digimon gain' is 'this Digimon gains'."""
    (effect,) = compile_card("EX1-059", "[When Attacking] You may trash 1 card in your hand to have this "
                                        "Digimon "
                                        "gain <Security Attack +1> for the turn.")
    (cost,), (gain,) = effect.compiled.costs, effect.compiled.actions
    assert (cost.verb, cost.compiled, gain.verb, gain.keyword, gain.duration) == (
        "trash_card", True, "gain_keyword", "SecurityA", "this_turn")
    assert gain.compiled and gain.selector is not None and gain.selector.this
