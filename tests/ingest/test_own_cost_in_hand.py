"""'Reduce the memory cost of this card in your hand by N for each …' (BT2-099, BT8-097; QA Q5488)."""

from ingest.effects import compile_card


def test_own_cost_in_hand_is_a_persistent_multiplied_reduction() -> None:
    text = ("Reduce the memory cost of this card in your hand by 1 for each yellow Tamer you have in play."
            "[Main] 1 of your opponent's Digimon gets -12000 DP for the turn.")
    first = compile_card("BT2-099", text, None, None)[0].compiled
    (action,) = first.actions
    assert first.category == "Persistent" and action.compiled
    assert action.verb == "reduce_own_cost_in_hand" and action.amount == 1
    assert action.per is not None and action.per.kind == "Tamer" and action.per.color == "Yellow"
