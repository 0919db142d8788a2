"""'Choose 1 of your opponent's Digimon. Your opponent attacks with the chosen Digimon.' (BT13-077,
BT18-069 'must attacks', and the inherited effects of BT22-060, BT22-062): the opponent declares an
attack with the Digimon the effect chose, if it can (CR 11-2: the declaration's rules hold; the
target is the attacking player's choice, CR 11-2-7-1). It affects a player, so a chosen Digimon
that isn't affected by effects still attacks (QA Q2320, Q3008, Q4914, Q4919); one that can't attack
doesn't (Q2318), nor one chosen during an attack (Q2319); with 'you may choose' and no choice, no
attack occurs (Q2316).

The attack is the verb ``attack`` on the earlier choice (``same_targets``); it is read only right
after a 'choose 1 of your opponent's Digimon' (``check_chosen_attack``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.effect_ir import Action, Selector

_SPAN = re.compile(r"(?i)your opponent (?:must )?attacks? with the chosen digimon\.?")


def _opponent_attacks(m: re.Match[str]) -> list[Action] | None:
    """The opponent attacks with what the effect chose (the choice is checked after the sentences)."""
    return [Action(verb="attack", selector=Selector(owner="opponent", kind="Digimon"), same_targets=True)]


CHOSEN_ATTACK_TEMPLATES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[Action] | None]]] = [
    (re.compile(r"your opponent (?:must )?attacks? with the chosen digimon"), _opponent_attacks),
]


def check_chosen_attack(parts: list[Action]) -> None:
    """The opponent's attack is read only on 1 of their Digimon in play chosen right before it;
    otherwise it stays not compiled (nothing to attack with, no guess)."""
    for position, part in enumerate(parts):
        if part.verb != "attack" or not _SPAN.fullmatch(part.span.strip()):
            continue
        before = parts[position - 1] if position else None
        sel = before.selector if before is not None else None
        fits = before is not None and before.verb == "choose" and sel is not None \
            and sel.owner == "opponent" and sel.kind == "Digimon" and sel.count == 1 \
            and sel.zone == "battle_area" and not sel.this
        if fits and sel is not None:
            part.selector = sel.model_copy()
        else:
            part.compiled = False
