"""Issue 9 audit (session 19): 100 executable effects drawn at random (seed 19, see
``data/audit_sample_s19.json``: ``how``) and compared by hand with their printed text.

Each effect's rendering (:func:`ingest.effect_words.reads`, as ``dcgkg card`` prints it) is pinned:
a change in what the compiler understands of a sampled card, or in how it is said, shows here. The
three effects the compiler read wrong (BT16-089, BT25-057, RB1-031: ``why`` in the data file) are
fixed and pinned, RB1-031 also on the IR fact that was wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest.effect_ir import EffectRecord
from ingest.effect_words import reads
from ingest.effects import compile_card
from tests.ingest.compile_helpers import corpus_cards, corpus_records

SAMPLE = json.loads((Path(__file__).parent / "data" / "audit_sample_s19.json").read_text())
ROWS = SAMPLE["effects"]


def _effect(corpus: Path, row: dict[str, object]) -> tuple[EffectRecord, str]:
    card = corpus_cards(corpus / "cards.json")[str(row["card"])]
    records = corpus_records(corpus / "cards.json")[card.number]
    record = next(r for r in records if r.part == row["part"] and r.index == row["index"])
    kind = next(iter(card.kinds), "card")
    return record, kind if kind in ("Digimon", "Tamer") else "card"


def test_the_sample_is_the_stated_one() -> None:
    assert SAMPLE["seed"] == 19 and SAMPLE["n"] == len(ROWS) == 100
    assert len({(r["card"], r["part"], r["index"]) for r in ROWS}) == 100
    assert sum(r["right"] for r in ROWS) == 97  # at the audit; BT16-089 and BT25-057 fixed since
    assert [r["card"] for r in ROWS if not r["right"] and not r["fixed"]] == []


@pytest.mark.parametrize(
    "row",
    [r for r in ROWS if r["right"] or r.get("fixed")],
    ids=lambda r: f"{r['card']}-{r['part']}{r['index']}",
)
def test_read_right_and_said_so(corpus: Path, row: dict[str, object]) -> None:
    record, kind = _effect(corpus, row)
    assert record.text == row["printed"]
    assert reads(record, kind=kind) == row["reads"]


def test_bt16_089_reads_from_your_hand(corpus: Path) -> None:
    """'When [Arukenimon] or [Mummymon] would be played from your hand': one of your cards, from your
    hand (CR 7-1-2-2); the audit found both dropped (fixed in ingest/compiler/triggers.py)."""
    record, _ = _effect(corpus, next(r for r in ROWS if r["card"] == "BT16-089"))
    trigger = record.compiled.trigger
    assert trigger is not None and trigger.event == "WouldBePlayed" and trigger.this_role == "AnyRole"
    assert trigger.requires == ["SubjectIsOwn", "WouldBePlayedFromHand"]


def test_this_card_from_the_hand(corpus: Path) -> None:
    """BT23-031 'When this card would be played from the hand': a play from the trash does not answer."""
    (record,) = [
        r
        for r in compile_card(
            "BT23-031",
            "When this card would be played from the hand, if you "
            "have [LadyDevimon] or [Mirei Mikagura], reduce the play cost by 3.",
        )
    ]
    assert record.compiled.trigger is not None
    assert record.compiled.trigger.requires == ["WouldBePlayedFromHand"]


def test_bt25_057_it_is_the_digimon_that_attacks(corpus: Path) -> None:
    """'1 of your Digimon gains <Rush> … Then, it may attack': 'it' is that Digimon, not this Option
    (fixed: ingest/compiler/it_attacks_phrases.py; golden it-may-attack-the-digimon-that-gained)."""
    record, _ = _effect(corpus, next(r for r in ROWS if r["card"] == "BT25-057"))
    attack = record.compiled.actions[-1]
    assert attack.verb == "attack" and attack.same_targets
    assert attack.selector is not None and not attack.selector.this and attack.selector.owner == "self"


def test_bt24_082_it_is_that_digimon() -> None:
    """'… that Digimon gets +3000 DP for the turn. Then, it may attack' (BT24-082): the event's subject."""
    (record,) = compile_card(
        "BT24-082",
        "[Your Turn] When any of your Digimon digivolve into a [Reptile] or [Dragonkin] Digimon, by "
        "suspending this Tamer, that Digimon gets +3000 DP for the turn. Then, it may attack.",
    )
    attack = record.compiled.actions[-1]
    assert attack.verb == "attack" and attack.selector is not None and attack.selector.subject


def test_rb1_031_an_opponents_digimon(corpus: Path) -> None:
    """'When an opponent's Digimon is deleted': the subject must be a Digimon (issue 9, error 1)."""
    record, _ = _effect(corpus, next(r for r in ROWS if r["card"] == "RB1-031"))
    trigger = record.compiled.trigger
    assert trigger is not None and trigger.event == "Deleted"
    assert "SubjectIsDigimon" in trigger.requires, "a deleted Tamer must not trigger it"
