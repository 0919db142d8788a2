"""What the state machine passes around: snapshots of cards, game events and pending effects.

An event's name is the local name of a ``dcg:GameEvent`` of the graph (``Deleted``,
``AttackDeclared``); the engine refuses to emit a name the graph does not define.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ingest.effect_ir import Action
from kg.solver.effect_spec import EffectSpec


@dataclass
class Snapshot:
    """A card or stack as it was when an event happened (CR 15-8-3-8, 15-8-3-9-4)."""

    uid: int
    owner: str
    alias: str
    cards: tuple[str, ...]
    is_digimon: bool
    pos: int
    effects: list[tuple[EffectSpec, int]] = field(default_factory=list)


class PrintedSnapshot(Snapshot):
    """A snapshot of a stack whose effects are its printed ones alone (no lasting or persistent
    effect exists in the run): they depend on the cards, the owner and the turn player, all fixed
    when it was taken, so they are worked out only when something reads them."""

    def __init__(self, uid: int, owner: str, alias: str, cards: tuple[str, ...], is_digimon: bool,
                 pos: int, later: Callable[[], list[tuple[EffectSpec, int]]]) -> None:
        self._later: Callable[[], list[tuple[EffectSpec, int]]] | None = later
        super().__init__(uid, owner, alias, cards, is_digimon, pos)

    @property  # type: ignore[override]
    def effects(self) -> list[tuple[EffectSpec, int]]:
        if self._later is not None:
            self._effects, self._later = self._later(), None
        return self._effects

    @effects.setter
    def effects(self, value: list[tuple[EffectSpec, int]]) -> None:
        if not value and self._later is not None:
            return  # the dataclass's default, while the printed ones are still to be worked out
        self._effects, self._later = value, None


TAMER_AS_IS = "tamer_as_is"  # Event.how: a Tamer digivolved as it is, no Digimon (Engine.triggers)


@dataclass
class Event:
    """A game event: its subject (the card it happens to), its object (the other card), its cause."""

    name: str
    subject: Snapshot | None = None
    obj: Snapshot | None = None
    cause: str = ""            # battle, effect, rule
    by: str | None = None      # the player whose effect caused it
    other_deleted: bool = False
    how: str = ""              # how a digivolution happened: "dna" (CR 8-2), "app_fusion" (CR 8-4),
    #                            TAMER_AS_IS (an effect digivolved a Tamer, QA Q2985);
    #                            WouldBeDeleted / WouldLeaveBattleArea: "deletion" or "return" (CR 15-8-5);
    #                            WouldBePlayed: "hand", the revealed card is played from the hand (CR 7-1-2-3)
    #: where a played card came from (CardPlayed): "hand", "trash" (the player's own), "sources" (a
    #: Digimon's digivolution cards, CR 4-8-1), or "" when no trigger asks (card_moves.pile_of);
    #: where a card added to a hand came from (AddedToHand): "trash", "battle_area" (returned); where
    #: the card digivolved into came from (Digivolved, WouldDigivolve): "hand", "trash" …
    origin: str = ""
    #: the card whose effect caused it (cause "effect"), as it was when that effect activated:
    #: a Digimon's effect, a Tamer's, an Option's (CR 15-2-1)
    source: Snapshot | None = None

    def describe(self) -> str:
        parts = [self.name]
        if self.subject:
            parts.append(self.subject.alias)
        if self.obj:
            parts.append(f"(with {self.obj.alias})")
        return " ".join(parts)


@dataclass
class Pending:
    """An effect that triggered (or is being activated) and waits for its turn to activate."""

    label: str
    player: str
    batch: int
    spec: EffectSpec
    holder: Snapshot
    event: Event
    default_key: tuple[int, int]
    on_field: bool = True
    within: bool = False  # activated by another effect's action now, never pending (CR 15-4-4-3 n/a)
    kind: str = "trigger"
    cites: list[str] = field(default_factory=list)  # ordering rules that placed it in its batch
    actions: list[Action] | None = None  # delayed processing: only these actions (CR 18-1)
    also: list[Event] = field(default_factory=list)  # simultaneous events that met it too (CR 15-5-2)
