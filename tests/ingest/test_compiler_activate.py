"""Templates of ingest/compiler/activate_phrases.py on real card texts (by card number): one listed effect
activated several times, and a card's own effect activated by another of its effects."""

from __future__ import annotations

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str) -> list[Action]:
    return [a for r in compile_card(number, text) for a in r.compiled.actions]


def test_the_following_effect_twice() -> None:
    """BT4-091 Chaosmon: Valdur Arm: the bullet is the one mode of a repeat_effect done twice, not an
    action of its own."""
    text = ("[When Digivolving] Activate the following effect twice.・1 of your opponent's Digimon gets "
            "-7000 DP for the turn.[On Deletion] Gain 3 memory.")
    records = compile_card("BT4-091", text)
    (repeat,) = records[0].compiled.actions
    assert (repeat.verb, repeat.times, repeat.per, repeat.compiled) == ("repeat_effect", 2, None, True)
    (mode,) = repeat.modes
    (dp,) = mode.compiled.actions
    assert (dp.verb, dp.amount, dp.selector.owner, dp.duration) == (
        "dp_modify", -7000, "opponent", "this_turn")


def test_the_effect_below_four_times() -> None:
    """EX8-062 Piedmon: 'Activate the effect below 4 times:' on its own line, the bullet on the next."""
    text = ("[On Play] [When Digivolving] Activate the effect below 4 times:\n・1 of your opponent's "
            "Digimon gets -2000 DP for the turn.")
    (repeat,) = _actions("EX8-062", text)
    assert (repeat.verb, repeat.times, len(repeat.modes)) == ("repeat_effect", 4, 1)


def test_for_each_activate_the_effect_below() -> None:
    """BT5-099 Spiral Masquerade: once for each of the player's Digimon; BT12-041 Cho-Hakkaimon: once for
    every 2 of this Digimon's digivolution cards (counted when the effect resolves)."""
    text = ("[Main] For each Digimon you have in play, activate the effect below.・1 of your opponent's "
            "Digimon gets -3000 DP for the turn.")
    (repeat,) = _actions("BT5-099", text)
    assert (repeat.verb, repeat.per.owner, repeat.per.kind, repeat.per.zone) == (
        "repeat_effect", "self", "Digimon", "battle_area")
    text = ("[When Digivolving] For every 2 cards in this Digimon's digivolution cards, activate the "
            "following effect:・1 of your opponent's Digimon gets -3000 DP for the turn.")
    (repeat,) = _actions("BT12-041", text)
    assert (repeat.verb, repeat.per.zone, repeat.per_every, repeat.modes[0].compiled.actions[0].amount) == (
        "repeat_effect", "sources", 2, -3000)


def test_a_modal_choice_is_still_a_choice() -> None:
    """EX2-038 Justimon: Blitz Arm: 'Activate 1 of the effects below' with three bullets stays a modal
    choice; 'For each Tamer you have in play, activate this Digimon's [When Digivolving] effect' is
    activate_effect that many times (QA Q3332)."""
    text = ("[When Digivolving] Activate 1 of the effects below. ・This Digimon gets +2000 DP for the turn. "
            "・Unsuspend this Digimon. ・Delete 1 of your opponent's Digimon with a play cost of 5 or less."
            "[When Attacking][Once Per Turn] For each Tamer you have in play, activate this Digimon's [When "
            "Digivolving] effect.")
    choose, again = _actions("EX2-038", text)
    assert (choose.verb, len(choose.modes)) == ("choose_effects", 3)
    assert (again.verb, again.timing, again.per.kind, again.selector.this) == (
        "activate_effect", "WhenDigivolving", "Tamer", True)


def test_this_digimons_effects_plural_is_all_of_them() -> None:
    """EX5-061 Cerberusmon (X Antibody): 'activate this Digimon's [On Play] effects' activates those of its
    digivolution cards too (QA Q3660): all of them (a selector of no count; verbs._activate_all)."""
    text = ("[When Digivolving] <Draw 1>. Then, trash 1 card in your hand. If a Digimon card with "
            "[Cerberusmon] in its name or [X Antibody] is in this Digimon's digivolution cards, activate "
            "this Digimon's [On Play] effects.")
    activate = _actions("EX5-061", text)[-1]
    assert activate.compiled and activate.selector is not None and activate.selector.count is None


def test_for_every_five_activate_one_of_the_effects_below() -> None:
    """EX12-037 Omnimon: 'for every 5 of this Digimon's digivolution cards, activate 1 of the effects below'
    is a modal choice made that many times (QA Q6795, Q6796)."""
    text = ("[When Digivolving] [When Attacking] [Once Per Turn] Delete 1 of your opponent's Digimon. Then, "
            "for every 5 of this Digimon's digivolution cards, activate 1 of the effects below:\n・1 of your "
            "opponent's Digimon gets -13000 DP until their turn ends.\n・Trash your opponent's top security "
            "card. Then, <Recovery +1>.")
    delete, choose = _actions("EX12-037", text)
    assert (delete.verb, choose.verb, choose.amount, len(choose.modes)) == ("delete", "choose_effects", 1, 2)
    assert (choose.per.zone, choose.per_every, choose.compiled) == ("sources", 5, True)


def test_a_bullets_reminder_left_open_is_not_an_action() -> None:
    """P-012 Tai Kamiya (V-Tamer): the first bullet's reminder '(Draw 1 card from your deck.' has no ')'."""
    text = ("[Main] If you have a Digimon with [Veedramon] in its name, you may suspend this Tamer to "
            "activate one of the following effects:・Trigger <Draw 1>. (Draw 1 card from your deck.・1 of "
            "your Digimon gets +1000 DP for the turn.")
    (choose,) = _actions("P-012", text)
    assert (choose.verb, choose.compiled) == ("choose_effects", True)
    assert [a.verb for a in choose.modes[0].compiled.actions] == ["draw"]
