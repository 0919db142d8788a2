"""Assembly requirements (CR 2-3-10, 7-3) as the solver reads them from the real cards' texts."""

from __future__ import annotations

import json
from pathlib import Path

from kg.solver.card_facts import CardInfo
from kg.solver.handlers.assembly import Requirement, printed, requirement


def read(text: str) -> Requirement | None:
    return requirement(CardInfo("X", text=text))


def test_every_real_assembly_requirement_is_read(shared: Path) -> None:
    cards = json.loads((shared / "corpus" / "cards.json").read_text(encoding="utf-8"))
    infos = [CardInfo(c["cardId"], text=c.get("effectText") or "") for c in cards]
    assembled = [i for i in infos if printed(i)]
    assert len(assembled) >= 20
    assert [i.number for i in assembled if requirement(i) is None] == []


def test_the_number_and_the_distinct_facts_come_from_the_words() -> None:
    seven = read("[Assembly -7] 7 [Seven Code] trait Digimon cards w/different names")
    assert seven is not None and (seven.reduction, len(seven.parts), seven.different) == (7, 7, "names")
    assert {(p.kind, p.trait, p.zone) for p in seven.parts} == {("Digimon", "Seven Code", "trash")}
    two = read("[Assembly -4] 2 Lv.5 or lower [Shambala] trait cards w/different levels")
    assert two is not None and (len(two.parts), two.parts[0].max_level, two.different) == (2, 5, "levels")
    assert two.parts[0].kind == "card"  # 'cards', not 'Digimon cards'


def test_a_level_holds_for_every_alternative_q7098() -> None:
    """QA Q7098: 'Lv.4 or lower Digimon card w/[Chronomon] in text or w/[TS] trait' is level 4 or
    lower either way: the level is on the card, the alternatives under it."""
    r = read("[Assembly -2] Lv.4 or lower Digimon card w/[Chronomon] in text or w/[TS] trait")
    assert r is not None
    (one,) = r.parts
    assert (one.max_level, one.kind) == (4, "Digimon")
    assert all(a.max_level is None for a in one.any_of) and len(one.any_of) == 2
