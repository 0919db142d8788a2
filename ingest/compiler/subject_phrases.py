"""Subject-first sentences: one noun phrase, then one or more predicates, then a duration:
'1 of your Digimon gets +2000 DP and gains <Piercing> for the turn', '2 of their Digimon or
Tamers can't unsuspend or digivolve until the end of their turn', '1 of your Digimon may gain
<Rush> for the turn and attack a player'.

Each predicate is read by the existing templates as '<subject> <predicate> <duration>' (the
reader is passed in: ``ingest.compiler.body`` owns it); a sentence is read only if every one is.
The actions are on ONE choice: every action after the first has ``same_targets`` (the solver
keeps the first action's chosen Digimon, ``kg.solver.handlers.verbs.targets``), except for a
subject that is every card of a kind ('all of your Digimon'): each action is then a global
effect of its own, reaching Digimon that enter later too (Global Effects page).

The few predicates no older template reads are here too (``SUBJECT_TEMPLATES``): an attack the
effect forces ('[Start of Your Main Phase] This Digimon attacks.', CR 11-2), 'can't activate its
[When Digivolving] effects', 'can't attack Digimon'.

>>> one = lambda t: match_table(SUBJECT_TEMPLATES, t) or match_action(t)
>>> [(a.verb, a.duration, a.same_targets) for a in match_subject(
...     "1 of your digimon gets +2000 dp and gains <piercing> for the turn", one)]
[('dp_modify', 'this_turn', False), ('gain_keyword', 'this_turn', True)]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.actions import (
    _NO_EFFECTS,
    DURATION,
    Builder,
    _cant,
    _cant_activate,
    match_action,
    match_table,
    one_choice,
)
from ingest.compiler.select import lower, select
from ingest.compiler.static_phrases import _no_option_security, _protected
from ingest.effect_ir import Action

Reader = Callable[[str], list[Action] | None]

_SEL = r"(?P<sel>.+?)"
_DUR = rf"(?: (?P<dur>{DURATION}))?"


def _may_suspend(m: re.Match[str]) -> list[Action] | None:
    """'1 of your [Marcus Damon]s may suspend' (BT21-086): the player may suspend one of them."""
    selector = None if m["sel"] == "it" else select(m["sel"])
    return None if selector is None else [Action(verb="suspend", selector=selector, optional=True)]


def _forced_attack(m: re.Match[str]) -> list[Action] | None:
    """'This Digimon attacks' / 'Attack with this Digimon': it must attack, if an attack can be
    declared (the declaration rules still hold, CR 11-2-1, 11-2-4; the target is its player's
    choice, CR 11-2-7-1); 'it' may be what an earlier sentence chose: not read."""
    if m["sel"] == "it":
        return None
    selector = select(m["sel"])
    if selector is None or selector.kind != "Digimon" or selector.owner == "opponent":
        return None
    return [Action(verb="attack", selector=selector)]


def _none_can_compared(m: re.Match[str]) -> list[Action] | None:
    """'[Opponent's Turn] None of your opponent's Digimon with as much or less DP as this Digimon can
    attack players' (BT18-046, EX7-023): 'all of them can't …', each of them compared with this
    Digimon as it is now, so only as a persistent effect (no duration: it lasts while its card does,
    CR 15-8-2-2). Those without a comparison are ``static_phrases``' (``_none_can``)."""
    found = match_action(f"all of {m['who']} can't {m['what']}")
    if not found or len(found) != 1 or not found[0].verb.startswith("cant_"):
        return None
    sel = found[0].selector
    compared = sel is not None and (sel.dp_at_most_this or sel.sources_at_most_this)
    ok = compared and sel is not None and sel.count is None and not sel.this
    return found if ok and found[0].duration == "instant" else None


#: Predicates of a subject that the older tables do not read (lower case, whole sentence).
SUBJECT_TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (rf"{_SEL} attacks", _forced_attack),
        (r"none of (?P<who>.+?) can (?P<what>(?!only )[a-z ]+)", _none_can_compared),
        (r"attack with (?P<sel>this digimon)", _forced_attack),
        (rf"{_SEL} may suspend", _may_suspend),
        (rf"{_SEL} can't activate (?:its|their) {_NO_EFFECTS} (?P<dur>{DURATION})", _cant_activate),
        # 'can't attack Digimon' is 'can't attack your opponent's Digimon' (only theirs are attacked)
        (rf"{_SEL} can't attack digimon{_DUR}", _cant("cant_attack_digimon")),
        (rf"{_SEL}'s attack target can't (?:change|be switched){_DUR}", _cant("cant_change_attack_target")),
        # no one's effects: 'its DP can't be reduced' (ingest.compiler.static_phrases)
        (rf"{_SEL} can't have (?:its|their) dp reduced{_DUR}",
         _protected("cant_have_dp_reduced", source="any")),
        (rf"{_SEL} (?:doesn't|does not) activate the \[(?i:security)\] effects of any option cards it "
         rf"checks{_DUR}", _no_option_security),
    ]
]

#: Words a predicate opens with.
_VERB = (
    r"(?:gets?|gains?|can't|isn't|aren't|is|are|may|attacks?|attack|unsuspends?|suspends?"
    r"|digivolves?|doesn't|don't)\b"
)
#: A gift that shares the verb before it ('gets +3000 DP, <Security Attack +1>, and "…"').
_GIFT = r'(?:<[^<>]+>|[+-]\d+ dp\b|"[0-9a-f]+")'
_SUBJECT = re.compile(r"(?:up to \d+ of |\d+ of |all (?:of )?|this digimon )")
_LEAD = re.compile(rf"(?:{DURATION}), ")
_TAIL = re.compile(rf"(?P<rest>.+?),? (?P<dur>{DURATION})")
#: 'that Digimon's [When Digivolving] effects don't activate' after the subject's first predicate.
_THAT_DONT = re.compile(
    r"(?:that digimon's|its) (?P<t>\[[^\]]+\](?: (?:or|and) \[[^\]]+\])?) effects don't activate"
)
#: Where one predicate ends and the next begins.
_CUT = re.compile(
    rf",? and (?=(?:it |that digimon )?{_VERB}|that digimon's \[|{_GIFT})|, (?={_VERB}|{_GIFT})"
)


def _predicates(tail: str) -> list[str] | None:
    """The predicates of the text after the subject, split at ', and' / 'and' / ',' where a verb
    or a gift follows; a gift takes the verb before it, and after 'may' every bare verb is a 'may'."""
    cuts = [0]
    for m in _CUT.finditer(tail):
        cuts.append(m.start())
        cuts.append(m.end())
    cuts.append(len(tail))
    parts = [tail[a:b].strip() for a, b in zip(cuts[::2], cuts[1::2], strict=True)]
    if any(not p for p in parts):
        return None
    word, may, out, gifts = None, False, [], []
    for i, part in enumerate(parts):
        part = re.sub(r"^it (?=can't|isn't)|^that digimon (?=attacks$)", "", part)
        if (that := _THAT_DONT.fullmatch(part)) is not None:
            part = f"can't activate its {that['t']} effects"
        if re.match(_GIFT, part):
            if word is None:
                return None
            part = f"{word} {part}"
            # 'gains <Collision> and <Piercing> for the turn, and attacks' (EX11-063): the duration after
            # the last gift is that of each gift sharing its verb
            if (dur := re.search(rf" (?:{DURATION})$", part)) is not None and i and out[-1] in gifts:
                out = [p + dur[0] if p in gifts and not re.search(DURATION, p) else p for p in out]
            gifts.append(part)
        elif re.fullmatch(rf"(?:gets?|gains?) {_GIFT}", part):
            gifts = [part]
        else:
            gifts = []
        if i == 0 and part.startswith("may ") and not part.startswith("may also "):  # a permission
            may = True
        elif may and not part.startswith("may "):
            part = f"may {part}"
        head = re.sub(r"^may ", "", part).split(" ")[0]
        word = head if head in ("get", "gets", "gain", "gains") else word  # the verb a gift shares
        out.append(part)
    return out


def _lasting(action: Action) -> bool:
    """A modifier or restriction: it lasts for a duration (a one-time action has none)."""
    return action.verb.startswith(("cant_", "can_")) or action.verb in (
        "dp_modify", "gain_keyword", "gain_effect", "unaffected",
    )


def _split_or(part: str, read: Reader) -> list[Action] | None:
    """'can't A or B' (no template for the pair): 'can't A' and 'can't B', each read whole."""
    if not part.startswith("can't "):
        return None
    for m in re.finditer(r" or ", part):
        first, second = read(part[: m.start()]), read(f"can't {part[m.end():]}")
        if first is not None and second is not None:
            return first + second
    return None


def _maybe(part: str, read: Reader) -> list[Action] | None:
    """'may get +5000 DP' / 'may gain <Rush>': the modifier, optional."""
    if not re.match(r"may (?:get|gain) ", part):
        return None
    found = read(part[len("may ") :])
    for action in found or []:
        action.optional = True
    return found


def match_subject(text: str, one: Reader) -> list[Action] | None:
    """The actions of '<subject> <predicate>[, and <predicate>…] [duration]' (lower case), each
    predicate read by ``one`` (or ``SUBJECT_TEMPLATES``) with the subject and the duration; None
    unless every predicate is read, each on the sentence's subject. A leading duration ('Until
    …, 1 of your Digimon …') is the same as a trailing one."""
    if (whole := match_table(SUBJECT_TEMPLATES, text)) is not None:
        return whole
    lead = _LEAD.match(text)
    body = text[lead.end() :] if lead else text
    if (both := _WITH_SECURITY.match(body)) is not None:
        return _with_security(lead[0][:-2] if lead else None, both, body[both.end() :], one)
    if not _SUBJECT.match(body):
        return None
    for cut in re.finditer(rf",? (?={_VERB})", body):
        chosen = select(body[: cut.start()])
        if chosen is None:
            continue
        found = _read(lead[0][:-2] if lead else None, body[: cut.start()], body[cut.end() :], one)
        if found is not None:
            return found
    return None


#: 'All of your opponent's Digimon and Security Digimon …' (BT15-092, ST3-13): two subjects.
_WITH_SECURITY = re.compile(r"all of (?P<who>your opponent's|your) digimon and security digimon ")


def _with_security(lead: str | None, m: re.Match[str], tail: str, one: Reader) -> list[Action] | None:
    """The predicate for every Digimon in play and every Security Digimon of that player, each a
    global effect; only modifiers and restrictions (the Security Digimon are those that battle
    while it lasts)."""
    found: list[Action] = []
    for subject in (f"all of {m['who']} digimon", f"all of {m['who']} security digimon"):
        actions = _read(lead, subject, tail, one)
        if actions is None or not all(_lasting(a) for a in actions):
            return None
        found += actions
    return found


def _read(lead: str | None, subject: str, tail: str, one: Reader) -> list[Action] | None:
    """The predicates of ``tail`` on ``subject``: one choice, or global effects for 'all of …'."""
    dur = f" {lead}" if lead else ""
    if (m := _TAIL.fullmatch(tail)) is not None:
        if lead:
            return None  # two durations
        tail, dur = m["rest"], f" {m['dur']}"
    parts = _predicates(tail)
    if parts is None:
        return None

    def read(part: str) -> list[Action] | None:
        sentence = f"{subject} {part}{dur}"
        return one(sentence) or match_table(SUBJECT_TEMPLATES, sentence)

    chosen = select(subject)
    found: list[Action] = []
    for part in parts:
        actions = read(part) or _split_or(part, read) or _maybe(part, read)
        if actions is None or any(a.selector != chosen for a in actions):
            return None  # a predicate not read, or read with another subject
        if any(_lasting(a) and a.duration == "instant" for a in actions) and (
            dur or any(p != part and re.search(DURATION, p) for p in parts)
        ):
            return None  # a modifier without the duration the others have: not read
        found += actions
    for action in found:
        action.same_targets = False
    assert chosen is not None
    if chosen.count is None:  # every card of a kind: each action a global effect of its own
        return found
    return one_choice(found)


#: 'While you have [Vulcanusmon], they also gain <Link +1>': 'they' opens the sentence's action.
_THEY_ALSO = re.compile(r"(?i)(?P<lead>(?:while|if) [^,]+, )?they also (?P<rest>.+)")


def they_also(sentence: str, actions: list[Action]) -> str:
    """'All of your [TS] trait Digimon gain <Blocker>. While you have [Vulcanusmon], they also gain
    <Link +1>' (BT25-102): 'they' are the subject of the action just before when it is every
    Digimon of a kind (a global effect, read bare: no condition before it); the sentence is read
    with that subject, so its action has the same selector. Otherwise the sentence is unchanged."""
    if (m := _THEY_ALSO.fullmatch(sentence)) is None or not actions:
        return sentence
    before = actions[-1]
    chosen = before.selector
    if not before.compiled or chosen is None or chosen.count is not None or not _lasting(before):
        return sentence
    for cut in re.finditer(rf",? (?={_VERB})", before.span):
        if select(lower(before.span[: cut.start()])) == chosen:
            return f"{m['lead'] or ''}{before.span[: cut.start()]} {m['rest']}"
    return sentence

