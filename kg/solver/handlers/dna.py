"""DNA digivolution (CR 8-2): as the turn player's main-phase action (CR 6-5-1-2-2) and by an
effect that says it DNA digivolves (CR 8-2-2-4; verbs ``dna_digivolve``, ``dna_digivolve_with_this``).

The procedure (CR 8-2-3): a Digimon card with [DNA Digivolution] is revealed, one of its DNA
requirements chosen (``kg.solver.rule_lines``), and two of the player's Digimon in the battle area
that meet it; the cost is paid; each Digimon's link cards are trashed (CR 8-2-2-1-2), the two
are stacked with their own digivolution cards, the one the requirement names on the left on top
(CR 8-2-2-2, 8-2-2-3), the card goes on top, its owner draws 1 and [When Digivolving] triggers.
The result is a new Digimon (CR 8-2-2-1): unsuspended without unsuspending, not played this turn,
no effect applied to the old ones, no usage counted, no longer attacking or attacked. A card whose
DNA requirement the solver cannot read is reported unsupported, never guessed.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations
from typing import TYPE_CHECKING

from ingest.effect_ir import Action, Condition
from kg.solver.card_facts import CardInfo
from kg.solver.events import Event, Pending, Snapshot
from kg.solver.handlers.card_moves import zone_cards
from kg.solver.handlers.verbs import draw, holder_stack, legal_targets
from kg.solver.moves import can_digivolve
from kg.solver.registry import REGISTRY
from kg.solver.rule_lines import DnaPart, DnaRequirement, dna_requirements, unread_dna_lines
from kg.solver.state import Stack
from kg.solver.statics import may_digivolve_into

if TYPE_CHECKING:
    from kg.solver.engine import Engine

#: (left Digimon, right Digimon, requirement): the left one goes on top (CR 8-2-2-2).
Pairing = tuple[Stack, Stack, DnaRequirement]


def _is_digimon(e: Engine, s: Stack) -> bool:
    return e.board.card(s.top).kind == "Digimon"


# CR 8-2-3-1: '[Examon] in your hand can treat this Digimon as level 6 for DNA Digivolution' is read
# where a DNA digivolution into that card checks its requirement (``as_for``)
REGISTRY.consulted("verb", "dna_treated_as", "kg.solver.handlers.dna.as_for (DNA requirements)")


def as_for(e: Engine, stack: Stack, number: str) -> list[CardInfo]:
    """What the Digimon may count as for a DNA digivolution into ``number``: its top card, and that
    card as a Digimon of the level (and also the name) its applying 'treated as … for [X]'s DNA
    digivolution' effects say, when ``number`` is [X] (EX3-020, BT20-025)."""
    info = e.board.card(stack.top)
    found = [info]
    for holder, spec in e.board.persistent(e.state):
        if holder.uid != stack.uid or spec.record is None:
            continue
        for a in spec.record.compiled.actions:
            if a.verb == "dna_treated_as" and a.card is not None and e.board.card_fits(number, a.card):
                found.append(replace(info, level=a.amount, name=a.selector.name if a.selector and
                                     a.selector.name else info.name))
    return found


def _fits(e: Engine, part: DnaPart, stack: Stack, number: str) -> bool:
    return any(part.fits(info) for info in as_for(e, stack, number))


def pairings(e: Engine, number: str, a: Stack, b: Stack, which: int | None = None) -> list[Pairing]:
    """The ways ``a`` and ``b`` meet a DNA requirement of ``number`` (CR 8-2-3-1): ``a`` as the
    requirement's left part first, so the player's order decides when both ways do."""
    reqs = dna_requirements(e.board.card(number))
    if which is not None:
        reqs = reqs[which - 1:which]
    return [(x, y, r) for r in reqs for x, y in ((a, b), (b, a))
            if _fits(e, r.parts[0], x, number) and _fits(e, r.parts[1], y, number)]


def unreadable(e: Engine, label: str | None, number: str, what: str) -> bool:
    """True (and reported) when ``number`` prints a DNA requirement the solver cannot read."""
    lines = unread_dna_lines(e.board.card(number))
    for line in lines:
        e.rec.unsupported_part(label, "rule", line, f"{what}: this DNA digivolution requirement "
                               "is not read by the solver (CR 2-3-6)")
    return bool(lines)


def dna_digivolve_stacks(e: Engine, left: Stack, right: Stack, number: str, cost: int,
                         cites: list[str]) -> Stack:
    """CR 8-2-3-2/3: pay; trash the link cards; stack ``right`` under ``left`` under ``number`` as a
    new, unsuspended Digimon (CR 8-2-2-1); draw 1; [When Digivolving] triggers."""
    s, owner = e.state, left.owner
    player = s.players[owner]
    if cost:  # CR 8-2-2-5: what answers a digivolution answers a DNA digivolution too
        answering(e, left, right, number)
    s.pay(owner, cost)
    for stack in (left, right):  # CR 8-2-2-1-2: immediately before they become digivolution cards
        if stack.links:
            e.rec.log(f"{stack.alias}'s link cards {', '.join(stack.links)} are trashed", cites)
            player.trash.extend(stack.links)
            stack.links = []
    at = min(player.battle_area.index(left), player.battle_area.index(right))
    player.battle_area = [x for x in player.battle_area if x.uid not in (left.uid, right.uid)]
    new = Stack(s.new_uid(), s.fresh_alias(number), owner, [*right.cards, *left.cards, number])
    player.battle_area.insert(at, new)
    drawn = draw(e, owner, 1)  # CR 8-2-3-3 (none when the deck is empty, CR 8-1-2-8)
    e.rec.log(f"{left.alias} and {right.alias} DNA digivolve into {number} as {new.alias} for {cost} "
              f"memory ({left.alias} on top); {owner} draws {drawn}", cites)
    e.done += 1
    e.emit(Event("Digivolved", e.snap(new), how="dna"))
    return new


def answering(e: Engine, left: Stack, right: Stack, number: str) -> None:
    """Immediate 'would digivolve' effects that would change a paid DNA digivolution or app fusion
    (CR 8-2-2-5, 8-4-2-3, 15-8-5) are not carried out for them: reported, never guessed."""
    card = Snapshot(e.state.new_uid(), left.owner, left.owner, (number,), True, -1,
                    [(spec, i) for i, spec in enumerate(e.board.specs(number))])
    found = {p.label for x in (left, right)
             for p in e.immediates(Event("WouldDigivolve", card, e.snap(x)))}
    found |= {e.label(card, spec) for spec, _ in card.effects if spec.category == "immediate"
              and e.triggers(spec, card, Event("WouldDigivolve", card, e.snap(left)))}
    if found:
        e.rec.unsupported_part(None, "rule", f"DNA digivolving {left.alias} and {right.alias} into {number}",
                               f"effects answering a DNA digivolution ({', '.join(sorted(found))}) are not "
                               "carried out (CR 8-2-2-5)")


def dna_digivolve(e: Engine, ids: list[str], number: str, which: int | None = None) -> None:
    """The turn player DNA digivolves two Digimon into a card from the hand (CR 6-5-1-2-2, 8-2-3)."""
    s, tp = e.state, e.state.turn_player
    what, cites = f"DNA digivolve {' + '.join(ids)} into {number}", e.cites("dna_digivolution")
    stacks = [s.by_alias(alias) for alias in ids]
    for alias, stack in zip(ids, stacks, strict=True):
        if stack is None or stack.owner != tp or not _is_digimon(e, stack):
            return e.refuse(what, f"{alias} is not a Digimon in the turn player's battle area", cites)
    a, b = stacks  # type: ignore[misc]
    if a.uid == b.uid:  # type: ignore[union-attr]
        return e.refuse(what, "two different Digimon are needed", cites)
    if number not in s.players[tp].hand:
        return e.refuse(what, f"{number} is not in the hand", cites)
    if unreadable(e, None, number, what):
        return None
    found = pairings(e, number, a, b, which)  # type: ignore[arg-type]
    if not found:
        return e.refuse(what, f"{' and '.join(ids)} do not meet a DNA digivolution requirement of "
                        f"{number}", cites)
    # CR 8-2-2-5, 15-1-3: 'can't digivolve' and 'can only digivolve into …' hold for DNA digivolution
    if not all(can_digivolve(e, x) and may_digivolve_into(e.board, s, x, number) for x in (a, b)):
        return e.refuse(what, "a Digimon that can't digivolve (into it) can't DNA digivolve", cites)
    left, right, req = found[0]
    s.players[tp].hand.remove(number)
    e.rec.log(f"{tp} reveals {number} for DNA digivolution: {req.text}", cites)
    dna_digivolve_stacks(e, left, right, number, req.cost, cites)
    e.flush()
    e.resolve()
    return None


def _candidates(e: Engine, p: Pending, a: Action, pool: list[str], mates: list[Stack],
                fixed: Stack | None) -> dict[str, list[Pairing]]:
    """Per card of the pool: the pairings of the player's Digimon that meet its DNA requirements."""
    assert a.card is not None
    found: dict[str, list[Pairing]] = {}
    for number in dict.fromkeys(pool):
        info: CardInfo = e.board.card(number)
        if not number or info.kind != "Digimon" or not e.board.card_fits(number, a.card):
            continue
        if unreadable(e, p.label, number, f"{p.label}: DNA digivolving into {number}"):
            continue
        pairs = [(x, y) for x, y in permutations(mates, 2) if x.uid < y.uid] if fixed is None \
            else [(fixed, y) for y in mates if y.uid != fixed.uid]
        ways = [w for x, y in pairs for w in pairings(e, number, x, y)[:1]]
        if ways:
            found[number] = ways
    return found


def _by_effect(e: Engine, p: Pending, a: Action, with_this: bool) -> list[str]:
    """DNA digivolve by an effect into a card of ``a.card``'s zone (CR 8-2-2-4, 8-2-3): the two
    Digimon are the selector's (or this Digimon and the selector's one)."""
    assert a.card is not None, "the compiler always names the card DNA digivolved into"
    cites = e.cites("dna_digivolution")
    e.chosen[id(p)] = ()  # 'the DNA digivolved Digimon' of a later action: the one made now, if any
    this = holder_stack(e, p) if with_this else None
    if with_this and (this is None or not _is_digimon(e, this)):
        e.rec.log(f"{p.label}: this Digimon is no longer in the battle area; nothing DNA digivolves", cites)
        return cites
    mates = [x for x in legal_targets(e, p, a.selector)
             if x.owner == p.player and _is_digimon(e, x) and can_digivolve(e, x)]
    if this is not None and not can_digivolve(e, this):
        mates = []
    pool = zone_cards(e, p, a.card)
    found = _candidates(e, p, a, pool, mates, this)
    found = {n: kept for n, ways in found.items()  # 'can only digivolve into …' (CR 15-1-3)
             if (kept := [w for w in ways if all(may_digivolve_into(e.board, e.state, x, n) for x in w[:2])])}
    if not found:
        e.rec.log(f"{p.label}: nothing can DNA digivolve as the effect says; nothing happens", cites)
        return cites
    number = e.decide.targets(p.player, p.label, list(found), 1)[0]
    ways = found[number]
    members = list(dict.fromkeys(s.alias for w in ways for s in w[:2] if s is not this))
    wanted = set(e.decide.targets(p.player, p.label, members, 1 if this is not None else 2))
    chosen = next((w for w in ways if {s.alias for s in w[:2] if s is not this} == wanted), ways[0])
    left, right, req = chosen
    pool.remove(number)
    cost = 0 if a.free else req.cost
    e.chosen[id(p)] = (dna_digivolve_stacks(e, left, right, number, cost, cites).uid,)
    return cites


@REGISTRY.register("verb", "dna_digivolve")
def _dna_digivolve(e: Engine, p: Pending, a: Action) -> list[str]:
    """'2 of your Digimon may DNA digivolve into [X] in the hand' (CR 8-2-2-4)."""
    return _by_effect(e, p, a, with_this=False)


@REGISTRY.register("verb", "dna_digivolve_with_this")
def _dna_digivolve_with_this(e: Engine, p: Pending, a: Action) -> list[str]:
    """'This Digimon and 1 of your other Digimon may DNA digivolve into [X] in the hand'."""
    return _by_effect(e, p, a, with_this=True)


@REGISTRY.register("condition", "dna_digivolving")
def _dna_digivolving(e: Engine, p: Pending, c: Condition) -> bool:
    """'If DNA digivolving': the digivolution that triggered the effect was a DNA digivolution (CR 8-2)."""
    return p.event.name == "Digivolved" and p.event.how == "dna"
