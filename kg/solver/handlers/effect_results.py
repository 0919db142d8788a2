"""Conditions on what the effect being processed has done so far (CR 15-6): 'If you do', 'If this
effect deleted', 'If no Digimon was deleted by this effect', 'If this effect didn't trash' …

``run_actions`` notes, for each action it carries out, whether it did anything (a card deleted,
trashed, placed, returned, played, suspended: the engine's count of things done moved). 'If you
do' (``effect_done``) asks about the action just before the ones it governs; 'if this effect
deleted …' asks whether any earlier action of the effect of that kind did.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from ingest.compiler.per import DELETED_LEVELS_CODE, TRIGGER_DELETED
from ingest.effect_ir import Action, Condition, Selector
from kg.solver.events import Pending
from kg.solver.registry import REGISTRY
from kg.solver.state import opponent

if TYPE_CHECKING:
    from kg.solver.engine import Engine

#: The verbs whose outcome each 'if this effect …' condition asks about.
KINDS: dict[str, frozenset[str]] = {
    "effect_deleted": frozenset({"delete", "opponent_may_delete"}),
    "effect_trashed": frozenset({"trash_card", "trash_security", "trash_deck", "trash_bottom_security",
                                 "opponent_may_trash_card", "opponent_may_trash_security",
                                 "opponent_trashes_card", "trash_hand_to", "trash_security_to",
                                 "trash_deck_up_to", "trash_chosen_security",
                                 "trash_source", "trash_top_sources", "trash_bottom_sources",
                                 "trash_any_sources", "trash_all_sources", "trash_rest",
                                 "trash_bottom_sources_up_to"}),
    "effect_placed": frozenset({"place_under", "place_under_top", "place_self"}),
    "effect_returned": frozenset({"return_to_hand", "return_to_deck", "add_to_hand", "return_to_deck_top"}),
    "effect_added": frozenset({"add_to_hand", "rest_to_hand"}),  # 'if you added cards' (conditions.py)
    "effect_played": frozenset({"play_card", "play_self", "opponent_may_play_card"}),
    "effect_suspended": frozenset({"suspend"}),
    "effect_unsuspended": frozenset({"unsuspend"}),  # only a suspended card that unsuspends counts
    "effect_digivolved": frozenset({"digivolve"}),
    "effect_dna_digivolved": frozenset({"dna_digivolve", "dna_digivolve_with_this"}),
    "effect_flipped": frozenset({"flip_security_face_up"}),  # 'if this effect didn't flip' (EX11-037)
    "effect_used": frozenset({"use_option"}),  # 'if you don't use an Option card with this effect' (BT6-065)
}

#: Per engine, per running effect: (position, verb, did it do anything) of each action carried out.
_DONE: WeakKeyDictionary[Engine, dict[int, list[tuple[int, str, bool]]]] = WeakKeyDictionary()


#: Per engine, per running effect: the owners of the Digimon its actions deleted, in order.
_DELETED: WeakKeyDictionary[Engine, dict[int, list[str]]] = WeakKeyDictionary()
#: Per engine, per running effect: the owners of the cards its actions suspended (unsuspended before).
_SUSPENDED: WeakKeyDictionary[Engine, dict[int, list[str]]] = WeakKeyDictionary()
#: Per engine, per running effect: the owners of the cards its trashing actions put in the trash.
_TRASHED: WeakKeyDictionary[Engine, dict[int, list[str]]] = WeakKeyDictionary()
#: Per engine, per running effect: the players whose hands its adding actions put cards in.
_ADDED: WeakKeyDictionary[Engine, dict[int, list[str]]] = WeakKeyDictionary()


def begin(e: Engine, p: Pending) -> None:
    """The effect starts its actions: nothing done yet."""
    _DONE.setdefault(e, {})[id(p)] = []
    _DELETED.setdefault(e, {})[id(p)] = []
    _SUSPENDED.setdefault(e, {})[id(p)] = []
    _TRASHED.setdefault(e, {})[id(p)] = []
    _ADDED.setdefault(e, {})[id(p)] = []
    TRASHED_CARDS.setdefault(e, {})[id(p)] = []
    DELETED_DPS.setdefault(e, {})[id(p)] = []
    DELETED_LEVELS.setdefault(e, {})[id(p)] = []


def deleted(e: Engine, p: Pending, owners: list[str]) -> None:
    """The effect's action deleted Digimon of these players ('if this effect deleted one of your Digimon')."""
    _DELETED.setdefault(e, {}).setdefault(id(p), []).extend(owners)


#: Per engine, per running effect: the DP of each Digimon its delete actions deleted, as it was then.
DELETED_DPS: WeakKeyDictionary[Engine, dict[int, list[int]]] = WeakKeyDictionary()


def deleted_dps(e: Engine, p: Pending, dps: list[int]) -> None:
    """The DP the Digimon the effect's 'delete' action deleted had when deleted ('if a Digimon with 13000
    DP or more is deleted by this effect')."""
    DELETED_DPS.setdefault(e, {}).setdefault(id(p), []).extend(dps)


#: Per engine, per running effect: (owner, level) of each Digimon its delete actions deleted, as it was then.
DELETED_LEVELS: WeakKeyDictionary[Engine, dict[int, list[tuple[str, int]]]] = WeakKeyDictionary()


def deleted_levels(e: Engine, p: Pending, levels: list[tuple[str, int]]) -> None:
    """The levels the Digimon the effect's 'delete' action deleted had then (no level: 0, QA Q3796)."""
    DELETED_LEVELS.setdefault(e, {}).setdefault(id(p), []).extend(levels)


def suspended(e: Engine, p: Pending, owners: list[str]) -> None:
    """The effect's action suspended cards of these players ('if this effect suspended your Digimon')."""
    _SUSPENDED.setdefault(e, {}).setdefault(id(p), []).extend(owners)


#: The conditions that may name whose cards the effect did it to, and where those owners are kept.
_OWNERS = {"effect_deleted": _DELETED, "effect_suspended": _SUSPENDED}
#: What 'for each … by this effect' counts, by the code of the condition asking the same.
_COUNTED = {**_OWNERS, "effect_trashed": _TRASHED, "effect_added": _ADDED}


def trash_sizes(e: Engine) -> dict[str, int]:
    """How many cards each player's trash (``A``) and hand (``A/hand``) hold, before an action."""
    sizes = {who: len(player.trash) for who, player in e.state.players.items()}
    return sizes | {f"{who}/hand": len(player.hand) for who, player in e.state.players.items()}


def trashed(e: Engine, p: Pending, action: Action, before: dict[str, int]) -> None:
    """After one of the effect's actions: the cards a trashing action put in each trash (the growth
    of the trash, every card it trashes going there) are kept for 'for each card trashed by this effect',
    and those an adding action put in each hand for 'for each card added to your hand by this effect'."""
    for code, kept, zone in (("effect_trashed", _TRASHED, ""), ("effect_added", _ADDED, "/hand")):
        if action.verb not in KINDS[code]:
            continue
        for who, player in e.state.players.items():
            grown = len(player.hand if zone else player.trash) - before[who + zone]
            kept.setdefault(e, {}).setdefault(id(p), []).extend([who] * grown)
            if not zone and grown > 0:  # the cards themselves: the last ones of the trash
                paid = any(action is c for c in _costs_of(p))
                TRASHED_CARDS.setdefault(e, {}).setdefault(id(p), []).append((paid, player.trash[-grown:]))


#: Per engine, per running effect: (paid as a cost, card numbers) of each of its trashings, in order.
TRASHED_CARDS: WeakKeyDictionary[Engine, dict[int, list[tuple[bool, list[str]]]]] = WeakKeyDictionary()


def _costs_of(p: Pending) -> list[Action]:
    record = p.spec.record
    return list(record.compiled.costs) if record and record.compiled else []


def _whose(p: Pending, c: Condition) -> set[str] | None:
    """The players whose Digimon the condition speaks of ('one of your Digimon'), None for anyone's."""
    owner = c.selector.owner if c.selector is not None else "any"
    return None if owner == "any" else {p.player if owner == "self" else opponent(p.player)}


def done_count(e: Engine, p: Pending, code: str, whose: Selector | None) -> int:
    """How many Digimon of these players the effect's actions so far deleted (``effect_deleted``) or
    suspended from unsuspended (``effect_suspended``), or cards of theirs they trashed
    (``effect_trashed``): 'for each Digimon deleted by this effect'."""
    owners = {"self": {p.player}, "opponent": {opponent(p.player)}}.get(whose.owner if whose else "any")
    if code == TRIGGER_DELETED:  # the deletions that triggered it, all at once (CR 4-27-5)
        found = [ev.subject.owner for ev in (p.event, *p.also) if ev.name == "Deleted" and ev.subject]
        return sum(1 for o in found if owners is None or o in owners)
    if code == DELETED_LEVELS_CODE:  # 'for each level of the Digimon deleted by this effect'
        return sum(n for o, n in DELETED_LEVELS.get(e, {}).get(id(p), []) if owners is None or o in owners)
    return sum(1 for o in _COUNTED[code].get(e, {}).get(id(p), []) if owners is None or o in owners)


def counted(e: Engine, p: Pending, action: Action) -> Action:
    """A 'for each …' action with its number times the count, now: the cards the ``per`` selector
    matches, or those the effect's actions so far deleted, suspended or trashed (``per_done``)."""
    done = None if action.per_done is None else done_count(e, p, action.per_done, action.per)  # CR 4-27-1
    whose = p.holder.uid
    if action.per is not None and action.per.subject and action.per.zone == "sources":
        # 'for each of its face-down digivolution cards' under 'would digivolve into this card': the
        # digivolution cards of the Digimon about to digivolve, the event's other party (CR 15-8-5;
        # dcg:thatParty, as legal_targets reads 'that Digimon')
        event = p.event
        whose = event.obj.uid if event.name in e.index.that_is_object and event.obj is not None else -1
    return e.board.multiplied(e.state, action, p.player, whose, counted=done)


def note(e: Engine, p: Pending, position: int, action: Action, did: bool) -> None:
    """One action of the effect was carried out (``did``: it changed something)."""
    _DONE.setdefault(e, {}).setdefault(id(p), []).append((position, action.verb, did))


_MARKED: WeakKeyDictionary[Engine, set[int]] = WeakKeyDictionary()


def mark(e: Engine, p: Pending) -> None:
    """The action being carried out did something the engine's count of things done leaves out
    (a cost's digivolution card trashed, the rest of the revealed cards trashed)."""
    _MARKED.setdefault(e, set()).add(id(p))


def marked(e: Engine, p: Pending) -> bool:
    """Whether ``mark`` was called for the action just carried out (and forget it)."""
    found = _MARKED.get(e, set())
    hit = id(p) in found
    found.discard(id(p))
    return hit


def _done(e: Engine, p: Pending) -> list[tuple[int, str, bool]]:
    return _DONE.get(e, {}).get(id(p), [])


def done_verbs(e: Engine, p: Pending) -> list[str]:
    """The verbs of the actions the running effect has carried out so far, in order."""
    return [verb for _position, verb, _did in _done(e, p)]


def _costs(p: Pending) -> int:
    """How many costs the effect has (they come first among the positions)."""
    record = p.spec.record
    return len(record.compiled.costs) if record and record.compiled else 0


def _first_governed(p: Pending, c: Condition) -> int:
    """The position (among costs and actions) of the first action the condition governs."""
    return _costs(p) + (min(c.governs) if c.governs else 0)


@REGISTRY.register("condition", "effect_done")
def _effect_done(e: Engine, p: Pending, c: Condition) -> bool:
    """'If you do': the action just before the governed ones was carried out and did something."""
    before = _first_governed(p, c) - 1
    return any(did for position, _, did in _done(e, p) if position == before)


def _kind(code: str) -> None:
    verbs = KINDS[code]

    def test(e: Engine, p: Pending, c: Condition) -> bool:
        first, paid = _first_governed(p, c), _costs(p)
        # the 'By …' cost's card is not what the effect did (QA Q2956: BT18-034's trashed hand card)
        hit = any(did for position, verb, did in _done(e, p) if paid <= position < first and verb in verbs)
        whose = _whose(p, c) if code in _OWNERS else None
        return hit and (whose is None or any(o in whose for o in _OWNERS[code].get(e, {}).get(id(p), [])))
    what = "/".join(sorted(verbs))
    test.__doc__ = f"'If this effect {code.removeprefix('effect_')} …': an earlier {what} did something."
    test.__qualname__ = f"condition_{code}"
    REGISTRY.bind("condition", code, test)


for _code in KINDS:
    _kind(_code)
