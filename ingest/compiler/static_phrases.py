"""What a card is or has, as lasting facts: 'This Digimon gains all effects of cards with [Gammamon]
in their names in this Digimon's digivolution cards' (``gain_source_effects``), 'this Digimon isn't
affected by the effects of your opponent's Digimon' (``unaffected``, CR 15-15-5), 'your opponent's
effects can't delete this Digimon' / 'can't reduce this Digimon's DP' (protections), 'can't be
blocked by your opponent's Digimon with no digivolution cards' (``cant_be_blocked`` with the blockers
it names), 'can only digivolve into white Digimon' (``digivolves_only_into``), 'This Digimon is also
treated as yellow' (``also_colored``).

Each template is matched against a whole lower-cased sentence (the 'if/while …' condition and the
cost already cut off by ``ingest.compiler.body``); a builder returns None unless it understood every
part. The verbs are lasting (``ingest.compiler.LASTING``): in a persistent effect they hold while it
applies, in a triggered one for the sentence's duration.

>>> [(a.verb, a.card.name_contains) for a in match_static(
...     "this digimon gains all effects of cards with [gammamon] in their names in this digimon's "
...     "digivolution cards")]
[('gain_source_effects', 'gammamon')]
>>> [(a.verb, a.card.owner, a.card.kind) for a in match_static(
...     "this digimon isn't affected by the effects of your opponent's digimon")]
[('unaffected', 'opponent', 'Digimon')]
"""

from __future__ import annotations

import re

from ingest.compiler.actions import (
    DURATION,
    Builder,
    _cant,
    _duration,
    match_action,
    match_table,
    one_choice,
    timings_of,
)
from ingest.compiler.prohibition_phrases import match_prohibition
from ingest.compiler.select import card_select, select
from ingest.compiler.self_phrases import match_self
from ingest.effect_ir import Action, Selector
from ingest.vocab import vocabulary

_SEL = r"(?P<sel>.+?)"
_DUR = rf"(?: (?P<dur>{DURATION}))?"
_LEAD = rf"(?P<dur>{DURATION}), "
_NAMES = r"\[(?P<a>[^\]]+)\](?: (?:and|or) \[(?P<b>[^\]]+)\])?"


def _this(m: re.Match[str]) -> Selector | None:
    """The subject: only 'this Digimon' (or 'it', which ``select`` reads as this Digimon)."""
    selector = select(m["sel"]) if "sel" in m.groupdict() else Selector(owner="self", this=True)
    return selector if selector is not None and selector.this else None


def _names(m: re.Match[str]) -> str:
    """'[Machinedramon] and [Chaosdramon]' (cards with either in their names, QA Q2213), as printed."""
    return "/".join(n for n in (m["a"], m["b"]) if n)


def _source_effects(card: Selector, timing: str | None = None) -> list[Action]:
    """This Digimon gains the effects (of one timing, if given) printed on its digivolution cards
    that ``card`` picks: their own effects, not their inherited ones (QA Q1942, Q1941)."""
    return [Action(verb="gain_source_effects", selector=Selector(owner="self", this=True),
                   card=card, timing=timing, duration="permanent")]


def _gain_named(m: re.Match[str]) -> list[Action] | None:
    """'… gains all (of the) effects of/on cards with [X] (and [Y]) in their names in this Digimon's
    digivolution cards' / '… gains all effects of [X] in …': by name part or by exact name."""
    if _this(m) is None:
        return None
    names = _names(m)
    card = Selector(owner="self", kind="card", count=None, zone="sources")
    if m["in_name"]:
        card.name_contains = names
    else:
        card.name = names
    return _source_effects(card)


def _gain_timed(m: re.Match[str]) -> list[Action] | None:
    """'… gains all [Main] effects of its digivolution cards with the [Flame] trait' / '… gains all
    [All Turns] effects on all level 6 [Bagra Army] trait Digimon cards in its digivolution cards'."""
    timings = timings_of(m["t"])
    if _this(m) is None or timings is None or len(timings) != 1:
        return None
    level = int(m["level"]) if m.groupdict().get("level") else None
    card = Selector(owner="self", kind="Digimon" if level else "card", count=None, zone="sources",
                    trait=m["trait"], min_level=level, max_level=level)
    return _source_effects(card, timings[0])


#: Whose effects a Digimon is not affected by: ``Action.card`` (its owner is relative to the
#: effect's owner; kind Digimon: effects of Digimon, CR 15-15-5; card: any effect).
_BY = {
    "the effects of your opponent's digimon": "Digimon",
    "the effects your opponent's digimon": "Digimon",  # BT23-038's misprint
    "the effects of their digimon": "Digimon",
    "your opponent's digimon's effects": "Digimon",
    "your opponent's digimon effects": "Digimon",
    "your opponent's effects": "card",
    "their effects": "card",
    "the effects of your opponent": "card",
    "the effects of your opponent's option cards": "Option",  # BT19-089
    "your opponent's option cards": "Option",  # BT13-108's granted effect
}
_BY_RE = "|".join(re.escape(k) for k in _BY)
_THEIRS = {"your opponent's digimon's": "Digimon", "your opponent's digimon": "Digimon",
           "your opponent's": "card", "their": "card", "their digimon's": "Digimon",
           "their digimon": "Digimon",  # EX12-019
           "their option": "Option"}  # BT25-019
_THEIRS_RE = "|".join(re.escape(k) for k in sorted(_THEIRS, key=len, reverse=True))


def _unaffected(by: str) -> Builder:
    """A builder: the subject isn't affected by effects of the opponent's cards of one kind."""

    def build(m: re.Match[str]) -> list[Action] | None:
        selector = select(m["sel"])
        whose = _BY.get(m["by"]) if by == "phrase" else _THEIRS.get(m["by"])
        if selector is None or whose is None or selector.owner != "self" or selector.kind != "Digimon":
            return None
        if m.groupdict().get("none") and selector.count is not None:
            return None  # 'none of your … are affected': every one of them
        source = Selector(owner="opponent", kind=whose, count=None)  # type: ignore[arg-type]
        return [Action(verb="unaffected", selector=selector, card=source, duration=_duration(m["dur"]))]  # type: ignore[arg-type]

    return build


def _keyword_proof(m: re.Match[str]) -> list[Action] | None:
    """'… isn't affected by <De-Digivolve> effects' / '<De-Digivolve> effects don't affect 1 of your
    Digimon': no <De-Digivolve> changes it, whoever's effect it is (CR 15-15-5; ``unaffected_by_keyword``,
    read where <De-Digivolve> is carried out); 'their <De-Digivolve> effects …': the opponent's only
    (``card``). This Digimon or the player's own Digimon."""
    selector = select(m["sel"])
    keyword = vocabulary().keywords.get(m["kw"].lower())
    mine = selector is not None and (selector.this or (selector.owner, selector.kind) == ("self", "Digimon"))
    if selector is None or not mine or keyword != "DeDigivolve":
        return None
    whose = Selector(owner="opponent", kind="card", count=None) if m.groupdict().get("whose") else None
    return [Action(verb="unaffected_by_keyword", selector=selector, keyword=keyword, card=whose,
                   duration=_duration(m["dur"]))]  # type: ignore[arg-type]


def _unreturnable_proof(m: re.Match[str]) -> list[Action] | None:
    """'Their effects can't return this Digimon to hands or decks or affect it with <De-Digivolve>
    effects': both protections, against the opponent's effects, on the one Digimon (BT23-033); 'that
    Digimon' is the one of yours an earlier part chose (BT21-074: the cost's, ``body._that_digimon``)."""
    if m["sel"] == "that digimon":
        selector: Selector | None = Selector(owner="self", subject=True)
    else:
        selector = select(m["sel"])
    if selector is None or not (selector.this or selector.subject or selector.count == 1) \
            or (selector.owner, selector.kind) != ("self", "Digimon"):
        return None
    duration, whose = _duration(m["dur"]), Selector(owner="opponent", kind="card", count=None)
    returned = Action(verb=_NO_RETURN, selector=selector, duration=duration)  # type: ignore[arg-type]
    proof = Action(verb="unaffected_by_keyword", selector=selector.model_copy(), keyword="DeDigivolve",
                   card=whose, duration=duration)  # type: ignore[arg-type]
    return one_choice([returned, proof])


def _protected(*verbs: str, source: str | None = None) -> Builder:
    """'your opponent's effects can't delete this Digimon (or return it to hands or decks)' / '… can't
    reduce this Digimon's DP': each protection, for the duration, on the one Digimon (or the same
    ones) the sentence names; a DP protection names whose effects it is against (``card``)."""

    def build(m: re.Match[str]) -> list[Action] | None:
        selector = select(m["sel"] or m.groupdict().get("sel2") or "")
        if selector is None or selector.owner != "self" or selector.kind != "Digimon":
            return None
        duration = _duration(m["dur"])
        found = [Action(verb=v, selector=selector.model_copy(), duration=duration) for v in verbs]  # type: ignore[arg-type]
        for action in found:
            if action.verb == "cant_have_dp_reduced":  # whose effects can't: the opponent's, or anyone's
                action.card = Selector(owner=source or "opponent", kind="card", count=None)  # type: ignore[arg-type]
        return one_choice(found)

    return build


def _unblockable_by(m: re.Match[str]) -> list[Action] | None:
    """'… can't be blocked by your opponent's Digimon with no digivolution cards': no Digimon that
    ``card`` picks may block it (other blockers still may)."""
    selector, blockers = select(m["sel"]), select(m["by"])
    if selector is None or blockers is None or blockers.owner != "opponent" or blockers.count is not None:
        return None
    if blockers == Selector(owner="opponent", count=None):
        return None  # all of them: plain 'can't be blocked' (ingest.compiler.actions)
    return [Action(verb="cant_be_blocked", selector=selector, card=blockers, duration=_duration(m["dur"]))]  # type: ignore[arg-type]


_COLOR = r"red|blue|yellow|green|black|purple|white"

#: What 'can only digivolve into …' names, as a card phrase ``card_select`` reads.
_INTO = [
    (re.compile(rf"(?P<color>{_COLOR}) digimon"), "a {color} digimon card"),
    (re.compile(r"(?P<name>\[[^\]]+\])"), "1 {name}"),
    (re.compile(r"digimon with (?P<name>\[[^\]]+\]) in their names"),
     "a digimon card with {name} in its name"),
]


def _only_into(m: re.Match[str]) -> list[Action] | None:
    """'This Digimon can only digivolve into white Digimon / into [Apocalymon] / into Digimon with
    [Lucemon] in their names': it may digivolve into no other card (``card``: the cards it may)."""
    if _this(m) is None:
        return None
    for pattern, phrase in _INTO:
        if (found := pattern.fullmatch(m["what"])) is not None:
            card = card_select(phrase.format(**found.groupdict()))
            if card is None or card.count not in (None, 1):
                return None
            card = card.model_copy(update={"count": None, "owner": "any"})
            return [Action(verb="digivolves_only_into", selector=Selector(owner="self", this=True), card=card,
                           duration=_duration(m["dur"]))]  # type: ignore[arg-type]
    return None


def _also_colored(m: re.Match[str]) -> list[Action] | None:
    """'This Digimon is also treated as yellow': it has that colour besides its own (CR 2-4-3-1); only
    as a persistent fact of the card (the solver reads it there: ``kg.solver.statics.stack_colors``)."""
    if _this(m) is None or m["dur"]:
        return None
    color = Selector(owner="any", kind="card", count=None, color=m["color"].capitalize())
    return [Action(verb="also_colored", selector=Selector(owner="self", this=True), card=color,
                   duration=_duration(m["dur"]))]  # type: ignore[arg-type]


def _no_option_security(m: re.Match[str]) -> list[Action] | None:
    """'This Digimon doesn't activate [Security] effects (skills) on Option cards it checks': the
    [Security] effects of the Option cards it checks do not activate (the card goes to the trash,
    QA Q886); those of Digimon and Tamer cards still do (Q1516)."""
    selector = _this(m)
    if selector is None:
        return None
    return [Action(verb="no_option_security", selector=selector, duration=_duration(m["dur"]))]  # type: ignore[arg-type]


def _none_can(m: re.Match[str]) -> list[Action] | None:
    """'None of your opponent's Digimon with no digivolution cards can attack (until …)' is 'all of
    them can't …': read by the restriction templates (``ingest.compiler.actions``), every one of them
    now and later. Not with a filter compared with this Digimon (a lasting effect has no 'this
    Digimon' to compare with later)."""
    lead = f"{m['lead']}, " if m["lead"] else ""
    found = match_action(f"{lead}all of {m['who']} can't {m['what']}")
    if found is None and " or " in m["what"]:  # 'can digivolve or unsuspend': each
        parts = [match_action(f"{lead}all of {m['who']} can't {p}") for p in m["what"].split(" or ")]
        found = None if None in parts else [a for part in parts for a in part or []]
    restrictions = ("cant_", "skips_next_unsuspend")
    if not found or not all(a.verb.startswith(restrictions) and a.selector is not None for a in found):
        return None
    for action in found:
        sel = action.selector
        assert sel is not None
        if sel.count is not None or sel.this or sel.dp_at_most_this or sel.sources_at_most_this \
                or sel.level_at_most_sources:
            return None
    return found


_NOT_AFFECTED = r"(?:isn't|is not|aren't|are not) affected by|(?:is|are) unaffected by"

_THEIR_EFFECTS = r"(?:your opponent's|their) effects"
_HAND_DECK = r"(?:the |its owner's |their owners' |their )?hands? or (?:the )?decks?"
_NO_DELETE, _NO_RETURN = "cant_be_deleted_by_opponents_effects", "cant_be_returned_by_opponents_effects"
_DP_OF = r"(?:the dp of (?P<sel>.+?)|(?P<sel2>.+?)'s dp)"

#: Templates (lower case), most specific first.
STATIC_TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (
            rf"{_SEL} gains all (?:of )?(?:the )?effects (?:of|on) (?:cards with )?{_NAMES}"
            r"(?P<in_name> in their names)?(?: cards)? in this digimon's digivolution cards",
            _gain_named,
        ),
        (
            rf"{_SEL} gains all (?P<t>\[[^\]]+\]) effects of its digivolution cards with the "
            r"\[(?P<trait>[^\]]+)\] trait",
            _gain_timed,
        ),
        (
            rf"{_SEL} gains all (?P<t>\[[^\]]+\]) effects on all level (?P<level>\d+) "
            r"\[(?P<trait>[^\]]+)\] trait digimon cards in its digivolution cards",
            _gain_timed,
        ),
        (rf"{_SEL} (?:{_NOT_AFFECTED}) (?P<by>{_BY_RE}){_DUR}", _unaffected("phrase")),
        (rf"{_LEAD}{_SEL} (?:{_NOT_AFFECTED}) (?P<by>{_BY_RE})", _unaffected("phrase")),
        (rf"{_SEL} (?:{_NOT_AFFECTED}) (?:(?P<whose>your opponent's|their) )?<(?P<kw>de-digivolve)> "
         rf"effects{_DUR}", _keyword_proof),
        (rf"{_LEAD}{_SEL} (?:{_NOT_AFFECTED}) (?:(?P<whose>your opponent's|their) )?<(?P<kw>de-digivolve)> "
         r"effects", _keyword_proof),
        (rf"(?:(?P<whose>your opponent's|their) )?<(?P<kw>de-digivolve)> effects (?:don't|do not) affect "
         rf"{_SEL}{_DUR}", _keyword_proof),
        (rf"{_LEAD}(?:(?P<whose>your opponent's|their) )?<(?P<kw>de-digivolve)> effects (?:don't|do not) "
         rf"affect {_SEL}", _keyword_proof),
        (rf"(?P<whose>{_THEIR_EFFECTS}) can't return {_SEL} to {_HAND_DECK} or affect (?:it|them) with "
         rf"<(?P<kw>de-digivolve)> effects{_DUR}", _unreturnable_proof),
        (rf"{_LEAD}(?P<whose>{_THEIR_EFFECTS}) can't return {_SEL} to {_HAND_DECK} or affect (?:it|them) "
         r"with <(?P<kw>de-digivolve)> effects", _unreturnable_proof),
        (rf"(?P<none>none of ){_SEL} (?:is|are) affected by (?P<by>{_BY_RE}){_DUR}", _unaffected("phrase")),
        (rf"{_LEAD}(?P<none>none of ){_SEL} (?:is|are) affected by (?P<by>{_BY_RE})", _unaffected("phrase")),
        (rf"(?P<by>{_THEIRS_RE}) effects (?:don't|do not) affect {_SEL}{_DUR}", _unaffected("owner")),
        (rf"{_LEAD}(?P<by>{_THEIRS_RE}) effects (?:don't|do not) affect {_SEL}", _unaffected("owner")),
        (rf"{_THEIR_EFFECTS} can't delete {_SEL} or return (?:it|them) to {_HAND_DECK}{_DUR}",
         _protected(_NO_DELETE, _NO_RETURN)),
        (rf"{_LEAD}{_THEIR_EFFECTS} can't delete {_SEL} or return (?:it|them) to {_HAND_DECK}",
         _protected(_NO_DELETE, _NO_RETURN)),
        (rf"{_THEIR_EFFECTS} can't reduce {_DP_OF} or return (?:it|them) to {_HAND_DECK}{_DUR}",
         _protected("cant_have_dp_reduced", _NO_RETURN)),
        (rf"{_LEAD}{_THEIR_EFFECTS} can't reduce {_DP_OF} or return (?:it|them) to {_HAND_DECK}",
         _protected("cant_have_dp_reduced", _NO_RETURN)),
        (rf"{_THEIR_EFFECTS} can't return {_SEL} to {_HAND_DECK}{_DUR}", _protected(_NO_RETURN)),
        (rf"{_LEAD}{_THEIR_EFFECTS} can't return {_SEL} to {_HAND_DECK}", _protected(_NO_RETURN)),
        (rf"{_THEIR_EFFECTS} can't delete {_SEL}{_DUR}", _protected("cant_be_deleted_by_opponents_effects")),
        (rf"{_LEAD}{_THEIR_EFFECTS} can't delete {_SEL}", _protected("cant_be_deleted_by_opponents_effects")),
        (rf"{_THEIR_EFFECTS} can't reduce {_DP_OF}{_DUR}", _protected("cant_have_dp_reduced")),
        (rf"{_LEAD}{_THEIR_EFFECTS} can't reduce {_DP_OF}", _protected("cant_have_dp_reduced")),
        (
            rf"{_SEL} can't have (?:its|their) dp reduced by {_THEIR_EFFECTS}{_DUR}",
            _protected("cant_have_dp_reduced"),
        ),
        (rf"{_SEL}'s dp can't be reduced{_DUR}", _protected("cant_have_dp_reduced", source="any")),
        (rf"{_SEL} can't be blocked by (?P<by>your opponent's digimon .+?){_DUR}", _unblockable_by),
        (rf"{_SEL} can only digivolve into (?P<what>.+?){_DUR}", _only_into),
        (rf"(?:(?P<lead>{DURATION}), )?none of (?P<who>.+?) can (?P<what>(?!only ).+)", _none_can),
        (rf"{_SEL} is also treated as (?P<color>{_COLOR}){_DUR}", _also_colored),
        (rf"{_SEL} (?:doesn't|does not) activate \[(?i:security)\] (?:effects|skills) on option cards "
         rf"it checks{_DUR}", _no_option_security),
        (rf"{_LEAD}{_SEL} can't be blocked by (?P<by>your opponent's digimon .+?)", _unblockable_by),
        # 'can't attack your opponent's Digimon': it may still attack players and battle a blocker (Q3242)
        (rf"{_SEL} can't attack your opponent's digimon{_DUR}", _cant("cant_attack_digimon")),
        (rf"{_LEAD}{_SEL} can't attack your opponent's digimon", _cant("cant_attack_digimon")),
        # 'can't have their attack targets switched': no block or effect changes the target (Q2280, Q3843)
        (rf"{_SEL} can't have (?:its|their) attack targets? switched{_DUR}",
         _cant("cant_change_attack_target")),
        (rf"{_LEAD}(?P<sel>this digimon)'s attack target can't (?:change|be switched)",
         _cant("cant_change_attack_target")),
    ]
]


_DONT_AFFECT = rf"(?:(?P<lead>{DURATION}), )?(?P<by>{_THEIRS_RE}) effects (?:don't|do not) affect"
#: 'Their Digimon effects don't affect this Digimon and it gets +4000 DP' (EX12-019): this Digimon, both.
_AFFECT_AND_IT = re.compile(
    rf"{_DONT_AFFECT} (?P<sel>this digimon),? and it (?P<rest>gets .+?)(?: (?P<dur>{DURATION}))?")
#: '… their Digimon's effects don't affect this Digimon and 1 of your Digimon with [Garurumon] in its name'
#: (AD1-009): two subjects, each its own.
_AFFECT_BOTH = re.compile(rf"{_DONT_AFFECT} (?P<sel>this digimon) and (?P<other>(?:1|all) of your .+?)"
                          rf"(?: (?P<dur>{DURATION}))?")
#: 'This Digimon and all Digimon with [Knightmon] or [Knightsmon] in their names are unblockable' (EX4-042).
_BOTH_UNBLOCKABLE = re.compile(
    rf"(?P<sel>this digimon) and (?P<other>all .+?) are unblockable(?: (?P<dur>{DURATION}))?")


def _two_reads(text: str) -> list[Action] | None:
    """The sentences above: each part read by the older templates on its own subject, with the
    sentence's duration; only when every part is read and the 'this Digimon' parts are this Digimon."""
    if (m := _AFFECT_AND_IT.fullmatch(text)) is not None:
        lead, dur = f"{m['lead']}, " if m["lead"] else "", f" {m['dur']}" if m["dur"] else ""
        parts = [(f"{lead}{m['by']} effects don't affect this digimon{dur}", True),
                 (f"{lead}this digimon {m['rest']}{dur}", True)]
    elif (m := _AFFECT_BOTH.fullmatch(text)) is not None:
        lead, dur = f"{m['lead']}, " if m["lead"] else "", f" {m['dur']}" if m["dur"] else ""
        parts = [(f"{lead}{m['by']} effects don't affect this digimon{dur}", True),
                 (f"{lead}{m['by']} effects don't affect {m['other']}{dur}", False)]
    elif (m := _BOTH_UNBLOCKABLE.fullmatch(text)) is not None:
        dur = f" {m['dur']}" if m["dur"] else ""
        parts = [(f"this digimon is unblockable{dur}", True), (f"{m['other']} are unblockable{dur}", False)]
    else:
        return None
    found: list[Action] = []
    for part, this in parts:
        actions = match_table(STATIC_TEMPLATES, part) or match_action(part)
        if actions is None or len(actions) != 1 or actions[0].selector is None \
                or actions[0].selector.this != this:
            return None
        found += actions
    return found  # two subjects: no shared choice


_AFFECTED = rf"(?:{_NOT_AFFECTED}) "
#: This Digimon with two predicates, one of them 'isn't affected by …': 'This Digimon gains <Blocker> and
#: isn't affected by your opponent's Digimon's effects until the end of your opponent's turn'.
_PAIR = re.compile(
    rf"(?:(?P<lead>{DURATION}), )?(?P<sel>this digimon|it) (?P<a>.+?),? and "
    rf"(?P<b>(?:{_NOT_AFFECTED}) .+?|(?:gets?|gains?|can't) .+?)(?: (?P<dur>{DURATION}))?"
)


def _pair(text: str) -> list[Action] | None:
    """Both predicates for this Digimon, each under the sentence's durations (as the compiler reads
    one subject with two predicates, ``ingest.compiler.body``); only with an 'isn't affected' one."""
    if (m := _PAIR.fullmatch(text)) is None:
        return None
    if not any(re.match(_AFFECTED, p) for p in (m["a"], m["b"])):
        return None
    lead, dur = f"{m['lead']}, " if m["lead"] else "", f" {m['dur']}" if m["dur"] else ""
    found: list[Action] = []
    for predicate in (m["a"], m["b"]):
        part = f"{lead}{m['sel']} {predicate}{dur}"
        actions = match_action(part) or match_table(STATIC_TEMPLATES, part)
        if actions is None or any(a.selector is None or not a.selector.this for a in actions):
            return None
        found += actions
    return one_choice(found)


def match_static(text: str) -> list[Action] | None:
    """The actions of a lower-cased sentence about what a card is or has, if a template matches it whole."""
    return match_table(STATIC_TEMPLATES, text) or _pair(text) or match_self(text) or match_prohibition(text) \
        or _two_reads(text)
