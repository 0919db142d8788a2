"""More 'When …' clauses, read after the trigger reader's own (``triggers.when_trigger``): cards
trashed from the opponent's deck or hand, digivolution cards trashed from or placed under your
Digimon and Tamers by effects, an attack on one of your Digimon, a move out of the breeding area,
a deletion in battle or at 0 DP, a block. Each clause is matched whole; the subject keeps its kind
and owner, and a clause with anything more stays unread.

>>> t, cat = phrase_trigger("a card in your opponent's deck is trashed")
>>> t.event, t.this_role, t.requires, cat
('TrashedFromDeck', 'AnyRole', ['SubjectIsOpponents'], 'TriggerType')
>>> t, _ = phrase_trigger("effects trash cards from under your tamers")
>>> t.event, t.requires, t.object_selector.kind
('SourceTrashed', ['ByEffect', 'OtherIsOwn'], 'Tamer')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ingest.compiler.select import subject
from ingest.effect_ir import Selector, Trigger

#: Whole clauses with no noun phrase to read: (pattern, event, role of this card, requires).
_FIXED: list[tuple[str, str, str, tuple[str, ...]]] = [
    # CR 4-16-1: a card placed in the trash from a deck or a hand
    (r"(?:a card|cards) in your opponent's deck (?:is|are) trashed", "TrashedFromDeck", "AnyRole",
     ("SubjectIsOpponents",)),
    (r"(?:a card is|cards are) trashed from your opponent's hand", "TrashedFromHand", "AnyRole",
     ("SubjectIsOpponents",)),
    # CR 4-8-1: 'you trash' is one of your effects (a return to the hand trashes nothing, QA Q1305, Q4113)
    (r"you trash (?:a|1) digivolution card of (?:1|one) of your opponent's digimon", "SourceTrashed",
     "AnyRole", ("ByOwnEffect", "OtherIsDigimon", "OtherIsOpponents")),
    (r"an effect trashes this card from your digimon's digivolution cards", "SourceTrashed", "SubjectRole",
     ("ByEffect", "OtherIsDigimon", "OtherIsOwn")),
    (r"effects trash cards from under this tamer", "SourceTrashed", "ObjectRole", ("ByEffect",)),
    (r"an effect adds digivolution cards to this digimon", "SourcePlaced", "ObjectRole", ("ByEffect",)),
    # CR 15-2-1-1, 15-3-2: an effect of one of your Digimon places cards under this one (BT17-056)
    (r"one of your digimon's effects adds to this digimon's digivolution cards", "SourcePlaced", "ObjectRole",
     ("ByOwnDigimonsEffect",)),
    # CR 4-8-1, 7-1: a Digimon of yours played from digivolution cards, or from your trash
    (r"(?:one of your digimon is|any of your digimon are) played from digivolution cards"
     r"|you play a digimon from one of your digimon's digivolution cards", "CardPlayed", "AnyRole",
     ("SubjectIsOwn", "SubjectIsDigimon", "PlayedFromSources")),
    (r"you play a digimon from your trash", "CardPlayed", "AnyRole",
     ("SubjectIsOwn", "SubjectIsDigimon", "PlayedFromTrash")),
    # CR 8-1: a digivolution into a card from your trash
    (r"any of your digimon digivolve from the trash", "Digivolved", "AnyRole",
     ("SubjectIsOwn", "DigivolvedFromTrash")),
    (r"this digimon would digivolve into a digimon card from the trash", "WouldDigivolve", "ObjectRole",
     ("DigivolvedFromTrash",)),
    # CR 15-2-1-1, 15-3-2: an effect of one of your Digimon (its inherited effects too)
    (r"one of your digimon's effects adds cards to your hand", "AddedToHand", "AnyRole",
     ("SubjectIsOwn", "ByOwnDigimonsEffect")),
    # CR 2-3-1-1: another Digimon of yours whose card name is one of this card's
    (r"you play another digimon with the same name as this digimon", "CardPlayed", "AnyRole",
     ("SameNameAsThis", "SubjectIsDigimon", "SubjectIsOther", "SubjectIsOwn")),
    (r"one of your other digimon with the same name as this digimon is deleted", "Deleted", "AnyRole",
     ("SameNameAsThis", "SubjectIsDigimon", "SubjectIsOther", "SubjectIsOwn")),
    # CR 16-24-1: the Digimon an attacking Digimon's <Alliance> suspends
    (r"one of your digimon is suspended by an <alliance> effect|<alliance> suspends one of your digimon",
     "Suspended", "AnyRole", ("ByAlliance", "SubjectIsDigimon", "SubjectIsOwn")),
    # CR 11-4: the Blocker suspends and becomes the target; Blocked's object is the blocker
    (r"you use <blocker> to suspend one of your digimon", "Blocked", "AnyRole", ("OtherIsOwn",)),
    # CR 13-1-8-1-1, 3-7-4: the card this Digimon's security check reveals was face up in the stack
    (r"this digimon checks a face-up security card", "SecurityCardChecked", "ObjectRole",
     ("SubjectWasFaceUp",)),
    # CR 16-14-1: activating <Digi-Burst> is trashing that many of the Digimon's digivolution cards, and
    # only it trashes them so (BT5-056); cards trashed at once trigger it once (CR 15-5-2)
    (r"one of your digimon activates <digi-burst>", "SourceTrashed", "AnyRole",
     ("ByDigiBurst", "OtherIsDigimon", "OtherIsOwn")),
    # CR 4-7-9, 4-8-1: cards placed face down under this Digimon (EX9-002)
    (r"face-down cards are placed in this digimon's digivolution cards", "SourcePlaced", "ObjectRole",
     ("SubjectWasFaceDown",)),
    # CR 4-16-1, 4-28-1: this Option card, placed in its owner's battle area by an effect, trashed there
    (r"an effect trashes this card in your battle area", "TrashedFromBattleArea", "SubjectRole",
     ("ByEffect",)),
    (r"this card is trashed in your battle area", "TrashedFromBattleArea", "SubjectRole", ()),
]
_FIXED_RES = [(re.compile(p), *rest) for p, *rest in _FIXED]


def _own(np: str, card_kind: str) -> Selector | None:
    """'your Tamers', 'any of your [Mineral]/[Rock] trait Digimon': one of the effect owner's cards
    of this kind, as a filter (None unless the phrase says exactly that)."""
    sel = subject(np)
    if sel is None or sel.owner != "self" or sel.other or sel.kind != card_kind or sel.this:
        return None
    return sel.model_copy(update={"count": None})


def _sources_moved(m: re.Match[str]) -> Trigger | None:
    """'effects trash cards from under your Tamers', 'effects trash any of your [Mineral] or [Rock]
    trait Digimon's digivolution cards', 'effects add digivolution cards to any of your Digimon with
    [Aqua] … in any of their traits': the cards' host, one of yours, is the event's object (CR 4-8-1)."""
    event = "SourceTrashed" if m["verb"].startswith("trash") else "SourcePlaced"
    host_kind = "Tamer" if m["np"].endswith(("tamers", "tamer")) else "Digimon"
    host = _own(m["np"], host_kind)
    if host is None:
        return None
    requires = ["ByEffect", "OtherIsOwn", *(["OtherIsDigimon"] if host_kind == "Digimon" else [])]
    plain = Selector(owner="self", kind=host_kind, count=None)
    return Trigger(event=event, this_role="AnyRole", requires=sorted(requires),
                   object_selector=host if host_kind == "Tamer" or host != plain else None)


def _attacks_yours(m: re.Match[str]) -> Trigger | None:
    """'one of your opponent's Digimon attacks one of your blue Digimon': declared on that Digimon
    (CR 11-2; a block does not make it the attack's target at declaration, QA Q1765)."""
    who, target = subject(m["who"]), _own(m["target"], "Digimon")
    if who is None or who.owner != "opponent" or who.other or who.kind != "Digimon" or target is None:
        return None
    plain = Selector(owner="self", count=None)
    requires = ["OtherIsDigimon", "OtherIsOwn", "SubjectIsDigimon", "SubjectIsOpponents"]
    return Trigger(event="AttackDeclared", this_role="AnyRole", requires=requires,
                   selector=_kept(who), object_selector=None if target == plain else target)


def _kept(sel: Selector) -> Selector | None:
    """A subject filter beyond owner and being a Digimon, or None."""
    plain = Selector(owner=sel.owner, count=None)
    return None if sel.model_copy(update={"count": None}) == plain else sel.model_copy(update={"count": None})


def _moved(m: re.Match[str]) -> Trigger | None:
    """'one of your opponent's level 3 Digimon is moved from their breeding area to their battle
    area', 'any of your Digimon with [Lucemon] in their names move from the breeding area to the
    battle area' (CR 15-16-16; a move by an effect counts too, QA Q1769)."""
    if "[x-antibody]" in m["np"].lower():  # BT8-092 prints a trait no card has ([X Antibody] is): not guessed
        return None
    sel = subject(m["np"])
    if sel is None or sel.other or sel.kind != "Digimon" or sel.owner == "any" or sel.this:
        return None
    theirs = sel.owner == "opponent"
    if {m["a"], m["b"]} - ({"the", "their"} if theirs else {"the", "your"}):
        return None
    owner = "SubjectIsOpponents" if theirs else "SubjectIsOwn"
    return Trigger(event="Moved", this_role="AnyRole", requires=[owner], selector=_kept(sel))


def _deleted_battle_or_zero(m: re.Match[str]) -> Trigger | None:
    """'an opponent's Digimon is deleted in battle or by having 0 DP' (CR 14-2, 17-1-3-1-1)."""
    sel = subject(m["np"])
    if sel is None or sel.other or sel.kind != "Digimon" or sel.owner == "any" or sel.this:
        return None
    owner = "SubjectIsOpponents" if sel.owner == "opponent" else "SubjectIsOwn"
    return Trigger(event="Deleted", this_role="AnyRole",
                   requires=sorted([owner, "SubjectIsDigimon", "InBattleOrByZeroDP"]), selector=_kept(sel))


_OWNER_PHRASE = re.compile(
    r"^(?:one of your opponent's|any of your opponent's|one of your|any of your|your) ")


def _either(np: str) -> Selector | None:
    """'one of your [Calumon] or Tamers with [Takato Matsuki] in their name', 'a Digimon with the
    [Royal Knight] trait or a blue Tamer', 'an opponent's Digimon or one of your Digimon with the
    [Seven Great Demon Lords] trait': either card, each with its own kind, owner and filters (the
    second half takes the first's owner phrase when it names none). 'that have' reads as 'with'."""
    np = np.replace(" that have the ", " with the ")
    if (whole := subject(np)) is not None:
        return whole
    parts = re.split(r" or (?!higher\b|lower\b|more\b|less\b|fewer\b)(?![^\[]*\])", np)
    if len(parts) != 2:
        return None
    left, right = parts
    owner = _OWNER_PHRASE.match(left)
    if owner and not right.startswith(("a ", "an ", "one of ", "any of ", "your ")):
        right = owner[0] + right
    alts = [subject(left), subject(right)]
    if any(a is None or a.other or a.this for a in alts):
        return None
    owners = {a.owner for a in alts if a is not None}
    common = owners.pop() if len(owners) == 1 else "any"
    return Selector(owner=common, kind="card", count=None,
                    any_of=[a.model_copy(update={"count": None}) for a in alts if a is not None])


def _played_either(m: re.Match[str]) -> Trigger | None:
    """'when one of your [Calumon] or Tamers with [Takato Matsuki] in their name is played'
    (BT17-008), 'when an effect plays one of your [Terriermon]/[Lopmon] or green Tamers' (BT17-043),
    'when you play a Digimon with the [Royal Knight] trait or a blue Tamer' (BT13-030): CardPlayed
    (CR 7), its subject either card."""
    sel = _either(m["np"])
    if sel is None:
        return None
    alts = sel.any_of or [sel]
    found = m.groupdict()
    if found.get("you"):  # you play: your cards
        if any(a.owner == "opponent" for a in alts):
            return None
        sel = sel.model_copy(update={"owner": "self", "any_of": [a.model_copy(update={"owner": "self"})
                                                                   for a in sel.any_of]})
    owner = {"self": ["SubjectIsOwn"], "opponent": ["SubjectIsOpponents"]}.get(sel.owner, [])
    digimon = ["SubjectIsDigimon"] if all(a.kind == "Digimon" for a in alts) else []
    requires = sorted([*owner, *digimon, *(["ByEffect"] if found.get("by") else [])])
    return Trigger(event="CardPlayed", this_role="AnyRole", requires=requires, selector=sel)


def _attacks_either(m: re.Match[str]) -> Trigger | None:
    """'one of your Digimon with [Jellymon] in its text or an opponent's level 5 or higher Digimon
    attacks' (RB1-033): the attacker is either Digimon (CR 11-2)."""
    sel = _either(m["np"])
    if sel is None or not sel.any_of or any(a.kind != "Digimon" for a in sel.any_of):
        return None
    owner = {"self": ["SubjectIsOwn"], "opponent": ["SubjectIsOpponents"]}.get(sel.owner, [])
    return Trigger(event="AttackDeclared", this_role="AnyRole", requires=sorted([*owner, "SubjectIsDigimon"]),
                   selector=sel)


def _named_or_trait_suspends(m: re.Match[str]) -> Trigger | None:
    """'any of your [Ver.5] Digimon suspend' (BT22-066): a Digimon of yours named [X] or with the
    trait [X] (Selector.name_or_trait) becomes suspended."""
    sel = Selector(owner="self", count=None, name_or_trait=m["x"])
    return Trigger(event="Suspended", this_role="AnyRole", requires=["SubjectIsDigimon", "SubjectIsOwn"],
                   selector=sel)


def _returned_digimon(m: re.Match[str]) -> Trigger | None:
    """'another Digimon returns to the hand' (BT14-030): a Digimon an effect returned from the battle
    area to its owner's hand (CR 4-15; the card added is its top card, a Digimon card)."""
    returned = Selector(owner="any", kind="Digimon", other=True, count=None)
    return Trigger(event="AddedToHand", this_role="AnyRole", requires=["ReturnedFromBattleArea"],
                   selector=returned)


def _from_trash_to_hand(m: re.Match[str]) -> Trigger | None:
    """'a red card returns from your trash to the hand' (BT16-011): added to your hand from your
    trash by an effect."""
    card = subject(m["np"])
    if card is None or card.owner != "any" or card.other or card.this or card.kind != "card":
        return None
    card = card.model_copy(update={"owner": "self", "count": None})
    return Trigger(event="AddedToHand", this_role="AnyRole", requires=["AddedFromTrash", "SubjectIsOwn"],
                   selector=card)


def _into_card_in_hand(m: re.Match[str]) -> Trigger | None:
    """'this Digimon would digivolve into a [GroundLocomon] in your hand' (EX2-033), 'this Digimon
    digivolves into a Digimon card with [Etemon] in its name in your hand' (EX1-052), 'digivolving
    this Digimon into an [AncientGreymon] in your hand' (P-029), 'digivolving one of your Digimon into
    a Digimon card in your hand with [Tyrannomon] in its name' (BT2-088): the card is still in the
    hand, so the digivolution is yet to happen (CR 15-8-5, as BT7-014 reads): WouldDigivolve, the card
    taken from the hand (IntoCardInHand)."""
    into = subject(f"{m['np']} {m['tail']}" if m.groupdict().get("tail") else m["np"])
    if into is None or into.owner != "any" or into.other or into.this or into.state is not None:
        return None
    into = into.model_copy(update={"owner": "self", "count": None})
    if m["who"] == "this digimon":
        return Trigger(event="WouldDigivolve", this_role="ObjectRole", requires=["IntoCardInHand"],
                       selector=into)
    return Trigger(event="WouldDigivolve", this_role="AnyRole", requires=["IntoCardInHand", "OtherIsOwn"],
                   selector=into)


#: 'a 2-color black Digimon card': a Digimon card of exactly N colours, one of them this one.
_N_COLOR = re.compile(r"an? (?P<n>\d)-color (?P<color>red|blue|yellow|green|black|purple|white) digimon card")


def _card_into(np: str) -> Selector | None:
    """The card a Digimon would digivolve into: a noun phrase of either card, or 'a 2-color black
    Digimon card'; owned by the effect's owner."""
    if m := _N_COLOR.fullmatch(np):
        n = int(m["n"])
        return Selector(owner="self", count=None, min_colors=n, max_colors=n, color=m["color"].capitalize())
    into = _either(np)
    if into is None or into.owner != "any" or into.other or into.this or into.state is not None \
            or any(a.owner != "any" or a.other or a.this for a in into.any_of):
        return None
    alts = [a.model_copy(update={"owner": "self"}) for a in into.any_of]
    return into.model_copy(update={"owner": "self", "count": None, "any_of": alts})


def _two_colors_played(m: re.Match[str]) -> Trigger | None:
    """'you play a 2-color black and yellow Digimon' (BT13-101, BT9-091): a Digimon of exactly 2
    colours, both named (the second colour as a one-alternative any_of, so that both must hold)."""
    first, second = (c.capitalize() for c in (m["c1"], m["c2"]))
    if first == second:
        return None
    also = Selector(owner="any", kind="card", count=None, color=second)
    played = Selector(owner="self", count=None, min_colors=2, max_colors=2, color=first, any_of=[also])
    return Trigger(event="CardPlayed", this_role="AnyRole", requires=["SubjectIsDigimon", "SubjectIsOwn"],
                   selector=played)


def _this_would_digivolve(m: re.Match[str]) -> Trigger | None:
    """'this Digimon would digivolve into [Ginryumon] or a Digimon card with the [Chronicle] trait'
    (BT20-010): WouldDigivolve, this Digimon its object (CR 15-8-5)."""
    into = _card_into(m["np"])
    return None if into is None else Trigger(event="WouldDigivolve", this_role="ObjectRole", selector=into)


def _this_or_tamers_would_digivolve(m: re.Match[str]) -> Trigger | None:
    """'this Digimon or any of your Tamers would digivolve into a multicolored Digimon that is blue or
    red' (BT18-021): the Digimon that would digivolve is this one or one of your Tamers (digivolving
    as a Digimon by a card's permission; a Tamer digivolving as it is is none, QA Q3002); the card has
    2 or more colours, one of them named (CR 15-8-5)."""
    colors = "/".join(c.capitalize() for c in (m["c1"], m["c2"]))
    into = Selector(owner="self", count=None, min_colors=2, color=colors)
    who = Selector(owner="self", kind="card", count=None,
                   any_of=[Selector(owner="self", this=True, count=None),
                           Selector(owner="self", kind="Tamer", count=None)])
    return Trigger(event="WouldDigivolve", this_role="AnyRole", requires=["OtherIsOwn"], selector=into,
                   object_selector=who)


def _would_digivolve(m: re.Match[str]) -> Trigger | None:
    """'one of your green Digimon would digivolve into a level 5 or higher card': WouldDigivolve's
    subject is the card it would digivolve into, its object the Digimon, yours (CR 15-8-5,
    ontology/timings.ttl). A filter on the Digimon's state (suspended) is not read: the event keeps
    the Digimon's cards, not its state. ('would digivolve from level 5 to level 6' (EX2-064) waits:
    its cost may delete the Digimon that would digivolve, which the solver does not stop, QA Q3350.)"""
    who = _own(m["who"], "Digimon")
    into = _card_into(m["np"])
    if who is None or who.state is not None or into is None:
        return None
    plain = Selector(owner="self", count=None)
    return Trigger(event="WouldDigivolve", this_role="AnyRole", requires=["OtherIsOwn"], selector=into,
                   object_selector=None if who == plain else who)


def _attacks_filtered(m: re.Match[str]) -> Trigger | None:
    """'one of your Digimon with 2 or more colors attacks' (BT8-085), 'one of your Digimon with
    [Greymon] in its name attacks (other than [DoruGreymon], …)' (BT4-092): the attacker, one of
    yours, with the filter (CR 11-2)."""
    who = _own(m["np"], "Digimon")
    if who is None or who.state is not None:
        return None
    if m["colors"]:
        who = who.model_copy(update={"min_colors": int(m["colors"])})
    if m["not"]:
        names = re.findall(r"\[([^\]]+)\]", m["not"])
        if re.sub(r"\[[^\]]+\]|,|\bor\b|\s", "", m["not"]) or not names or who.not_name:
            return None
        who = who.model_copy(update={"not_name": "/".join(names)})
    return Trigger(event="AttackDeclared", this_role="AnyRole", requires=["SubjectIsOwn"], selector=who)


def _token_or_digimon(m: re.Match[str]) -> Trigger | None:
    """'any of your Tokens or [Puppet] trait Digimon are played' (BT22-088), 'any of your Tokens or
    other [Puppet] trait Digimon are deleted' (BT22-002), 'one of your Tokens or Digimon with the
    [Puppet] trait is deleted' (EX7-063): one of your Digimon that is a token (CR 4-21-1) or fits the
    description; 'other' excludes this card from both."""
    rest = _own(f"{m['n']} of your {m['rest']}", "Digimon")
    if rest is None and m["rest"].startswith("other "):
        rest = _own(f"{m['n']} of your {m['rest'].removeprefix('other ')}", "Digimon")
        other = True
    else:
        other = False
    if rest is None or rest.any_of or rest.state is not None:
        return None
    fields = rest.model_dump(exclude_defaults=True, exclude={"owner", "count", "zone"})
    alts = [Selector(owner="any", count=None, token=True), Selector(owner="any", count=None, **fields)]
    event = "Deleted" if m["verb"] == "deleted" else "CardPlayed"
    requires = ["SubjectIsDigimon", "SubjectIsOwn", *(["SubjectIsOther"] if other else [])]
    return Trigger(event=event, this_role="AnyRole", requires=sorted(requires),
                   selector=Selector(owner="self", other=other, count=None, any_of=alts))


def _digivolved_into(m: re.Match[str]) -> Trigger | None:
    """'one of your Digimon digivolves into a Digimon with the [Avian]/[Bird] in one of its traits'
    (P-133; 'the' read past), 'any of your Digimon or Tamers digivolve into Digimon with the
    [Hybrid]/[Ten Warriors] trait' (BT18-010; a Tamer digivolving by its card's permission, CR 8-1):
    Digivolved, its subject the Digimon as it is after, one of yours (CR 8-1)."""
    traits = m.groupdict().get("t")
    into = subject(f"{m['np']} with {traits} in one of its traits" if traits else m["np"])
    if into is None or into.owner != "any" or into.other or into.this or into.state is not None \
            or into.kind != "Digimon":
        return None
    return Trigger(event="Digivolved", this_role="AnyRole", requires=["SubjectIsOwn"],
                   selector=into.model_copy(update={"owner": "self", "count": None}))


def _options_trashed(m: re.Match[str]) -> Trigger | None:
    """'Option cards in the battle area are trashed' (P-203, BT23-059): an Option card either player's
    effect placed in the battle area (CR 4-28-1) is trashed from there, either player's (QA Q5198)."""
    return Trigger(event="TrashedFromBattleArea", this_role="AnyRole",
                   selector=Selector(owner="any", kind="Option", count=None))


def _options_placed(m: re.Match[str]) -> Trigger | None:
    """'any of your [CS] trait Option cards are placed in the battle area' (BT23-003): an effect
    places one of your Option cards there (CR 4-28-1)."""
    sel = _own(m["np"], "Option")
    return None if sel is None else Trigger(event="OptionPlaced", this_role="AnyRole",
                                            requires=["SubjectIsOwn"], selector=sel)


def _played_or_placed(m: re.Match[str]) -> Trigger | None:
    """'you play a Digimon with [Four Great Dragons] in its traits or place [Trial of the Four Great
    Dragons] in your battle area' (EX3-027, EX3-034): you play that Digimon (CR 7) or an effect of yours
    places that Option card in your battle area (CR 4-28-1); either event (dcg:happensAs)."""
    played = subject(m["np"])
    if played is None or played.owner != "any" or played.kind != "Digimon" or played.other or played.this:
        return None
    option = Selector(owner="self", kind="Option", count=None, name=m["name"])
    alts = [played.model_copy(update={"owner": "self", "count": None}), option]
    return Trigger(event="PlayedOrPlaced", this_role="AnyRole", requires=["SubjectIsOwn"],
                   selector=Selector(owner="self", kind="card", count=None, any_of=alts))


def _source_to_deck(m: re.Match[str]) -> Trigger | None:
    """'any [Vemmon] are returned to the bottom of the deck from this Digimon's digivolution cards'
    (BT21-058), '[Vemmon] is placed from this Digimon's digivolution cards at the bottom of its owner's
    deck' (BT11-065): a digivolution card of that name leaves this Digimon for the deck (CR 4-8-1)."""
    return Trigger(event="SourceReturnedToDeck", this_role="ObjectRole",
                   selector=Selector(owner="any", kind="card", count=None, name=m["name"]))


def _face_up_placed(m: re.Match[str]) -> Trigger | None:
    """'face-up [Royal Base] trait cards are placed in your security stack' (EX11-003): cards of yours
    placed face up there (CR 3-7-4); a card flipped face up there is not placed (QA Q5788)."""
    sel = subject(f"{m['np']} cards")
    if sel is None or sel.owner != "any" or sel.other or sel.this or sel.kind != "card":
        return None
    return Trigger(event="SecurityCardAdded", this_role="AnyRole",
                   requires=["SubjectIsOwn", "SubjectWasFaceUp"],
                   selector=sel.model_copy(update={"owner": "self", "count": None}))


def _face_up_added(m: re.Match[str]) -> Trigger | None:
    """'face-up cards are added to your opponent's security stack' (EX11-004): a card placed face up
    there, or one flipped face up there (QA Q5789, Q5790; CR 3-7-4)."""
    return Trigger(event="SecurityCardAddedOrFlipped", this_role="AnyRole",
                   requires=["SubjectIsOpponents", "SubjectWasFaceUp"])


def _named_played_or_digivolved_into(m: re.Match[str]) -> Trigger | None:
    """'any of your Digimon or Tamers with [Garurumon] or [Tai Kamiya] in their names are played or any
    of your Digimon digivolve into a Digimon with [Garurumon] in its name' (EX9-012, EX9-019): either
    event (PlayedOrDigivolved; CR 7, 8-1), its subject, as it is after, one of yours with either name.
    The second name is only a Tamer's ([Tai Kamiya], [Matt Ishida]), which no Digimon digivolves into;
    'this card digivolves into …' does not activate it, the effect is gone with the old top card (QA
    Q4754, Q4762)."""
    sel = subject(m["np"])
    if m["a"].lower() != m["c"].lower() or sel is None or sel.owner != "self" \
            or sel.kind != "Digimon or Tamer":
        return None
    return Trigger(event="PlayedOrDigivolved", this_role="AnyRole", requires=["SubjectIsOwn"],
                   selector=sel.model_copy(update={"count": None}))


_BUILT: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Trigger | None]]] = [
    (re.compile(r"(?P<np>any of your digimon or tamers with \[(?P<a>[^\]]+)\] or \[[^\]]+\] in "
                r"(?:their names|its name)) are played or any of your digimon digivolve into a digimon with "
                r"\[(?P<c>[^\]]+)\] in its name"), _named_played_or_digivolved_into),
    (re.compile(r"face-up (?P<np>.+?) cards are placed in your security stack"), _face_up_placed),
    (re.compile(r"face-up cards are added to your opponent's security stack"), _face_up_added),
    (re.compile(r"(?:any )?\[(?P<name>[^\]]+)\] (?:are|is) returned to the bottom of the deck from this "
                r"digimon's digivolution cards"), _source_to_deck),
    (re.compile(r"\[(?P<name>[^\]]+)\] is placed from this digimon's digivolution cards at the bottom of "
                r"its owner's deck"), _source_to_deck),
    (re.compile(r"(?P<np>any of your .+? option cards) are placed in the battle area"), _options_placed),
    (re.compile(r"you play (?P<np>a digimon with .+?) or place (?:a )?\[(?P<name>[^\]]+)\] "
                r"in your battle area"), _played_or_placed),
    (re.compile(r"option cards in the battle area are trashed"), _options_trashed),
    (re.compile(r"(?P<who>this digimon) (?:would digivolve|digivolves|digivolv\.es) into (?P<np>.+?) "
                r"in your hand"), _into_card_in_hand),
    (re.compile(r"digivolving (?P<who>this digimon) into (?P<np>.+?) in your hand"), _into_card_in_hand),
    (re.compile(r"digivolving (?P<who>one of your digimon) into (?P<np>a digimon card) in your hand "
                r"(?P<tail>with .+)"), _into_card_in_hand),
    (re.compile(r"one of your digimon digivolves into (?P<np>a digimon) with the "
                r"(?P<t>\[[^\]]+\](?:/\[[^\]]+\])*) in one of its traits"), _digivolved_into),
    (re.compile(r"any of your digimon or tamers digivolve into (?P<np>digimon with .+)"), _digivolved_into),
    (re.compile(r"(?P<who>(?:one|any) of your .+?) would digivolve into (?P<np>.+)"), _would_digivolve),
    (re.compile(r"this digimon or any of your tamers would digivolve into a multicolored digimon that is "
                r"(?P<c1>[a-z]+) or (?P<c2>[a-z]+)"), _this_or_tamers_would_digivolve),
    (re.compile(r"this digimon would digivolve into (?P<np>.+)"), _this_would_digivolve),
    (re.compile(r"(?P<np>an? .+?) returns from your trash to the hand"), _from_trash_to_hand),
    (re.compile(r"another digimon returns to the hand"), _returned_digimon),
    (re.compile(r"you play a 2-color (?P<c1>red|blue|yellow|green|black|purple|white) and "
                r"(?P<c2>red|blue|yellow|green|black|purple|white) digimon"), _two_colors_played),
    (re.compile(r"(?P<n>any|one) of your tokens or (?P<rest>.+?) (?:is|are) (?P<verb>deleted|played)"),
     _token_or_digimon),
    (re.compile(r"(?P<you>you play) (?P<np>.+)"), _played_either),
    (re.compile(r"(?P<by>an effect plays) (?P<np>.+)"), _played_either),
    (re.compile(r"(?P<np>.+?) (?:is|are) played"), _played_either),
    (re.compile(r"(?P<np>.+ or .+?) attacks"), _attacks_either),
    (re.compile(r"any of your \[(?P<x>[^\]]+)\] digimon suspend"), _named_or_trait_suspends),
    (re.compile(r"(?P<np>one of your digimon(?: with \[[^\]]+\] in its name)?)"
                r"(?: with (?P<colors>\d+) or more colors)? attacks(?: \(other than (?P<not>[^)]+)\))?"),
     _attacks_filtered),
    (re.compile(r"effects (?P<verb>trash) cards from under (?P<np>your tamers)"), _sources_moved),
    (re.compile(r"effects (?P<verb>trash) (?P<np>any of your .+?)'s digivolution cards"), _sources_moved),
    (re.compile(r"effects (?P<verb>trash) digivolution cards of (?P<np>any of your .+)"), _sources_moved),
    (re.compile(r"effects (?P<verb>add digivolution cards to|place digivolution cards under) "
                r"(?P<np>any of your .+)"), _sources_moved),
    (re.compile(r"(?P<who>.+?) attacks (?P<target>one of your .*digimon)"), _attacks_yours),
    (re.compile(r"(?P<np>.+?) (?:is moved|moves?) from (?P<a>the|their|your) breeding area "
                r"to (?P<b>the|their|your) battle area"), _moved),
    (re.compile(r"(?P<np>.+?) is deleted in battle or by having 0 dp"), _deleted_battle_or_zero),
]


def phrase_trigger(text: str) -> tuple[Trigger, str] | None:
    """The trigger of a lower-cased 'when' clause (without 'when') and its category ('would …'
    clauses are immediate-type, CR 15-8-5), or None."""
    found = next((Trigger(event=event, this_role=role, requires=sorted(requires))
                  for pattern, event, role, requires in _FIXED_RES if pattern.fullmatch(text)), None)
    for pattern, build in _BUILT if found is None else []:
        if (m := pattern.fullmatch(text)) and (found := build(m)) is not None:
            break
    if found is None:
        return None
    return found, "ImmediateType" if found.event.startswith("Would") else "TriggerType"
