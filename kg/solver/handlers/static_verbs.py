"""Handlers for what a card is or has (kg/solver/statics.py, ingest/compiler/static_phrases.py).

'Gains all effects of … in its digivolution cards' is read where a stack's effects are listed
(``Board.printed``); 'isn't affected by …' and 'can't have its DP reduced' are lasting or persistent
changes (``verbs.lasting``, ``Board.modifiers``) that the board consults, and this module says whose
effect an effect is, for CR 15-15-5.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from ingest.effect_ir import Action
from kg.solver.events import Pending
from kg.solver.registry import REGISTRY
from kg.solver.state import Lasting, Stack, opponent
from kg.solver.wording import verb_words

if TYPE_CHECKING:
    from kg.solver.board import Board
    from kg.solver.engine import Engine

REGISTRY.consulted("verb", "gain_source_effects", "kg.solver.statics.source_gains (Board.printed)")
REGISTRY.consulted("verb", "also_colored", "kg.solver.statics.stack_colors (Board.matches, requirements)")


def source_kind(board: Board, p: Pending) -> str:
    """The kind of card whose effect ``p`` is, as 'isn't affected by the effects of your opponent's
    Digimon' sees it (CR 15-15-5): the kind of the card it works from. An effect a Digimon has
    (printed, inherited or gained) is a Digimon effect, and so is a Security Digimon's [Security]
    effect (QA Q2526); an Option's, its [Security] effect too, is an Option effect (Q2119)."""
    return board.card(p.holder.cards[-1]).kind if p.holder.cards else ""


#: Verbs whose chosen card is not changed by the effect, or whose change waits on the card: an
#: attack it is made to make affects the player (QA Q2320), switching the attack target and ending
#: an attack are allowed (CR 11-2-7-5, QA Q2628), and 'doesn't unsuspend in the next unsuspend
#: phase' applies once it is affected again (QA Q831).
NOT_A_CHANGE = frozenset({"change_attack_target", "end_attack", "attack", "attack_player", "attack_digimon",
                          "attack_without_suspending", "battle_by_effect",
                          "skips_next_unsuspend"})


# ---------------------------------------------------------------- what was suspended, who stays suspended
#: Per engine, per running effect: the uids the effect's last suspending action did suspend.
_CHANGED: WeakKeyDictionary[Engine, dict[int, tuple[int, ...]]] = WeakKeyDictionary()


def note_changed(e: Engine, p: Pending, uids: Sequence[int]) -> None:
    """The cards an action of ``p`` changed ('Cards this effect suspended'), for the action after it."""
    _CHANGED.setdefault(e, {})[id(p)] = tuple(uids)


def changed_only(e: Engine, p: Pending, uids: Sequence[int]) -> tuple[int, ...]:
    """Of the cards the previous action chose, those it changed: a card chosen but already suspended
    is not 'suspended with this effect' (QA Q1782)."""
    changed = _CHANGED.get(e, {}).get(id(p), ())
    return tuple(u for u in uids if u in changed)


SKIP = "skips_next_unsuspend"


def every_next_unsuspend(e: Engine, p: Pending, a: Action) -> list[str]:
    """'During your opponent's next unsuspend phase, all of their Digimon (with 5000 DP or less) don't
    unsuspend': a global effect until that turn ends (their next one: this turn is theirs only if
    the effect resolves in their turn). It names no cards now: the Digimon that fit in that unsuspend
    phase stay suspended, with their DP then (QA Q2416, Q1019; ``held_by_every``); it is kept with no
    selector of its own, so ``Board.modifiers`` does not read it with printed DP."""
    s = e.state
    whose = opponent(p.player)
    ends = s.turn + (2 if whose == s.turn_player else 1)
    s.lasting.append(Lasting(p.label, p.player, a, None, None, ends, p.spec.cites,
                             source=source_kind(e.board, p)))
    e.rec.log(f"{p.label}: {verb_words(a)} ({whose}'s next unsuspend phase)", e.cites("global_effect"))
    e.done += 1
    return e.cites("global_effect")


def held_by_every(e: Engine, stack: Stack) -> str | None:
    """The label of a global 'during … next unsuspend phase, all of … don't unsuspend' effect that keeps
    ``stack`` suspended in this unsuspend phase (CR 6-2-1): it fits the selector now and is affected by
    the effect now (QA Q831: a Digimon unaffected when it was made is held once it is affected)."""
    s = e.state
    for x in s.lasting:
        sel = x.action.selector
        if x.action.verb != SKIP or x.targets is not None or x.selector is not None or sel is None:
            continue
        if e.board.matches(s, stack, sel, x.owner, None) and e.board.affected(s, stack, x.owner, x.source):
            return x.label
    return None
