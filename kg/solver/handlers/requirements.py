"""An Option card's color requirements (CR 4-22, 9-1-1), checked whenever a card is used, by the
player (``turn.use``) or by an effect (``option_use``): for each of the card's colors, a Digimon or
Tamer of that color on the user's field, breeding area included (CR 4-22-2, 4-22-3; a multicolor
one counts for each of its colors, CR 4-22-4, 2-4-3-1). An effect that activates an Option's
effect without using it does not need them (CR 4-22-5).

The card's own persistent effect may waive them ('While you have a Tamer in play, you can ignore
this card's color requirements', CR 15-8-2): the verb ``ignore_color_requirements``, consulted
here, not carried out on its own; so is <Use Req. ([X] trait)>, which ignores them while a
specified Digimon or Tamer is on the field (CR 16-42-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kg.solver.registry import REGISTRY
from kg.solver.state import Stack
from kg.solver.statics import stack_colors
from kg.solver.support import persistent_gaps

if TYPE_CHECKING:
    from kg.solver.effect_spec import EffectSpec
    from kg.solver.engine import Engine

IGNORE = "ignore_color_requirements"
REGISTRY.consulted("verb", IGNORE, "kg.solver.handlers.requirements.unmet_colors when a card is used")
#: <Use Req. ([X] trait)> (CR 16-42): the color requirements are ignored with the specified cards.
USE_REQ = "ignore_colors_with"
REGISTRY.consulted("primitive", USE_REQ, "kg.solver.handlers.requirements.unmet_colors when a card is used")


def _use_req(e: Engine, player: str, spec: EffectSpec) -> bool:
    """<Use Req. (…)>: ``player`` has a Digimon or Tamer on the field that is one of the specified
    cards (CR 16-42-3, 4-22-2)."""
    record = spec.record
    sel = record.compiled.actions[0].selector if record and record.compiled.actions else None
    if sel is None:
        return False
    return any(e.board.matches(e.state, s, sel, player, None) for s in _on_field(e, player))


def field_colors(e: Engine, player: str) -> set[str]:
    """The colors of ``player``'s Digimon and Tamers on the field (CR 4-22-2, 4-22-4)."""
    return {c for s in _on_field(e, player) for c in stack_colors(e.board, e.state, s)}


def _on_field(e: Engine, player: str) -> list[Stack]:
    """``player``'s Digimon and Tamers on the field, breeding area included."""
    side = e.state.players[player]
    stacks = [*side.battle_area, *([side.breeding] if side.breeding else [])]
    return [s for s in stacks if e.board.card(s.top).kind in ("Digimon", "Tamer")]


def waived(e: Engine, player: str, number: str) -> str | None:
    """The label of the card's own persistent effect that lets ``player`` ignore its color
    requirements now (its 'while …' conditions hold, CR 15-8-2), or None. One whose conditions the
    engine cannot read is reported and not applied."""
    holder = Stack(e.state.new_uid(), number, player, [number])  # the card as it is being revealed
    for spec in e.board.specs(number):
        record = spec.record
        if spec.keyword and e.index.keywords[spec.keyword].primitive == USE_REQ:
            if _use_req(e, player, spec):
                return f"{number}/{spec.tag}"
            continue
        if spec.category != "persistent" or record is None or \
                not any(a.verb == IGNORE for a in record.compiled.actions):
            continue
        label = f"{number}/{spec.tag}"
        gaps = persistent_gaps(e.index, record)
        if gaps:
            e.report_gaps(label, gaps)
            continue
        if all(e.board.holds(e.state, holder, c) for c in record.compiled.conditions):
            return label
    return None


def also_meeting(e: Engine, number: str) -> set[str]:
    """The colours the card's own text says also meet its color requirements ('… met by green')."""
    return {a.selector.color for r in e.board.card(number).effects if r.compiled.category == "Persistent"
            and not r.compiled.conditions for a in r.compiled.actions
            if a.verb == "also_meets_colors" and a.compiled and a.selector and a.selector.color}


REGISTRY.consulted("verb", "also_meets_colors", "kg.solver.handlers.requirements.unmet_colors (CR 4-22)")


def unmet_colors(e: Engine, player: str, number: str, *, log: bool = True) -> list[str]:
    """The Option card's colors that ``player`` does not meet (empty: it may be used; CR 4-22-3:
    every color must be met); logged (unless ``log`` is False) when its own effect waives them."""
    have = field_colors(e, player)
    missing = [c for c in e.board.card(number).colors if c not in have]
    extra = also_meeting(e, number)
    if missing and len(e.board.card(number).colors) == 1 and extra & have:
        if log:
            e.rec.log(f"{player} meets {number}'s color requirements with {'/'.join(sorted(extra & have))}",
                      e.cites("color_requirements"))
        return []
    if missing:
        label = waived(e, player, number)
        if label is not None:
            if log:
                e.rec.log(f"{player} ignores {number}'s color requirements ({label})",
                          e.cites("color_requirements"))
            return []
    return missing


def refuse_colors(e: Engine, player: str, number: str) -> bool:
    """True, and the use refused naming CR 4-22, when ``player`` cannot use ``number`` for its colors."""
    missing = unmet_colors(e, player, number)
    if missing:
        e.refuse(f"use {number}", f"its color requirements are not met: no {'/'.join(missing)} Digimon "
                                  f"or Tamer on {player}'s field (CR 4-22-2, 4-22-3)",
                 e.cites("color_requirements"))
    return bool(missing)
