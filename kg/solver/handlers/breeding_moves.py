"""Moving a Digimon out of the breeding area by an effect: 'You may move 1 of your level 3 or higher
Digimon from the breeding area to the battle area' (P-130, BT14-088). As in the breeding phase, only
a Digimon with DP moves; it keeps its orientation and the effects on it (CR 4-17-2..4), and the move
is the ``Moved`` event ([When Moving], 'when … moves from the breeding area', CR 4-17)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.events import Event, Pending
from kg.solver.registry import REGISTRY
from kg.solver.state import Stack

if TYPE_CHECKING:
    from kg.solver.engine import Engine


@REGISTRY.register("verb", "move_from_breeding")
def _move_from_breeding(e: Engine, p: Pending, a: Action) -> list[str]:
    """The effect's player's Digimon in the breeding area, if it fits the text, to the battle area."""
    player = e.state.players[p.player]
    stack, cites = player.breeding, list(e.index.cites_of.get("Moved", ()))
    sel = a.selector.model_copy(update={"zone": "battle_area"}) if a.selector is not None else None
    fits = stack is not None and (sel is None or e.board.matches(e.state, stack, sel, p.player, p.holder.uid))
    if stack is None or not fits or e.board.card(stack.top).dp is None:  # only a Digimon with DP (CR 4-17-2)
        e.rec.log(f"{p.label}: no Digimon in the breeding area that can be moved", cites)
        return cites
    player.breeding = None
    player.battle_area.append(stack)
    e.done += 1
    e.rec.log(f"{p.label}: {stack.alias} moves from the breeding area to the battle area", cites)
    e.emit(Event("Moved", e.snap(stack)))
    return cites


@REGISTRY.register("verb", "hatch")
def _hatch(e: Engine, p: Pending, a: Action) -> list[str]:
    """'You may hatch in your breeding area': the top card of the effect's player's Digi-Egg deck,
    flipped into the breeding area (CR 4-18-1); not with an empty Digi-Egg deck (CR 4-18-2) nor with
    a card already in the breeding area (CR 4-18-3; QA Q2486). Hatching is no play: no [On Play] or
    'when played' triggers (QA Q4862), and the Digimon may attack once moved out (QA Q959)."""
    cites = ["CR 4-18-1"]
    s = e.state
    player = s.players[p.player]
    if player.breeding is not None:
        e.rec.log(f"{p.label}: {p.player} can't hatch: the breeding area is not empty", ["CR 4-18-3"])
        return ["CR 4-18-3"]
    if not player.eggs:
        e.rec.log(f"{p.label}: {p.player} can't hatch: the Digi-Egg deck is empty", ["CR 4-18-2"])
        return ["CR 4-18-2"]
    number = player.eggs.pop(0)
    player.breeding = Stack(s.new_uid(), s.fresh_alias(number), p.player, [number])
    e.done += 1
    e.rec.log(f"{p.label}: {p.player} hatches {number} in the breeding area", cites)
    return cites
