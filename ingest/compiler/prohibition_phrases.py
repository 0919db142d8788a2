"""Lasting prohibitions about unsuspending: 'During your opponent's next unsuspend phase, none of
your opponent's Digimon can unsuspend' (every one of them then, ``skips_next_unsuspend`` on a global
selector, CR 6-2-1), and restrictions on what the previous action suspended: 'Suspend 1 of your
opponent's Digimon and 1 of their Tamers. They can't unsuspend until the end of their turn' (the
cards it chose) / 'Cards this effect suspended can't unsuspend during your opponent's next unsuspend
phase' (of those, only the ones it suspended: ``Action.changed_only``, QA Q1782); 'Your opponent
can't reduce digivolution costs' (``cant_reduce_digivolution_costs``).

The reference to what was suspended is a 'that Digimon' selector (``subject``): the compiler makes
it the previous action's choice (``ingest.compiler.body._that_digimon``).

>>> [(a.verb, a.selector.count, a.selector.max_dp) for a in match_prohibition(
...     "during your opponent's next unsuspend phase, all of your opponent's digimon with 5000 dp or "
...     "less don't unsuspend")]
[('skips_next_unsuspend', None, 5000)]
>>> [(a.verb, a.duration, a.changed_only) for a in match_prohibition(
...     "digimon suspended by this effect don't unsuspend until the end of your opponent's turn")]
[('cant_unsuspend', 'until_end_of_opponents_turn', True)]
"""

from __future__ import annotations

import re

from ingest.compiler.actions import DURATION, Builder, _duration, match_table, timings_of
from ingest.compiler.select import select
from ingest.effect_ir import Action, Selector

_THEIRS = r"(?:your opponent's|their)"
_NEXT_PHASE = rf"during {_THEIRS} next unsuspend phase"
_NO = r"(?:can't|don't|doesn't)"

#: What the previous action suspended, and whether only the cards it did suspend are meant.
_SUSPENDED = {
    "they": ("Digimon or Tamer", False),
    "cards this effect suspended": ("Digimon or Tamer", True),
    "your opponent's cards suspended with this effect": ("Digimon or Tamer", True),
    "digimon suspended by this effect": ("Digimon", True),
}
_SUSPENDED_RE = "|".join(re.escape(k) for k in _SUSPENDED)


def _every(m: re.Match[str]) -> list[Action] | None:
    """'During your opponent's next unsuspend phase, all of their Digimon (with 5000 DP or less) can't
    unsuspend' / '…, none of your opponent's Digimon can unsuspend': every Digimon of theirs that
    fits then stays suspended (a global effect, its DP read in that phase: QA Q2416); Tamers are not
    named, so they unsuspend (QA Q1021)."""
    selector = select(f"all of {m['who']}")
    if selector is None or (selector.owner, selector.kind, selector.count) != ("opponent", "Digimon", None):
        return None
    if selector.this or selector.dp_at_most_this or selector.sources_at_most_this \
            or selector.level_at_most_sources:
        return None  # compared with this Digimon: no 'this Digimon' to compare with in their turn
    return [Action(verb="skips_next_unsuspend", selector=selector)]


def _suspended(phase: bool) -> Builder:
    """A builder: the cards the previous action suspended (``subject``, linked by the compiler) stay
    suspended in their owner's next unsuspend phase (``phase``) or can't unsuspend for the duration."""

    def build(m: re.Match[str]) -> list[Action] | None:
        kind, changed = _SUSPENDED[m["who"]]
        selector = Selector(owner="any", kind=kind, subject=True)  # type: ignore[arg-type]
        if phase:
            return [Action(verb="skips_next_unsuspend", selector=selector, changed_only=changed)]
        return [Action(verb="cant_unsuspend", selector=selector, changed_only=changed,
                       duration=_duration(m["dur"]))]  # type: ignore[arg-type]

    return build


def _no_reductions(m: re.Match[str]) -> list[Action]:
    """'[Opponent's Turn] Your opponent can't reduce digivolution costs' (BT5-021, ST20-07): when the
    opponent pays a digivolution cost, no reduction counts (<Digisorption>, 'with the digivolution cost
    reduced by 1'; QA Q1302, Q1303); a fixed cost or no cost is no reduction (Q1304, Q4452).
    Consulted where digivolution costs are paid (``kg.solver.handlers.play_rules``)."""
    return [Action(verb="cant_reduce_digivolution_costs", selector=Selector(owner="opponent", kind="player"))]


def _no_plays_by_effects(m: re.Match[str]) -> list[Action]:
    """'Your opponent can't play Digimon (or Tamers) by effects until the end of their turn' (BT8-097,
    BT20-020): for that duration the opponent's effects play no card of those kinds (``card``; QA
    Q4665-Q4668), read where an effect plays (``kg.solver.handlers.play_rules``)."""
    what = Selector(owner="any", kind="Digimon or Tamer" if m["tamers"] else "Digimon", count=None)
    return [Action(verb="cant_play_by_effects", selector=Selector(owner="opponent", kind="player"),
                   card=what,
                   duration=_duration(m["dur"]))]  # type: ignore[arg-type]


def _no_options(m: re.Match[str]) -> list[Action]:
    """'Your opponent can't use Option cards until the end of their next turn / this turn' (EX1-072): for
    that duration the opponent uses no Option card, from the hand or by an effect (CR 9-1); its
    [Security] effect and <Delay> are no use (QA Q3265, Q3266). Read by ``play_rules.may_use_option``."""
    return [Action(verb="cant_use_options", selector=Selector(owner="opponent", kind="player"),
                   duration=_duration(m["dur"]))]  # type: ignore[arg-type]


def _only_suspended(m: re.Match[str]) -> list[Action] | None:
    """'[Opponent's Turn] While this Digimon is suspended, all of your opponent's Digimon can only attack
    suspended Digimon' (EX11-011, EX8-016): they attack no player and no unsuspended Digimon, a
    permission to do so neither (QA Q5797), when the attack is declared (a target switched later may be
    unsuspended, Q5798); one that isn't affected by effects may (Q5799). Read by ``Board.can_attack``."""
    selector = select(m["sel"])
    if selector is None or selector.kind != "Digimon":
        return None
    duration = _duration(m["dur"])
    return [Action(verb="attacks_only_suspended", selector=selector, duration=duration)]  # type: ignore[arg-type]


def _not_in_the_phase(m: re.Match[str]) -> list[Action] | None:
    """'[Opponent's Turn] While you have an [Eosmon] in play, your opponent's Tamers don't unsuspend during
    their unsuspend phase' (BT6-092) / '[All Turns] Other than this Digimon, no Digimon or Tamers can
    unsuspend in the unsuspend phase' (EX10-023, both players'): while it applies, they stay suspended in
    the unsuspend phase, by its rule or by a [Start of Your Turn] effect (CR 6-2-1-1; QA Q5075); only as a
    lasting fact of a card in play (no duration)."""
    if m.groupdict().get("dur"):
        return None
    if m.groupdict().get("others"):
        selector: Selector | None = Selector(owner="any", kind="Digimon or Tamer", count=None, other=True)
    else:
        selector = select(m["sel"])
    if selector is None or selector.count is not None or selector.kind not in ("Tamer", "Digimon or Tamer"):
        return None
    return [Action(verb="cant_unsuspend_in_unsuspend_phase", selector=selector)]


def _tamers_quiet(m: re.Match[str]) -> list[Action] | None:
    """'[All Turns] While you have [Eosmon], all of your opponent's Tamers [On Play] effects don't activate'
    (BT17-092): a persistent 'can't activate' on every Tamer of theirs, new ones too, read when such an
    effect would activate (``Engine.barred_timing``, CR 15-4); only as a lasting fact of a card in play."""
    selector, timings = select(f"all of {m['who']}"), timings_of(m["t"])
    if selector is None or selector.kind != "Tamer" or selector.count is not None or timings is None:
        return None
    return [Action(verb="cant_activate", selector=selector.model_copy(), timing=t) for t in timings]


#: Templates (lower case), most specific first.
PROHIBITION_TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (rf"{_NEXT_PHASE}, all of (?P<who>{_THEIRS} .+?) {_NO} unsuspend", _every),
        (rf"{_NEXT_PHASE}, none of (?P<who>{_THEIRS} .+?) can unsuspend", _every),
        (rf"(?P<who>{_SUSPENDED_RE}) {_NO} unsuspend {_NEXT_PHASE}", _suspended(phase=True)),
        (rf"(?P<who>{_SUSPENDED_RE}) {_NO} unsuspend (?P<dur>{DURATION})", _suspended(phase=False)),
        (r"your opponent can't reduce digivolution costs", _no_reductions),
        (r"all of (?P<who>your opponent's tamers) (?P<t>\[[^\]]+\]) effects don't activate", _tamers_quiet),
        (rf"(?P<sel>your opponent's tamers) don't unsuspend during their unsuspend phase"
         rf"(?: (?P<dur>{DURATION}))?", _not_in_the_phase),
        (r"(?P<others>other than this digimon), no digimon or tamers can unsuspend in the unsuspend phase",
         _not_in_the_phase),
        (rf"(?P<sel>.+?) can only attack suspended digimon(?: (?P<dur>{DURATION}))?", _only_suspended),
        (rf"your opponent can't use option cards (?P<dur>{DURATION})", _no_options),
        (rf"your opponent can't play digimon(?P<tamers> or tamers)? by effects (?P<dur>{DURATION})",
         _no_plays_by_effects),
        (rf"(?P<dur>{DURATION}), your opponent can't play digimon(?P<tamers> or tamers)? by effects",
         _no_plays_by_effects),
    ]
]


def match_prohibition(text: str) -> list[Action] | None:
    """The actions of a lower-cased prohibition sentence, if a template matches it whole."""
    return match_table(PROHIBITION_TEMPLATES, text)
