"""Session 17 wave 2: DP grants to named Digimon and attacks by effect, on real card texts."""

from __future__ import annotations

from ingest.effect_ir import Action
from ingest.effects import compile_card


def _actions(number: str, text: str, tag: str) -> list[Action]:
    record = next(r for r in compile_card(number, text) if r.label_tag == tag)
    assert record.compiled.actions_compiled
    return record.compiled.actions


def test_bt23_090_hudie_digimon_is_a_name_or_a_trait() -> None:
    """'[Hudie] Digimon' in play: a Digimon fits by its name or its trait."""
    (action,) = _actions("BT23-090", "[All Turns] All of your [Hudie] Digimon get +1000 DP.", "AllTurns")
    sel = action.selector
    assert action.verb == "dp_modify" and action.amount == 1000 and sel is not None
    assert sel.owner == "self" and sel.count is None and sel.kind == "Digimon"
    assert sel.name_or_trait == "Hudie" and sel.name is None and sel.trait is None


def test_bt5_008_your_other_gaossmon_all_get_dp() -> None:
    text = ("[Your Turn] Your other [Gaossmon] all get +3000 DP.[Opponent's Turn] Your opponent can't "
            "reduce digivolution costs.")
    (action,) = _actions("BT5-008", text, "YourTurn")
    sel = action.selector
    assert action.verb == "dp_modify" and action.amount == 3000 and sel is not None
    assert sel.owner == "self" and sel.count is None and sel.other and sel.name == "Gaossmon"


def test_bt23_070_this_digimon_attacks_without_suspending_must() -> None:
    text = ("[When Digivolving] Delete all of your opponent's Digimon with the highest level. Then, if a "
            "card with [Belphemon] in its name is in this Digimon's digivolution cards, this Digimon attacks "
            "without suspending.")
    delete, attack = _actions("BT23-070", text, "WhenDigivolving")
    assert delete.verb == "delete"
    assert attack.verb == "attack_without_suspending" and not attack.optional
    assert attack.selector is not None and attack.selector.this


def test_bt12_055_you_may_attack_your_opponents_digimon_with_this_digimon() -> None:
    text = ("[When Digivolving] If DNA digivolving, suspend 1 of your opponent's Digimon, and this Digimon "
            "gets +3000 DP for the turn. Then, you may attack your opponent's Digimon with this Digimon.")
    *_, attack = _actions("BT12-055", text, "WhenDigivolving")
    assert attack.verb == "attack_digimon" and attack.optional
    assert attack.selector is not None and attack.selector.this
