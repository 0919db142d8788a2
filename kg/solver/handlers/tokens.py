"""Playing tokens (CR 4-21): 'play 1 [Diaboromon] Token without paying the cost'.

The token's card information is the one printed in the effect's own text (CR 1-4-4-4); it is
given a synthetic card entry (``kg.solver.token_cards``) and played like a card: it enters the
battle area as a new Digimon and CardPlayed happens (CR 4-21-1). A token with no play cost is
played for nothing (CR 1-4-4-5). Leaving the field, it ceases to exist (CR 4-21-5,
``kg.solver.moves.leave``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.card_facts import CardInfo, compile_texts
from kg.solver.events import Event
from kg.solver.handlers.play_rules import may_play_by_effect
from kg.solver.moves import enter_play
from kg.solver.registry import REGISTRY
from kg.solver.token_cards import token_stats

if TYPE_CHECKING:
    from kg.solver.engine import Engine
    from kg.solver.events import Pending


def token_card(e: Engine, name: str, text: str) -> CardInfo | None:
    """The synthetic card of the token ``name`` as ``text`` prints it (added to the board's cards)."""
    stats = token_stats(name, text)
    if stats is None:
        return None
    if stats.number not in e.board.cards:
        e.board.cards[stats.number] = CardInfo(
            number=stats.number, name=name, kind="Digimon", level=stats.level, dp=stats.dp,
            play_cost=stats.play_cost, traits=list(stats.traits), colors=list(stats.colors), text=stats.text,
            effects=compile_texts(stats.number, stats.text, "", "") if stats.text else [])
    return e.board.cards[stats.number]


@REGISTRY.register("verb", "play_token")
def _play_token(e: Engine, p: Pending, a: Action) -> list[str]:
    """Play ``amount`` tokens named ``card.name``: free, or paying the token's play cost."""
    name = a.card.name if a.card is not None else None
    text = p.spec.record.text if p.spec.record is not None else a.span
    info = token_card(e, name, text) if name else None
    if info is None:  # CR 1-4-4-4: a token is played only with its card information
        e.rec.unsupported_part(p.label, "action", a.span, f"the card information of the [{name}] Token "
                               "is not printed in this effect's text")
        return []
    if not may_play_by_effect(e, p.label, p.player, "Digimon"):  # a token is a Digimon (CR 4-21)
        return e.cites("token")
    played = []
    for _ in range(a.amount or 1):
        cost = 0 if a.free else info.play_cost or 0  # CR 1-4-4-5: no play cost, nothing to pay
        e.state.pay(p.player, cost)
        e.rec.log(f"{p.label}: plays a [{name}] Token" + (" without paying the cost" if a.free or not cost
                                                          else f" for {cost} memory"), e.cites("token"))
        played.append(enter_play(e, p.player, info.number, played=False, suspended=a.suspended))
    e.chosen[id(p)] = tuple(s.uid for s in played)  # 'delete that token' later (P-165)
    # Played at the same time: a 'when … played' trigger met by them all triggers once (CR 15-5-2, Q2814).
    e.emit(*[Event("CardPlayed", e.snap(stack)) for stack in played])
    return e.cites("token")
