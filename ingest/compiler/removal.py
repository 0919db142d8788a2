"""Templates for choosing Digimon and for actions on several chosen at once, and the check that a
comparison with 'the chosen Digimon' has an earlier choice to compare with.

- 'Choose 1 of your Digimon with [Hybrid] in its traits': a ``choose`` action; what comes after
  speaks of it ('that Digimon', 'with DP less than or equal to the chosen Digimon');
- 'Delete 1 of your opponent's level 3, 1 of their level 5 and 1 of their level 7 Digimon',
  'Delete it and 1 of your opponent's Digimon with as much or less DP as it': each part chosen
  (``choose`` then ``choose_more``), then one action on all of them at once (CR 3-1-3-3);
- 'Choose any number of your opponent's Digimon whose total DP adds up to 10000 or less and delete
  them', 'Delete up to 7 play cost's total worth of your opponent's Digimon': one action whose
  selector bounds the total (``Selector.total``).

>>> from ingest.compiler.actions import match_action
>>> [a.verb for a in match_action("delete 1 of your opponent's level 4 and 1 of their level 6 digimon")]
['choose', 'choose_more', 'delete']
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.delayed_phrases import what_was_played
from ingest.compiler.select import PLAYED_REF, select
from ingest.effect_ir import Action, Condition, Selector

Builder = Callable[[re.Match[str]], list[Action] | None]

#: Verbs whose handler picks stacks in play and keeps them as the effect's choice (kg.solver
#: handlers: ``verbs.targets``), so that a later 'the chosen Digimon' is what they picked.
CHOOSING = frozenset({"choose", "choose_more", "delete", "suspend", "unsuspend", "return_to_hand",
                      "return_to_deck", "return_to_deck_top",
                      "play_card"})  # play_card: the Digimon it played (card_moves)
#: 'it', 'the chosen Digimon': the Digimon the effect chose before (a part that picks nothing more).
_KEPT = re.compile(r"it|that digimon|(?:1 of )?(?:the|your) chosen digimon")
_OWNER_COUNT = re.compile(r"(?:(?:up to )?\d+|all) of (?:your opponent's|their|your) ")
_KIND_WORD = re.compile(r"\b(digimon or tamers|digimon|tamers?)$")


def _picked(part: str, every: bool = False) -> Selector | None:
    """A part that picks a number of stacks in play (or, with ``every``, all that match), or None."""
    sel = select(part)
    ok = sel is not None and (every or sel.count is not None) and not (sel.this or sel.subject or sel.battled)
    named = sel is not None and sel.name is not None  # '1 of your [Amon of Crimson Flame]': that card in play
    in_play = sel is not None and sel.zone == "battle_area" and (sel.kind != "card" or named)
    return sel if ok and in_play else None


def _parts(body: str) -> list[str] | None:
    """'1 of your opponent's level 3, 1 of their level 5 and 1 of their level 7 digimon' -> each part
    whole ('1 of your opponent's level 3 digimon', …): a part without its count and owner takes the
    first part's ('level 4 digimon'), one without its kind the last part's; '1 each of your
    opponent's level 3 and level 4 digimon' is one of each."""
    each = re.fullmatch(r"(\d+) each of ((?:your opponent's|their|your) )(.+)", body)
    if each:
        body = re.sub(r",? and |, ", f" and {each[1]} of {each[2]}", f"{each[1]} of {each[2]}{each[3]}")
    parts = [p.strip() for p in re.split(r",? and (?:delete |suspend )?|, (?!or )", body) if p.strip()]
    if len(parts) < 2:
        return None
    lead = _OWNER_COUNT.match(parts[0])
    kind = _KIND_WORD.search(parts[-1])
    whole = []
    for part in parts:
        if not _KEPT.fullmatch(part):
            if not _OWNER_COUNT.match(part) and lead:
                part = lead[0] + part
            if _picked(part) is None and kind and not _KIND_WORD.search(part):
                part = f"{part} {kind[1]}"
        whole.append(part)
    return whole


def _several(verb: str) -> Builder:
    """Each part chosen, then ``verb`` done once to all that were chosen."""

    def build(m: re.Match[str]) -> list[Action] | None:
        parts = _parts(m["body"])
        if parts is None:
            return None
        kept = [p for p in parts if _KEPT.fullmatch(p)]
        every = parts[0].startswith("all of ")  # 'delete all of your [A] and [B]': all of each
        picking = [q for q in parts if not _KEPT.fullmatch(q)]
        chosen = [_picked(q, every=every or i > 0) for i, q in enumerate(picking)]
        if len(kept) > 1 or not chosen or any(s is None for s in chosen):
            return None
        actions = [
            Action(verb="choose_more" if kept or i else "choose", selector=s) for i, s in enumerate(chosen)
        ]
        first = chosen[0]
        assert first is not None
        return [*actions, Action(verb=verb, selector=first.model_copy(), same_targets=True)]

    return build


def _choose(m: re.Match[str]) -> list[Action] | None:
    sel = _picked(m["sel"])
    return None if sel is None else [Action(verb="choose", selector=sel)]


def _choose_each(m: re.Match[str]) -> list[Action] | None:
    """'Choose 1 of each player's (both players') Digimon with the highest play cost': one of the
    player's own and one of the opponent's, each the highest among that player's."""
    mine, theirs = _picked(f"1 of your {m['rest']}"), _picked(f"1 of your opponent's {m['rest']}")
    if mine is None or theirs is None:
        return None
    return [Action(verb="choose", selector=mine), Action(verb="choose_more", selector=theirs)]


#: What a total adds up: 'total DP', 'play costs', 'play cost's total worth', 'levels'.
_TOTALS = {"dp": "dp", "play cost": "cost", "play cost's": "cost", "play costs": "cost", "levels": "level"}


#: What is done to them: 'and delete them', 'and return them to the bottom of the deck'.
_THEM = {"delete them": "delete", "return them to the bottom of the deck": "return_to_deck",
         "return them to the hand": "return_to_hand", "return them to their owners' hands": "return_to_hand"}


def _total(m: re.Match[str]) -> list[Action] | None:
    """Any number of the opponent's Digimon whose DP (play costs, levels) add up to N or less,
    deleted (or returned)."""
    what = _TOTALS.get(m["what"] or m.groupdict().get("what2") or "")
    verb = _THEM.get(m.groupdict().get("then") or "delete them")
    if what is None or verb is None:
        return None
    sel = Selector(owner="opponent", count=None, up_to=True, total=what, total_max=int(m["n"]))  # type: ignore[arg-type]
    return [Action(verb=verb, selector=sel)]


def _bottom_up_to(m: re.Match[str]) -> list[Action] | None:
    """'Trash up to 2 digivolution cards from the bottom of 1 of (all of) your opponent's Digimon':
    of each Digimon picked, as many of its bottom N as the player wants."""
    sel = select(m["sel"])
    if sel is None or sel.zone != "battle_area" or sel.kind != "Digimon" or sel.subject:
        return None
    return [Action(verb="trash_bottom_sources_up_to", amount=int(m["n"]), selector=sel)]


_IN_PLAY = ("Digimon", "Tamer", "Digimon or Tamer")


def _in_play(verb: str) -> Builder:
    """``verb`` on the Digimon or Tamers in play the selector names."""

    def build(m: re.Match[str]) -> list[Action] | None:
        sel = select(m["sel"])
        in_play = sel is not None and sel.zone == "battle_area" and sel.kind in _IN_PLAY
        if sel is None or not in_play:
            return None
        return [Action(verb=verb, selector=sel)]

    return build


def _options_in_play(m: re.Match[str]) -> list[Action] | None:
    """'Trash 1 of your (opponent's) Option cards in the battle area' (BT19-062, BT23-047): that many
    of the Option cards an effect placed in that player's battle area (CR 4-28-1), trashed, not deleted."""
    sel = select(m["sel"])
    if sel is None or sel.kind != "Option" or sel.up_to or not sel.count or sel.owner == "any":
        return None
    return [Action(verb="trash_option_in_play", amount=sel.count, selector=sel)]


def _hand_to(owner: str) -> Builder:
    """'Trash cards in your hand until it has 4 left', 'your opponent trashes cards in their hand so that
    they have 6 cards left', 'both players trash … so that they have 4 left': each such player trashes
    cards of their own hand, their choice, until it holds N (``trash_hand_to``, ``amount`` N)."""

    def build(m: re.Match[str]) -> list[Action]:
        return [Action(verb="trash_hand_to", amount=int(m["n"]),
                       selector=Selector(owner=owner, kind="player"))]  # type: ignore[arg-type]

    return build


def _security_to(m: re.Match[str]) -> list[Action]:
    """'Trash the top cards of your opponent's (both players') security stack(s) so that it has (they have)
    1 card left': each such stack trashed from the top down to N (``trash_security_to``)."""
    owner = {"your opponent's": "opponent", "your": "self"}.get(m.groupdict().get("whose") or "", "any")
    return [Action(verb="trash_security_to", amount=int(m["n"]),
                   selector=Selector(owner=owner, kind="card", count=None, zone="security"))]  # type: ignore[arg-type]


def _as_one_of_yours(m: re.Match[str]) -> list[Action] | None:
    """'Delete 1 of your opponent's Digimon with as much or less DP as 1 of your Digimon' (ST22-08,
    EX11-050): DP at most that of one of your Digimon, so at most the highest of them. All of your
    fitting Digimon are taken as the reference (a ``choose`` that changes nothing); the comparison
    is then with the best of them (selector_values.resolve), and with none of them nothing can be deleted."""
    yours, target = select(m["ref"]), select(f"{m['sel']} with as much or less dp as the chosen digimon")
    if yours is None or yours.owner != "self" or yours.count != 1 or yours.up_to or target is None:
        return None
    if yours.zone != "battle_area" or yours.kind != "Digimon" or yours.this or yours.subject:
        return None
    every = yours.model_copy(update={"count": None})
    return [Action(verb="choose", selector=every), Action(verb="delete", selector=target)]


def _any_security(m: re.Match[str]) -> list[Action]:
    """'Trash any 1 of your opponent's security cards' (BT24-018): a card of that stack the player picks,
    wherever it is (QA Q5596: ``trash_chosen_security``)."""
    owner = "opponent" if m["whose"] == "your opponent's" else "self"
    return [Action(verb="trash_chosen_security", amount=int(m["n"]),
                   selector=Selector(owner=owner, kind="card", count=int(m["n"]), zone="security"))]  # type: ignore[arg-type]


def _all_security(m: re.Match[str]) -> list[Action]:
    """'Trash all of your security cards': every card of the player's security stack."""
    every = Selector(owner="self", kind="card", count=None, zone="security")
    return [Action(verb="trash_security", selector=every)]


_THEIRS = r"(?:your opponent's|their) digimon"
_OWNERS_DECK = r"(?:the|its owner's|their owners'|their) decks?"
_DECK = r"the bottom of (?:the|its owner's|their owners'|their) decks?"
_HAND = r"(?:the|its owner's|their owners'|their owner's|its owners'|their) hands?"
_CHOOSE_ANY = rf"choose any number of {_THEIRS}"
_LEFT = r"(?:until|so that) {who} (?P<n>\d+)(?: cards?)? left"  # 'until it has 4 left'
_THEY, _IT = "they have", "it has"

_DELETE_ANY = rf"delete any number of {_THEIRS}"
_ADD_UP = r"(?:that )?adds? up to (?P<n>\d+) or less"

#: Templates (lower case, matched whole): tried after those of ``ingest.compiler.actions``.
REMOVAL_TEMPLATES: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (r"choose 1 of (?:each player's|both players') (?P<rest>digimon.*)", _choose_each),
        (r"choose (?P<sel>(?:up to )?\d+ of .+)", _choose),
        (r"delete (?P<sel>1 of your opponent's digimon) with as much or less dp as (?P<ref>1 of your .+)",
         _as_one_of_yours),
        (r"delete (?P<body>.+)", _several("delete")),
        (r"suspend (?P<body>.+)", _several("suspend")),
        (rf"return (?P<body>.+) to {_DECK}", _several("return_to_deck")),
        (rf"return (?P<body>.+) to {_HAND}", _several("return_to_hand")),
        (rf"{_CHOOSE_ANY} whose total (?P<what>dp) {_ADD_UP} and delete them", _total),
        (rf"{_CHOOSE_ANY} whose (?P<what>play costs|levels) {_ADD_UP} and delete them", _total),
        (
            rf"{_CHOOSE_ANY} so that their (?P<what>dp|play cost) total is up to (?P<n>\d+) and (?P<then>.+)",
            _total,
        ),
        (rf"{_DELETE_ANY} whose (?:total (?P<what>dp)|(?P<what2>play costs|levels)) {_ADD_UP}", _total),
        (rf"delete up to (?P<n>\d+) (?P<what>dp|play cost's|play cost) total worth of {_THEIRS}", _total),
        (r"trash up to (?P<n>\d+) digivolution cards from the bottom of (?P<sel>.+)", _bottom_up_to),
        (r"trash all (?:of )?your security cards", _all_security),
        (rf"trash cards in your hand {_LEFT.format(who='(?:it has|you have)')}", _hand_to("self")),
        (rf"trash the top cards of (?P<whose>your opponent's|your) security stack {_LEFT.format(who=_IT)}",
         _security_to),
        (rf"trash the top cards of both players' security stacks {_LEFT.format(who=_THEY)}", _security_to),
        (r"trash any (?P<n>\d+) of (?P<whose>your opponent's|your) security cards", _any_security),
        (rf"your opponent trashes cards in their hand {_LEFT.format(who=_THEY)}", _hand_to("opponent")),
        (rf"(?:both|all) players trash cards in their hands? {_LEFT.format(who=_THEY)}", _hand_to("any")),
        (r"trash (?P<sel>\d+ of (?:your|your opponent's|their) option cards) in the battle area",
         _options_in_play),
        (rf"return (?P<sel>.+) to the top of {_OWNERS_DECK}", _in_play("return_to_deck_top")),
    ]
]


def _chosen_ref(sel: Selector | None) -> bool:
    return sel is not None and (sel.compare_to == "chosen" or sel.unchosen
                                or any(_chosen_ref(a) for a in sel.any_of))


def _relative(sel: Selector | None) -> bool:
    """A filter only ``Board.matches`` reads (kg.solver.relative): never on cards outside play."""
    return sel is not None and (
        sel.compare is not None or sel.max_sources is not None or sel.min_sources is not None
        or sel.total is not None or sel.unchosen
        or sel.not_trait is not None
        or any(_relative(a) for a in sel.any_of)
    )


def check_references(conditions: list[Condition], parts: list[Action]) -> None:
    """Mark not compiled what the solver would read wrong: a comparison with 'the chosen Digimon' with
    no earlier choice of stacks in play right before it (a cost or action of ``CHOOSING``, past the
    ones that act on that same choice), a 'choose more' with no choice to add to, and a comparison
    or total on cards outside the battle area or in a condition. 'All other Digimon' right after a
    choice is all but the chosen ones (``Selector.unchosen``)."""
    for condition in conditions:
        if _relative(condition.selector):
            condition.compiled = False
    for before, part in zip(parts, parts[1:], strict=False):  # 'choose …. Delete all other Digimon'
        sel = part.selector
        if before.verb in ("choose", "choose_more") and sel is not None and sel.other and sel.count is None:
            sel.other, sel.unchosen = False, True  # other than the chosen ones, not than this card
    for position, part in enumerate(parts):
        if PLAYED_REF.search(part.span.lower()) and not _played(parts, position):
            part.compiled = False  # 'the Digimon this effect played' with no play right before it
        for sel in (part.selector, part.card, part.per):
            if _relative(sel) and (sel is not part.selector or sel.zone != "battle_area"):
                part.compiled = False
        by_card = part.selector is not None and part.selector.compare_to == "trashed"
        if by_card and not _trashed_one(parts, position):
            part.compiled = False  # 'the trashed card' with no 'trashing 1 card …' before it
        placed = part.selector is not None and part.selector.compare_to == "placed"
        if placed and not _placed_one(parts, position):
            part.compiled = False  # 'the placed card' with no 'placing 1 … under …' right before it
        if part.same_targets or not (_chosen_ref(part.selector) or part.verb == "choose_more"):
            continue  # acting on the cards already chosen picks nothing
        before = [p for p in parts[:position] if not p.same_targets]
        last = before[-1] if before else None
        fine = last is not None and last.verb in CHOOSING and last.selector is not None \
            and (last.selector.zone == "battle_area" or last.verb == "play_card")
        in_alternative = part.selector is not None and any(_chosen_ref(a) for a in part.selector.any_of)
        named = _NAMED_BY.search(part.span.lower())  # 'the deleted Digimon': what a delete chose
        wrong = named is not None and last is not None and last.verb not in _NAMED_VERBS[named[1] or named[2]]
        if not fine or in_alternative or wrong or part.verb not in CHOOSING | _LASTING_OK:
            part.compiled = False


def _trashed_one(parts: list[Action], position: int) -> bool:
    """'By trashing 1 card with a [Cyborg] trait from your hand, delete 1 … with a play cost less than or
    equal to the trashed card' (BT12-108): the part right before trashes exactly 1 card from the hand."""
    before = parts[position - 1] if position else None
    sel = before.selector if before is not None else None
    return before is not None and before.verb == "trash_card" and sel is not None and sel.zone == "hand" \
        and (before.amount or sel.count) == 1 and not sel.up_to


def _placed_one(parts: list[Action], position: int) -> bool:
    """'By placing 1 of your other blue Digimon as this Digimon's bottom digivolution card, return 1 …
    whose level is less than or equal to the placed card's level' (BT15-029): the part right before
    places exactly 1 card under a Digimon or Tamer."""
    before = parts[position - 1] if position else None
    card = before.card if before is not None else None
    return before is not None and before.verb == "place_under" and card is not None \
        and (before.amount or card.count) == 1 and not card.up_to


def _played(parts: list[Action], position: int) -> bool:
    """Whether a part that may speak of 'the Digimon this effect played' acts on the choice of the
    play right before it (the parts between act on that same choice; its selector then names the
    battle area), or is not such a part (it picks its own targets, or compares with the choice:
    checked below)."""
    part = parts[position]
    unresolved = part.selector is not None and part.selector.subject and not part.same_targets
    if not (part.same_targets or unresolved):
        return True
    played = what_was_played([p for p in parts[:position] if not p.same_targets])
    if played is None:
        return False
    if unresolved:  # 'play 1 [Impmon] …. The Digimon played by this effect …': what that play chose
        part.selector, part.same_targets = played, True
    elif part.selector is not None:  # the played Digimon: in the battle area now, not in the zone it left
        part.selector = part.selector.model_copy(update={"zone": "battle_area"})
    return True


#: 'The deleted Digimon', 'the Digimon this effect played': the verb that must have made the choice.
_NAMED_BY = re.compile(
    r"the (deleted|returned|played) digimon|the digimon (?:this effect |you )?(played|suspended)"
)
_NAMED_VERBS = {"deleted": {"delete"}, "returned": {"return_to_hand", "return_to_deck", "return_to_deck_top"},
                "played": {"play_card"}, "suspended": {"suspend"}}
#: Lasting verbs whose targets are picked by ``verbs.targets`` (the comparison resolved there).
_LASTING_OK = frozenset({"cant_attack", "cant_block", "dp_modify", "gain_keyword", "cant_suspend",
                         "cant_unsuspend", "cant_digivolve"})
