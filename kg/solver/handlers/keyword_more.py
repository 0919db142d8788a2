"""More keyword effects of CR 16 (``keywords_cr16`` holds the first ones): <Material Save N>,
which reads the DigiXros requirements the top card prints as a rule line (CR 7-2, 16-21), and
'<Recovery +1 (Deck)> until there are N cards in your security stack' (CR 16-6).

>>> from kg.solver.card_facts import CardInfo
>>> [s.name for s in xros_materials(CardInfo("X", text="DigiXros -2: [Shoutmon] xD7 [Starmons]"))]
['Shoutmon', 'Starmons']
>>> y = CardInfo("Y", text="[DigiXros -2] Blue [Greymon] x [Gumdramon]")
>>> [(s.name, s.color) for s in xros_materials(y)]
[('Greymon', 'Blue'), ('Gumdramon', None)]
>>> (s,) = xros_materials(CardInfo("Z", text="DigiXros -2: 1 Digimon card w/[Xros Heart] in traits"))
>>> s.kind, s.trait
('Digimon', 'Xros Heart')
>>> xros_materials(CardInfo("W", text="DigiXros -2: 2 Digimon cards w/[Xros Heart] in traits")) is None
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ingest.effect_ir import Action, Selector
from kg.solver.card_facts import CardInfo
from kg.solver.events import Pending
from kg.solver.handlers.keywords_cr16 import _pick, own_cites, parameter_value
from kg.solver.handlers.verbs import holder_stack
from kg.solver.moves import place_sources
from kg.solver.registry import REGISTRY

if TYPE_CHECKING:
    from kg.solver.engine import Engine

_COLOR = r"(?:Red|Blue|Yellow|Green|Black|Purple|White)"
_MATERIAL = re.compile(rf"(?:(?P<c>{_COLOR})\s+)?\[(?P<n>[^\]]+)\]")
_ONE = rf"(?:{_COLOR}\s+)?\[[^\]]+\]"
# 'x', '×' or its mis-decoded 'xD7', or '+' between the materials; after them the reminder,
# a keyword or the next effect, or nothing
_XROS = re.compile(rf"\[?DigiXros\s*-?\s*\d+\]?\s*:?\s*(?P<all>{_ONE}(?:\s*(?:\+|×|xD7|x)\s*{_ONE})+)"
                   r"(?=\s*(?:$|When you would|<|＜|\[))", re.M)
_TRAIT = re.compile(r"\[?DigiXros\s*-?\s*\d+\]?\s*:?\s*1 Digimon card w/\[(?P<t>[^\]]+)\] in traits"
                    r"(?=\s*(?:$|When you would|<|＜|\[))", re.M)
_HEAD = re.compile(r"\[?DigiXros\s*-?\s*\d+", re.I)


def xros_materials(info: CardInfo) -> tuple[Selector, ...] | None:
    """The cards the card's DigiXros requirement specifies, in printed order (CR 7-2): named cards
    (with a colour: 'Blue [Greymon]') or '1 Digimon card w/[X] in traits'; None when it prints
    none or one this reader does not understand whole."""
    text = info.text.replace("\xa0", " ")
    head = _HEAD.search(text)
    if head is None:
        return None
    if t := _TRAIT.match(text, head.start()):
        return (Selector(owner="self", kind="Digimon", trait=t["t"].strip()),)
    m = _XROS.match(text, head.start())
    if m is None:
        return None
    return tuple(Selector(owner="self", kind="card", name=x["n"].strip(), color=x["c"])
                 for x in _MATERIAL.finditer(m["all"]))


@REGISTRY.register("primitive", "material_save")
def _material_save(e: Engine, p: Pending) -> list[str]:
    """<Material Save N>: as this Digimon would be deleted, place N cards its top card's DigiXros
    requirements name from among its digivolution cards under 1 of your Tamers, as many as there
    are when fewer (CR 16-21-1, 16-21-3); copies of one named card count each (CR 16-21-5); they
    go under the cards already there (CR 16-21-6). The Digimon is still deleted."""
    stack, cites = holder_stack(e, p), own_cites(e, "material_save")
    if stack is None:
        return cites
    materials = xros_materials(e.board.card(stack.top))
    if materials is None:
        e.rec.unsupported_part(p.label, "keyword", "<Material Save>",
                               f"the DigiXros requirements of {stack.top} are not read")
        return cites
    fits = [n for n in reversed(stack.sources) if any(e.board.card_fits(n, s) for s in materials)]
    tamer = _pick(e, p, [s for s in e.state.players[p.player].battle_area
                         if e.board.card(s.top).kind == "Tamer"])
    if tamer is None or not fits:
        e.rec.log(f"{p.label}: no Tamer, or no DigiXros material among its digivolution cards; "
                  "nothing is placed", cites)
        return cites
    chosen = e.decide.targets(p.player, p.label, fits, min(parameter_value(p), len(fits)))
    for number in chosen:
        stack.cards.remove(number)
    place_sources(e, tamer, chosen)  # placed one at a time, all at once (CR 16-21-4)
    e.rec.log(f"{p.label}: {', '.join(chosen)} go under {tamer.alias}", cites)
    e.done += 1
    return cites


@REGISTRY.register("verb", "recovery_until")
def _recovery_until(e: Engine, p: Pending, a: Action) -> list[str]:
    """<Recovery +1 (Deck)> repeated until the security stack has ``amount`` cards, or the deck is
    empty; with that many already, nothing happens (CR 16-6-1; Q2667)."""
    handler = REGISTRY.handler("verb", "recovery")
    assert handler is not None
    missing = max(0, (a.amount or 0) - len(e.state.players[p.player].security))
    e.rec.log(f"{p.label}: <Recovery +1 (Deck)> {missing} time(s), up to {a.amount} security cards",
              own_cites(e, "recovery"))
    return handler(e, p, Action(verb="recovery", amount=missing)) if missing else []
