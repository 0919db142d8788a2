"""How much of a card pool the solver can play out, at three levels per effect and per card:

- **trigger read**: the compiler understood when the effect happens;
- **compiled**: trigger, conditions, costs and actions all understood;
- **executable**: compiled, and every code it uses is bound to a handler (``kg.solver.support``
  finds no gap) — the engine carries it out without guessing.

A card counts at a level when all its effects do. The missing handlers are ranked by the cards
each one alone would make executable.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ingest.effect_ir import EffectRecord
from kg.solver.effect_spec import spec_of
from kg.solver.rules_index import RulesIndex
from kg.solver.support import Gap, record_gaps


def fully_compiled(record: EffectRecord) -> bool:
    """Trigger, conditions, costs and actions all understood by the compiler."""
    c = record.compiled
    return (c.trigger_compiled and c.actions_compiled and all(x.compiled for x in c.conditions)
            and all(x.compiled for x in [*c.costs, *c.actions]))


def gap_key(gap: Gap) -> str:
    """What a gap waits for: ``family:code`` of a handler, or the part of the text not compiled."""
    return gap.code or f"text:{gap.part}"


@dataclass
class Coverage:
    cards: int = 0
    cards_with_effects: int = 0
    cards_trigger_read: int = 0
    cards_compiled: int = 0
    cards_executable: int = 0
    effects: int = 0
    effects_trigger_read: int = 0
    effects_compiled: int = 0
    effects_executable: int = 0
    blocked: Counter[str] = field(default_factory=Counter)    # cards a code holds back
    unlocked: Counter[str] = field(default_factory=Counter)   # cards it alone holds back
    reasons: dict[str, str] = field(default_factory=dict)

    def add_card(self, index: RulesIndex, records: list[EffectRecord]) -> None:
        """Count one card and its compiled effects."""
        self.cards += 1
        if not records:
            return
        self.cards_with_effects += 1
        levels = [True, True, True]
        waits: set[str] = set()
        for record in records:
            gaps = record_gaps(index, spec_of(index, record))
            read, compiled = record.compiled.trigger_compiled, fully_compiled(record)
            executable = compiled and not gaps
            self.effects += 1
            self.effects_trigger_read += read
            self.effects_compiled += compiled
            self.effects_executable += executable
            levels = [levels[0] and read, levels[1] and compiled, levels[2] and executable]
            for gap in gaps:
                waits.add(gap_key(gap))
                self.reasons.setdefault(gap_key(gap), gap.why)
            if not executable and not gaps:
                waits.add("text:effect")
        self.cards_trigger_read += levels[0]
        self.cards_compiled += levels[1]
        self.cards_executable += levels[2]
        for key in waits:
            self.blocked[key] += 1
        if len(waits) == 1:
            self.unlocked[next(iter(waits))] += 1

    def report(self, top: int = 15) -> dict[str, Any]:
        """The JSON figures of ``dcgkg coverage``."""
        def share(n: int, of: int) -> float:
            return round(n / of, 4) if of else 0.0
        handlers = [k for k in self.blocked if not k.startswith("text:")]
        ranked = sorted(handlers, key=lambda k: (-self.unlocked[k], -self.blocked[k], k))
        return {
            "cards": self.cards, "cards_with_effects": self.cards_with_effects,
            "cards_trigger_read": self.cards_trigger_read, "cards_compiled": self.cards_compiled,
            "cards_executable": self.cards_executable,
            "effects": self.effects, "effects_trigger_read": self.effects_trigger_read,
            "effects_compiled": self.effects_compiled, "effects_executable": self.effects_executable,
            "card_shares": {"trigger_read": share(self.cards_trigger_read, self.cards_with_effects),
                            "compiled": share(self.cards_compiled, self.cards_with_effects),
                            "executable": share(self.cards_executable, self.cards_with_effects)},
            "effect_shares": {"trigger_read": share(self.effects_trigger_read, self.effects),
                              "compiled": share(self.effects_compiled, self.effects),
                              "executable": share(self.effects_executable, self.effects)},
            "missing_handlers": [{"code": k, "cards_it_alone_holds_back": self.unlocked[k],
                                  "cards_held_back": self.blocked[k], "why": self.reasons.get(k, "")}
                                 for k in ranked[:top]],
            "not_compiled": [{"part": k.removeprefix("text:"), "cards_held_back": self.blocked[k],
                              "cards_it_alone_holds_back": self.unlocked[k]}
                             for k in sorted((k for k in self.blocked if k.startswith("text:")),
                                             key=lambda k: -self.blocked[k])],
        }


def measure(index: RulesIndex, cards: Iterable[list[EffectRecord]]) -> Coverage:
    """The coverage of a pool: one list of compiled effect records per card."""
    coverage = Coverage()
    for records in cards:
        coverage.add_card(index, records)
    return coverage
