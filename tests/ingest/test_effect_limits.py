"""'This effect can't play cards with the same name as any of your Tamers' (ingest/compiler/
effect_limits.py) on real card texts: folded into the play it limits."""

from __future__ import annotations

from ingest.effects import compile_card


def test_bt26_054_tamer_play_excludes_names_of_your_tamers() -> None:
    (record, _) = compile_card(
        "BT26-054", main="[On Play] [When Digivolving] You may play 1 [CS] trait Tamer card from your hand "
        "without paying the cost. This effect can't play cards with the same name as any of your Tamers.",
        inherited="[Opponent's Turn] [Once Per Turn] When one of your opponent's Digimon attacks, you may "
        "change the attack target to this Digimon.",
    )
    (play,) = record.compiled.actions
    assert (play.verb, play.free, play.optional) == ("play_card", True, True)
    assert (play.selector.kind, play.selector.trait, play.selector.zone, play.selector.unlike_own) == (
        "Tamer", "CS", "hand", "Tamer")


def test_ex10_047_from_the_trash() -> None:
    (record,) = compile_card(
        "EX10-047", main="[On Deletion] You may play 1 Tamer card with [Myotismon] in its text from your "
        "trash without paying the cost. This effect can't play cards with the same name as any of your "
        "Tamers.",
    )
    (play,) = record.compiled.actions
    assert (play.selector.text_contains, play.selector.zone, play.selector.unlike_own) == (
        "Myotismon", "trash", "Tamer")


def test_bt23_013_after_a_token_or_card_play_stays_unread() -> None:
    # the play before it is not read, so the limit has no play to narrow (BT23-013)
    (record,) = compile_card(
        "BT23-013", main="[When Digivolving] You may play 1 [Atho, René & Por] Token (Digimon/White/6000 DP/"
        "<Reboot> <Blocker> <Decoy (Red/Black)>) or, from your hand or trash, 1 Digimon card with "
        "[Sistermon] in its name without paying the cost. This effect can't play cards with the same names "
        "as any of your Digimon.",
    )
    assert not record.compiled.actions[-1].compiled
