"""The 'When …' clause of a window effect ([Your Turn], [All Turns], [Opponent's Turn]) -> Trigger.

A window timing only says in whose turn the effect exists (CR 15-16-8); the effect's own
'when' clause names the event. A clause is read as SUBJECT + VERB: the verb names the game
event, the subject is this card (it plays the subject role) or a noun phrase (any card, with
owner conditions and, where the phrase filters further, a selector on the event's subject).
Both halves must be understood whole: a clause with an extra qualifier stays uncompiled rather
than being guessed.

>>> t, cat = when_trigger("When this Digimon deletes an opponent's Digimon in battle and survives")
>>> t.event, t.this_role, t.requires, cat
('DeletedInBattle', 'ObjectRole', ['SubjectIsDigimon', 'SubjectIsOpponents', 'ThisSurvives'], 'TriggerType')
>>> t, _ = when_trigger("When one of your [Dragon] trait Digimon attacks")
>>> t.event, t.requires, t.selector.trait
('AttackDeclared', ['SubjectIsOwn'], 'Dragon')
"""

from __future__ import annotations

import re

from ingest.compiler.select import lower, subject
from ingest.compiler.trigger_more_phrases import more_trigger
from ingest.compiler.trigger_moves import move_clause
from ingest.compiler.trigger_phrases import phrase_trigger
from ingest.effect_ir import Selector, Trigger

_OPP = r"(?:an opponent's|one of your opponent's|your opponent's|any of your opponent's)"
_BY_OPP = r" by (?:an|your) opponent's effects?"

#: Verb phrases after a subject: (pattern, event, role of this card when it is the subject,
#: requires, category). CR 15-8-5: 'would' events are immediate-type.
_VERBS: list[tuple[str, str, str, tuple[str, ...], str]] = [
    (r"attacks?", "AttackDeclared", "SubjectRole", (), "TriggerType"),  # CR 11-2
    (
        r"attacks? (?:a player|players|your opponent)",
        "AttackDeclared",
        "SubjectRole",
        ("OtherIsPlayer",),
        "TriggerType",
    ),  # CR 11-2: the attack's target is a player
    (
        r"attacks? (?:an opponent's|your opponent's|one of your opponent's) digimon",
        "AttackDeclared",
        "SubjectRole",
        ("OtherIsDigimon", "OtherIsOpponents"),
        "TriggerType",
    ),
    # CR 14-2-1-1: the card with the higher DP wins; QA Q6324: a win against a Security Digimon counts
    (r"wins? a battle", "WonBattle", "SubjectRole", (), "TriggerType"),
    (
        r"is deleted by (?:dropping to|having) 0 dp",
        "Deleted",
        "SubjectRole",
        ("ByZeroDP",),
        "TriggerType",
    ),  # CR 17-1-3-1-1: a rule check deletes a Digimon at 0 DP
    (
        r"(?:becomes?|is|are|gets?) unsuspended during your main phase",
        "Unsuspended",
        "SubjectRole",
        ("InYourMainPhase",),
        "TriggerType",
    ),  # CR 6-5
    (
        r"(?:becomes?|is|are|gets?) unsuspended during a main phase",
        "Unsuspended",
        "SubjectRole",
        ("InMainPhase",),
        "TriggerType",
    ),
    (
        r"(?:becomes?|is|are|gets?) unsuspended during your unsuspend phase",
        "Unsuspended",
        "SubjectRole",
        ("InYourUnsuspendPhase",),
        "TriggerType",
    ),  # CR 6-2
    (r"(?:is|are|gets?) attacked", "AttackDeclared", "ObjectRole", (), "TriggerType"),
    (
        r"(?:is|are|gets?) deleted in battle|(?:is|are) deleted after losing a battle",
        "DeletedInBattle",
        "SubjectRole",
        (),
        "TriggerType",
    ),  # CR 14-2
    (r"(?:is|are|gets?) deleted", "Deleted", "SubjectRole", (), "TriggerType"),
    (  # BT11-062: both ways of leaving by an effect, and only those (CR 15-8-5)
        r"would be deleted or returned to (?:your|its owner's) hand or deck by (?:an )?effects?",
        "WouldLeaveBattleArea",
        "SubjectRole",
        ("ByDeletionOrReturn", "ByEffect"),
        "ImmediateType",
    ),
    (rf"would be deleted{_BY_OPP}", "WouldBeDeleted", "SubjectRole", ("ByOpponentsEffect",), "ImmediateType"),
    (r"would be deleted (?:in|by) battle", "WouldBeDeleted", "SubjectRole", ("InBattle",), "ImmediateType"),
    (r"would be deleted", "WouldBeDeleted", "SubjectRole", (), "ImmediateType"),
    (
        rf"would leave the battle area{_BY_OPP}",
        "WouldLeaveBattleArea",
        "SubjectRole",
        ("ByOpponentsEffect",),
        "ImmediateType",
    ),
    (
        r"would leave the battle area other than (?:by|with) (?:your|one of your) effects?",
        "WouldLeaveBattleArea",
        "SubjectRole",
        ("NotByOwnEffect",),
        "ImmediateType",
    ),
    (
        r"would leave the battle area other than (?:in|by) battle",
        "WouldLeaveBattleArea",
        "SubjectRole",
        ("NotInBattle",),
        "ImmediateType",
    ),
    (
        r"would leave the battle area by (?:an effect|effects)",
        "WouldLeaveBattleArea",
        "SubjectRole",
        ("ByEffect",),
        "ImmediateType",
    ),
    (r"would leave the battle area", "WouldLeaveBattleArea", "SubjectRole", (), "ImmediateType"),
    (r"(?:becomes?|is|are|gets?) unsuspended|unsuspends?", "Unsuspended", "SubjectRole", (), "TriggerType"),
    (r"(?:is|are) played", "CardPlayed", "SubjectRole", (), "TriggerType"),  # CR 7
    # 'would be played from your hand': only a play from the hand (CR 7-1-2-2), of one of the
    # player's own cards; the words are read, not dropped (audit s19: BT16-089, ST20-12)
    (
        r"would be (?:played|used) from your hand",
        "WouldBePlayed",
        "SubjectRole",
        ("SubjectIsOwn", "WouldBePlayedFromHand"),
        "ImmediateType",
    ),
    (r"would be (?:played|used) from the hand", "WouldBePlayed", "SubjectRole", ("WouldBePlayedFromHand",),
     "ImmediateType"),
    (r"would be (?:played|used)", "WouldBePlayed", "SubjectRole", (), "ImmediateType"),
    (r"digivolves?", "Digivolved", "SubjectRole", (), "TriggerType"),  # CR 8
    (r"(?:becomes?|is|gets?) blocked", "Blocked", "SubjectRole", (), "TriggerType"),  # CR 12
    (r"blocks", "Blocked", "ObjectRole", (), "TriggerType"),
    (r"suspends?|(?:becomes?|is|are|gets?) suspended", "Suspended", "SubjectRole", (), "TriggerType"),
    (r"(?:gets?|is|becomes?) linked", "Linked", "ObjectRole", (), "TriggerType"),  # CR 10
    (
        r"(?:moves|is moved) from the breeding area(?: to the battle area)?",
        "Moved",
        "SubjectRole",
        (),
        "TriggerType",
    ),  # CR 15-16-16
    (
        rf"deletes {_OPP} digimon in battle(?P<survives> and survives|)",
        "DeletedInBattle",
        "ObjectRole",
        ("SubjectIsOpponents", "SubjectIsDigimon"),
        "TriggerType",
    ),
]
_VERB_RES = [(re.compile(p), *rest) for p, *rest in _VERBS]

#: Whole clauses whose subject is a player: (pattern, event, owner condition, category).
_PLAYER: list[tuple[str, str, tuple[str, ...], str]] = [
    (r"you play (?P<np>.+)", "CardPlayed", ("SubjectIsOwn",), "TriggerType"),
    (r"(?:your|an) opponent plays (?P<np>.+)", "CardPlayed", ("SubjectIsOpponents",), "TriggerType"),
    (r"you or your opponent plays? (?P<np>.+)", "CardPlayed", (), "TriggerType"),
    (r"you use (?P<np>(?:.+ )?option cards?.*)", "OptionUsed", ("SubjectIsOwn",), "TriggerType"),
    (
        r"your opponent uses (?P<np>(?:.+ )?option cards?.*)",
        "OptionUsed",
        ("SubjectIsOpponents",),
        "TriggerType",
    ),
    (r"a player uses (?P<np>(?:.+ )?option cards?.*)", "OptionUsed", (), "TriggerType"),
    (r"you attack with (?P<np>.+)", "AttackDeclared", ("SubjectIsOwn",), "TriggerType"),  # CR 11-2
    (
        r"(?:a card is|cards are|one or more cards are) removed from your security stack"
        r"|your security stack is removed from|your security is reduced",  # BT19-039: a card leaves it
        "SecurityCardRemoved",
        ("SubjectIsOwn",),
        "TriggerType",
    ),
    (
        r"(?:a card is|cards are|one or more cards are) removed from your opponent's security stack"
        r"|your opponent's security(?: stack)? is removed from",
        "SecurityCardRemoved",
        ("SubjectIsOpponents",),
        "TriggerType",
    ),
    (
        r"(?:a card is|cards are) removed from (?:a|any|a player's) security stack"
        r"|security stacks are removed from",
        "SecurityCardRemoved",
        (),
        "TriggerType",
    ),
    (
        r"attack targets? (?:change|changes|is switched|are switched)"
        r"|an attack target is (?:switched|changed)",
        "AttackTargetSwitched",
        (),
        "TriggerType",
    ),
]
_PLAYER_RES = [(re.compile(p), *rest) for p, *rest in _PLAYER]
#: This card as the subject of a clause.
_THIS = re.compile(
    r"(?:this digimon|this card|this tamer|you would (?:play|use) this card"
    r"(?: from (?:your|the) hand)?|playing this card(?: from (?:your|the) hand)?)"
    r"(?:'s attack target is switched)?(?: (?P<verb>.+))?$"
)


def trigger_subject(phrase: str) -> Selector | None:
    """A trigger clause's subject; 'with the same name as this Digimon' is left to the trigger tables
    (SameNameAsThis, trigger_phrases.py), which read it from the card as it was."""
    return subject(phrase, same_name=False)


def clause_end(text: str) -> int:
    """Where the opening 'When …' / 'If … would …' clause ends: at its first comma outside brackets,
    or, in a 'When …' clause, at a full stop before it ('When this Digimon deletes your opponent's
    Digimon in battle. gain 1 memory.', BT20-029; P-123 prints the same)."""
    depth = 0
    stop = text.lower().startswith("when ")
    for i, ch in enumerate(text):
        if ch in "([<":
            depth += 1
        elif ch in ")]>":
            depth = max(0, depth - 1)
        elif depth == 0 and ch == "," and _LIST_GOES_ON.match(text, i):
            continue  # '[Angel], [Archangel], or [Fallen Angel] in its traits' (BT11-003): one list
        elif depth == 0 and (ch == "," or (stop and ch == "." and text[i + 1 : i + 2] == " ")):
            return i
    return -1


#: A comma that goes on with a list of names ('[A], [B], or [C]', '[A], [B] or [C]') or its exception
#: ('[Beast], [Animal] or [Sovereign], other than [Sea Animal], in one of its traits', RB1-034).
LIST_COMMA = (
    r"(?<=\]),(?=(?: \[[^\]]+\],?)* (?:or|and) ?\[|(?: other than \[[^\]]+\],)? in (?:one|any) of)"
)
_LIST_GOES_ON = re.compile(LIST_COMMA)
_SPACE = re.compile(" ")


#: 'If this Digimon is suspended' is a state, not an event: an 'if' clause naming one is a condition.
_STATE = re.compile(r".* (?:is|are) (?:un)?suspended")


def opens_with_trigger(body: str) -> bool:
    """Does the effect open with a trigger clause ('When …', 'If … would …', or an 'If …' that
    names an event, as early cards print 'when': 'If an opponent's Digimon attacks, …')?"""
    lowered = body.lower()
    if lowered.startswith(("when ", "whenever ")):
        return True
    end = clause_end(body)
    if not lowered.startswith("if ") or end <= 0:
        return False
    if " would " in lowered[:end]:
        return True
    # 'If … is played, reduce the play cost': a cost changed before the event (CR 15-8-5), not an
    # effect after it; such an 'if' is left unread ('If one of your Digimon digivolves into …, … reduce
    # the digivolution cost' is read before this, as would-digivolve: when_if_phrases.if_digivolves_reducing)
    if re.search(r"\breduce the (?:digivolution |play |memory )?cost", lowered[end:]):
        return False
    return not _STATE.fullmatch(lowered[:end]) and when_trigger(body[:end])[0] is not None


def _owner_requires(selector: Selector) -> list[str]:
    found = {"self": ["SubjectIsOwn"], "opponent": ["SubjectIsOpponents"]}.get(selector.owner, [])
    return found + (["SubjectIsOther"] if selector.other else [])


def subject_requires(selector: Selector) -> list[str]:
    """The owner conditions of a subject noun phrase, and its kind when no selector keeps it: 'any
    of your other Digimon are played' is SubjectIsDigimon too, or a Tamer played would meet it."""
    digimon = ["SubjectIsDigimon"] if selector.kind == "Digimon" and _filter(selector) is None else []
    return _owner_requires(selector) + digimon


def _filter(selector: Selector) -> Selector | None:
    """Keep a subject selector only when it filters beyond owner, 'other' and being a Digimon."""
    plain = Selector(owner=selector.owner, other=selector.other, count=None)
    return None if selector.model_copy(update={"count": None}) == plain else selector


#: '… digivolve(s) into NP': who digivolves, and into what.
_INTO = re.compile(r"(?P<who>.+?) (?P<would>would digivolve|digivolves?)(?: into (?P<np>.+))?")
_YOURS = ("one of your digimon", "any of your digimon", "your digimon")


def _digivolve(text: str) -> Trigger | None:
    """'this Digimon would digivolve into a [Ghost] trait card', 'one of your Digimon digivolves
    into a Digimon with [Greymon] in its name'. Digivolved's subject is the Digimon as it is after
    (its top card is the card it digivolved into, CR 8-1); WouldDigivolve's subject is the card it
    would digivolve into and its object the Digimon (ontology/timings.ttl)."""
    m = _INTO.fullmatch(text)
    if m is None:
        return None
    this, would, np = m["who"].startswith("this "), m["would"] == "would digivolve", m["np"]
    # 'one of your Digimon … digivolves into this card in your hand' (BT7-014): the card is still in
    # the hand, so the digivolution is yet to happen, as 'would digivolve into' says (CR 15-8-5)
    would = would or (not this and np in ("this card in your hand", "this card in the hand"))
    held = None
    if m["who"] not in ("this digimon", "this tamer") and m["who"] not in _YOURS:
        held = _would_digivolve_who(m["who"]) if would else None
        if held is None:
            return None
    if np in ("this card", "this card in your hand", "this card in the hand"):
        if this or not would:
            return None
        return Trigger(event="WouldDigivolve", this_role="SubjectRole", requires=["OtherIsOwn"],
                       object_selector=held)
    if held is not None:
        return None  # 'one of your green Digimon would digivolve into a level 5 card': not read yet
    selector = trigger_subject(np) if np else None
    if np and (selector is None or selector.owner != "any" or selector.other):
        return None
    if selector is not None:
        selector.owner = "self"
    if would:
        role, requires = ("ObjectRole", []) if this else ("AnyRole", ["OtherIsOwn"])
        return Trigger(event="WouldDigivolve", this_role=role, requires=requires, selector=selector)
    role, requires = ("SubjectRole", []) if this else ("AnyRole", ["SubjectIsOwn"])
    return Trigger(event="Digivolved", this_role=role, requires=requires, selector=selector)


def _would_digivolve_who(text: str) -> Selector | None:
    """'any of your Digimon with the [Ver.1] trait', 'one of your [Paildramon] or [Dinobeemon]': the
    Digimon that would digivolve, the WouldDigivolve event's object (one of yours, in play: a
    Digimon), as a filter; None unless it is one of yours and filters beyond that."""
    who = trigger_subject(text)
    if who is None or who.owner != "self" or who.other or who.kind not in ("Digimon", "card"):
        return None
    who = who.model_copy(update={"kind": "Digimon"})
    return _filter(who)


def _this_clause(text: str) -> tuple[str, str, list[str], str] | None:
    """This card as subject: 'this digimon attacks', 'you would play this card' …"""
    if text.startswith(("you would play this card", "you would use this card", "playing this card")):
        # '… this card from your hand' (BT4-115): only a play from the hand (CR 7-1-2-2), not from the
        # trash or the security stack by an effect
        from_hand = re.search(r"this card from (?:your|the) hand$", text) is not None
        return "WouldBePlayed", "SubjectRole", ["WouldBePlayedFromHand"] if from_hand else [], "ImmediateType"
    if text in ("this digimon's attack target is switched", "this digimon's attack target changes"):
        return "AttackTargetSwitched", "SubjectRole", [], "TriggerType"
    match = _THIS.match(text)
    verb = match and match["verb"]
    for pattern, event, role, requires, category in _VERB_RES if verb else []:
        if m := pattern.fullmatch(verb):
            extra = ["ThisSurvives"] if m.groupdict().get("survives") else []
            return event, role, [*requires, *extra], category
    return None


#: '… deletes NP in battle (and survives)': the deleted Digimon is the event's subject (CR 14-2).
_DELETES = re.compile(
    r"(?P<who>this digimon|(?:one|any) of your (?:(?!opponent's).)+?) deletes? (?P<np>.+?) (?:in|by) battle"
    r"(?P<survives> and survives)?"
)


def _deletes_in_battle(text: str) -> Trigger | None:
    """'this Digimon deletes one of your opponent's level 6 or higher Digimon in battle', 'one of
    your Digimon deletes an opponent's Digimon in battle and survives' (OnlyThisDeleted: the
    Digimon it battled, yours, was not deleted in the same battle), 'one of your Digimon with
    [Dramon] or [Examon] in its name deletes …' (EX3-044: the filter is on the event's object, the
    Digimon that won the battle, CR 14-2)."""
    m = _DELETES.fullmatch(text)
    selector = trigger_subject(m["np"]) if m else None
    if m is None or selector is None or selector.owner != "opponent" or selector.other:
        return None
    requires = ["SubjectIsDigimon", "SubjectIsOpponents"]
    if m["who"] == "this digimon":
        requires += ["ThisSurvives"] if m["survives"] else []
        return Trigger(event="DeletedInBattle", this_role="ObjectRole", requires=sorted(requires),
                       selector=_filter(selector))
    who = trigger_subject(m["who"])
    if who is None or who.owner != "self" or who.other or who.kind != "Digimon":
        return None
    requires += ["OtherIsDigimon", "OtherIsOwn", *(["OnlyThisDeleted"] if m["survives"] else [])]
    return Trigger(event="DeletedInBattle", this_role="AnyRole", requires=sorted(requires),
                   selector=_filter(selector), object_selector=_filter(who))


_PLAYED_OR = re.compile(r"(?P<np>.+?) (?:is|are) played or (?P<or>digivolves?|deleted|suspends?)")
#: The second event of '… are played or …' -> the event that happens as either (dcg:happensAs).
_EITHER = {"digivolve": "PlayedOrDigivolved", "deleted": "PlayedOrDeleted", "suspend": "PlayedOrSuspended"}


def _played_or_digivolved(text: str) -> Trigger | None:
    """'When your Digimon are played or digivolve': either event, one code (PlayedOrDigivolved);
    'are played or deleted' (EX10-058: CardPlayed or Deleted, CR 7, 4-15), 'are played or suspend'
    (AD1-016: CardPlayed or Suspended) the same way."""
    m = _PLAYED_OR.fullmatch(text)
    selector = trigger_subject(m["np"]) if m else None
    if m is None or selector is None:
        return None
    requires = _owner_requires(selector)
    kept = _filter(selector)
    if kept is None or kept.kind == "Digimon":
        requires.append("SubjectIsDigimon")
    event = _EITHER[m["or"].removesuffix("s")]
    return Trigger(event=event, this_role="AnyRole", requires=sorted(set(requires)), selector=kept)


_LINKED = re.compile(r"(?P<np>.+) (?:gets?|is|are|becomes?) linked")


def _linked(text: str) -> Trigger | None:
    """'When your Digimon get linked': Linked's object is the linked Digimon (CR 10-1-3-3); only an
    owner can be asked of it (a subject filter would test the link card's holder instead)."""
    m = _LINKED.fullmatch(text)
    selector = trigger_subject(m["np"]) if m and not m["np"].startswith("this ") else None
    if selector is None or selector.other or _filter(selector) is not None or selector.owner == "any":
        return None
    owner = "OtherIsOwn" if selector.owner == "self" else "OtherIsOpponents"
    return Trigger(event="Linked", this_role="AnyRole", requires=[owner])


def _this_filtered(text: str) -> tuple[Trigger, str] | None:
    """'this Digimon with [Diaboromon] in its text would leave the battle area', 'this yellow
    Digimon with the [Data] trait …': this card as subject, while it fits the filters (checked on
    the event's subject, which is this card)."""
    if not text.startswith("this "):
        return None
    for pattern, event, role, requires, category in _VERB_RES:
        if role != "SubjectRole":
            continue
        for m in _SPACE.finditer(text):
            if not pattern.fullmatch(text[m.start() + 1 :]):
                continue
            selector = trigger_subject(text[len("this ") : m.start()])
            if selector is None or selector.owner != "any" or selector.other or selector.kind != "Digimon":
                continue
            selector = selector.model_copy(update={"owner": "self", "this": True})
            if selector == Selector(owner="self", this=True, count=None):
                return None  # no filter: 'this Digimon' itself, read by _this_clause
            trigger = Trigger(event=event, this_role=role, requires=sorted(requires), selector=selector)
            return trigger, category
    return None


_TARGET_SWITCHED = re.compile(r"(?P<np>.+)'s? attack targets? (?:is switched|are switched|changes?)")


def _other_clause(text: str) -> tuple[Trigger, str] | None:
    """A noun phrase or a player as subject: 'an opponent's Digimon is deleted', 'you play a Tamer'."""
    for pattern, event, requires, category in _PLAYER_RES:
        if m := pattern.fullmatch(text):
            np = m.groupdict().get("np")
            selector = trigger_subject(np) if np else None
            if np and selector is None:
                continue
            if selector is not None:
                owners = {"SubjectIsOwn": "self", "SubjectIsOpponents": "opponent"}
                selector.owner = next((owners[r] for r in requires if r in owners), "any")
            found = subject_requires(selector) if selector is not None else []
            return Trigger(
                event=event,
                this_role="AnyRole",
                requires=[*requires, *found],
                selector=selector and _filter(selector),
            ), category
    if m := _TARGET_SWITCHED.fullmatch(text):
        selector = trigger_subject(m["np"])
        if selector is not None:
            requires = sorted({*_owner_requires(selector), "SubjectIsDigimon"})
            trigger = Trigger(event="AttackTargetSwitched", this_role="AnyRole", requires=requires)
            return trigger.model_copy(update={"selector": _filter(selector)}), "TriggerType"
    for pattern, event, role, requires, category in _VERB_RES:
        if role != "SubjectRole":
            continue
        for m in _SPACE.finditer(text):  # the verb phrase first: it is cheaper to test than the subject
            if not pattern.fullmatch(text[m.start() + 1 :]):
                continue
            if (selector := trigger_subject(text[: m.start()])) is not None:
                if event == "Digivolved" and _filter(selector) is not None:
                    return None  # the filter is on the card before it digivolved, the subject is after
                return Trigger(
                    event=event,
                    this_role="AnyRole",
                    requires=[*subject_requires(selector), *requires],
                    selector=_filter(selector),
                ), category
    return None


#: 'a Digimon that has [X] in its name or is level 5 or higher' (BT8-086): the same filters as
#: 'a Digimon with [X] in its name or level 5 or higher', which the subject reader knows.
_THAT_HAS = re.compile(r"\bdigimon that has (\[[^\]]+\] in its name)(?: or is (level \d+ or higher))?\b")


def _that_has(m: re.Match[str]) -> str:
    return f"digimon with {m[1]}" + (f" or {m[2]}" if m[2] else "")


_WHEN_WORD = re.compile(r"^(?:when|whenever|if) ")
_ALLIANCE_LOST = re.compile(r"^suspends one of your digimon$")
_PLAY_XROS = re.compile(r"^you would play (?:a|an|1) (digimon cards? with (?:a )?digixros requirements?)$")
_OPPONENT_WOULD = re.compile(r"(?:an|your) opponent's effect would (delete|return) this digimon")
_OPPONENT_WOULD_REMOVE = re.compile(
    r"(?:an|your) opponent's effect would delete this digimon or return it to its owner's hand or deck")


def when_trigger(clause: str) -> tuple[Trigger | None, str]:
    """The trigger of one 'when' clause and the effect's category; (None, category) if unknown."""
    span = clause.strip()
    text = _WHEN_WORD.sub("", lower(span.rstrip(",")))
    text = _THAT_HAS.sub(_that_has, text)
    # 'this Digimon has [X] or [Y] in its name and would be deleted in battle' (BT9-024), '… and an effect
    # would delete it or return it to your hand or deck' (BT9-012): this Digimon, while it has that name
    named = r"^this digimon has ((?:\[[^\]]+\](?: or |/)?)+ in its name) and "
    text = re.sub(named + "would ", r"this digimon with \1 would ", text)
    text = re.sub(named + "an effect would delete it or return it to your hand or deck$",
                  r"this digimon with \1 would be deleted or returned to your hand or deck by an effect",
                  text)
    # EX5-037 prints 'When you use an use Option card with a cost of 1 or more' (QA Q5508 reads it
    # 'when you use an Option card with a use cost of 1 or more')
    text = text.replace("you use an use option card", "you use an option card")
    # EX4-034 prints 'When  suspends one of your Digimon': the <Alliance> icon lost, as EX4-033 (the same
    # effect of the same Terriermon/Lopmon cycle) prints it
    text = _ALLIANCE_LOST.sub("<alliance> suspends one of your digimon", text)
    # EX7-049 prints 'would leave battle area' for 'would leave the battle area'; EX6-030 'with the[Angel]/…
    # trait' without its space
    text = text.replace(" would leave battle area", " would leave the battle area").replace(" the[", " the [")
    # BT20-044 prints 'delete 1 your opponent's Digimon in battle' where its inherited text (and QA
    # Q4363) reads 'delete your opponent's Digimon in battle'
    text = text.replace(" delete 1 your opponent's digimon in battle",
                        " delete your opponent's digimon in battle")
    # 'you would play a Digimon card with a DigiXros requirement' (BT11-095): one of the player's own
    # cards would be played, as 'any of your … would be played' says (xros_phrases.py, CR 7-2-2-2)
    text = _PLAY_XROS.sub(r"any of your \1 would be played", text)
    category = "ImmediateType" if " would " in f" {text} " else "TriggerType"
    if m := _OPPONENT_WOULD.fullmatch(text):
        event = "WouldBeDeleted" if m[1] == "delete" else "WouldLeaveBattleArea"
        return Trigger(event=event, requires=["ByOpponentsEffect"], span=span), "ImmediateType"
    # BT5-086: 'would delete this Digimon or return it to its owner's hand or deck' is both ways of
    # leaving, and only those (not placed in security or under a card): CR 15-8-5
    if _OPPONENT_WOULD_REMOVE.fullmatch(text):
        return Trigger(event="WouldLeaveBattleArea", requires=["ByDeletionOrReturn", "ByOpponentsEffect"],
                       span=span), "ImmediateType"
    if text == "an effect would remove this digimon from the battle area":
        return Trigger(event="WouldLeaveBattleArea", requires=["ByEffect"], span=span), "ImmediateType"
    if (either := _played_or_digivolved(text)) is not None:
        either.span = span
        return either, "TriggerType"
    if (linked := _linked(text)) is not None:
        linked.span = span
        return linked, "TriggerType"
    if (deleted := _deletes_in_battle(text)) is not None:
        deleted.span = span
        return deleted, "TriggerType"
    if (into := _digivolve(text)) is not None:
        into.span = span
        return into, "ImmediateType" if into.event == "WouldDigivolve" else "TriggerType"
    if (moved := move_clause(text)) is not None and moved.event:
        return Trigger(
            event=moved.event,
            this_role=moved.this_role,
            requires=sorted(set(moved.requires)),
            selector=moved.selector,
            object_selector=moved.object_selector,
            span=span,
        ), category
    if found := _this_clause(text):
        event, role, requires, category = found
        return Trigger(event=event, this_role=role, requires=sorted(requires), span=span), category
    if filtered := _this_filtered(text):
        trigger, category = filtered
        trigger.span = span
        return trigger, category
    if other := _other_clause(text):
        trigger, category = other
        trigger.requires = sorted(set(trigger.requires))
        trigger.span = span
        return trigger, category
    if phrased := phrase_trigger(text):
        phrased[0].span = span
        return phrased
    if more := more_trigger(text):
        more[0].span = span
        return more
    return None, category


#: What an attack is declared on, as trigger conditions on the event's other party (CR 11-2).
_TARGETS = {
    "an opponent's digimon": ["OtherIsDigimon", "OtherIsOpponents"],
    "your opponent's digimon": ["OtherIsDigimon", "OtherIsOpponents"],
    "a player": ["OtherIsPlayer"],
    "your opponent": ["OtherIsPlayer"],
}
_ATTACKS = re.compile(
    rf"(?:when|if) (?:you attack|this digimon attacks) ({'|'.join(map(re.escape, _TARGETS))}), "
)


def attack_target(body: str) -> tuple[list[str], str] | None:
    """'When you attack an opponent's Digimon, …' opening a [When Attacking] effect: the trigger
    conditions on the attack's target and the rest of the text; None if the text has no such clause."""
    m = _ATTACKS.match(lower(body))
    return None if m is None else (_TARGETS[m[1]], body[m.end() :])
