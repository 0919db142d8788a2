"""The 'When …' clause of a window effect ([Your Turn], [All Turns], [Opponent's Turn]) -> Trigger.

A window timing only says in whose turn the effect exists (CR 15-16-8); the effect's own
'when' clause names the event. Each pattern below must match the whole clause: a clause with an
extra qualifier the table does not know stays uncompiled rather than being guessed.

>>> t, cat = when_trigger("When this Digimon deletes an opponent's Digimon in battle and survives")
>>> t.event, t.this_role, sorted(t.requires), cat
('DeletedInBattle', 'ObjectRole', ['SubjectIsDigimon', 'SubjectIsOpponents', 'ThisSurvives'], 'TriggerType')
"""

from __future__ import annotations

import re

from ingest.effect_ir import Trigger

_OPP = r"(?:an opponent's|one of your opponent's|your opponent's|any of your opponent's)"
_OWN = r"(?:one of your|your|any of your|another of your|1 of your)"
_OTHER = r"(?P<other> other|)"
_IS = r"(?:is|are|gets|get)"

#: (pattern, event, this role, requires, category). ``{other}`` adds SubjectIsOther.
_TABLE: list[tuple[str, str, str, tuple[str, ...], str]] = [
    # CR 14-2: deletion in battle; this Digimon is the winner (object) or the loser (subject).
    (
        rf"when this digimon deletes {_OPP} digimon in battle(?P<survives> and survives|)",
        "DeletedInBattle",
        "ObjectRole",
        ("SubjectIsOpponents", "SubjectIsDigimon"),
        "TriggerType",
    ),
    (
        r"when this digimon (?:is deleted in battle|is deleted after losing a battle"
        r"|loses a battle and is deleted)",
        "DeletedInBattle",
        "SubjectRole",
        (),
        "TriggerType",
    ),
    (r"when this digimon is deleted", "Deleted", "SubjectRole", (), "TriggerType"),
    (rf"when {_OPP} digimon {_IS} deleted", "Deleted", "AnyRole", ("SubjectIsOpponents",), "TriggerType"),
    (rf"when {_OWN}{_OTHER} digimon {_IS} deleted", "Deleted", "AnyRole", ("SubjectIsOwn",), "TriggerType"),
    (
        r"when (?:a digimon is|digimon are|any digimon are|any digimon is) deleted",
        "Deleted",
        "AnyRole",
        (),
        "TriggerType",
    ),
    # CR 15-8-5: 'would' events are immediate-type: they activate before the event happens.
    (
        r"(?:when this digimon would be deleted by (?:an|your) opponent's effect|"
        r"(?:if|when) (?:an|your) opponent's effect would delete this digimon(?: or [^,]*)?)",
        "WouldBeDeleted",
        "SubjectRole",
        ("ByOpponentsEffect",),
        "ImmediateType",
    ),
    (
        r"when this digimon would be deleted in battle",
        "WouldBeDeleted",
        "SubjectRole",
        ("InBattle",),
        "ImmediateType",
    ),
    (r"when this digimon would be deleted", "WouldBeDeleted", "SubjectRole", (), "ImmediateType"),
    (
        rf"when {_OWN}{_OTHER} digimon would be deleted",
        "WouldBeDeleted",
        "AnyRole",
        ("SubjectIsOwn",),
        "ImmediateType",
    ),
    (r"when this digimon would digivolve", "WouldDigivolve", "SubjectRole", (), "ImmediateType"),
    # CR 7: playing cards.
    (
        r"when you play (?:a|another) (?:digimon|tamer|digimon or tamer)(?: card)?",
        "CardPlayed",
        "AnyRole",
        ("SubjectIsOwn",),
        "TriggerType",
    ),
    (
        r"when your opponent plays (?:a|another) (?:digimon|tamer|digimon or tamer)(?: card)?",
        "CardPlayed",
        "AnyRole",
        ("SubjectIsOpponents",),
        "TriggerType",
    ),
    (
        rf"when {_OWN}{_OTHER} (?:digimon|tamers?|digimon or tamers?) (?:is|are) played",
        "CardPlayed",
        "AnyRole",
        ("SubjectIsOwn",),
        "TriggerType",
    ),
    (
        rf"when {_OPP} (?:digimon|tamers?|digimon or tamers?) (?:is|are) played",
        "CardPlayed",
        "AnyRole",
        ("SubjectIsOpponents",),
        "TriggerType",
    ),
    # CR 11-2: attack declaration.
    (r"when this digimon attacks", "AttackDeclared", "SubjectRole", (), "TriggerType"),
    (rf"when {_OWN}{_OTHER} digimon attacks?", "AttackDeclared", "AnyRole", ("SubjectIsOwn",), "TriggerType"),
    (rf"when {_OPP} digimon attacks?", "AttackDeclared", "AnyRole", ("SubjectIsOpponents",), "TriggerType"),
    (r"when this digimon is attacked", "AttackDeclared", "ObjectRole", (), "TriggerType"),
    # CR 12: blocks.
    (r"when this digimon (?:becomes|is|gets) blocked", "Blocked", "SubjectRole", (), "TriggerType"),
    (r"when this digimon blocks", "Blocked", "ObjectRole", (), "TriggerType"),
    # CR 8: digivolution.
    (r"when this digimon digivolves", "Digivolved", "SubjectRole", (), "TriggerType"),
    (rf"when {_OWN}{_OTHER} digimon digivolves?", "Digivolved", "AnyRole", ("SubjectIsOwn",), "TriggerType"),
    (rf"when {_OPP} digimon digivolves?", "Digivolved", "AnyRole", ("SubjectIsOpponents",), "TriggerType"),
    # CR 15-16-16: moving out of the breeding area.
    (
        r"when this digimon (?:moves|is moved) from the breeding area(?: to the battle area)?",
        "Moved",
        "SubjectRole",
        (),
        "TriggerType",
    ),
]
_COMPILED = [(re.compile(p), *rest) for p, *rest in _TABLE]


def clause_end(text: str) -> int:
    """Where the opening 'When …' / 'If … would …' clause ends: at its first comma outside brackets."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([<":
            depth += 1
        elif ch in ")]>":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            return i
    return -1


def opens_with_trigger(body: str) -> bool:
    """Does the effect open with a trigger clause ('When …', 'If … would …')?"""
    lowered = body.lower()
    if lowered.startswith(("when ", "whenever ")):
        return True
    end = clause_end(body)
    return lowered.startswith("if ") and end > 0 and " would " in lowered[:end]


def when_trigger(clause: str) -> tuple[Trigger | None, str]:
    """The trigger of one 'when' clause and the effect's category; (None, category) if unknown."""
    text = clause.strip().rstrip(",").lower().replace("whenever ", "when ")
    category = "ImmediateType" if " would " in text else "TriggerType"
    for pattern, event, role, requires, cat in _COMPILED:
        match = pattern.fullmatch(text)
        if not match:
            continue
        extra = list(requires)
        groups = match.groupdict()
        if groups.get("survives"):
            extra.append("ThisSurvives")
        if groups.get("other"):
            extra.append("SubjectIsOther")
        return Trigger(event=event, this_role=role, requires=sorted(extra), span=clause.strip()), cat
    return None, category
