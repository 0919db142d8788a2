"""Session 19, issue 9 breadth (family Y4): single clauses that alone held cards back, compiled on
the cards' own texts."""

from __future__ import annotations

from ingest.effects import compile_card

EX3_033 = ("[Opponent's Turn] While you have a Digimon with [Four Great Dragons] in its traits in play, or "
           "[Trial of the Four Great Dragons] is in your battle area, this Digimon gains <Blocker>.")


def test_named_card_in_your_battle_area() -> None:
    """'[Trial of the Four Great Dragons] is in your battle area' (EX3-033): one of your cards in play
    by that name, one half of the 'either'."""
    (record,) = compile_card("EX3-033", main=EX3_033)
    compiled = record.compiled
    assert compiled.actions_compiled and all(c.compiled for c in compiled.conditions)
    (either,) = compiled.conditions
    assert either.kind == "either"
    traits, trial = either.either
    assert traits.kind == "has_card" and traits.selector is not None
    assert (traits.selector.kind, traits.selector.trait) == ("Digimon", "Four Great Dragons")
    assert trial.kind == "has_card" and not trial.negated and trial.selector is not None
    assert (trial.selector.owner, trial.selector.name, trial.selector.zone) == (
        "self", "Trial of the Four Great Dragons", "battle_area")


P_161 = ("While you don't have [Bishop Device], you may ignore this card's color requirements."
         "When an effect trashes this card in your battle area, When this card is trashed from the battle "
         "area, until the end of your opponent's turn, 1 of their Digimon or Tamers can't Suspend.  [Main] "
         "Until the end of your opponent's turn, 1 of their Digimon or Tamers can't suspend. Then, place "
         "this card in the battle area.")


def test_trigger_printed_twice() -> None:
    """P-161 prints its trigger again in the older words ('When this card is trashed from the battle
    area'): the one trigger, then the action, as its sibling Devices read."""
    records = compile_card("P-161", main=P_161)
    trashed = next(r for r in records if r.compiled.trigger is not None
                   and r.compiled.trigger.event == "TrashedFromBattleArea")
    compiled = trashed.compiled
    assert compiled.trigger is not None and compiled.trigger.requires == ["ByEffect"]
    assert compiled.trigger_compiled and compiled.actions_compiled
    (action,) = compiled.actions
    assert action.compiled and action.selector is not None
    assert (action.verb, action.selector.owner, action.selector.kind, action.duration) == (
        "cant_suspend", "opponent", "Digimon or Tamer", "until_end_of_opponents_turn")


BT13_075 = ("[All Turns][Once Per Turn] When an effect would remove this Digimon from the battle area, by "
            "returning 1 card with the [X Antibody] or [Royal Knight] trait from this Digimon's digivolution "
            "cards to the bottom of the deck, prevent that removal.")


def test_prevent_that_removal() -> None:
    """'prevent that removal' after 'When an effect would remove this Digimon from the battle area'
    (BT13-075): the replacement keeps it in the battle area, as 'prevent it from leaving' does."""
    (record,) = compile_card("BT13-075", main=BT13_075)
    compiled = record.compiled
    assert compiled.trigger is not None and compiled.trigger.event == "WouldLeaveBattleArea"
    assert compiled.actions_compiled and [a.verb for a in compiled.actions] == ["prevent"]
    (cost,) = compiled.costs
    assert cost.verb == "sources_to_deck_bottom" and cost.selector is not None
    assert (cost.selector.trait, cost.selector.zone, cost.selector.count) == (
        "X Antibody/Royal Knight", "sources", 1)


BT24_088 = ("[Start of Your Turn] If you have 4 or less memory, by returning this Tamer to the bottom of the "
            "deck, you may play 1 [Asuna Shiroki] or 1 level 4 or lower Digimon card with the [TS] trait or "
            "[Three Musketeers] in its text from your trash without paying the cost.")


def test_one_card_or_one_with_either_filter() -> None:
    """'1 [A] or 1 level 4 or lower Digimon card with the [TS] trait or [X] in its text' (BT24-088):
    one card that is [A], or a level 4 or lower Digimon with either filter (three alternatives)."""
    (record,) = compile_card("BT24-088", main=BT24_088)
    compiled = record.compiled
    assert compiled.actions_compiled
    (play,) = compiled.actions
    assert play.verb == "play_card" and play.optional and play.free and play.selector is not None
    assert (play.selector.zone, play.selector.count) == ("trash", 1)
    assert [a.model_dump(exclude_defaults=True) for a in play.selector.any_of] == [
        {"owner": "any", "kind": "card", "count": None, "name": "Asuna Shiroki"},
        {"owner": "any", "count": None, "max_level": 4, "trait": "TS"},
        {"owner": "any", "count": None, "max_level": 4, "text_contains": "Three Musketeers"},
    ]
    assert [c.kind for c in compiled.conditions] == ["memory_at_most"]
    assert [c.verb for c in compiled.costs] == ["return_to_deck"]


BT11_073 = ("[When Digivolving] By returning 1 level 6 Digimon card without [Justimon: Accel Arm] in its "
            "name from this Digimon's digivolution cards to its owner's hand, this Digimon gains "
            "<Security Attack +1> and <Piercing> for the turn.")


def test_without_name_in_its_name() -> None:
    """'1 level 6 Digimon card without [Justimon: Accel Arm] in its name' (BT11-073): ``name_lacks``,
    which the solver's card filter checks (a card with those words in its name does not fit)."""
    from kg.solver.board import card_matches
    from kg.solver.card_facts import CardInfo

    (record,) = compile_card("BT11-073", main=BT11_073)
    compiled = record.compiled
    assert compiled.actions_compiled
    (cost,) = compiled.costs
    sel = cost.selector
    assert cost.verb == "sources_to_hand" and sel is not None
    assert (sel.kind, sel.min_level, sel.max_level, sel.name_lacks, sel.zone) == (
        "Digimon", 6, 6, "Justimon: Accel Arm", "sources")
    other = CardInfo(number="BT11-074", name="Justimon: Critical Arm", level=6)
    same = CardInfo(number="BT11-073", name="Justimon: Accel Arm", level=6)
    assert card_matches(other, sel) and not card_matches(same, sel)


EX3_026 = ("[When Digivolving] You may play 1 blue level 3 Digimon card or 1 Digimon card with [Seadramon] "
           "in its name or [Aqua] or [Sea Animal] in one of its traits from one of your blue Digimon's "
           "digivolution cards without paying its memory cost.")


def test_one_card_or_one_with_either_filter_from_sources() -> None:
    """EX3-026, read by the same spreading as BT24-088: a blue level 3 Digimon, or a Digimon with
    [Seadramon] in its name, or one with [Aqua] or [Sea Animal] in one of its traits."""
    (record,) = compile_card("EX3-026", main=EX3_026)
    assert record.compiled.actions_compiled
    (play,) = record.compiled.actions
    assert play.verb == "play_card" and play.selector is not None
    assert [a.model_dump(exclude_defaults=True) for a in play.selector.any_of] == [
        {"owner": "any", "count": None, "min_level": 3, "max_level": 3, "color": "Blue"},
        {"owner": "any", "count": None, "name_contains": "Seadramon"},
        {"owner": "any", "count": None, "trait_contains": "Aqua/Sea Animal"},
    ]


ST20_02 = ("[On Play] Reveal the top 3 cards of your deck. Add 1 Digimon card with the [ADVENTURE] trait "
           "and 1 such Tamer card or Option card among them to the hand. Return the rest to the bottom of "
           "the deck.")


def test_such_tamer_or_option_card() -> None:
    """'1 such Tamer card or Option card' (ST20-02): a Tamer or Option card with the [ADVENTURE]
    trait too, added as its own choice after the Digimon card."""
    (record,) = compile_card("ST20-02", main=ST20_02)
    compiled = record.compiled
    assert compiled.actions_compiled
    reveal, digimon, other, rest = compiled.actions
    assert (reveal.verb, digimon.verb, other.verb) == ("reveal", "add_to_hand", "add_to_hand")
    assert digimon.selector is not None and other.selector is not None
    assert (digimon.selector.kind, digimon.selector.trait, digimon.selector.zone) == (
        "Digimon", "ADVENTURE", "revealed")
    assert [(a.kind, a.trait) for a in other.selector.any_of] == [
        ("Tamer", "ADVENTURE"), ("Option", "ADVENTURE")]
    assert other.selector.zone == "revealed"
