"""Action templates for cards in play, and cost phrases: each a regex matched against a whole
lower-cased sentence (or cost phrase), with a builder that returns None unless every part of
the match is understood.

>>> [a.verb for a in match_action("delete 1 of your opponent's digimon with 4000 dp or less")]
['delete']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ingest.compiler.activate_phrases import ACTIVATE_TEMPLATES
from ingest.compiler.breeding_phrases import BREEDING_TEMPLATES
from ingest.compiler.chosen_attack_phrases import CHOSEN_ATTACK_TEMPLATES
from ingest.compiler.cost_change_phrases import COST_TEMPLATES
from ingest.compiler.face_phrases import FACE_TEMPLATES
from ingest.compiler.hand_top_phrases import HAND_TOP_TEMPLATES
from ingest.compiler.keyword_phrases import KEYWORD_TEMPLATES
from ingest.compiler.lead_chars import LeadIndex
from ingest.compiler.modal_phrases import MODAL_TEMPLATES
from ingest.compiler.more_actions import MORE_TEMPLATES
from ingest.compiler.neither_phrases import NEITHER_TEMPLATES
from ingest.compiler.number_phrases import NUMBER_TEMPLATES
from ingest.compiler.option_bars import OPTION_BAR_TEMPLATES
from ingest.compiler.original_dp_phrases import ORIGINAL_DP_TEMPLATES
from ingest.compiler.removal import REMOVAL_TEMPLATES
from ingest.compiler.rule_phrases import RULE_TEMPLATES
from ingest.compiler.select import card_select, select
from ingest.compiler.semantics import semantics
from ingest.compiler.xros_phrases import XROS_TEMPLATES
from ingest.effect_ir import Action, Selector
from ingest.vocab import find_keywords, vocabulary

Builder = Callable[[re.Match[str]], list[Action] | None]
T = TypeVar("T")

_DURATIONS = [
    (r"for the turn|this turn", "this_turn"),
    (r"until the end of (?:your )?opponent's next turn", "until_end_of_opponents_next_turn"),
    (r"until (?:your )?opponent's next turn ends", "until_end_of_opponents_next_turn"),
    (r"until the end of their next turn", "until_end_of_opponents_next_turn"),
    (r"until their next turn ends", "until_end_of_opponents_next_turn"),
    (r"until the end of (?:your )?opponent's turn", "until_end_of_opponents_turn"),
    (r"until (?:your )?opponent's turn ends", "until_end_of_opponents_turn"),
    (r"until the end of their turn", "until_end_of_opponents_turn"),
    (r"until their turn ends", "until_end_of_opponents_turn"),
    (r"until the end of your next turn", "until_end_of_your_next_turn"),
    (r"until the end of your turn", "until_end_of_your_turn"),
    (r"until your turn ends", "until_end_of_your_turn"),
    (r"for the battle|for the attack", "this_attack"),
    (r"until the end of (?:the|this) turn", "this_turn"),  # BT5-102, P-095
    (r"until end of their turn", "until_end_of_opponents_turn"),  # EX7-072
    (r"until the end of your opponents turn", "until_end_of_opponents_turn"),  # EX6-027's misprint
]
_DURATION = "|".join(p for p, _ in _DURATIONS)
DURATION = _DURATION  #: any duration phrase, for other modules' patterns


def _duration(text: str | None) -> str:
    for pattern, name in _DURATIONS:
        if text and re.fullmatch(pattern, text.strip()):
            return name
    return "instant"


def _sel(text: str, owner: str | None = None) -> Selector | None:
    selector = select(text)
    if selector is not None and owner:
        selector.owner = owner  # type: ignore[assignment]
    return selector


def on(verb: str, **fixed: Any) -> Builder:
    """An action on the selector captured as ``sel``."""

    def build(m: re.Match[str]) -> list[Action] | None:
        selector = _sel(m["sel"])
        if selector is None:
            return None
        amount = int(m["n"]) if "n" in m.groupdict() and m["n"] else fixed.pop("amount", None)
        return [Action(verb=verb, selector=selector, amount=amount, **fixed)]

    return build


def _dp(m: re.Match[str]) -> list[Action] | None:
    selector = _sel(m["sel"])
    if selector is None:
        return None
    return [
        Action(
            verb="dp_modify",
            selector=selector,
            amount=int(m["n"].replace("+", "")),
            duration=_duration(m["dur"]),
        )
    ]  # type: ignore[arg-type]


def _optional(build: Builder) -> Builder:
    """The same actions, each optional ('… may gain <Blocker>')."""

    def run(m: re.Match[str]) -> list[Action] | None:
        found = build(m)
        for action in found or []:
            action.optional = True
        return found

    return run


def one_choice(actions: list[Action]) -> list[Action]:
    """Actions on one subject ('1 of your Digimon gains <A> and <B>'): every action after the
    first applies to the cards the first chose. A subject that is every card of a kind ('all of
    your Digimon gain <Blocker> and can't be returned …', BT12-084) chooses nothing: each action
    is a global effect of its own, reaching Digimon that enter later too (Global Effects page)."""
    first = actions[0].selector if actions else None
    if first is not None and first.count is None and not (first.this or first.subject):
        return actions
    for action in actions[1:]:
        action.same_targets = True
    return actions


def _gain_keywords(m: re.Match[str]) -> list[Action] | None:
    selector = _sel(m["sel"])
    found = find_keywords(m["kws"])
    if selector is None or not found:
        return None
    duration = _duration(m["dur"])
    return one_choice(
        [
            Action(
                verb="gain_keyword",
                selector=selector.model_copy(),
                keyword=k,
                keyword_value=v,
                duration=duration,
            )  # type: ignore[arg-type]
            for k, v in found
        ]
    )


def _keywords_and_dp(m: re.Match[str]) -> list[Action] | None:
    """'Give 1 of your opponent's Digimon <Security A. -1> and -3000 DP until their turn ends':
    both on the one Digimon chosen, for the same duration."""
    keywords, dp = _gain_keywords(m), _dp(m)
    return None if keywords is None or dp is None else one_choice([*keywords, *dp])


def _cant(*verbs: str, it_is_that: bool = False) -> Builder:
    """A prohibition on the selector for the duration; with ``it_is_that``, 'It' is what an earlier
    part of the effect chose ('Suspend 1 of your opponent's Digimon or Tamers. It can't unsuspend until
    their turn ends', ST24-10: the suspended card, not this Digimon), as in ``_skips_unsuspend``."""

    def build(m: re.Match[str]) -> list[Action] | None:
        selector = _sel("that digimon" if it_is_that and m["sel"] == "it" else m["sel"])
        if selector is None:
            return None
        duration = _duration(m["dur"])
        return one_choice([Action(verb=v, selector=selector.model_copy(), duration=duration) for v in verbs])  # type: ignore[arg-type]

    return build


def _keyword(m: re.Match[str]) -> list[Action] | None:
    """A keyword used as an action (<Blitz>): runnable if the ontology gives it a primitive."""
    found = find_keywords(m[0])
    if len(found) != 1 or semantics(found[0][0]).primitive is None or "(" in m[0]:
        return None  # unknown processing, or a parameter (<Decoy (X)>) the IR cannot hold
    name, value = found[0]
    if semantics(name).primitive == "TrashSourcesAsCost":
        # CR 16-14: <Digi-Burst N> trashes N of this Digimon's digivolution cards as a cost.
        return [trash_sources_cost(value or 1, keyword=name, keyword_value=value)]
    return [Action(verb="keyword", keyword=name, keyword_value=value)]


def _with_selector(m: re.Match[str], **fields: Any) -> list[Action] | None:
    """One action on the cards the sentence's selector names, or None if it is not understood."""
    selector = _sel(m["sel"])
    return None if selector is None else [Action(selector=selector, **fields)]


def trash_sources_cost(n: int, level: int | None = None, **keyword: Any) -> Action:
    """Trashing N of this Digimon's digivolution cards (of one level, if given): paid as a cost."""
    selector = Selector(owner="self", kind="card", count=n, min_level=level, max_level=level, zone="sources")
    return Action(verb="trash_source", amount=n, selector=selector, **keyword)


def security(owner: str) -> Builder:
    def build(m: re.Match[str]) -> list[Action] | None:
        raw = m["n"] or m.groupdict().get("n2") or m.groupdict().get("n3")
        n = int(raw) if raw else 1
        return [
            Action(
                verb="trash_security",
                amount=n,
                selector=Selector(owner=owner, kind="card", count=n, zone="security"),
            )
        ]  # type: ignore[arg-type]

    return build


def _sources_of(m: re.Match[str]) -> list[Action] | None:
    """Digivolution cards of the Digimon the selector picks: the top or bottom N, any N, or all."""
    where = m["end"] or "all"
    amount = None if where == "all" else int(m["n"]) if m["n"] else 1
    selector = _sel(m["sel"])
    if selector is None:
        return None
    verb = {
        "top": "trash_top_sources",
        "bottom": "trash_bottom_sources",
        "any": "trash_any_sources",
        "all": "trash_all_sources",
    }[where]
    return [Action(verb=verb, amount=amount, selector=selector)]


def timings_of(text: str) -> list[str] | None:
    """'[When Digivolving] or [When Attacking]' -> the timings' local names; None if any is unknown."""
    found = [vocabulary().timings.get(t.lower()) for t in re.findall(r"\[([^\]]+)\]", text)]
    return None if not found or None in found else found  # type: ignore[return-value]


def _cant_activate(m: re.Match[str]) -> list[Action] | None:
    """'… can't activate [When Digivolving] (or [When Attacking]) effects (or unsuspend)': the
    selector's effects of those timings don't activate for the duration (CR 15-4)."""
    selector, timings = _sel(m["sel"]), timings_of(m["t"])
    if selector is None or timings is None:
        return None
    duration = _duration(m["dur"])
    found = [
        Action(verb="cant_activate", selector=selector.model_copy(), timing=t, duration=duration)  # type: ignore[arg-type]
        for t in timings
    ]
    also = m.groupdict().get("also")
    if also:
        verb = {"unsuspend": "cant_unsuspend", "suspend": "cant_suspend"}[also]
        found.append(Action(verb=verb, selector=selector.model_copy(), duration=duration))  # type: ignore[arg-type]
    return one_choice(found)


def _attack_unsuspended(m: re.Match[str]) -> list[Action] | None:
    """'… can also attack your opponent's unsuspended Digimon (with no digivolution cards)': the
    selector's Digimon may attack the unsuspended Digimon ``card`` picks, besides suspended ones
    (CR 11-2-7-1: an attack target is the opponent or a suspended Digimon of theirs)."""
    attacker, target = _sel(m["sel"]), select(f"all of {m['target']}")
    if attacker is None or target is None or target.state != "unsuspended" or target.owner == "self":
        return None
    target.owner = "opponent"  # only the opponent's Digimon are attacked
    duration = _duration(m["dur"])
    return [Action(verb="can_attack_unsuspended", selector=attacker, card=target, duration=duration)]


def _skips_unsuspend(m: re.Match[str]) -> list[Action] | None:
    """'… doesn't unsuspend during your opponent's next unsuspend phase': the selector's Digimon
    stays suspended in its owner's next unsuspend phase (CR 6-2-1); effects may still unsuspend it.
    'It' is what an earlier part of the effect chose ('Suspend 1 of … . It doesn't unsuspend …')."""
    selector = _sel("that digimon" if m["sel"] == "it" else m["sel"])
    if selector is None:
        return None
    if m["whose"] in ("your opponent's", "their") and selector.owner == "self":
        return None  # the opponent's unsuspend phase does not unsuspend your Digimon
    return [Action(verb="skips_next_unsuspend", selector=selector)]


def _unreturnable(m: re.Match[str]) -> list[Action] | None:
    """'… can't be returned to hands or decks (by your opponent's effects)': a lasting protection."""
    verb = "cant_be_returned_by_opponents_effects" if m["how"] else "cant_be_returned"
    return _cant(verb)(m)


_UNDELETABLE = r"(?P<how> in battle| by battle| by your opponent's effects| by their effects)?"


def _undeletable(m: re.Match[str]) -> list[Action] | None:
    """'can't be deleted' (by anything, in battle, or by the opponent's effects): a lasting protection."""
    how = (m["how"] or "").strip()
    verb = (
        "cant_be_deleted_in_battle"
        if "battle" in how
        else "cant_be_deleted_by_opponents_effects"
        if how
        else "cant_be_deleted"
    )
    return _cant(verb)(m)


def _reduce(m: re.Match[str]) -> list[Action]:
    """A cost reduced: of a digivolution or a play; 'the cost' alone is the cost of what the
    effect's trigger is about (resolved by the compiler from the trigger, CR 15-8-5)."""
    what = m["of"] or m["what"] or "memory"
    verb = {"digivolution": "reduce_digivolve_cost", "memory": "reduce_cost"}.get(what, "reduce_play_cost")
    return [Action(verb=verb, amount=int(m["n"]))]


def player(verb: str, owner: str) -> Builder:
    def build(m: re.Match[str]) -> list[Action]:
        amount = int(m["n"]) if m["n"] else 1
        return [Action(verb=verb, amount=amount, selector=Selector(owner=owner, kind="player"))]  # type: ignore[arg-type]

    return build


def hand_cards(verb: str, owner: str = "self") -> Builder:
    def build(m: re.Match[str]) -> list[Action] | None:
        selector = card_select(m["sel"], "hand")
        if selector is not None:
            selector.owner = owner  # type: ignore[assignment]
        return None if selector is None else [Action(verb=verb, selector=selector, amount=selector.count)]

    return build


_SEL = r"(?P<sel>.+?)"
#: Only the non-turn player's Digimon block (CR 11-4-1): 'can't be blocked by your opponent's
#: Digimon' says no more than 'can't be blocked'.
_BY_THEIRS = r"(?: by your opponent's digimon)?"
#: 'can attack …' (early printings, BT6-093) says the same as 'can also attack …'; 'may attack …'
#: without 'also' is an attack made now (zones.py).
_ALSO_ATTACK = (
    r"(?:(?:can|may) also|can) attack (?P<target>(?:your opponent's |their )?unsuspended .*?digimon.*?)"
)
_WHOSE = r"your opponent's|their|its owner's|its"
_UNRETURNABLE = (
    r"can't be returned to (?:the |its owner's |their owners' )?hands? or decks?"
    r"(?P<how> by (?:your opponent's|their) effects)?"
)
_NO_UNSUSPEND = r"(?:can't|doesn't|don't) (?:unsuspend|be unsuspended)"
_TIMINGS = r"\[[^\]]+\](?:,? (?:or|and) \[[^\]]+\])?"
_NO_EFFECTS = rf"(?P<t>{_TIMINGS}) effects(?: or (?P<also>unsuspend|suspend))?"
_DUR = rf"(?: (?P<dur>{_DURATION}))?"
_END = r"(?P<end>top|bottom)"
_OPP_SEC = (
    r"(?:the top (?:(?P<n>\d+) cards|card) of (?:your opponent's|their) security stack"
    r"|(?:your opponent's|their) top (?:(?P<n2>\d+) )?security cards?"
    r"|(?P<n3>\d+) cards? from the top of (?:your opponent's|their) security stack)"
)

#: Action templates, each matched against a whole sentence (lower case).
TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (rf"delete {_SEL}", on("delete")),
        (rf"suspend {_SEL}", on("suspend")),
        (rf"unsuspend {_SEL}", on("unsuspend")),
        (rf"{_SEL} unsuspends?", on("unsuspend")),
        (rf"{_SEL} may unsuspend", on("unsuspend", optional=True)),
        (
            rf"return {_SEL} to (?:the|its owner's|their owners'|their owner's|its owners'|their) hands?",
            on("return_to_hand"),
        ),
        # 'return this Digimon to your hand' (EX4-013): a card of yours, your hand is its owner's
        (r"return (?P<sel>this digimon) to your hand", on("return_to_hand")),
        (
            rf"return {_SEL} to the (?:top or )?bottom of (?:the|its owner's|their owners'|their) decks?",
            on("return_to_deck"),
        ),
        (rf"(?:trigger )?<de-digivolve ?(?P<n>\d+)> (?:on )?{_SEL}", on("de_digivolve")),
        (
            rf"(?:you may )?(?:change|switch) the (?:attack )?target(?: of attack)? to {_SEL}",
            on("change_attack_target"),
        ),
        (rf"trash {_OPP_SEC}", security("opponent")),
        (
            r"trash (?:the top (?:(?P<n>\d+) cards|card) of your security stack"
            r"|your top (?:(?P<n2>\d+) )?security cards?)",
            security("self"),
        ),
        (rf"trash the {_END} (?:(?P<n>\d+) )?digivolution cards? (?:of|from) {_SEL}", _sources_of),
        (rf"trash (?:(?P<n>\d+)|a) digivolution cards? from the {_END} of {_SEL}", _sources_of),
        (rf"trash the {_END} (?:(?P<n>\d+) cards|card) of {_SEL}'s digivolution cards", _sources_of),
        (rf"trash all (?:of )?(?:the )?digivolution cards of {_SEL}(?P<end>)(?P<n>)", _sources_of),
        (rf"trash (?P<end>any) (?P<n>\d+) digivolution cards? (?:of|from) {_SEL}", _sources_of),
        (rf"{_SEL} (?:gets?|gains?) (?P<n>[+-]\d+) dp{_DUR}", _dp),
        # 'your other [Gaossmon] all get +3000 DP' (BT5-008): every one of them
        (rf"(?P<sel>your (?:other )?\[[^\]]+\]) all get (?P<n>[+-]\d+) dp{_DUR}", _dp),
        (rf"(?P<dur>{_DURATION}), {_SEL} (?:gets?|gains?) (?P<n>[+-]\d+) dp", _dp),
        (rf"{_SEL} (?:gains?|gets?) (?P<kws>(?:<[^<>]+>(?:,? and |, )?)+){_DUR}", _gain_keywords),
        (rf"{_SEL} may gain (?P<kws>(?:<[^<>]+>(?:,? and |, )?)+){_DUR}", _optional(_gain_keywords)),
        (rf"have {_SEL} get (?P<n>[+-]\d+) dp{_DUR}", _dp),
        (rf"give {_SEL} (?P<kws>(?:<[^<>]+>(?:,? and |, )?)+){_DUR}", _gain_keywords),
        (rf"(?P<dur>{_DURATION}), give {_SEL} (?P<kws>(?:<[^<>]+>(?:,? and |, )?)+)", _gain_keywords),
        (rf"give {_SEL} (?P<n>[+-]\d+) dp{_DUR}", _dp),
        (
            rf"give {_SEL} (?P<kws>(?:<[^<>]+>(?:,? and |, )?)+?) and (?P<n>[+-]\d+) dp{_DUR}",
            _keywords_and_dp,
        ),
        (rf"to {_SEL},? give (?P<n>[+-]\d+) dp{_DUR}", _dp),
        (
            rf"(?P<dur>{_DURATION}), {_SEL} (?:gains?|gets?) (?P<kws>(?:<[^<>]+>(?:,? and |, )?)+)",
            _gain_keywords,
        ),
        (rf"{_SEL} can't attack or block{_DUR}", _cant("cant_attack", "cant_block")),
        (rf"(?P<dur>{_DURATION}), {_SEL} can't attack or block", _cant("cant_attack", "cant_block")),
        (rf"{_SEL} can't attack players{_DUR}", _cant("cant_attack_players")),  # Q3325: Digimon still
        (rf"(?P<dur>{_DURATION}), {_SEL} can't attack players", _cant("cant_attack_players")),
        (rf"{_SEL} can't attack{_DUR}", _cant("cant_attack")),
        (rf"(?P<dur>{_DURATION}), {_SEL} can't attack", _cant("cant_attack")),
        (
            rf"{_SEL} (?:can't|doesn't|don't) unsuspend (?P<dur>{_DURATION})",
            _cant("cant_unsuspend", it_is_that=True),
        ),
        (rf"{_SEL} can't (?:unsuspend|be unsuspended){_DUR}", _cant("cant_unsuspend", it_is_that=True)),
        (rf"(?P<dur>{_DURATION}), {_SEL} {_NO_UNSUSPEND}", _cant("cant_unsuspend")),
        (
            rf"{_SEL} (?:doesn't|does not|don't|can't|cannot) unsuspend (?:during|in) (?P<whose>{_WHOSE}) "
            r"next unsuspend phase",
            _skips_unsuspend,
        ),
        (rf"{_SEL} {_UNRETURNABLE}{_DUR}", _unreturnable),
        (rf"(?P<dur>{_DURATION}), {_SEL} {_UNRETURNABLE}", _unreturnable),
        (
            rf"(?P<sel>this digimon)'s attack target can't (?:change|be switched){_DUR}",
            _cant("cant_change_attack_target"),
        ),
        (rf"{_SEL} can't digivolve{_DUR}", _cant("cant_digivolve")),
        (  # with its duration always: a persistent 'can't activate' is not read
            rf"{_SEL} can't activate {_NO_EFFECTS} (?P<dur>{_DURATION})",
            _cant_activate,
        ),
        (
            rf"(?P<dur>{_DURATION}), {_SEL} can't activate {_NO_EFFECTS}",
            _cant_activate,
        ),
        (rf"{_SEL} can't be deleted{_UNDELETABLE}{_DUR}", _undeletable),
        (rf"(?P<dur>{_DURATION}), {_SEL} can't be deleted{_UNDELETABLE}", _undeletable),
        (rf"(?P<dur>{_DURATION}), {_SEL} can't digivolve", _cant("cant_digivolve")),
        (rf"{_SEL} can't suspend{_DUR}", _cant("cant_suspend")),
        (rf"(?P<dur>{_DURATION}), {_SEL} can't suspend", _cant("cant_suspend")),
        (r"(?:end|ends) (?:that|the|this) attack", lambda m: [Action(verb="end_attack")]),
        (
            r"(?:you (?:may|can) )?(?:use|play) this card without meeting its colou?r requirements"
            r"|(?:you (?:may|can) )?ignore this card's colou?r requirements",
            lambda m: [
                Action(
                    verb="ignore_color_requirements", selector=Selector(owner="self", kind="card", this=True)
                )
            ],
        ),
        (rf"{_SEL} can't be blocked{_BY_THEIRS}{_DUR}", _cant("cant_be_blocked")),
        (rf"(?P<dur>{_DURATION}), {_SEL} can't be blocked{_BY_THEIRS}", _cant("cant_be_blocked")),
        (rf"{_SEL} (?:is|are) unblockable{_DUR}", _cant("cant_be_blocked")),
        (rf"{_SEL} can't be attacked{_DUR}", _cant("cant_be_attacked")),
        (rf"{_SEL} {_ALSO_ATTACK}{_DUR}", _attack_unsuspended),
        (rf"(?P<dur>{_DURATION}), {_SEL} {_ALSO_ATTACK}", _attack_unsuspended),
        (
            r"(?P<who>your opponent|players) can't gain memory (?:except with|other than by) tamer effects",
            lambda m: [
                Action(
                    verb="cant_gain_memory_except_by_tamers",
                    selector=Selector(owner="any" if m["who"] == "players" else "opponent", kind="player"),
                )
            ],
        ),
        (rf"{_SEL} can't block{_DUR}", _cant("cant_block")),
        (rf"(?P<dur>{_DURATION}), {_SEL} can't block", _cant("cant_block")),
        (r"gain (?P<n>\d+) memory", player("gain_memory", "self")),
        (r"lose (?P<n>\d+) memory", player("lose_memory", "self")),
        (r"your opponent loses (?P<n>\d+) memory", player("lose_memory", "opponent")),
        (r"<draw (?P<n>\d+)>", player("draw", "self")),
        (r"draw (?P<n>\d+) cards?", player("draw", "self")),
        (r"<recovery \+(?P<n>\d+) \(deck\)>", player("recovery", "self")),
        (
            r"play this (?:card|digimon)(?P<wb> without battling)?(?: and)?"  # BT9-074: this Digimon card
            r"(?P<free> without paying (?:the|its) (?:memory )?cost)?",
            lambda m: [
                Action(
                    verb="play_self",
                    free=bool(m["free"]),
                    without_battling=bool(m["wb"]),
                    selector=Selector(owner="self", kind="card", this=True),
                )
            ],
        ),
        (
            r"add this card to (?:your|the|its owner's) hand",
            lambda m: [
                Action(verb="add_self_to_hand", selector=Selector(owner="self", kind="card", this=True))
            ],
        ),
        (
            r"prevent (?:it|that deletion|this deletion|the deletion|that removal"
            r"|(?:it|that digimon|this digimon) from leaving(?: play| the battle area)?)"
            r"|(?:it|they|this digimon) (?:doesn't|don't|does not|do not) leave(?: the battle area)?",
            lambda m: [Action(verb="prevent")],
        ),
        (r"trash (?P<sel>.+?) (?:in|from) your hand", hand_cards("trash_card")),
        (r"your opponent trashes (?P<sel>.+?) (?:in|from) their hand",
         hand_cards("opponent_trashes_card", "opponent")),  # they choose which: opponent_choices.py
        (r"trash the top (?:(?P<n>\d+) cards|card) of your deck", player("trash_deck", "self")),
        (
            r"reduce (?:the|its|this card's) (?:(?P<what>digivolution|play|use|memory) )?costs?"
            r"(?: of the (?P<of>digivolution|play))?(?: of this card)? by (?P<n>\d+)",
            _reduce,
        ),
        # CR 16-28-1: <Mind Link> names the Digimon this Tamer goes under: its action's selector
        (rf"<mind link> with {_SEL}", lambda m: _with_selector(m, verb="keyword", keyword="MindLink")),
        (r"<[^<>]+>", _keyword),
    ]
] + MORE_TEMPLATES + NUMBER_TEMPLATES + MODAL_TEMPLATES + REMOVAL_TEMPLATES + FACE_TEMPLATES  # own modules
TEMPLATES += XROS_TEMPLATES  # ingest/compiler/xros_phrases.py
TEMPLATES += COST_TEMPLATES  # ingest/compiler/cost_change_phrases.py
TEMPLATES += KEYWORD_TEMPLATES  # ingest/compiler/keyword_phrases.py
TEMPLATES += ACTIVATE_TEMPLATES  # ingest/compiler/activate_phrases.py
TEMPLATES += RULE_TEMPLATES  # ingest/compiler/rule_phrases.py
TEMPLATES += BREEDING_TEMPLATES  # ingest/compiler/breeding_phrases.py
TEMPLATES += CHOSEN_ATTACK_TEMPLATES  # ingest/compiler/chosen_attack_phrases.py
TEMPLATES += OPTION_BAR_TEMPLATES  # ingest/compiler/option_bars.py
TEMPLATES += ORIGINAL_DP_TEMPLATES  # ingest/compiler/original_dp_phrases.py
TEMPLATES += NEITHER_TEMPLATES  # ingest/compiler/neither_phrases.py
TEMPLATES += HAND_TOP_TEMPLATES  # ingest/compiler/hand_top_phrases.py


def match_table(
    table: Sequence[tuple[re.Pattern[str], Callable[[re.Match[str]], T | None]]], text: str
) -> T | None:
    """What the first template of ``table`` that matches ``text`` whole builds (None when none does):
    the one template matcher of the compiler (actions, costs, zones, placing, conditions). Only the
    templates whose match can begin with the text's first character are tried (``lead_chars``)."""
    index = _INDEXES.get(id(table))
    if index is None or index.table is not table or index.size != len(table):  # new, or grown
        if len(_INDEXES) > _MAX_INDEXES:
            _INDEXES.clear()
        index = _INDEXES[id(table)] = LeadIndex(table)
    for pattern, build in index.entries(text):
        if (m := pattern.fullmatch(text)) and (found := build(m)) is not None:
            return found
    return None


#: id(table) -> its LeadIndex (the tables are module-level: a few dozen).
_INDEXES: dict[int, LeadIndex] = {}
_MAX_INDEXES = 256


def match_action(text: str) -> list[Action] | None:
    """The actions of one lower-cased sentence, if an action template matches it whole."""
    return match_table(TEMPLATES, text)
