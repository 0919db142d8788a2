"""Wordings of actions the other tables already read, printed another way: each template rewrites
a whole lower-cased sentence into the wording(s) the action tables understand, and is compiled
only if every rewritten part is.

- 'Choose 1 digivolution card of 1 of your opponent's Digimon and trash it' (BT2-094): the player
  chooses which of that Digimon's digivolution cards goes, as 'trash any 1 digivolution card of …';
- 'Search your security stack, and you may play 1 … among it without paying the cost' (BT13-012):
  the search, then the optional play from the searched cards (``reveal_phrases.searched``), as
  'Search your security stack. You may play … among it …' (EX6-068) reads;
- 'Your opponent's Tamers don't unsuspend' ([All Turns], BT5-058): as 'don't unsuspend until …' is
  read ('can't unsuspend', actions.py), with no end: by the unsuspend phase or by effects, CR 6-2-1;
- 'All of your Tokens and [Puppet] trait Digimon gain …' (EX9-033): all of the tokens gain it, and all of
  the [Puppet] trait Digimon do (two global effects, as two subjects of one predicate are read, body.py);
- 'to prevent this Digimon from being deleted' (BT2-082, after 'When this Digimon would be deleted'):
  'prevent that deletion';
- 'Place those cards on the top or bottom of your deck in any order' after revealing them (ST13-16):
  all of them to the top or all to the bottom, as the player chooses (QA Q795);
- 'Trash 4 digivolution cards under 1 of your opponent's Digimon' (BT1-043): no end of the stack
  named, so any 4 of that Digimon's digivolution cards, as 'trash any 3 digivolution cards under your
  opponent's Digimon' (BT16-085, QA Q2678) prints it;
- 'Return 1 Digi-Egg card from your trash to the bottom of your Digi-Egg deck' (BT4-095): as the cost
  'returning 1 Digi-Egg card … to the bottom of the Digi-Egg deck' (BT16-083) is read, as an action.
- 'Add 1 Digimon card with the [ADVENTURE] trait and 1 such Tamer card or Option card among them to the
  hand' (ST20-02): the two adds, the second a Tamer or Option card with that trait ('such').
- 'gain 1 memory, then hatch 1 Digi-Egg card …' (EX1-066): the gain, then the hatch.

>>> from ingest.compiler.actions import match_action
>>> [(a.verb, a.amount) for a in match_reworded(
...     "choose 1 digivolution card of 1 of your opponent's digimon and trash it", match_action)]
[('trash_any_sources', 1)]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.cost_phrases_s19 import egg_to_egg_deck
from ingest.effect_ir import Action

One = Callable[[str], list[Action] | None]
Build = Callable[[re.Match[str], One], list[Action] | None]


def _parts(*templates: str, optional: tuple[int, ...] = ()) -> Build:
    """A builder reading the sentence as the sentences ``templates`` (groups filled in), one after the
    other; the actions of the parts numbered in ``optional`` are the player's choice ('you may')."""

    def build(m: re.Match[str], one: One) -> list[Action] | None:
        found: list[Action] = []
        for i, template in enumerate(templates):
            part = one(template.format(**m.groupdict()))
            if part is None:
                return None
            for action in part if i in optional else []:
                action.optional = True
            found += part
        return found

    return build


def _as_cost(read: Callable[[re.Match[str]], list[Action] | None]) -> Build:
    """A builder reading the sentence as the cost phrase ``read`` reads it (the same move, as an action)."""
    return lambda m, one: read(m)


_TEMPLATES: list[tuple[re.Pattern[str], Build]] = [
    (re.compile(p), b)
    for p, b in [
        (r"choose (?P<n>1|one) digivolution card of (?P<sel>1 of your opponent's digimon) and trash it",
         _parts("trash any 1 digivolution card of {sel}")),
        (r"search your security stack, and you may (?P<play>play .+ among it without paying the cost)",
         _parts("search your security stack", "{play}", optional=(1,))),
        (r"(?P<sel>your opponent's (?:digimon|tamers)) don't unsuspend", _parts("{sel} can't unsuspend")),
        # 'All of your Tokens and [Puppet] trait Digimon gain <Alliance> and <Blocker>' (EX9-033): each
        (r"all of your tokens and (?P<b>\[[^\]]+\] trait digimon) (?P<pred>gain .+)",
         _parts("all of your tokens {pred}", "all of your {b} {pred}")),
        (r"prevent (?:this digimon|it) from being deleted", _parts("prevent that deletion")),  # BT2-082
        (r"place those cards on the top or bottom of your deck in any order",
         _parts("return the revealed cards to the top or bottom of the deck")),
        (r"trash (?P<n>\d+) digivolution cards under (?P<sel>1 of your opponent's digimon)",  # BT1-043
         _parts("trash any {n} digivolution cards of {sel}")),
        (r"return (?P<n>\d+) digi-egg cards? from your trash to the bottom of your digi-egg deck",  # BT4-095
         _as_cost(egg_to_egg_deck)),
        # ST20-02 '… and 1 such Tamer card or Option card among them': 'such', with that trait too
        (r"add 1 digimon card with the (?P<t>\[[^\]]+\]) trait and 1 such tamer card or option card "
         r"among them to the hand",
         _parts("add 1 digimon card with the {t} trait among them to the hand",
                "add 1 tamer card with the {t} trait or 1 option card with the {t} trait "
                "among them to the hand")),
        # EX1-066 'If you do, gain 1 memory, then hatch 1 Digi-Egg card to an empty space in your Breeding
        # Area': the one, then the other
        (r"(?P<a>gain \d+ memory), then (?P<b>hatch .+)", _parts("{a}", "{b}")),
    ]
]


#: 'as that Digimon', 'than that Digimon': a comparison with 'that Digimon' (select: ``compare_to`` chosen).
_AS_THAT = re.compile(r"\b(?:as|than) that digimon\b")


def subject_reference(parts: list[Action]) -> None:
    """'When one of your [Eosmon] is played, delete 1 of your opponent's Digimon with as much or less DP
    as that Digimon' (BT17-076): a comparison with 'that Digimon' in the effect's first part, with no
    earlier choice for it to name, is with the triggering event's subject (``compare_to`` subject, its
    value when the effect is processed: QA Q2845, Q2846); ingest.compiler requires a trigger whose
    subject may be another card, as for 'that Digimon' itself. Changes ``parts`` in place."""
    first = parts[0] if parts else None
    sel = first.selector if first is not None else None
    if sel is not None and sel.compare_to == "chosen" and _AS_THAT.search(first.span.lower()):
        sel.compare_to = "subject"


def match_reworded(text: str, one: One) -> list[Action] | None:
    """The actions of a lower-cased sentence one of these templates rewrites, each part read by
    ``one`` (the body's one-sentence reader), or None."""
    for pattern, build in _TEMPLATES:
        if (m := pattern.fullmatch(text)) and (found := build(m, one)) is not None:
            return found
    return None
