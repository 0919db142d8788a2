"""Session 18 (H7): '[On Play] When played from digivolution cards, …' is 'if played from digivolution
cards' (the played card came from a Digimon's digivolution cards), on real card texts."""

from __future__ import annotations

from ingest.effects import compile_card


def test_bt7_018_when_played_from_sources_draw_2() -> None:
    text = "[On Play] When played from digivolution cards, ＜Draw 2＞. (Draw 2 cards from your deck.)"
    record = next(r for r in compile_card("BT7-018", text) if r.label_tag == "OnPlay")
    compiled = record.compiled
    assert compiled.actions_compiled
    (condition,) = compiled.conditions
    assert condition.kind == "played_from_sources" and not condition.negated and condition.governs == []
    (draw,) = compiled.actions
    assert draw.verb == "draw" and draw.amount == 2


def test_ex3_017_when_played_from_sources_unsuspend_that_digimon() -> None:
    text = ("[On Play] 1 of your blue Digimon gains ＜Blocker＞ until the end of your opponent's turn. When "
            "played from digivolution cards, unsuspend that Digimon.")
    record = next(r for r in compile_card("EX3-017", text) if r.label_tag == "OnPlay")
    compiled = record.compiled
    assert compiled.actions_compiled
    (condition,) = compiled.conditions
    assert condition.kind == "played_from_sources" and condition.governs == [1]  # only the unsuspend
    gain, unsuspend = compiled.actions
    assert gain.verb == "gain_keyword" and gain.keyword == "Blocker"
    assert unsuspend.verb == "unsuspend" and unsuspend.same_targets  # 'that Digimon': the blue one (Q3385)
    assert unsuspend.selector == gain.selector
