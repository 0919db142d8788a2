"""What the compiler did not read in a card pool, named whole and grouped by family.

Each failed part of an effect (its trigger, a condition, a cost, an action) is named by the whole
clause that did not compile, as a *shape* (names as ``[X]``, numbers as ``N``, so that cards with the
same wording group together), and filed under the first family of :data:`FAMILIES` that takes it
(most specific first). :class:`Uncompiled` counts the cards per family and per shape.

>>> family_of("action", "1 of your Digimon gains <Rush> until the end of the turn")
'duration'
>>> family_of("action", "Delete 1 of your opponent's Digimon with the lowest play cost")
'delete/return/suspend/trash'
>>> family_of("cost", "suspending this Tamer")
'cost'
>>> family_of("action", "Norstein] trait or card with the [DATA SQUAD] trait among them to the hand")
'clause cut inside a [name]'
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from ingest.effect_ir import EffectRecord

#: (family, part kind it takes or ``None`` for any action, pattern on the part's text or ``None``),
#: most specific first: the first row that takes a part decides its family.
FAMILIES: tuple[tuple[str, str, str | None], ...] = (
    ("trigger", "trigger", None),
    ("condition", "condition", None),
    ("cost", "cost", None),
    ("whole effect", "effect", None),
    ("clause cut inside a [name]", "action", r"^[^\[]*\]|\[[^\]]*$"),
    ("delayed (at the end of …)", "action", r"^(?:at (?:the )?end of|at turn end)\b"),
    ("for each", "action", r"\bfor each\b"),
    ("duration", "action", r"\buntil\b|\bfor the turn\b|\bduring\b|\bfor as long as\b"),
    ("cost reduction", "action", r"\b(?:reduce|increase)s?\b.*\bcosts?\b|\bcost reduced\b"),
    ("place/play/digivolve", "action",
     r"^(?:you may )?(?:place|play|digivolve|dna digivolve)\b|\b(?:may|can) (?:dna )?digivolve\b"
     r"|\bdigivolves? into\b|\bplay (?:it|them|that|the|this|up to|\d)"),
    ("activate an effect", "action", r"^(?:you may )?activate\b"),
    ("delete/return/suspend/trash", "action",
     r"^(?:you may )?(?:delete|return|suspend|unsuspend|trash|de-digivolve)\b"),
    ("reveal/add/search", "action", r"\breveal|\bsearch\b|\badd\b.*\bhand\b"),
    ("keyword", "action", r"<[^>]+>"),
    ("DP", "action", r"\bdp\b"),
    ("restriction (can't, don't, isn't)", "action", r"\b(?:can't|cannot|don't|doesn't|isn't|aren't)\b"),
    ("other", "action", None),
)

_COMPILED = [(name, kind, re.compile(p, re.IGNORECASE) if p else None) for name, kind, p in FAMILIES]


def family_of(kind: str, text: str) -> str:
    """The family of a failed part: the first row of :data:`FAMILIES` that takes it."""
    for name, row_kind, pattern in _COMPILED:
        if row_kind == kind and (pattern is None or pattern.search(text)):
            return name
    return "other"


def shape(text: str, words: int | None = None) -> str:
    """A text's pattern: lower case, names as [X], numbers as N, commas dropped; whole unless
    ``words`` cuts it.

    >>> shape("Delete 1 of your opponent's Digimon with [Greymon] in its name and 3000 DP or less.")
    "delete N of your opponent's digimon with [X] in its name and N dp or less"
    >>> shape("Delete 1 of your opponent's Digimon", 3)
    'delete N of'
    """
    text = re.sub(r"\[[^\]]*\]", "[X]", text.lower())
    text = re.sub(r"[+-]?\d+", "N", text)
    kept = text.replace(",", "").split()
    return " ".join(kept[:words] if words else kept).rstrip(".")


def core(span: str) -> str:
    """The part of a sentence a template must match: without its opening condition ('If …,'),
    cost ('By …,') and 'you may' (those are reported on their own when they fail).

    >>> core("If you have a Tamer, by suspending this Tamer, you may swap the DP of 2 Digimon")
    'swap the DP of 2 Digimon'
    """
    for _ in range(3):
        span = re.sub(r"^(?:(?:if|while) [^,]+, |by [^,]+, |you may |then, )", "", span, flags=re.IGNORECASE)
    return span


def cost_of(span: str) -> str:
    """The cost phrase of a sentence ('By trashing 1 card in your hand, …' -> 'trashing 1 card …')."""
    m = re.search(r"\bby ((?:[^,]|,(?! ))+)", span, flags=re.IGNORECASE)
    return m[1] if m else span


def untagged(text: str) -> str:
    """An effect's text without its leading timing tags ('[On Play] [Once Per Turn] ...')."""
    return re.sub(r"^(\s*\[[^\]]*\])+", "", text).strip()


def trigger_text(record: EffectRecord) -> str:
    """The trigger clause of an effect: its text without the timing tags, up to the first comma."""
    return untagged(record.text).split(",")[0]


def failed_parts(record: EffectRecord) -> list[tuple[str, str]]:
    """Each part of an effect the compiler did not read, as (kind, whole clause), in text order;
    ``effect`` with the whole text (without its tags) when its actions failed and no part is named."""
    c = record.compiled
    parts = [("trigger", trigger_text(record))] if not c.trigger_compiled else []
    parts += [("condition", p.span) for p in c.conditions if not p.compiled]
    parts += [("cost", cost_of(p.span)) for p in c.costs if not p.compiled]
    actions = [("action", core(p.span)) for p in c.actions if not p.compiled]
    if not c.actions_compiled and not parts and not actions:
        actions = [("effect", untagged(record.text))]
    return [*parts, *actions]


@dataclass
class Uncompiled:
    """Cards held back by each family and each shape, with one printed example per shape."""

    family_cards: Counter[str] = field(default_factory=Counter)
    shape_cards: Counter[tuple[str, str]] = field(default_factory=Counter)
    examples: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    kinds: dict[tuple[str, str], str] = field(default_factory=dict)

    def add_card(self, number: str, records: list[EffectRecord]) -> None:
        """Count one card's failed parts (a card counts once per family and once per shape)."""
        families: set[str] = set()
        shapes: set[tuple[str, str]] = set()
        for record in records:
            for kind, text in failed_parts(record):
                family = family_of(kind, text)
                key = (family, shape(text))
                families.add(family)
                shapes.add(key)
                self.examples.setdefault(key, (number, text.strip()))
                self.kinds.setdefault(key, kind)
        self.family_cards.update(families)
        self.shape_cards.update(shapes)

    def report(self, top: int = 10) -> list[dict[str, Any]]:
        """The families, most cards first, each with its ``top`` shapes (most cards first)."""
        by_family: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for key in sorted(self.shape_cards, key=lambda k: (-self.shape_cards[k], k)):
            by_family[key[0]].append(key)
        return [{"family": family, "cards": cards, "shapes": len(by_family[family]),
                 "top": [{"shape": key[1], "part": self.kinds[key], "cards": self.shape_cards[key],
                          "example_card": self.examples[key][0], "example": self.examples[key][1]}
                         for key in by_family[family][:top]]}
                for family, cards in sorted(self.family_cards.items(), key=lambda kv: (-kv[1], kv[0]))]
