"""Processing conditions ('If …,' / 'While …,', CR 15-6) -> Condition.

Counts of memory, security and digivolution cards compare with a number; 'you have / your
opponent has NP' checks that a matching card is in play (negated for 'no' / 'don't have').
Unknown clauses stay with ``compiled=False``.

>>> c = compile_condition("If your opponent has a Digimon with 6000 DP or less")
>>> c.kind, c.selector.owner, c.selector.max_dp, c.negated
('has_card', 'opponent', 6000, False)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.actions import match_table
from ingest.compiler.cause_phrases import on_field, phrase_cause
from ingest.compiler.condition_phrases import phrase_condition
from ingest.compiler.select import NAMES, card_select, lower, names_of, subject, this_is, this_with
from ingest.compiler.zones import zone_pattern
from ingest.effect_ir import Condition, Selector

Build = Callable[[re.Match[str]], Condition | None]
_WHERE = r"(?: in play| on the field| in the battle area)?"
_COLORS = r"red|blue|yellow|green|black|purple|white"
_WHO = r"(?P<who>you have|you|your opponent has|your opponent)"


def _in(zone: str, owner: str = "self") -> str:
    """'cards in your trash': cards in one of the zone phrases of the zone table."""
    return rf"cards in (?:{zone_pattern(zone, owner=owner)})"


def _count(kind: str) -> Build:
    return lambda m: Condition(kind=kind, amount=int(m["n"]))


def _has(m: re.Match[str]) -> Condition | None:
    """'you have a Tamer in play', "your opponent has no Digimon", 'you don't have …'."""
    selector = subject(m["np"])
    if selector is None or getattr(selector, "different", None):  # counted by different names: not a count
        return None
    selector.owner = "opponent" if "opponent" in m["who"] else "self"
    amount = int(m["n"]) if m.groupdict().get("n") else None
    return Condition(kind="has_card", selector=selector, amount=amount, negated=bool(m["neg"]))


def _has_at_most(m: re.Match[str]) -> Condition | None:
    found = _has(m)
    if found is not None:
        found.kind = "has_at_most"
    return found


def _this_has(m: re.Match[str]) -> Condition | None:
    """'this Digimon has the [X] trait', 'has [X] in its name', 'has <Save> in its text' (its printed
    text holds the word: Selector.text_contains, QA Q6051, Q4085; not the keyword <Save>)."""
    text = m["filter"]
    selector = this_with(text if text.startswith("with ") else f"with {text}")
    if selector is None:
        return None
    return Condition(kind="this_matches", selector=selector, negated=m["neg"] != "has")


def _source_card(np: str) -> Selector | None:
    selector = card_select(np if re.match(r"(?:a|an|\d+) ", np) else f"1 {np}", "sources")
    return None if selector is None or selector.up_to else selector


def _in_sources(np: str) -> Condition | None:
    """'[X] is in this Digimon's digivolution cards', 'this Digimon has a red Tamer in its …';
    'a card with [Hybrid] in its traits or [Koji Minamoto]': one card fitting either."""
    selector = _source_card(np)
    if selector is None:
        for m in re.finditer(r" or ", np):
            left, right = _source_card(np[: m.start()]), _source_card(np[m.end() :])
            if left is None or right is None or left.count != 1 or right.count != 1:
                continue
            if left.any_of or right.any_of:
                return None
            plain = {"owner": "any", "count": None, "zone": "sources"}
            selector = Selector(
                owner="self",
                kind="card",
                zone="sources",
                any_of=[left.model_copy(update=plain), right.model_copy(update=plain)],
            )
            break
    if selector is None:
        return None
    return Condition(kind="sources_include", selector=selector, amount=selector.count)


def _not_in_sources(np: str) -> Condition | None:
    """'this Digimon doesn't have [X] in its digivolution cards': no digivolution card fits."""
    found = _in_sources(np)
    if found is None or found.amount != 1:
        return None
    return found.model_copy(update={"negated": True})


def _any_of_them(filters: str = "", color: str = "") -> Condition | None:
    """'if any of them have the [ADVENTURE] trait' after 'when your Digimon are played or
    digivolve': one of the cards the triggering event happened to fits (checked on them)."""
    fields: dict[str, object] = {"owner": "any", "subject": True, "count": None}
    if filters:
        has = this_with(filters)
        if has is None:
            return None
        fields.update(has.model_dump(exclude_defaults=True, exclude={"owner", "this"}))
    if color:
        fields["color"] = color.capitalize()
    return Condition(kind="event_subject_matches", selector=Selector(**fields))  # type: ignore[arg-type]


def _is_or_has(m: re.Match[str]) -> Condition | None:
    """'this Digimon is [Titamon] or has the [Titan] trait': it fits either."""
    has = this_with(f"with {m['filter']}")
    if has is None or has.any_of:
        return None
    plain = {"owner": "any", "this": False, "kind": "card", "count": None}
    named = Selector(name=names_of(m["name"]), **plain)
    either = Selector(owner="self", this=True, any_of=[named, has.model_copy(update=plain)])
    return Condition(kind="this_matches", selector=either)


#: 'this effect deleted …' -> the condition kind on what the effect's earlier actions did.
_RESULTS = {
    "delete": "effect_deleted",
    "trash": "effect_trashed",
    "suspend": "effect_suspended",
    "unsuspend": "effect_unsuspended",
    "return": "effect_returned",
    "play": "effect_played",
    "place": "effect_placed",
    "digivolve": "effect_digivolved",
    "dna digivolve": "effect_dna_digivolved",
    "use": "effect_used",
}


def _result(done: str, negated: bool, whose: str | None = None) -> Condition:
    """'If this effect didn't delete': what the effect's earlier actions did (checked after them);
    'deleted one of your Digimon': only a deletion of that player's Digimon counts."""
    owner = None if whose is None else "self" if whose == "your" else "opponent"
    return Condition(kind=_RESULTS[done], negated=negated,
                     selector=Selector(owner=owner, count=None) if owner else None)


def _anyones(np: str, amount: int | None) -> Condition | None:
    """'there are 2 or more suspended Digimon': cards in play of either player."""
    selector = subject(np)
    if selector is None or selector.owner != "any" or selector.other:
        return None
    return Condition(kind="has_card", selector=selector, amount=amount)


def _in_trash(np: str, amount: int) -> Condition | None:
    """'you have 8 or more Digimon cards with [Chessmon] in their names in your trash', 'if
    [Eyesmon: Scatter Mode] is in your trash': at least N of the owner's trash cards fit (plain
    'cards' is the count of the whole trash, ``trash_at_least`` without a selector)."""
    if np == "cards":
        return None
    selector = card_select(f"{amount} {np}" if not re.match(r"(?:a|an|\d+) ", np) else np, "trash")
    if selector is None or selector.up_to or selector.count is None or selector.any_of:
        return None
    selector.count = None
    return Condition(kind="trash_at_least", amount=amount, selector=selector)


def _this_is(m: re.Match[str]) -> Condition | None:
    """'this Digimon is level 6 or higher': a filter on this Digimon."""
    selector = this_is(m["filter"])
    return None if selector is None else Condition(kind="this_matches", selector=selector)


_PATTERNS: list[tuple[re.Pattern[str], Build]] = [
    (re.compile(rf"(?:if|while) {p}"), b)
    for p, b in [
        (r"you have (?P<n>\d+) or (?:less|fewer) memory", _count("memory_at_most")),
        (r"you have (?P<n>\d+) or more memory", _count("memory_at_least")),
        (r"you have (?P<n>\d+) memory or (?:less|fewer)", _count("memory_at_most")),
        (rf"you have (?P<n>\d+) or more {_in('trash')}", _count("trash_at_least")),
        (
            r"(?:you have|there are) (?P<n>\d+) or more (?P<np>(?!total ).+?) in your trash",
            lambda m: _in_trash(m["np"], int(m["n"])),
        ),
        (
            r"(?:(?:there's|there is|you have) (?P<np>(?:a|an) .+?)|(?P<np2>.+?) is) in your trash",
            lambda m: _in_trash(m["np"] or m["np2"], 1),
        ),
        (r"this digimon has an \[On Play\] effect", lambda m: Condition(kind="this_has_on_play_effect")),
        (r"this digimon (?P<neg>has|doesn't have|does not have) (?P<filter>.+)", _this_has),
        (r"your opponent has (?P<n>\d+) or more memory", _count("opponent_memory_at_least")),
        (
            rf"you have (?P<n>\d+) or (?:less|fewer) (?:security cards|{_in('security')})",
            _count("security_at_most"),
        ),
        (rf"you have (?P<n>\d+) or more {_in('security')}", _count("security_at_least")),
        (r"you have (?P<n>\d+) or more security cards", _count("security_at_least")),
        (r"you have (?P<n>0) security cards", _count("security_at_most")),
        (
            r"your opponent has (?P<n>\d+) or (?:less|fewer) security cards",
            _count("opponent_security_at_most"),
        ),
        (r"your opponent has (?P<n>\d+) or more security cards", _count("opponent_security_at_least")),
        (rf"you have (?P<n>\d+) or (?:less|fewer) {_in('hand')}", _count("hand_at_most")),
        (rf"you have (?P<n>\d+) or more {_in('hand')}", _count("hand_at_least")),
        (r"you have (?P<n>\d+) or more cards in hand", _count("hand_at_least")),
        (r"your opponent has (?P<n>\d+) or more cards in hand", _count("opponent_hand_at_least")),
        (r"either player has (?P<n>\d+) or more cards in their trash", _count("either_trash_at_least")),
        (
            r"the number of cards in your security stack is less than or equal to your opponent's",
            lambda m: Condition(kind="security_at_most_opponents"),
        ),
        (r"your hand has (?P<n>\d+) or (?:less|fewer) cards", _count("hand_at_most")),
        (r"this digimon has (?P<n>\d+) or more digivolution cards", _count("this_sources_at_least")),
        (
            r"(?:there are|you have) (?P<n>\d+) or more digivolution cards under this digimon",
            _count("this_sources_at_least"),
        ),
        (  # 'If there are 2 or less cards under this Tamer': not 3 or more
            r"there are (?P<n>\d+) or (?:less|fewer) cards under this tamer",
            lambda m: Condition(kind="this_sources_at_least", amount=int(m["n"]) + 1, negated=True),
        ),
        (r"a card was placed by this effect", lambda m: _result("place", False)),
        (
            rf"your opponent has (?P<n>\d+) or more {_in('hand', 'opponent')}",
            _count("opponent_hand_at_least"),
        ),
        (
            rf"your opponent has (?P<n>\d+) or (?:fewer|less) {_in('hand', 'opponent')}",
            _count("opponent_hand_at_most"),
        ),
        (
            rf"your opponent has (?P<n>\d+) or more {_in('trash', 'opponent')}",
            _count("opponent_trash_at_least"),
        ),
        (
            rf"your opponent has (?P<n>\d+) or (?:fewer|less) {_in('trash', 'opponent')}",
            _count("opponent_trash_at_most"),
        ),
        (rf"there are (?P<n>\d+) or more {_in('trash')}", _count("trash_at_least")),
        (r"this digimon is (?P<filter>level \d+(?: or (?:higher|more|lower|less))?)", _this_is),
        (
            r"(?P<np>.+?) (?:is|are) in (?:this digimon's|its) digivolution cards",
            lambda m: _in_sources(m["np"]),
        ),
        (r"this digimon has (?P<np>.+?) in its digivolution cards", lambda m: _in_sources(m["np"])),
        (  # P-144 'this Digimon doesn't have [Gotsumon]/[X Antibody] in its digivolution cards', BT18-024
            r"this digimon (?:doesn't|does not) have (?P<np>(?:\[|an? ).+?) in its digivolution cards",
            lambda m: _not_in_sources(m["np"]),
        ),
        (  # EX11-046 'if this Digimon has 4 or more [Vemmon] in its digivolution cards'
            r"this digimon has (?P<n>\d+) or more (?P<np>.+?) in its digivolution cards",
            lambda m: _in_sources(f"{m['n']} {m['np']}"),
        ),
        (  # BT4-016 'while this Digimon's digivolution cards include a … card or a red Tamer card'
            r"this digimon's digivolution cards include (?P<np>(?:a|an) .+)",
            lambda m: _in_sources(m["np"]),
        ),
        (
            r"there are (?P<n>\d+) or more (?P<np>.+?) in this digimon's digivolution cards",
            lambda m: _in_sources(f"{m['n']} {m['np']}"),
        ),
        (
            rf"this digimon is (?P<name>{NAMES})",
            lambda m: Condition(
                kind="this_matches", selector=Selector(owner="self", this=True, name=names_of(m["name"]))
            ),
        ),
        (
            r"there(?:'re| are) (?P<n>\d+) or (?:fewer|less) total cards in both players' security stacks",
            _count("total_security_at_most"),
        ),
        (r"dna digivolving", lambda m: Condition(kind="dna_digivolving")),
        (r"digixrosing(?: with (?P<n>[1-9]\d*) cards)?",  # CR 7-2-2-9, 7-2-2-10: the play was a DigiXros
         lambda m: Condition(kind="digixrosing", amount=int(m["n"]) if m["n"] else None)),
        (r"played by (?:an effect|effects)", lambda m: Condition(kind="played_by_effect")),
        (r"this digimon has (?P<n>\d+) or more colors", _count("this_colors_at_least")),
        (
            r"this digimon's stack has (?P<n>\d+) or more same-level cards",
            _count("this_same_level_at_least"),
        ),
        (rf"there are (?P<n>\d+) or more {_in('trash', 'opponent')}", _count("opponent_trash_at_least")),
        (r"your hand has (?P<n>\d+) or more cards", _count("hand_at_least")),
        (r"this tamer is suspended", lambda m: Condition(kind="this_suspended")),
        (r"this digimon is attacking", lambda m: Condition(kind="attacking")),  # CR 11
        # BT15-049 'Then, if one of their Digimon is attacking, you may switch the target of attack …'
        (r"one of (?:their|your opponent's) digimon is attacking",
         lambda m: Condition(kind="opponent_attacking")),
        (  # BT9-075 '… or is digivolving from the trash': this Digimon is the one digivolving
            r"(?:this digimon is )?digivolving from (?:the|your) trash",
            lambda m: Condition(kind="digivolving_from_trash"),
        ),
        (r"you have (?P<n>0) memory", _count("memory_at_most")),
        (rf"they have (?P<n>\d+) or more {_in('hand', 'opponent')}", _count("opponent_hand_at_least")),
        (rf"they have (?P<n>\d+) or more {_in('trash', 'opponent')}", _count("opponent_trash_at_least")),
        (
            rf"this digimon has (?:a|an) (?P<color>{_COLORS}) digivolution card",
            lambda m: Condition(
                kind="sources_include",
                amount=1,
                selector=Selector(owner="self", kind="card", zone="sources", color=m["color"].capitalize()),
            ),
        ),
        (
            r"you have fewer security cards than your opponent",
            lambda m: Condition(kind="security_fewer_than_opponent"),
        ),
        (
            r"your hand has fewer cards than your opponent's",
            lambda m: Condition(kind="hand_fewer_than_opponent"),
        ),
        (rf"this digimon is (?P<name>{NAMES}) or has (?P<filter>.+)", _is_or_has),
        (r"any of them (?:have|has) (?P<filter>.+)", lambda m: _any_of_them(f"with {m['filter']}")),
        (rf"any of them are (?P<color>{_COLORS})", lambda m: _any_of_them(color=m["color"])),

        (
            r"this digimon has (?:a|an) (?P<np>\[[^\]]+\]) digivolution card",
            lambda m: _in_sources(f"1 {m['np']}"),
        ),
        (
            r"(?:there (?:are|is)|there's) (?P<n>\d+) or more (?P<np>.+?)" + _WHERE,
            lambda m: _anyones(m["np"], int(m["n"])),
        ),
        (r"(?:there (?:are|is)|there's) (?P<np>(?:a|an) .+?)" + _WHERE, lambda m: _anyones(m["np"], None)),

        (r"deleted outside of (?:a )?battle", lambda m: Condition(kind="deleted_in_battle", negated=True)),
        (
            r"you have no face-up security cards",
            lambda m: Condition(kind="face_up_security_at_least", amount=1, negated=True),
        ),
        (
            r"this effect (?P<neg>didn't |did not )?(?P<verb>delete|suspend)(?:d|ed|s)? "
            r"(?:one of |1 of |any of |an? )?(?P<whose>your opponent's|opponent's|your) digimon",
            lambda m: _result(m["verb"], bool(m["neg"]), m["whose"]),
        ),
        (
            r"this effect (?P<neg>didn't |did not )?"
            r"(?P<verb>delete|trash|unsuspend|suspend|return|play|place|dna digivolve|digivolve)(?:d|ed)?",
            lambda m: _result(m["verb"], bool(m["neg"])),
        ),
        (
            r"no digimon (?:was|were|is|are) (?P<verb>delete|suspend|return)(?:d|ed) by this effect",
            lambda m: _result(m["verb"], True),
        ),
        (  # BT6-065 'You may use 1 Option card … among them. … If you don't use an Option card with this
            # effect': the use did not happen
            r"you (?P<neg>don't |do not |didn't |did not )?(?P<verb>use) an option card with this effect",
            lambda m: _result(m["verb"], bool(m["neg"])),
        ),
        (  # EX8-073 'If this didn't delete': this effect
            r"this (?P<neg>didn't |did not )(?P<verb>delete|trash)",
            lambda m: _result(m["verb"], True),
        ),
        (  # EX2-067 'If an opponent's Digimon wasn't deleted by this effect'
            r"(?:an|one of your) (?P<whose>opponent's|your) digimon (?P<neg>wasn't |was not |was )"
            r"(?P<verb>delete|suspend)d by this effect",
            lambda m: _result(m["verb"], m["neg"] != "was ", m["whose"]),
        ),
        (  # EX4-070 'If they do not trash a card', BT24-069 'If your opponent didn't trash with this effect':
            # the action just before (the opponent's 'may trash') did nothing
            r"(?:they|your opponent) (?:don't|do not|didn't|did not) trash(?: a card| with this effect)?",
            lambda m: Condition(kind="effect_done", negated=True),
        ),
        # 'This Digimon can digivolve into …. If it does, …' (P-029, P-030): the Digimon did what it could
        (r"(?:(?:you|they) (?:do|did)|it does)", lambda m: Condition(kind="effect_done")),
        (  # 'Add 1 … among them to the hand. Return the rest …. If you added cards, …'
            r"(?:you added(?: a card| cards)?|this effect added (?:a card |cards )?to (?:a|the|your) hand)",
            lambda m: Condition(kind="effect_added"),
        ),
        (  # 'You may …. If you don't, …', 'Your opponent may …. If they didn't, …'
            r"(?:you|they) (?:don't|do not|didn't|did not)",
            lambda m: Condition(kind="effect_done", negated=True),
        ),
        (r"it's your turn", lambda m: Condition(kind="your_turn")),
        # what happened earlier in the turn (kg/solver/handlers/turn_history.py)
        (r"you've digivolved this turn", lambda m: Condition(kind="digivolved_this_turn")),
        (r"your opponent didn't attack with a digimon this turn",
         lambda m: Condition(kind="opponent_attacked_this_turn", negated=True)),
        (r"it's your opponent's turn", lambda m: Condition(kind="your_turn", negated=True)),
        (r"this digimon is suspended", lambda m: Condition(kind="this_suspended")),
        (
            r"this digimon has no digivolution cards",
            lambda m: Condition(kind="this_sources_at_least", amount=1, negated=True),
        ),
        (
            rf"{_WHO} (?P<neg>no |don't have |do not have |doesn't have |does not have )?"
            rf"(?P<np>(?:a|an|another|1 or more|other) .+?|\[.+?){_WHERE}",
            _has,
        ),
        (rf"{_WHO} (?P<neg>)(?P<n>\d+) or more (?P<np>.+?){_WHERE}", _has),
        (rf"{_WHO} (?P<neg>)(?P<n>\d+) or (?:fewer|less) (?P<np>.+?){_WHERE}", _has_at_most),
        (rf"{_WHO} (?P<neg>no )(?P<np>.+?){_WHERE}", _has),
    ]
]


def _read(lowered: str, span: str = "") -> Condition | None:
    return match_table(_PATTERNS, lowered) or phrase_condition(lowered, _PATTERNS, span)


def _one(lowered: str, span: str) -> Condition | None:
    # 'on the field' first: the table's 'in play' reading would leave out the breeding area (CR 3-4-6)
    condition = on_field(lowered, _read) or _read(lowered, span) or phrase_cause(lowered, _read)
    if condition is not None:
        condition.span = span
    return condition


#: 'If you have 3 security cards': exactly that many, as 'at least' and 'at most' both holding.
_EXACTLY = re.compile(r"(?:if|while) you have (?P<n>[1-9]\d*) security cards")
#: 'If this Digimon has 3 digivolution cards': at least 3 and not at least 4.
_EXACT_SOURCES = re.compile(r"(?:if|while) this digimon has (?P<n>[1-9]\d*) digivolution cards")


_FORM_OR_TYPE = re.compile(r" in (its|their) (?:form or type|types?|forms?)\b")


def compile_conditions(text: str) -> list[Condition]:
    """The processing conditions of one clause: one, or two joined by 'and' that must both hold."""
    span = text.strip()
    # the older words for traits: a card's form and type are among its traits (CR 2-3-2-1)
    lowered = _FORM_OR_TYPE.sub(r" in \1 traits", lower(span))
    if m := _EXACTLY.fullmatch(lowered):
        n = int(m["n"])
        return [Condition(kind=k, amount=n, span=span) for k in ("security_at_least", "security_at_most")]
    if m := _EXACT_SOURCES.fullmatch(lowered):
        n = int(m["n"])
        return [
            Condition(kind="this_sources_at_least", amount=n, span=span),
            Condition(kind="this_sources_at_least", amount=n + 1, negated=True, span=span),
        ]
    if (one := _one(lowered, span)) is not None:
        return [one]
    for m in re.finditer(r",? and ", lowered):
        first = _one(lowered[: m.start()], span)
        second = next((c for t in _second_halves(lowered, lowered[m.end() :]) if (c := _one(t, span))), None)
        if first is not None and second is not None:
            return [first, second]
    if (either := _either(lowered, span)) is not None:
        return [either]
    return [Condition(kind="unknown", span=span, compiled=False)]


#: The subject and verb of a clause: 'if you have …', 'while this Digimon is …'.
_SUBJECT = re.compile(r"(?:if|while) (?P<subject>you|your opponent|this digimon) (?P<verb>have|has|is)\b")


def _second_halves(lowered: str, rest: str) -> list[str]:
    """The second of two conditions joined by 'and', read whole: on its own ('if … and if …'), with
    the first one's subject ('while this Digimon has the [X] trait and is level 5 or higher'), or
    with its subject and verb ('if you have 3 or fewer security cards and [Shu-Chong Wong] in play')."""
    word = lowered.split(" ", 1)[0]
    halves = [f"{word} {rest}"]
    if (m := _SUBJECT.match(lowered)) is not None:
        if re.match(r"(?:is|has|have) ", rest):
            halves.append(f"{word} {m['subject']} {rest}")
        else:
            halves.append(f"{word} {m['subject']} {m['verb']} {rest}")
    return halves


def _own_clause(left: str, rest: str) -> bool:
    """Whether the 'with …' of the second half of 'X or Y' can only be Y's: Y has its own subject
    ('… or you have 3 or more [Hero] trait Tamers with different names'), or X counts security cards,
    memory or hand cards, which names don't qualify ('2 or fewer security cards or 3 or more …')."""
    return bool(re.match(r"(?:you have|your opponent has|this digimon) ", rest)) or bool(
        re.search(r"\d+ or (?:fewer|less|more) (?:security cards|memory|cards in (?:your|their) hand)$", left)
        and rest.endswith(" with different names"))


#: The subject the second half of 'if you have X or Y' shares with the first, and X's article.
_LEAD = re.compile(r"(?:if|while) (?P<lead>you have|your opponent has|this digimon has) (?P<art>(?:a|an) )?")


def _either(lowered: str, span: str) -> Condition | None:
    """'if X or Y' (CR 15-6): one of two conditions; 'if you have a purple Digimon or purple Tamer'
    shares 'you have a'. Not when a trailing 'with …' of Y could qualify X as well ('a Tamer or a
    Digimon with the [Hybrid] trait'), nor about a chosen card ('that Digimon')."""
    word = lowered.split(" ", 1)[0]
    lead = _LEAD.match(lowered)
    for m in re.finditer(r",? or (?!more|less|fewer|higher|lower)(?:if )?", lowered):
        left, rest = lowered[: m.start()], lowered[m.end() :]
        if re.search(r"\b(?:that|chosen|it)\b", lowered):
            continue
        said = left[lead.end() - len(lead["art"] or ""):] if lead is not None else ""
        # a bare name ('[Tai Kamiya] or a Tamer with the [ADVENTURE] trait') takes no 'with …'
        if " with " in rest and " with " not in left and not re.fullmatch(r"(?:a |an )?\[[^\]]+\]", said) \
                and not _own_clause(left, rest):
            continue
        first = _one(left, span)
        tries = _second_halves(lowered, rest)  # '… or is digivolving from the trash': the same subject
        if lead is not None:
            article = "" if re.match(r"(?:a|an|\d+|no) |\[", rest) else lead["art"] or ""
            tries.append(f"{word} {lead['lead']} {article}{rest}")
            # 'a Digimon with [X] in its name or with [X] in its digivolution cards': the same card
            if (head := re.match(r"(?:a|an) (?:digimon|tamer) (?:in play )?(?=with )", said)) \
                    and rest.startswith("with "):
                tries.append(f"{word} {lead['lead']} {head[0]}{rest}")
        second = next((c for t in tries if (c := _one(t, span)) is not None), None)
        if first is not None and second is not None:
            return Condition(kind="either", either=[first, second], span=span)
    return None


def compile_condition(text: str) -> Condition:
    """A processing condition from its clause (the first, if it joins two with 'and')."""
    return compile_conditions(text)[0]
