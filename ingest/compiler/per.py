"""'For each …' / 'for every N …' multipliers: what is counted, as a selector with no count.

An action with ``per`` happens once for each card the selector matches ('gets +1000 DP for each
of your Tamers' means +1000 DP times that number), or once for every ``per_every`` of them
('for every 10 cards in your trash'). What is counted must be cards in play or in a zone:
colours, or the cards an earlier action moved, are not represented and stay uncompiled.

>>> s, every = per_phrase("every 10 cards in your trash")
>>> s.zone, s.owner, s.count, every
('trash', 'self', None, 10)
>>> per_phrase("each of your opponent's suspended digimon")[0].state
'suspended'
"""

from __future__ import annotations

import re

from ingest.compiler.select import card_select, select, subject
from ingest.compiler.zones import ZONE_PHRASES
from ingest.effect_ir import Action, Selector

#: Cards in a zone: 'cards in your trash', 'card in your security stack', 'security cards you have'.
_ZONES = [
    *[
        (rf"cards? in {re.escape(phrase)}", owner, zone)
        for phrase, (owner, zone) in ZONE_PHRASES.items()
        if zone in ("trash", "hand", "security")
    ],
    (r"security cards? you have|of your security cards", "self", "security"),
]
#: Verbs whose amount (or keyword value) a multiplier multiplies.
MULTIPLIED = {
    "dp_modify",
    "gain_memory",
    "lose_memory",
    "draw",
    "trash_deck",
    "recovery",
    "gain_keyword",
    "trash_security",
    "reduce_cost",
    "reduce_play_cost",
    "reduce_digivolve_cost",
    "reduce_own_cost_in_hand",
}


def _counted(text: str) -> Selector | None:
    """The cards counted: in a zone, or in play ('of your Tamers', 'Tamer you have in play')."""
    for pattern, owner, zone in _ZONES:
        if re.fullmatch(pattern, text):
            return Selector(owner=owner, kind="card", count=None, zone=zone)  # type: ignore[arg-type]
    for phrase, (owner, zone) in ZONE_PHRASES.items():  # 'card with the [X] trait in your trash'
        m = re.fullmatch(rf"(?P<np>.+?) in {re.escape(phrase)}", text)
        if zone in ("trash", "hand") and m and (found := card_select(f"1 {m['np']}", zone)) is not None:
            return found.model_copy(update={"owner": owner, "count": None})
    if text.startswith("of "):
        found = select(f"all {text}")
        return None if found is None or found.this else found
    if m := re.fullmatch(r"(?P<np>.+?) (?P<who>you have|your opponent has)(?: in play)?", text):
        found = subject(m["np"])
        if found is not None:
            found.owner = "opponent" if "opponent" in m["who"] else "self"
        return found
    return None


def per_phrase(text: str) -> tuple[Selector, int | None] | None:
    """'each of your Tamers' / 'every 2 cards in your trash' -> (what is counted, every N)."""
    m = re.fullmatch(r"(?:each|every) (?:(?P<n>\d+) )?(?P<what>.+)", text)
    if m is None:
        return None
    counted = _counted(m["what"])
    return None if counted is None else (counted, int(m["n"]) if m["n"] else None)


def multiply(actions: list[Action], phrase: str) -> list[Action] | None:
    """The actions, each done per counted card; None unless all of them have an amount to multiply."""
    found = per_phrase(phrase)
    if found is None or not actions or any(a.verb not in MULTIPLIED for a in actions):
        return None
    for action in actions:
        action.per, action.per_every = found
    return actions
