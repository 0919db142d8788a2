"""DigiXros, DNA-by-effect and card-rule texts on real card texts (by card number):
ingest/compiler/xros_phrases.py, the 'if DigiXrosing (with N cards)' condition, '(Rule)' lines."""

from __future__ import annotations

from ingest.effect_ir import Action
from ingest.effects import compile_card, split_part
from kg.solver.card_facts import CardInfo


def _actions(number: str, text: str) -> list[Action]:
    return [a for r in compile_card(number, text) for a in r.compiled.actions]


def test_also_treated_as_a_name_for_a_digixros() -> None:
    """BT19-012 OmniShoutmon: a persistent 'xros_also_named' with the names (QA Q3068: only for
    a DigiXros)."""
    text = ("[Digivolve][Shoutmon]: Cost 4\n[Digivolve]Lv.4 w/[Xros Heart]\xa0trait: Cost 3 \n\n"
            "This card is also treated as [Shoutmon] for a DigiXros.\n[On Play] [When Digivolving] 1 of your "
            "opponent's Digimon gets -3000 DP for the turn. Then, delete 1 of your opponent's Digimon with "
            "3000 DP or less.")
    record = compile_card("BT19-012", text)[0]
    (a,) = record.compiled.actions
    assert record.compiled.category == "Persistent"
    assert (a.verb, a.selector.name, a.selector.this) == ("xros_also_named", "Shoutmon", True)
    (a,) = _actions("BT21-027", "This card is also treated as [Shoutmon]/[ZeigGreymon] for DigiXros.")
    assert (a.verb, a.selector.name) == ("xros_also_named", "Shoutmon/ZeigGreymon")


def test_digixrosing_with_two_cards() -> None:
    """BT10-066 DarkKnightmon: 'if DigiXrosing with 2 cards' governs the deletion only (CR 7-2-2-10)."""
    text = ("[On Play] ＜De-Digivolve 1＞ 1 of your opponent's Digimon. Then, if DigiXrosing with 2 cards, "
            "delete 1 of your opponent's Digimon with a play cost of 5 or less.")
    (record,) = compile_card("BT10-066", text)
    (cond,) = record.compiled.conditions
    assert (cond.kind, cond.amount, cond.compiled, cond.governs) == ("digixrosing", 2, True, [1])
    (record,) = compile_card("EX6-023", "[On Play] [When Attacking] [Once Per Turn] 1 Digimon may gain "
                             "＜Security Attack -1＞until the end of your opponent's turn. Then, "
                             "if DigiXrosing, delete 1 of your opponent's Digimon with 6000 DP or less.")
    assert [(c.kind, c.amount) for c in record.compiled.conditions] == [("digixrosing", None)]


def test_the_dna_digivolved_digimon_is_the_dna_actions_result() -> None:
    """BT20-036 BanchoLeomon: 'the DNA digivolved Digimon may attack' attacks with what the DNA
    digivolution made (the earlier action's choice)."""
    text = ("[End of Your Turn] This Digimon and any of your other Digimon may DNA digivolve into a Digimon "
            "card with [Chaosmon] in its name in the hand. Then, the DNA digivolved Digimon may attack.")
    dna, attack = _actions("BT20-036", text)
    assert dna.verb == "dna_digivolve_with_this"
    assert (attack.verb, attack.same_targets, attack.optional) == ("attack", True, True)
    text = ("[Main] You may play 1 [ExVeemon] or [Stingmon] from your hand without paying the cost. "
            "Then, 2 of your Digimon may DNA digivolve into a Digimon card in your hand. Until the end of "
            "your opponent's turn, the Digimon this effect DNA digivolved can't be deleted in battle and "
            "gains <Blocker>.")
    _, dna, battle, blocker = _actions("BT16-092", text)
    assert dna.verb == "dna_digivolve"
    assert [(a.verb, a.same_targets, a.duration) for a in (battle, blocker)] == [
        ("cant_be_deleted_in_battle", True, "until_end_of_opponents_turn"),
        ("gain_keyword", True, "until_end_of_opponents_turn")]


def test_a_parenthesised_rule_line_is_a_card_rule_not_part_of_an_effect() -> None:
    """BT14-060 Hi-Commandramon: '(Rule) Name: Also treated as [Commandramon]' is a rule line (QA
    Q2428), read as a name in every zone; BT14-052's 'Treated as having [Leomon]' is in its name
    only (QA Q2421)."""
    text = ("[When Attacking] Reveal the top 3 cards of your deck. You may play 1 card with the "
            "[D-Brigade] or [DigiPolice] trait and a play cost of 3 or less among them without paying the "
            "cost. Return the rest to the bottom of the deck. (Rule) Name: Also treated as [Commandramon].")
    split = split_part("BT14-060", "main", text)
    assert split.rules == ["(Rule) Name: Also treated as [Commandramon]."]
    assert [r.text.endswith("bottom of the deck.") for r in split.effects] == [True]
    info = CardInfo("BT14-060", name="Hi-Commandramon", text=text)
    assert info.names == ["Hi-Commandramon", "Commandramon"]
    panjya = CardInfo("BT14-052", name="Panjyamon", text="(Rule) Name: Treated as having [Leomon].")
    assert (panjya.names, panjya.name_parts) == (["Panjyamon"], ["Panjyamon", "Leomon"])


def test_treated_as_level_6_for_examons_dna_digivolution() -> None:
    """EX3-020 Wingdramon / BT20-025 Wingdramon: 'dna_treated_as' names the card DNA digivolved into,
    the level, and the name the Digimon also has for it."""
    (record,) = compile_card("EX3-020", "[Your Turn] [Examon] in your hand can treat this Digimon as level 6 "
                             "for DNA Digivolution.")
    (a,) = record.compiled.actions
    assert (record.compiled.category, a.verb, a.amount, a.card.name, a.selector.this, a.selector.name) == (
        "Persistent", "dna_treated_as", 6, "Examon", True, None)
    (a,) = _actions("BT20-025", "[All Turns] This Digimon is also treated as Lv.6 [Slayerdramon] for "
                    "[Examon]'s DNA digivolution.")
    assert (a.verb, a.amount, a.card.name, a.selector.name) == ("dna_treated_as", 6, "Examon", "Slayerdramon")


def test_app_fuse_by_an_effect() -> None:
    """BT21-084 Haru Shinkai / BT24-087 Rei Katsura: '1 of your Digimon may app fuse into …' (CR 8-4-2-2)."""
    text = ("[Your Turn] When your Digimon get linked, by suspending this Tamer, ＜Draw 1＞. Then, 1 of your "
            "Digimon may app fuse into a Digimon card in the hand.")
    *_, fuse = _actions("BT21-084", text)
    assert (fuse.verb, fuse.optional, fuse.selector.owner, fuse.selector.count, fuse.card.zone) == (
        "app_fuse", True, "self", 1, "hand")
    text = ("[Your Turn] When any of your Digimon get linked, by suspending this Tamer, ＜Draw 1＞ and "
            "trash 1 card in your hand. Then, 1 of your Digimon may app fuse into a Digimon card with the "
            "[System], [Life] or [Transmutation (App Name)]\xa0trait in the trash.")
    *_, fuse = _actions("BT24-087", text)
    assert (fuse.verb, fuse.card.zone, fuse.card.kind, fuse.card.trait) == (
        "app_fuse", "trash", "Digimon", "System/Life/Transmutation (App Name)")


def test_a_misprinted_dna_digivolve_bracket() -> None:
    """EX8-027 Plesiomon prints 'may DNA digivolve] into': read as 'may DNA digivolve into'."""
    text = ("[Your Turn] [Once Per Turn] When any of your Digimon are played or digivolve, if any of them "
            "have the [DS]\xa0trait, 2 of your Digimon may DNA digivolve] into a Digimon card with the "
            "[DS]\xa0trait in the hand. Then, that DNA digivolved Digimon may attack.")
    dna, attack = _actions("EX8-027", text)
    assert (dna.verb, dna.selector.count, dna.card.trait, dna.compiled) == ("dna_digivolve", 2, "DS", True)
    assert (attack.verb, attack.same_targets) == ("attack", True)


def test_cards_from_the_trash_for_this_cards_digixros() -> None:
    """BT11-086 Mervamon: an immediate answer to its own play that opens the trash to its DigiXros (Q2110)."""
    (record,) = compile_card("BT11-086", "When you would play this card, you can also place cards from your "
                             "trash in digivolution cards for a DigiXros.")
    (a,) = record.compiled.actions
    assert (record.compiled.trigger.event, a.verb, a.selector.zone) == (
        "WouldBePlayed", "xros_from_zone", "trash")


def test_a_tamer_opens_zones_for_a_digixros() -> None:
    """BT19-079 Taiki Kudo / BT19-087 Nene Amano: 'when any of your … Digimon cards with DigiXros
    requirements would be played' (``with_xros``), then cards from under the Tamers (any) or 1 from
    under them and 1 from the trash (QA Q3138, Q3153)."""
    text = ("[All Turns] When any of your [Xros Heart] trait Digimon cards with DigiXros requirements would "
            "be played, by suspending this Tamer, you may place cards from under your Tamers as digivolution "
            "cards for a DigiXros.")
    (record,) = compile_card("BT19-079", text)
    trigger, (cost,), (a,) = record.compiled.trigger, record.compiled.costs, record.compiled.actions
    assert (trigger.event, trigger.selector.with_xros, trigger.selector.trait) == (
        "WouldBePlayed", True, "Xros Heart")
    assert (cost.verb, a.verb, a.selector.zone, a.selector.count) == (
        "suspend", "xros_from_zone", "under_tamers", None)
    text = ("[All Turns] When any of your [Composite]/[Twilight] trait Digimon cards with DigiXros "
            "requirements would be played, by suspending this Tamer, 1 card under your Tamers and 1 card in "
            "your trash can also be placed for their DigiXros.")
    under, trash = _actions("BT19-087", text)
    assert [(x.verb, x.selector.zone, x.selector.count) for x in (under, trash)] == [
        ("xros_from_zone", "under_tamers", 1), ("xros_from_zone", "trash", 1)]


def test_you_would_play_a_digimon_card_with_a_digixros_requirement() -> None:
    """BT11-095 Taiki, Kiriha, & Nene: 'When you would play a Digimon card with a DigiXros requirement'
    is one of the player's own such cards about to be played."""
    text = ("[Your Turn] When you would play a Digimon card with a DigiXros requirement, by suspending this "
            "Tamer, you may place cards from under your Tamers as digivolution cards for a DigiXros.")
    (record,) = compile_card("BT11-095", text)
    trigger = record.compiled.trigger
    assert (trigger.event, trigger.requires, trigger.selector.with_xros, trigger.selector.kind) == (
        "WouldBePlayed", ["SubjectIsOwn"], True, "Digimon")
    assert [a.verb for a in record.compiled.actions] == ["xros_from_zone"]
