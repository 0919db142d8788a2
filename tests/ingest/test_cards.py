"""The card loader: both real formats, the printed facts, bad records reported, the full corpus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rdflib import Literal, URIRef
from rdflib.namespace import RDF

from ingest import cards
from ingest.common import IngestError, SourceResult
from ontology import DCG, card_iri, effect_iri


def objects(result: SourceResult, subject: URIRef, predicate: URIRef) -> set:
    return {
        o.toPython() if isinstance(o, Literal) else o
        for s, p, o in result.triples
        if s == subject and p == predicate
    }


def write(tmp_path: Path, data: object, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


CORPUS_OMNIMON = {
    "cardId": "BT5-086",
    "set": "BT5",
    "nameEn": "Omnimon",
    "colors": ["White"],
    "kinds": ["Digimon"],
    "level": 7,
    "playCost": 15,
    "dp": 14000,
    "evoCosts": [
        {"color": "Red", "level": 6, "memoryCost": 4},
        {"color": "Blue", "level": 6, "memoryCost": 4},
    ],
    "forms": ["Mega"],
    "attributes": ["Vaccine"],
    "types": ["Holy Warrior", "Royal Knight"],
    "effectText": "[When Digivolving] ＜Blitz＞ (This Digimon can attack when your opponent has 1 or "
    "more memory.)[When Digivolving] Unsuspend this Digimon.",
    "rarity": "SR",
}
API_OPTION = {
    "name": "A Blazing Storm of Metal!",
    "type": "Option",
    "color": "Black",
    "level": None,
    "play_cost": 1,
    "evolution_cost": None,
    "cardrarity": "Uncommon",
    "dp": None,
    "cardnumber": "BT5-103",
    "maineffect": "[Main] Until the end of your opponent's next turn, all of your Digimon with "
    "&lt;Reboot&gt; get +1000 DP.",
    "soureeffect": "[Security] Add this card to your hand.",
}
API_DIGIMON = {
    "name": "Devimon",
    "type": "Digimon",
    "color": "Purple",
    "level": 4,
    "play_cost": 6,
    "evolution_cost": 2,
    "dp": 4000,
    "cardnumber": "BT2-074",
    "stage": "Champion",
    "attribute": "Virus",
    "digi_type": "Fallen Angel",
    "cardrarity": "Uncommon",
    "maineffect": "&lt;Retaliation&gt; (When this Digimon is deleted after losing a battle, delete the "
    "Digimon it was battling.)",
    "soureeffect": "&lt;Retaliation&gt;",
}


def test_corpus_record_becomes_a_card_with_its_printed_facts(tmp_path: Path) -> None:
    result = cards.load(write(tmp_path, [CORPUS_OMNIMON]))
    card = card_iri("BT5-086")
    assert result.problems == []
    assert result.counts == {"cards": 1, "effects": 2, "triggers_compiled": 2, "actions_compiled": 2}
    assert objects(result, card, RDF.type) == {DCG.Card, DCG.DigimonCard}
    assert objects(result, card, DCG.level) == {7}
    assert objects(result, card, DCG.dp) == {14000}
    assert objects(result, card, DCG.playCost) == {15}
    assert objects(result, card, DCG.type) == {"Holy Warrior", "Royal Knight"}
    assert objects(result, card, DCG.sourceRecord) == {"cards.json[0]"}
    assert objects(result, card, DCG.hasEffect) == {
        effect_iri("BT5-086", "main", 1),
        effect_iri("BT5-086", "main", 2),
    }
    assert objects(result, card, DCG.hasKeyword) == {DCG.Blitz}
    requirements = objects(result, card, DCG.digivolveRequirement)
    assert requirements == {URIRef(f"{card}/req/1"), URIRef(f"{card}/req/2")}
    assert objects(result, URIRef(f"{card}/req/2"), DCG.fromColor) == {"Blue"}
    assert objects(result, URIRef(f"{card}/req/2"), DCG.fromLevel) == {6}
    assert objects(result, URIRef(f"{card}/req/2"), DCG.cost) == {4}
    assert "＜" not in next(iter(objects(result, card, DCG.mainText)))


def test_api_format_list_and_wrapper(tmp_path: Path) -> None:
    for data in ([API_OPTION, API_DIGIMON], {"data": [API_OPTION, API_DIGIMON]}):
        result = cards.load(write(tmp_path, data))
        assert result.problems == []
        assert result.counts["cards"] == 2
    option, devimon = card_iri("BT5-103"), card_iri("BT2-074")
    assert objects(result, option, RDF.type) == {DCG.Card, DCG.OptionCard}
    assert objects(result, option, DCG.dp) == set()
    assert objects(result, option, DCG.level) == set()
    assert objects(result, option, DCG.mainText) == {
        "[Main] Until the end of your opponent's next turn, all of your Digimon with <Reboot> get +1000 DP."
    }
    # formats.md §1: 'soureeffect' is the [Security] text of an Option, the inherited text of a Digimon.
    assert objects(result, option, DCG.securityText) == {"[Security] Add this card to your hand."}
    assert objects(result, devimon, DCG.inheritedText) == {"<Retaliation>"}
    assert objects(result, devimon, DCG.form) == {"Champion"}
    assert objects(result, devimon, DCG.set) == {"BT2"}
    assert effect_iri("BT2-074", "inherited", 1) in objects(result, devimon, DCG.hasEffect)
    req = URIRef(f"{devimon}/req/1")
    assert objects(result, req, DCG.cost) == {2} and objects(result, req, DCG.fromColor) == set()


def test_bad_records_are_skipped_and_reported(tmp_path: Path) -> None:
    records = [
        CORPUS_OMNIMON,
        {**CORPUS_OMNIMON, "cardId": None},
        {**CORPUS_OMNIMON, "cardId": "BT9-001", "level": "abc"},
        {**CORPUS_OMNIMON, "cardId": "BT9-002", "dp": "lots"},
        {**CORPUS_OMNIMON, "cardId": "BT9-003", "kinds": ["Spell"]},
        CORPUS_OMNIMON,
        "not a record",
    ]
    result = cards.load(write(tmp_path, records))
    assert result.counts["cards"] == 1
    problems = {p.where: p.message for p in result.problems}
    assert set(problems) == {
        "cards.json[1] (no card number)",
        "cards.json[2] BT9-001",
        "cards.json[3] BT9-002",
        "cards.json[4] BT9-003",
        "cards.json[5] BT5-086",
        "cards.json[6] (no card number)",
    }
    assert "'level'" in problems["cards.json[2] BT9-001"]
    assert "'dp'" in problems["cards.json[3] BT9-002"]
    assert "Spell" in problems["cards.json[4] BT9-003"]
    assert "duplicate" in problems["cards.json[5] BT5-086"]
    assert all(p.action == "skipped" for p in result.problems)


def test_unknown_tag_is_reported_and_the_effect_kept(tmp_path: Path) -> None:
    record = {**CORPUS_OMNIMON, "effectText": "[Foo Bar] Gain 1 memory."}
    result = cards.load(write(tmp_path, [record]))
    assert [(p.where, p.action) for p in result.problems] == [("cards.json[0] BT5-086 main effect 1", "kept")]
    assert "[Foo Bar]" in result.problems[0].message
    assert result.counts["effects"] == 1


def test_rule_lines_are_card_text_not_effects(tmp_path: Path) -> None:
    record = {
        **CORPUS_OMNIMON,
        "effectText": "[Digivolve] Lv.6 w/[Greymon] in text: Cost 3\n\n[On Play] Gain 1 memory.",
    }
    result = cards.load(write(tmp_path, [record]))
    assert objects(result, card_iri("BT5-086"), DCG.ruleText) == {
        "[Digivolve] Lv.6 w/[Greymon] in text: Cost 3"
    }
    assert result.counts["effects"] == 1


def test_corrupt_file_stops_with_its_position(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text('[{"cardId": "BT1-001",', encoding="utf-8")
    with pytest.raises(IngestError, match="line 1"):
        cards.load(path)
    with pytest.raises(IngestError, match="list of card records"):
        cards.load(write(tmp_path, {"a": [], "b": []}))


def test_parse_card_is_reusable() -> None:
    card = cards.parse_card(API_DIGIMON)
    assert (card.number, card.kinds, card.level, card.dp) == ("BT2-074", ["Digimon"], 4, 4000)
    assert card.texts["inherited"] == "<Retaliation>"
    with pytest.raises(cards.CardError, match="play_cost"):
        cards.parse_card({**API_DIGIMON, "play_cost": "six"})


def test_full_corpus(corpus: Path) -> None:
    result = cards.load(corpus / "cards.json")
    assert result.problems == []
    assert result.counts["cards"] == 4388
    assert result.counts["effects"] > 9000
    assert result.counts["triggers_compiled"] >= 0.9 * result.counts["effects"]
    egg = card_iri("BT25-001")
    assert objects(result, egg, RDF.type) == {DCG.Card, DCG.DigiEggCard}
    assert objects(result, egg, DCG.playCost) == set()  # -1 in the corpus: a Digi-Egg has none
    dual = card_iri("BT25-043")
    assert objects(result, dual, RDF.type) == {DCG.Card, DCG.DigimonCard, DCG.OptionCard}
    assert effect_iri("BT25-043", "option", 2) in objects(result, dual, DCG.hasEffect)
