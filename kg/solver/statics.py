"""What a Digimon is or has because of a lasting or persistent fact about it
(ingest/compiler/static_phrases.py).

- ``gain_source_effects``: 'This Digimon gains all effects of cards with [Gammamon] in their names in
  this Digimon's digivolution cards' — the effects printed on those digivolution cards (their own,
  not their inherited ones: QA Q1942) are this Digimon's while the giving effect exists; from every
  such card (Q1941), once per giving effect (the top card's and an inherited one: twice, Q1943); a
  gained [When Digivolving] effect triggers on the digivolution that put the giver on top (Q2521,
  Q2213, Q2612). Effects gained this way do not give more in turn (one level).
- ``unaffected``: the Digimon isn't affected by effects of the opponent's cards (of their Digimon,
  or any): their processing does not change it, though it may still be chosen (CR 15-15-5-1,
  15-15-5-3); a lasting change on it waits until it is affected again (CR 15-15-5-2), and what it
  gains from those effects it is not considered to have (CR 15-15-5-4).
- ``cant_have_dp_reduced``: DP reductions by the named players' effects do not apply to it.
- ``unaffected_by_keyword``: 'isn't affected by <De-Digivolve> effects' — no effect of that keyword,
  whoever's, changes it (``keyword_proof``, read where <De-Digivolve> is carried out).
- ``digivolves_only_into``: the Digimon may digivolve only into a card that fits ``card`` (by any
  rule or effect, CR 15-1-3).
- ``also_colored``: 'This Digimon is also treated as yellow' — its colours are its top card's and
  those (CR 2-4-3-1), while the effect applies: not from the breeding area or as a digivolution card
  (QA Q1055, Q1772); read from the stack's own persistent effects with no 'while' condition.
- ``no_option_security``: 'This Digimon doesn't activate [Security] effects on Option cards it
  checks' — read at each security check (``option_security_barred``).
- ``cant_be_blocked`` with blockers named ('… by your opponent's Digimon with no digivolution cards'):
  those may not block it (CR 15-1-3), others may.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from ingest.effect_ir import Action
from kg.solver.effect_spec import EffectSpec

if TYPE_CHECKING:
    from kg.solver.board import Board
    from kg.solver.state import Stack, State


class _Change(Protocol):
    """A continuous change (``kg.solver.board.Modifier``): whose effect it is and what it does."""

    owner: str
    action: Action
    source: str


def _giving(spec: EffectSpec) -> list[Action]:
    """The gain_source_effects actions of a persistent effect with no 'while' condition."""
    record = spec.record
    if record is None or spec.category != "persistent" or record.compiled.conditions:
        return []
    return [a for a in record.compiled.actions if a.verb == "gain_source_effects" and a.card is not None]


def source_gains(board: Board, cards: Sequence[str],
                 out: Sequence[tuple[EffectSpec, int]]) -> list[tuple[EffectSpec, int]]:
    """The effects a stack of ``cards`` gains from its digivolution cards, given the effects ``out``
    its cards give it: each with its own key and tag (one effect per giver and card, Q1943), live
    only when the giver is (a gained effect of another turn window is left out)."""
    gained: list[tuple[EffectSpec, int]] = []
    taken = {(s.card, s.tag) for s, _ in out}
    for giver, _ in out:
        for action in _giving(giver):
            assert action.card is not None
            for pos in range(len(cards) - 1):  # the digivolution cards, bottom first
                if not board.card_fits(cards[pos], action.card):
                    continue
                for spec in board.specs(cards[pos]):
                    part = spec.record.part if spec.record else "main"
                    if part != "main" or spec.security or _giving(spec) or spec.category == "rule":
                        continue
                    timings = spec.record.timings if spec.record else []
                    if action.timing is not None and action.timing not in timings:
                        continue
                    live = spec.live if giver.live == "any" else giver.live
                    if spec.live not in ("any", live):
                        continue
                    tag, n = spec.tag, 1
                    while (spec.card, tag) in taken:
                        n += 1
                        tag = f"{spec.tag}#{n}"
                    taken.add((spec.card, tag))
                    key = f"{spec.key}<{giver.key}@{pos}"
                    cites = (*spec.cites, *board.index.situation("source_effects"))
                    gained.append((replace(spec, key=key, tag=tag, live=live, cites=cites), pos))
    return gained


def _shields(mods: Sequence[_Change]) -> list[_Change]:
    return [m for m in mods if m.action.verb == "unaffected" and m.action.card is not None]


def reaches(shields: Sequence[_Change], owner: str, source: str) -> bool:
    """Whether an effect of ``owner``'s card of kind ``source`` (Digimon, Tamer, Option …) gets
    past every 'isn't affected by …' of ``shields`` (CR 15-15-5-1)."""
    for shield in shields:
        card = shield.action.card
        assert card is not None
        theirs = card.owner == "any" or (card.owner == "opponent") == (owner != shield.owner)
        if theirs and card.kind in ("card", source):
            return False
    return True


def shielded(mods: Sequence[_Change]) -> list[_Change]:
    """The changes that apply: those the Digimon isn't affected by left out (CR 15-15-5-2, 15-15-5-4)."""
    shields = _shields(mods)
    if not shields:
        return list(mods)
    return [m for m in mods if m.action.verb == "unaffected" or reaches(shields, m.owner, m.source)]


def dp_delta(mods: Sequence[_Change]) -> int:
    """The sum of the DP changes, leaving out reductions that a 'can't have its DP reduced (by your
    opponent's effects)' keeps off."""
    guards = [m for m in mods if m.action.verb == "cant_have_dp_reduced" and m.action.card is not None]
    total = 0
    for mod in mods:
        amount = mod.action.amount or 0
        if mod.action.verb != "dp_modify":
            continue
        if amount < 0 and any(
            g.action.card.owner == "any" or (g.action.card.owner == "opponent") == (mod.owner != g.owner)  # type: ignore[union-attr]
            for g in guards
        ):
            continue
        total += amount
    return total


def unblockable_by(board: Board, state: State, attacker: Stack) -> set[int] | None:
    """The opposing Digimon that may not block ``attacker`` ('can't be blocked by your opponent's
    Digimon with no digivolution cards'); None when none may ('can't be blocked', CR 15-1-3)."""
    barred: set[int] = set()
    for mod in board.modifiers(state, attacker):
        if mod.action.verb != "cant_be_blocked":
            continue
        if mod.action.card is None:
            return None
        sel = mod.action.card
        barred |= {x.uid for x in state.board() if board.matches(state, x, sel, mod.owner, attacker.uid)}
    return barred


def may_digivolve_into(board: Board, state: State, stack: Stack, number: str) -> bool:
    """Whether a 'can only digivolve into white Digimon / [Apocalymon] / …' reaching the stack lets it
    digivolve into ``number`` (CR 15-1-3: the restriction wins over what would allow it)."""
    return all(board.card_fits(number, m.action.card) for m in board.modifiers(state, stack)
               if m.action.verb == "digivolves_only_into" and m.action.card is not None)


def option_security_barred(board: Board, state: State, stack: Stack) -> bool:
    """Whether ``stack`` 'doesn't activate [Security] effects on Option cards it checks': the Option
    cards it checks go to the trash with no [Security] effect (CR 13-1-8, card text over the rules
    CR 1-3-1; QA Q886); Digimon and Tamer cards' [Security] effects still activate (Q1516)."""
    return any(m.action.verb == "no_option_security" for m in board.modifiers(state, stack))


def keyword_proof(board: Board, state: State, stack: Stack, keyword: str, player: str | None = None) -> bool:
    """Whether a lasting or persistent 'isn't affected by <De-Digivolve> effects' reaches the stack: no
    effect of that keyword changes it, whoever's (CR 15-15-5-1); one naming the opponent's effects
    ('their <De-Digivolve> effects don't affect …', ``Action.card`` owner opponent) only those of
    ``player`` when that is not its owner."""
    return any(m.action.verb == "unaffected_by_keyword" and m.action.keyword == keyword
               and (m.action.card is None or m.action.card.owner != "opponent" or player != m.owner)
               for m in board.modifiers(state, stack))


def stack_colors(board: Board, state: State, stack: Stack) -> list[str]:
    """The stack's colours: its top card's, and those its own persistent 'This Digimon is also
    treated as …' effects add while they apply (QA Q1054, Q1407)."""
    colors = list(board.card(stack.top).colors)
    if all(s.uid != stack.uid for s in state.players[stack.owner].battle_area):  # not from the breeding area
        return colors
    for spec, _ in board.printed(stack):
        record = spec.record
        if record is None or spec.category != "persistent" or record.compiled.conditions \
                or not board.live_in(spec, stack.owner, state):
            continue
        for action in record.compiled.actions:
            card = action.card
            if action.verb == "also_colored" and card is not None and card.color and card.color not in colors:
                colors.append(card.color)
    return colors
