"""Keyword effects carried out by kg/solver/handlers/keyword_more.py, compiled from real card text,
and the DigiXros requirements <Material Save> reads (CR 7-2, 16-21)."""

from __future__ import annotations

from ingest.effects import compile_card
from kg.solver.card_facts import CardInfo
from kg.solver.handlers.keyword_more import xros_materials

BT10_013 = ("DigiXros -2: [Shoutmon] + [Ballistamon] + [Dorulumon] + [Starmons] + [Sparrowmon] "
            "When you would play this card, you may place specified cards from your hand/battle area under "
            "it. Each placed card reduces the play cost.＜Security Attack +1＞＜Blocker＞＜Material Save 3＞ "
            "(When this Digimon is deleted, you may place 3 cards in this Digimon's DigiXros conditions "
            "from this Digimon's digivolution cards under 1 of your Tamers.)")


def test_bt10_013_material_save_3_is_an_immediate_keyword_with_its_value() -> None:
    records = compile_card("BT10-013", BT10_013, None, None)
    (save,) = [r.compiled for r in records if any(a.keyword == "MaterialSave" for a in r.compiled.actions)]
    (action,) = save.actions
    assert (action.verb, action.keyword, action.keyword_value) == ("keyword", "MaterialSave", 3)
    assert save.category == "ImmediateType" and save.actions_compiled


def test_the_digixros_requirements_of_real_cards() -> None:
    names = [s.name for s in xros_materials(CardInfo("BT10-013", text=BT10_013)) or ()]
    assert names == ["Shoutmon", "Ballistamon", "Dorulumon", "Starmons", "Sparrowmon"]
    bt19_025 = ("＜Material Save 2＞ \n[On Play] This Digimon gains ＜Rush＞for the turn.\n\n"
                "[DigiXros\xa0-2] Blue [Greymon] x [MailBirdramon]")
    assert [(s.name, s.color) for s in xros_materials(CardInfo("BT19-025", text=bt19_025)) or ()] == [
        ("Greymon", "Blue"), ("MailBirdramon", None)]
    bt11_009 = "DigiXros -1: [Shoutmon] xD7 [Starmons] When you would play this card, you may place"
    names = [s.name for s in xros_materials(CardInfo("BT11-009", text=bt11_009)) or ()]
    assert names == ["Shoutmon", "Starmons"]
    bt10_111 = ("DigiXros -2: 1 Digimon card w/[Xros Heart] in traits When you would play this card, you may "
                "place specified cards from your hand/battle area under it.")
    (trait,) = xros_materials(CardInfo("BT10-111", text=bt10_111)) or ()
    assert (trait.kind, trait.trait, trait.name) == ("Digimon", "Xros Heart", None)
    # 'if DigiXrosing' is no requirement; a card with none has no materials
    assert xros_materials(CardInfo("BT19-063", text="Then, if DigiXrosing with 2 cards, delete 1.")) is None


def _mind_link(number: str, text: str) -> tuple[bool, dict[str, object]]:
    """Whether the <Mind Link> action of the text is optional, and its selector's fields."""
    (action,) = [a for r in compile_card(number, text, None, None) for a in r.compiled.actions
                 if a.keyword == "MindLink" and a.compiled]
    return action.optional, action.selector.model_dump(exclude_defaults=True)


def test_mind_link_written_without_with_or_with_to_or_a_comma() -> None:
    reminder = ("(Place this Tamer as that Digimon's bottom digivolution card if there are no Tamer "
                "cards in its digivolution cards)")
    assert _mind_link("BT17-086", f"[Main] ＜Mind Link＞ {reminder} 1 of your Digimon with [Pulsemon] in "
                      "its text.") == (False, {"owner": "self", "text_contains": "Pulsemon"})
    assert _mind_link("BT17-091", f"[Main] ＜Mind Link＞ {reminder} 1 of your Digimon with the [Dark "
                      "Animal]/[SoC] trait.") == (False, {"owner": "self", "trait": "Dark Animal/SoC"})
    optional, sel = _mind_link("BT24-086", "[All Turns] When any of your Digimon are played or digivolve, "
                               "you may ＜Mind Link＞\xa0to 1 of your Digimon\xa0with [X Antibody], "
                               "[DigiPolice] or [SEEKERS]\xa0trait.")
    assert (optional, sel) == (True, {"owner": "self", "trait": "X Antibody/DigiPolice/SEEKERS"})
    optional, sel = _mind_link("BT14-086", "[Main] ＜Mind Link＞ with 1 of your Digimon with [Numemon] or "
                               "[Monzaemon] in its name, or the [DigiPolice] trait. (Place this Tamer as "
                               "that Digimon's bottom digivolution card if there are no Tamer cards in its "
                               "digivolution cards.)")
    assert not optional and [(a.get("name_contains"), a.get("trait")) for a in sel["any_of"]] == [
        ("Numemon/Monzaemon", None), (None, "DigiPolice")]
    _, sel = _mind_link("BT20-089", "[All Turns] When any of your Digimon are played or digivolve, you may "
                        "＜Mind Link＞ to 1 of your Digimon with [Pulsemon] in its text or the "
                        "[SoC]/[SEEKERS] trait.")
    assert [(a.get("text_contains"), a.get("trait")) for a in sel["any_of"]] == [
        ("Pulsemon", None), (None, "SoC/SEEKERS")]


def test_p_237_use_req_names_cards_with_maquinamon_in_their_text() -> None:
    text = ("＜Use Req. ([Maquinamon] in text)＞ \n[Main] You may play 1 [Maquinamon] or [Unchained] from "
            "your hand or trash without paying the cost. Then, place this card in the battle area.")
    (action,) = [a for r in compile_card("P-237", text, None, None) for a in r.compiled.actions
                 if a.keyword == "UseReq"]
    assert action.compiled and (action.selector.kind, action.selector.text_contains) == ("card", "Maquinamon")


def test_bt7_041_recovery_until_3_security_cards() -> None:
    text = ("[When Digivolving] If you have 3 or more security cards, gain 2 memory. If you have 2 or fewer "
            "security cards, you may ＜Recovery +1 (Deck)＞ until there are 3 cards in your security stack. "
            "(Place the top card of your deck on top of your security stack.)")
    (record,) = compile_card("BT7-041", text, None, None)
    gain, recover = record.compiled.actions
    assert (recover.verb, recover.amount, recover.optional) == ("recovery_until", 3, True)
    assert recover.compiled
    assert (recover.selector.owner, recover.selector.kind) == ("self", "player")
    assert gain.verb == "gain_memory"


def test_ex12_014_inherited_decode_with_a_stray_brace_reads_as_its_main_text() -> None:
    printed = "＜Decode (Lv.4 or lower w/[Gammamon] in text{} or w/[VB] trait)＞ "
    selectors = [a.selector for text in (printed.format(""), printed.format("}"))
                 for r in compile_card("EX12-014", text, None, None) for a in r.compiled.actions
                 if a.keyword == "Decode" and a.compiled]
    assert len(selectors) == 2 and selectors[0] == selectors[1]
    assert selectors[0].max_level == 4 and [(s.text_contains, s.trait) for s in selectors[0].any_of] == [
        ("Gammamon", None), (None, "VB")]


def test_st15_11_s_attack_is_security_attack() -> None:
    text = "＜S Attack +1＞ (This Digimon checks 1 additional card.)"
    (record,) = compile_card("ST15-11", text, None, None)
    (action,) = record.compiled.actions
    assert (action.verb, action.keyword, action.keyword_value) == ("keyword", "SecurityA", 1)
    assert action.compiled
