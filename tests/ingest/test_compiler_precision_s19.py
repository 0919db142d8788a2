"""Session 19, issue 9 precision: a trigger's subject keeps its kind, and '<X> in its text' is the
card's text, not the keyword <X>. Checked on real card texts and over the whole corpus."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ingest.effect_ir import EffectRecord, Selector, Trigger
from ingest.effects import compile_card
from tests.ingest.compile_helpers import corpus_records

#: Conditions that carry the kind of the card the event happens to (or its other party).
_KIND_CODES = {"SubjectIsDigimon", "OtherIsDigimon", "SubjectWasTamer", "ByOwnDigimonsEffect",
               "OwnIfDigivolving"}  # the last: the Digimon that would digivolve is one of yours
#: Events whose party is a Digimon by the rules whatever the text says: a Digimon digivolved is a
#: Digimon (CR 8-1), only a Digimon is linked (CR 10-1-3) or blocks (CR 12).
_ALWAYS_DIGIMON = {"Digivolved", "Linked", "Blocked"}
_NAMES_KIND = re.compile(r"\b(?:digimon|tamers?)\b(?!'s? (?:digivolution|effect))", re.I)


def _has_kind(sel: Selector | None) -> bool:
    return sel is not None and (sel.kind in ("Digimon", "Tamer", "Digimon or Tamer")
                                or any(_has_kind(alt) for alt in sel.any_of))


def kind_lost(trigger: Trigger) -> bool:
    """A trigger on another card whose clause names a Digimon or Tamer, compiled with nothing that
    asks the event's card to be one."""
    if trigger.this_role != "AnyRole" or not _NAMES_KIND.search(trigger.span or ""):
        return False
    return not (_KIND_CODES & set(trigger.requires) or trigger.event in _ALWAYS_DIGIMON
                or _has_kind(trigger.selector) or _has_kind(trigger.object_selector))


@pytest.fixture(scope="module")
def records(corpus: Path) -> list[EffectRecord]:
    return [r for rs in corpus_records(corpus / "cards.json").values() for r in rs]


def _triggers(records: list[EffectRecord]) -> Iterator[tuple[EffectRecord, Trigger]]:
    for record in records:
        trigger = record.compiled.trigger
        if record.compiled.trigger_compiled and trigger is not None:
            yield record, trigger


def test_no_trigger_subject_loses_its_kind_in_the_corpus(records: list[EffectRecord]) -> None:
    """Before session 19: 222 triggers on 217 cards ('any of your other Digimon are played', 'an
    opponent's Digimon is deleted', 'any of your Digimon suspend' …; 135 of them on events a Tamer
    or a Security Digimon has too) had nothing asking for a Digimon."""
    lost = [(r.card, t.span) for r, t in _triggers(records) if kind_lost(t)]
    assert lost == []


def test_the_scan_sees_a_lost_kind() -> None:
    """The corpus scan above catches the error it looks for."""
    bad = Trigger(event="CardPlayed", this_role="AnyRole", requires=["SubjectIsOther", "SubjectIsOwn"],
                  span="When any of your other Digimon are played")
    assert kind_lost(bad)
    assert not kind_lost(bad.model_copy(update={"requires": [*bad.requires, "SubjectIsDigimon"]}))


BT20_017 = ("[Your Turn] [Once Per Turn] When any of your other Digimon are played, delete 1 of your "
            "opponent's Digimon with 8000 DP or less. Then, 1 of your Digimon may attack.")


@pytest.mark.parametrize(("card", "part", "text", "event", "requires"), [
    ("BT20-017", "main", BT20_017, "CardPlayed", ["SubjectIsDigimon", "SubjectIsOther", "SubjectIsOwn"]),
    ("BT14-064", "inherited", "[All Turns][Once Per Turn] When one of your other Digimon is deleted, reveal "
     "the top 3 cards of your deck. You may play 1 [Commandramon] among them without paying the cost. Trash "
     "the rest.", "Deleted", ["SubjectIsDigimon", "SubjectIsOther", "SubjectIsOwn"]),
    ("AD1-014", "main", "[All Turns] [Once Per Turn] When any of your Digimon suspend, this Digimon may "
     "unsuspend.", "Suspended", ["SubjectIsDigimon", "SubjectIsOwn"]),
    ("BT13-056", "main", "[All Turns] When you play another Digimon, all of your green and [Royal Knight] "
     "trait Digimon gain <Blocker> until the end of your opponent's turn.", "CardPlayed",
     ["SubjectIsDigimon", "SubjectIsOther", "SubjectIsOwn"]),
])
def test_a_digimon_subject_is_a_digimon(card: str, part: str, text: str, event: str,
                                        requires: list[str]) -> None:
    """The Digimon the clause names stays a Digimon when no filter is left to keep it: playing or
    deleting a Tamer does not meet it (SubjectIsDigimon, ontology/timings.ttl)."""
    (record,) = compile_card(card, **{part: text})
    trigger = record.compiled.trigger
    assert trigger is not None and record.compiled.trigger_compiled
    assert (trigger.event, trigger.requires, trigger.selector) == (event, requires, None)


@pytest.mark.parametrize(("card", "part", "text", "event"), [
    ("BT10-011", "main", "[Your Turn][Once Per Turn] When one of your Tamers becomes suspended, this Digimon "
     "gets +2000 DP for the turn.", "Suspended"),
    ("BT11-050", "inherited", "[Your Turn][Once Per Turn] When you play a Tamer, suspend 1 of your "
     "opponent's Digimon.", "CardPlayed"),
])
def test_a_tamer_subject_keeps_its_kind(card: str, part: str, text: str, event: str) -> None:
    """A Tamer subject keeps its kind in the trigger's selector, and is no Digimon."""
    (record,) = compile_card(card, **{part: text})
    trigger = record.compiled.trigger
    assert trigger is not None and trigger.selector is not None
    assert (trigger.event, trigger.requires, trigger.selector.kind) == (event, ["SubjectIsOwn"], "Tamer")


# ---------------------------------------------------------------- '<X> in its text'
_IN_TEXT = re.compile(r"<[^<>]+> in (?:its|their) texts?", re.I)


def _keyword_reads(value: object) -> Iterator[list[str]]:
    """Every with_keywords list under an IR part."""
    if isinstance(value, (Selector,)) or hasattr(value, "model_dump"):
        value = value.model_dump()  # type: ignore[union-attr]
    if isinstance(value, dict):
        if value.get("with_keywords"):
            yield value["with_keywords"]
        for v in value.values():
            yield from _keyword_reads(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _keyword_reads(v)


def test_in_its_text_is_never_a_keyword_test_in_the_corpus(records: list[EffectRecord]) -> None:
    """Before session 19: 18 effects ('If this Digimon has <Save> in its text', BT12-006 …) tested
    the keyword <Save>; '<X> in its text' is the card's printed text (QA Q6051)."""
    wrong = []
    for record in records:
        c = record.compiled
        for part in [*c.conditions, *c.costs, *c.actions]:
            if _IN_TEXT.search(part.span or "") and part.compiled and any(_keyword_reads(part)):
                wrong.append((record.card, part.span))
    assert wrong == []


@pytest.mark.parametrize(("card", "text"), [
    ("BT12-006", "[On Deletion] If this Digimon has <Save> in its text, <Draw 1>."),
    ("BT12-048", "[Your Turn] While this Digimon has <Save> in its text, it gets +2000 DP."),
])
def test_this_digimon_has_save_in_its_text(card: str, text: str) -> None:
    """'this Digimon has <Save> in its text': its text holds <Save> (text_contains), no keyword test."""
    (record,) = compile_card(card, inherited=text)
    (condition,) = record.compiled.conditions
    assert condition.compiled and condition.kind == "this_matches"
    sel = condition.selector
    assert sel is not None and (sel.text_contains, sel.with_keywords, sel.this) == ("<Save>", [], True)


def test_you_play_a_digimon_with_save_in_its_text() -> None:
    """BT12-005 'If you play a Digimon with <Save> in its text': a text filter on the played card."""
    (record,) = compile_card("BT12-005", inherited="[Your Turn][Once Per Turn] If you play a Digimon with "
                             "<Save> in its text, <Draw 1>.")
    trigger = record.compiled.trigger
    assert trigger is not None and trigger.selector is not None
    assert (trigger.event, trigger.selector.text_contains, trigger.selector.with_keywords,
            trigger.selector.kind) == ("CardPlayed", "<Save>", [], "Digimon")


def test_with_save_alone_is_still_the_keyword() -> None:
    """'with <Blocker>' (no 'in its text') is still the keyword."""
    (record,) = compile_card("BT1-023", main="[On Play] Delete 1 of your opponent's Digimon with <Blocker>.")
    (action,) = record.compiled.actions
    assert action.selector is not None
    assert (action.selector.with_keywords, action.selector.text_contains) == (["Blocker"], None)
