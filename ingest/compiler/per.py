"""'For each …' / 'for every N …' multipliers: what is counted, as a selector with no count.

An action with ``per`` happens once for each card the selector matches ('gets +1000 DP for each
of your Tamers' means +1000 DP times that number), or once for every ``per_every`` of them
('for every 10 cards in your trash'). What is counted must be cards in play or in a zone:
the different colours of such cards ('for each color in this Digimon's digivolution cards') are
counted too; of the cards an earlier action of the effect moved, the Digimon it deleted or
suspended and the cards it trashed are counted ('for each Digimon deleted by this effect'); the
rest stay uncompiled.

>>> s, every, colors = per_phrase("every 10 cards in your trash")
>>> s.zone, s.owner, s.count, every, colors
('trash', 'self', None, 10, False)
>>> per_phrase("every 2 colors your tamers have")[1:]
(2, True)
>>> per_phrase("each of your opponent's suspended digimon")[0].state
'suspended'
"""

from __future__ import annotations

import re

from ingest.compiler.number_phrases import NUMBER_FIELDS
from ingest.compiler.select import card_select, select, subject
from ingest.compiler.zones import ZONE_PHRASES
from ingest.effect_ir import Action, Selector

#: Zones whose cards are counted; 'sources' are this card's digivolution cards.
_COUNTED_IN = ("trash", "hand", "security", "sources")
#: Cards in a zone: 'cards in your trash', 'card in your security stack', 'security cards you have'.
_ZONES = [
    *[
        (rf"cards? in {re.escape(phrase)}", owner, zone)
        for phrase, (owner, zone) in ZONE_PHRASES.items()
        if zone in _COUNTED_IN
    ],
    (r"security cards? you have|of your security cards", "self", "security"),
    (r"of your opponent's security cards|security cards? your opponent has", "opponent", "security"),
    # the sum of both trashes (QA Q3446)
    (r"(?:total )?cards in both players'? trash(?:es)?|cards in both player's trash", "any", "trash"),
    (r"of this digimon's digivolution cards|digivolution cards this digimon has", "self", "sources"),
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
    *NUMBER_FIELDS,  # 'for each …, add 2000 to this effect's maximum' (effect_numbers.py)
    # cards from the top (bottom) of one chosen stack: up to that many times as many (CR 4-27-2, 4-27-3)
    "trash_top_sources",
    "trash_bottom_sources",
    # 'for each …, trash any 1 digivolution card from your opponent's Digimon': that many in all, from one
    # or several of them (QA Q4289: 3 colours, 3 cards); 'from 1 of …': that many from the one (CR 4-27-2)
    "trash_any_sources",
    "reveal",  # 'reveal 1 card from the top of your deck for each …': that many cards
    "play_token",  # 'you may play 1 [Familiar] Token for each of your opponent's Digimon': that many
}
#: Verbs done that many times one after another on the one Digimon chosen (``Action.times``):
#: '<De-Digivolve 1> for each …' is <De-Digivolve 1> twice, not <De-Digivolve 2> (QA Q4568, Q5628,
#: Q1916: each time the new top card may be one the effect does not affect).
#: An effect activated again each time (activations.py, verbs.py, modal.py: repeat_effect, activate_effect,
#: choose_effects: 'for every 5 of this Digimon's digivolution cards, activate 1 of the effects below').
REPEATED = frozenset({"de_digivolve", "repeat_effect", "activate_effect", "choose_effects"})


_DIFFERENT_NAMES = re.compile(r"(?P<rest>.+) with different names")


def _counted(text: str) -> Selector | None:
    """The cards counted: in a zone, or in play ('of your Tamers', 'Tamer you have in play')."""
    # 'each of your Digimon with the [Three Musketeers] trait with different names' (EX7-066): as many as
    # can be taken with a name each (kg/solver/distinct.py)
    if (m := _DIFFERENT_NAMES.fullmatch(text)) is not None:
        found = _counted(m["rest"])
        ok = found is not None and found.zone == "battle_area" and not found.different
        return found.model_copy(update={"different": "names"}) if ok and found else None
    if text == "of this digimon's face-down digivolution cards":  # no card information (CR 4-7-9)
        return Selector(owner="self", kind="Face-down", count=None, zone="sources")
    # 'When any of your [Ver.1] trait Digimon would digivolve into this card, for each of its face-down
    # digivolution cards, …' (BT22-038): the event's subject's, the Digimon about to digivolve; only
    # under a 'would digivolve' trigger (ingest.compiler._resolve_cost_reductions)
    if text in ("of its face-down digivolution cards", "of their face-down digivolution cards"):
        return Selector(owner="any", kind="Face-down", count=None, zone="sources", subject=True)
    # 'for each of your face-up security cards' (BT18-056): placed face up, public (CR 3-7-4)
    if m := re.fullmatch(r"of (your|your opponent's) face[- ]up security cards", text):
        whose = "self" if m[1] == "your" else "opponent"
        return Selector(owner=whose, kind="Face-up", count=None, zone="security")
    # 'each of this Digimon's level 5 digivolution cards': those of its digivolution cards
    if (m := re.fullmatch(r"of this digimon's (?P<np>.+?) digivolution cards", text)) \
            and (found := _cards(f"{m['np']} card", "sources")) is not None:
        return found.model_copy(update={"owner": "self", "count": None})
    for pattern, owner, zone in _ZONES:
        if re.fullmatch(pattern, text):
            return Selector(owner=owner, kind="card", count=None, zone=zone)  # type: ignore[arg-type]
    for phrase, (owner, zone) in ZONE_PHRASES.items():  # 'card with the [X] trait in your trash'
        m = re.fullmatch(rf"(?P<np>.+?) in {re.escape(phrase)}(?P<with> with .+)?", text)
        # 'card in your trash with [Cyborg] or [Machine] in its traits': the filter after the zone
        if zone in _COUNTED_IN and m and (found := _cards(m["np"] + (m["with"] or ""), zone)) is not None:
            return found.model_copy(update={"owner": owner, "count": None})
    # 'digivolution card this Digimon has with [Hybrid] in its traits'
    if (m := re.fullmatch(r"digivolution cards? this digimon has (?P<with>with .+)", text)) \
            and (found := _cards(f"card {m['with']}", "sources")) is not None:
        return found.model_copy(update={"owner": "self", "count": None})
    if text.startswith("of "):
        found = select(f"all {text}")
        return None if found is None or found.this else found
    # 'Digimon your opponent has with no digivolution cards': the filter after the owner
    if m := re.fullmatch(r"(?P<np>.+?) (?P<who>you have|your opponent has)(?: in play)?(?P<with> with .+)?",
                         text):
        found = subject(m["np"] + (m["with"] or ""))
        if found is not None:
            found.owner = "opponent" if "opponent" in m["who"] else "self"
        return found
    # no owner: everyone's ('each suspended Digimon', 'each other Digimon with [X] in its name in play')
    found = subject(re.sub(r" in play$", "", text))
    if found is None or found.kind == "card" or found.owner != "any" or found.zone != "battle_area":
        return None
    return found


def _cards(phrase: str, zone: str) -> Selector | None:
    """Cards of a description counted in a zone: 'card with [Hybrid] in its traits', '[Royal
    Knight] trait cards', '[Vemmon]'."""
    return card_select(f"1 {phrase}", zone) or card_select(f"1 {re.sub(r'cards$', 'card', phrase)}", zone)


#: 'Colours' of cards: their different colours are counted (QA Q3209: 4 blue cards are 1 colour).
_COLORS = [
    r"colou?rs? (?:in|among) (?P<cards>.+)",          # 'each color in this Digimon's digivolution cards'
    r"of (?P<cards>this digimon's digivolution cards?) colou?rs",  # 'each of its digivolution card colors'
    r"colou?rs? (?P<of>.+?) ha(?:ve|s)",              # 'every 2 colors your Tamers have'
    r"colou?rs? of (?P<of>.+)",                       # 'each color of your opponent's Digimon and Tamers'
    r"(?:of )?(?P<of>.+?)(?:'s|') colou?rs",          # 'each of this Digimon's colors', 'your Tamers' colors'
]


def _colors_of(text: str) -> Selector | None:
    """The cards whose colours are counted: 'in this Digimon's digivolution cards', 'your Tamers'."""
    for pattern in _COLORS:
        if (m := re.fullmatch(pattern, text)) is None:
            continue
        if m.groupdict().get("cards"):
            cards = re.sub(r"card$", "cards", m["cards"])
            return _counted(f"cards in {cards}") or _counted(f"of {cards}")
        if m["of"] == "this digimon":
            return Selector(owner="self", this=True, count=None)
        return _counted(f"of {m['of']}") or _counted(m["of"])  # no owner: both players' ('Digimon have')
    return None


#: 'each of your Digimon with the [Royal Knight] trait and each of your blue Tamers' (BT13-030), 'each
#: Digimon with [Hybrid] in its traits and each Tamer you have in play' (BT7-108): both counted, the total
#: (QA Q1675: 2 such Digimon and 1 Tamer are 3).
_EACH_AND_EACH = re.compile(r"each (?P<a>.+?) and each (?P<b>.+)")
_WHOSE_END = re.compile(r" (?:you have|your opponent has)(?: in play)?$")


def _each_and_each(text: str) -> Selector | None:
    """A Digimon kind and a Tamer kind of one player's, counted together: one selector whose
    alternatives are the two (a card is one kind or the other, so none is counted twice)."""
    if (m := _EACH_AND_EACH.fullmatch(text)) is None:
        return None
    first, second = m["a"], m["b"]
    if (whose := _WHOSE_END.search(second)) and not first.startswith("of ") and not _WHOSE_END.search(first):
        first += whose[0]  # 'you have in play' ends both
    found = [_counted(first), _counted(second)]
    if any(f is None or f.zone != "battle_area" or f.count is not None for f in found):
        return None
    a, b = found
    assert a is not None and b is not None
    if a.owner != b.owner or a.owner == "any" or {a.kind, b.kind} != {"Digimon", "Tamer"}:
        return None
    return Selector(owner=a.owner, kind="Digimon or Tamer", count=None, any_of=[a, b])


def per_phrase(text: str) -> tuple[Selector, int | None, bool] | None:
    """'each of your Tamers' / 'every 2 cards in your trash' / 'every 2 colors your Tamers have'
    -> (what is counted, every N, whether their colours are counted)."""
    # 'each Digimon and Tamer your opponent has' counts both kinds (QA Q1928: 2 Digimon and 1 Tamer are
    # 3); 'each yellow and/or red Tamer': a Tamer of either colour (or both) counts once
    text = re.sub(r"\bdigimon and tamers?\b", "digimon or tamer", text.replace(" and/or ", " or "))
    if (both := _each_and_each(text)) is not None:
        return both, None, False
    m = re.fullmatch(r"(?:each|every) (?:(?P<n>\d+) )?(?P<what>.+)", text)
    if m is None:
        return None
    every = int(m["n"]) if m["n"] else None
    if (colored := _colors_of(m["what"])) is not None:
        return colored, every, True
    counted = _counted(m["what"])
    return None if counted is None else (counted, every, False)


#: Verbs on chosen cards in play whose number of cards a multiplier multiplies: 'for each …, return
#: 1 of their Digimon' returns that many of them (CR 4-27-4).
BY_COUNT = frozenset({"delete", "suspend", "return_to_hand", "return_to_deck", "cant_suspend",
                      "add_to_hand"})  # 'for each Tamer, return 1 Option card from your trash to your hand'


def by_count(action: Action) -> bool:
    """Whether a multiplier multiplies the action's selector count (else its amount)."""
    return action.verb in BY_COUNT


def _multipliable(action: Action) -> bool:
    if action.verb in BY_COUNT:
        sel = action.selector
        return sel is not None and sel.count is not None and not (sel.this or sel.subject or sel.battled)
    return action.verb in MULTIPLIED or action.verb in REPEATED


#: What an earlier action of the effect did to the cards counted, as the effect_results code that
#: keeps them ('deleted by this effect', 'this effect suspended', 'cards trashed by this effect').
_DONE = {"deleted": "effect_deleted", "suspended": "effect_suspended", "trashed": "effect_trashed",
         "added": "effect_added"}
#: 'For each Digimon deleted' with no 'by this effect': the deletions that triggered the effect, all
#: those that happened at the same time (CR 4-27-5; kg.solver.handlers.effect_results.done_count).
TRIGGER_DELETED = "trigger_deleted"
#: 'For each level of the Digimon deleted by this effect' (EX6-058): the levels of the Digimon the effect
#: deleted, as they were, added up (a Digimon with no level adds none, QA Q3796).
DELETED_LEVELS_CODE = "effect_deleted_levels"
_LEVELS_DONE = re.compile(r"each level of the digimon deleted by this effect")
_WHOSE = r"of your opponent's |your opponent's |of your |your "
_DONE_PHRASE = re.compile(
    rf"(?:each|every (?P<n>\d+)) (?P<whose>{_WHOSE})?(?:"
    r"(?P<digimon>digimon) (?:(?P<v1>deleted|suspended) by this effect|this effect (?P<v2>deleted|suspended))"
    r"|cards? (?:(?P<v3>trashed) by this effect|this effect (?P<v4>trashed))|(?P<v5>card trashed)"
    r"|cards? (?P<v6>added) to your hand by this effect"  # 'each card added to your hand by this effect'
    r"|digimon (?P<v7>deleted))")  # 'When … is deleted, gain 1 memory for each Digimon deleted' (CR 4-27-5)


def done_phrase(text: str) -> tuple[Selector, int | None, str] | None:
    """'each Digimon deleted by this effect' / 'each of your opponent's Digimon suspended by this
    effect' / 'every 2 cards trashed by this effect' -> (whose cards, every N, the effect_results code
    keeping them). 'each card trashed' (no 'by this effect') is the effect's own trashing too.

    >>> s, every, code = done_phrase("each of your opponent's digimon suspended by this effect")
    >>> s.owner, every, code
    ('opponent', None, 'effect_suspended')
    >>> s, every, code = done_phrase("every 2 cards trashed by this effect")
    >>> s.owner, s.kind, every, code
    ('any', 'card', 2, 'effect_trashed')
    """
    if _LEVELS_DONE.fullmatch(text):
        return Selector(owner="any", kind="Digimon", count=None), None, DELETED_LEVELS_CODE
    if (m := _DONE_PHRASE.fullmatch(text)) is None:
        return None
    whose = (m["whose"] or "").strip()
    owner = "any" if not whose else "opponent" if "opponent" in whose else "self"
    every = int(m["n"]) if m["n"] else None
    if m["v7"]:
        return Selector(owner=owner, kind="Digimon", count=None), every, TRIGGER_DELETED  # type: ignore[arg-type]
    verb = next(m[g] for g in ("v1", "v2", "v3", "v4", "v5", "v6") if m[g]).removeprefix("card ")
    counted = Selector(owner=owner, kind="Digimon", count=None) if m["digimon"] else \
        Selector(owner=owner, kind="card", count=None)  # type: ignore[arg-type]
    return counted, every, _DONE[verb]


#: Misprints read as the card's own other words: BT10-112 counts '[Royal Knights]' cards where its
#: 'while' condition (and every card) says the [Royal Knight] trait; EX5-063's 'gain 1 memory for each
#: Digimon' (its only 'for each Digimon' with nothing after) is 'for each Digimon deleted' as its Q&A
#: quote it (QA Q6037, Q6038).
_MISPRINTS = {r"\[royal knights\]": "[Royal Knight]", r"^each digimon$": "each digimon deleted",
              r"^each your ": "each of your "}  # EX7-066: 'For each your Digimon with …'


def _own(actions: list[Action], phrase: str) -> str:
    """'each of its digivolution cards' / 'its colors', when every action is on this card: 'its' is
    this Digimon ('This Digimon gets +1000 DP for each of its digivolution cards')."""
    for wrong, right in _MISPRINTS.items():
        phrase = re.sub(wrong, right, phrase, flags=re.IGNORECASE)
    if all(a.selector is not None and a.selector.this for a in actions):
        return re.sub(r"^((?:each|every)(?: \d+)? of )its ", r"\1this digimon's ", phrase)
    return phrase


def multiply(actions: list[Action], phrase: str) -> list[Action] | None:
    """The actions, each done per counted card; None unless all of them have an amount (or a
    number of cards in play to choose) to multiply."""
    if not actions or not all(_multipliable(a) for a in actions):
        return None
    phrase = _own(actions, phrase)
    if (done := done_phrase(phrase)) is not None:
        for action in actions:
            action.per, action.per_every, action.per_done = done
        return actions
    found = per_phrase(phrase)
    if found is None:
        return None
    for action in actions:
        action.per, action.per_every, action.per_colors = found
    return actions
