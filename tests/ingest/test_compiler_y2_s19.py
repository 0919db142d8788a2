"""Session 19, issue 9 breadth (h13, list Y2): one clause that alone held each card back, compiled on
the card's own printed text."""

from __future__ import annotations

from ingest.effects import compile_card

P_144 = "[Your Turn] This Digimon without [Gotsumon]/[X Antibody] in it's digivolution cards can't attack."
BT19_101 = ("[All Turns] This Digimon with no digivolution cards can't be suspended, and isn't affected by "
            "your opponent's effects.")


def test_without_names_in_digivolution_cards_cant_attack() -> None:
    """P-144: while no digivolution card is [Gotsumon]/[X Antibody], this Digimon can't attack."""
    (record,) = compile_card("P-144", main=P_144)
    c = record.compiled
    assert c.trigger_compiled and c.actions_compiled
    (cond,) = c.conditions
    assert cond.compiled and (cond.kind, cond.negated, cond.amount) == ("sources_include", True, 1)
    assert cond.selector is not None and cond.selector.name == "Gotsumon/X Antibody"
    (action,) = c.actions
    assert action.verb == "cant_attack" and action.selector is not None and action.selector.this


def test_with_no_digivolution_cards_cant_be_suspended_and_unaffected() -> None:
    """BT19-101: both restrictions hold while this Digimon has no digivolution cards (QA Q3185: 'can't be
    suspended' is 'can't suspend')."""
    (record,) = compile_card("BT19-101", main=BT19_101)
    c = record.compiled
    assert c.trigger_compiled and c.actions_compiled
    (cond,) = c.conditions
    assert cond.compiled and cond.kind == "this_matches" and not cond.negated
    assert cond.selector is not None and cond.selector.this and cond.selector.without_sources
    assert [a.verb for a in c.actions] == ["cant_suspend", "unaffected"]
    assert all(a.selector is not None and a.selector.this for a in c.actions)


BT4_099 = ("[Main] Trigger <Draw 2>. (Draw 2 cards from your deck.) Then, if one of your Digimon has "
           "[Greymon] or [Dramon] in its name (other than [DoruGreymon], [BurningGreymon], "
           "or[DexDoruGreymon]), delete 1 of your opponent's Digimon with 4000 DP or less.")


def test_one_of_your_digimon_has_names_in_its_name() -> None:
    """BT4-099: 'if one of your Digimon has [A] or [B] in its name (other than …)' is 'if you have a
    Digimon with …': one in play fitting the name filter, none of the excluded names."""
    (record,) = compile_card("BT4-099", main=BT4_099)
    c = record.compiled
    assert c.trigger_compiled and c.actions_compiled
    (cond,) = c.conditions
    assert cond.compiled and (cond.kind, cond.negated) == ("has_card", False)
    sel = cond.selector
    assert sel is not None and (sel.owner, sel.kind, sel.zone) == ("self", "Digimon", "battle_area")
    assert sel.name_contains == "Greymon/Dramon"
    assert sel.not_name == "DoruGreymon/BurningGreymon/DexDoruGreymon"


BT18_024 = ("[On Play] [When Digivolving] If a level 3 Digimon card Is in this Digimon's digivolution cards, "
            "return 1 of your opponent's level 4 or lower Digimon to the hand. If there isn't, you may "
            "place 1 blue level 3 Digimon card from your hand as this Digimon's bottom digivolution card.")


def test_if_there_isnt_is_the_earlier_condition_negated() -> None:
    """BT18-024: the first action if a level 3 Digimon card is among the digivolution cards, the second
    if none is (each action under its own condition)."""
    (record,) = compile_card("BT18-024", main=BT18_024)
    c = record.compiled
    assert c.trigger_compiled and c.actions_compiled
    first, second = c.conditions
    assert first.compiled and second.compiled
    assert [(x.kind, x.negated) for x in (first, second)] == [
        ("sources_include", False), ("sources_include", True)]
    assert first.selector == second.selector and first.selector is not None
    assert (first.selector.min_level, first.selector.max_level, first.selector.kind) == (3, 3, "Digimon")
    assert [a.verb for a in c.actions] == ["return_to_hand", "place_under"]
    assert (first.governs, second.governs) == ([0], [1])


LM_005 = ("[On Play] [When Digivolving] You may trash up to 4 blue cards in your hand. For each one, trash "
          "any 1 card under your opponent's Digimon or Tamers. Then, return 1 of their Digimon or Tamers "
          "without cards under it to the hand.")


def test_for_each_one_trash_any_card_under_digimon_or_tamers() -> None:
    """LM-005: one card under the opponent's Digimon or Tamers for each card the effect trashed, from one or
    several of them (QA Q3994); RB1-014's 'For each one, you may trash …' stays unread."""
    (record,) = compile_card("LM-005", main=LM_005)
    c = record.compiled
    assert c.trigger_compiled and c.actions_compiled
    each = c.actions[1]
    assert (each.verb, each.amount, each.per_done) == ("trash_any_sources", 1, "effect_trashed")
    assert each.selector is not None and (each.selector.owner, each.selector.kind, each.selector.count) == (
        "opponent", "Digimon or Tamer", None)
    (rb1,) = compile_card("RB1-014", main=LM_005.replace("trash any", "you may trash any"))
    assert not rb1.compiled.actions_compiled


EX1_066 = ("[All Turns] When one of your level 5 or higher Digimon with digivolution cards is deleted, you "
           "may suspend this Tamer. If you do, gain 1 memory, then hatch 1 Digi-Egg card to an empty space "
           "in your Breeding Area.")


def test_gain_memory_then_hatch() -> None:
    """EX1-066: if the Tamer was suspended, 1 memory and then a hatch, both under 'If you do'."""
    (record,) = compile_card("EX1-066", main=EX1_066)
    c = record.compiled
    assert c.trigger_compiled and c.actions_compiled
    assert [(a.verb, a.amount) for a in c.actions] == [("suspend", None), ("gain_memory", 1), ("hatch", None)]
    (cond,) = c.conditions
    assert cond.kind == "effect_done" and cond.governs == [1, 2]


def test_play_it_after_an_effect_trashes_this_card_from_security() -> None:
    """BT15-037: 'it' is this card (the trigger names no other), read as BT13-098's 'play this card'."""
    text = ("When an effect trashes this card from the security stack, you may play it without paying the "
            "cost.")
    (record, *_) = compile_card("BT15-037", main=text)
    c = record.compiled
    assert c.trigger_compiled and c.actions_compiled
    (action,) = c.actions
    assert (action.verb, action.optional, action.free) == ("play_self", True, True)
    other = "When an effect trashes 1 of your Digimon, you may play it without paying the cost."
    assert not any(a.verb == "play_self" for r in compile_card("X-1", main=other) for a in r.compiled.actions)


def test_chosen_digimon_gains_rush_and_attacks_without_suspending() -> None:
    """BT20-102: the Digimon chosen for <Rush> is the one that attacks without suspending (same_targets)."""
    text = ("[End of Your Turn] [Once Per Turn] 1 of your Digimon may gain <Rush> for the turn and attack "
            "without suspending.")
    (record,) = compile_card("BT20-102", main=text)
    c = record.compiled
    assert c.trigger_compiled and c.actions_compiled
    assert [(a.verb, a.same_targets) for a in c.actions] == [
        ("gain_keyword", False), ("attack_without_suspending", True)]
    sel = c.actions[1].selector
    assert sel is not None and (sel.owner, sel.count, sel.this) == ("self", 1, False)
    (theirs,) = compile_card("X-1", main="[Main] 1 of your opponent's Digimon may attack without suspending.")
    assert not theirs.compiled.actions_compiled


def test_face_up_bottom_security_from_hand_or_trash() -> None:
    """BT23-086: the [Zaxon] trait Digimon card comes from the hand or the trash (one pool of both)."""
    text = ("[On Play] By adding your top security card to the hand, you may place 1 Digimon card with the "
            "[Zaxon] trait from your hand or trash face up as the bottom security card.")
    (record,) = compile_card("BT23-086", main=text)
    c = record.compiled
    assert c.trigger_compiled and c.actions_compiled and all(x.compiled for x in c.costs)
    (action,) = c.actions
    assert action.verb == "place_security_bottom_face_up" and action.optional
    sel = action.selector
    assert sel is not None and (sel.zone, sel.trait) == ("hand_or_trash", "Zaxon")
