"""Who may play Digimon by effects: '[All Turns] Players can't play Digimon by effects' (BT9-033,
BT9-047, BT14-009). A persistent effect of a card in play, consulted by every play an effect makes
(``play_card``, ``play_each``, ``play_within_total``, ``play_or_use_card``, into the breeding area,
tokens, 'play this card', <Decode>), not carried out on its own (CR 15-1-3: a prohibition wins).

Only Digimon are barred: Tamer cards are still played (a Tamer is no Digimon), Option cards still used.
The effect still activates; the Digimon card is not played (QA Q6733, Q4296), by an Option card's
effect neither (QA Q1831, Q1846), nor into the breeding area (QA Q5205, Q5206, Q5209). Moving a Digimon
out of the breeding area is no play (QA Q1844); a player's own play is no effect (QA Q2374).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine

CANT_PLAY = "cant_play_digimon_by_effects"
REGISTRY.consulted("verb", CANT_PLAY, "kg.solver.handlers.play_rules.may_play_by_effect when an effect plays")


def may_play_by_effect(e: Engine, label: str, player: str, kind: str, *, log: bool = True) -> bool:
    """Whether an effect may play a card of ``kind`` for ``player`` now; logged when it may not."""
    if kind != "Digimon":
        return True
    for holder, spec in e.board.persistent(e.state):
        for action in spec.record.compiled.actions:  # type: ignore[union-attr]
            sel = action.selector
            if action.verb != CANT_PLAY or sel is None:
                continue
            if sel.owner == "any" or (sel.owner == "self") == (player == holder.owner):
                if log:
                    e.rec.log(f"{label}: players can't play Digimon by effects "
                              f"({holder.alias}/{spec.card}/{spec.tag})", e.cites("prohibition"))
                return False
    return True


def playable_by_effect(e: Engine, label: str, player: str, numbers: list[str]) -> list[str]:
    """The cards of ``numbers`` an effect may play for ``player`` now (the prohibition logged once if
    it bars any)."""
    kept = [n for n in numbers if may_play_by_effect(e, label, player, e.board.card(n).kind, log=False)]
    if len(kept) < len(numbers):
        may_play_by_effect(e, label, player, "Digimon")
    return kept
