"""Handlers for what a card is or has (kg/solver/statics.py, ingest/compiler/static_phrases.py).

'Gains all effects of … in its digivolution cards' is read where a stack's effects are listed
(``Board.printed``); 'isn't affected by …' and 'can't have its DP reduced' are lasting or persistent
changes (``verbs.lasting``, ``Board.modifiers``) that the board consults, and this module says whose
effect an effect is, for CR 15-15-5.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kg.solver.events import Pending
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.board import Board

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
