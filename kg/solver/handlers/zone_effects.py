"""Effects that work outside the battle area: the triggered {Trash} effects of the cards in a
player's trash trigger and activate from the trash (CR 15-14-3-1), as the card there, never as a
Digimon in play; 'this card' of their actions is that card in the trash."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kg.solver.effect_spec import EffectSpec
from kg.solver.events import Snapshot
from kg.solver.state import PLAYERS

if TYPE_CHECKING:
    from kg.solver.engine import Engine

#: the zone whose triggered icon effects the engine collects (``dcg:worksIn/dcg:roleOf``)
TRIGGERED_FROM = frozenset({"trash"})


def triggered_from_zone(e: Engine, spec: EffectSpec, zone: str) -> bool:
    """A triggered effect whose zone icon names ``zone`` (CR 15-14-3)."""
    icon = e.board.zone_icon(spec)
    return spec.category == "trigger" and icon is not None and e.index.zone_icons[icon] == zone


def trash_holders(e: Engine) -> list[Snapshot]:
    """Each card in either player's trash that has a triggered {Trash} effect live this turn, as a
    one-card holder of just those effects (CR 15-14-3-1); uids are negative, never a stack's or a
    face-up security card's, and each copy in the trash is its own holder."""
    out: list[Snapshot] = []
    for k, name in enumerate(PLAYERS):
        for i, number in enumerate(e.state.players[name].trash):
            specs = [(spec, 0) for spec in e.board.specs(number) if triggered_from_zone(e, spec, "trash")
                     and e.board.live_in(spec, name, e.state)]
            if specs:
                out.append(Snapshot(-(100_000 + 10_000 * k + i), name, f"{name}-trash-{number}",
                                    (number,), False, i, specs))
    return out


def zone_cites(e: Engine, spec: EffectSpec) -> list[str]:
    """The rule section of the effect's zone icon ({Trash}: CR 15-14-3), from the graph."""
    icon = e.board.zone_icon(spec)
    return list(e.index.cites_of.get(icon, ())) if icon else []
