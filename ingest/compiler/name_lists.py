"""Lists of bracketed words in a filter, written as the one alternative select.py reads
('[A]/[B]/[C]'), before sentences are cut at their commas (``ingest.compiler.body.sentences``):
a condition ends at its first comma, so 'If this Digimon has [Dragon], [saur], or [Ceratopsian] in one of
its traits' would end after '[Dragon]'. Each rewrite says the same words in the form select.py knows:

- '[A], [B], or [C] in its name / in one of its traits' -> '[A]/[B]/[C] in …' (EX2-001, EX3-006, EX3-045);
- '(other than [A], [B], or [C])' -> '(other than [A]/[B]/[C])' (BT4-099, BT5-016);
- '[A]/[B], other than [X], in one of its traits' -> '[A]/[B] in one of its traits (other than [X])'
  (BT13-048, BT13-051; QA Q2115);
- '[A] or [B] (other than …) in its name' -> '[A] or [B] in its name (other than …)' (BT5-001, BT5-095).

>>> join_lists("If this Digimon has [Dragon], [saur], or [Ceratopsian] in one of its traits, <Draw 1>.")
'If this Digimon has [Dragon]/[saur]/[Ceratopsian] in one of its traits, <Draw 1>.'
>>> join_lists("When you play a red Digimon with [Avian], [Bird], [Beast], [Animal], or [Sovereign] in its "
...            "traits by an effect")
'When you play a red Digimon with [Avian]/[Bird]/[Beast]/[Animal]/[Sovereign] in its traits by an effect'
>>> join_lists("has [Omnimon] or [Greymon] (other than [DoruGreymon], [BurningGreymon], or [DexDoruGreymon]) "
...            "in its name,")
'has [Omnimon] or [Greymon] in its name (other than [DoruGreymon]/[BurningGreymon]/[DexDoruGreymon]),'
"""

from __future__ import annotations

import re
from collections.abc import Callable

_W = r"\[[^\]]+\]"
#: what a list of words filters: a name or a trait
_IN = r"in (?:one of )?(?:its|their) (?:traits?|names?)\b"
_REWRITES: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(rf"\(other than ({_W}), ({_W}),? or ?({_W})\)"), r"(other than \1/\2/\3)"),
    (re.compile(rf"\b(?:has|with) {_W}(?:, {_W})+,? or {_W}(?=(?:, other than {_W},)? {_IN})"),
     lambda m: re.sub(r",? (?:or )?(?=\[)", "/", m[0]).replace("has/", "has ").replace("with/", "with ")),
    (re.compile(rf"\b((?:has|with) {_W}(?:/{_W})+), (other than {_W}), (in one of (?:its|their) traits)\b"),
     r"\1 \3 (\2)"),
    (re.compile(rf"\b((?:has|with) {_W} or {_W}) (\(other than {_W}(?:/{_W})*\)) (in its name)\b"),
     r"\1 \3 \2"),
]


def join_lists(text: str) -> str:
    """The text with each list of bracketed words in a filter written as one alternative."""
    for pattern, form in _REWRITES:
        text = pattern.sub(form, text)
    return text
