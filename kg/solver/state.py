"""The game state: plain, cloneable data. Everything derived (DP, keywords, live effects) is
recomputed from it by ``kg.solver.board``, never stored.

Memory is kept from player A's side (3 = A has 3); the report turns it to the file's view.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ingest.effect_ir import Action, Selector

PLAYERS = ("A", "B")


def opponent(player: str) -> str:
    return "B" if player == "A" else "A"


class _Marked(str):
    """A card number with a face mark. Marks are counted as they are made (copies included), so
    that ``settle`` can tell a state that has had none since it last looked."""

    __slots__ = ()
    made = 0

    def __new__(cls, number: str) -> _Marked:
        _Marked.made += 1
        return super().__new__(cls, number)


class FaceUp(_Marked):
    """A security card placed face up (CR 3-7-4: public; 15-14-5-1: its {Security} effects work).
    It is its card number as a string everywhere; only the security stack reads the mark."""

    __slots__ = ()


class FaceDown(_Marked):
    """A face-down card under a Digimon or Tamer: a card without card information, whose name,
    colour, level, traits and effects can't be referenced (CR 4-7-9); only stacks read the mark."""

    __slots__ = ()


def is_face_up(number: str) -> bool:
    return isinstance(number, FaceUp)


def is_face_down(number: str) -> bool:
    return isinstance(number, FaceDown)


_PLAIN = {str}


def settle(state: State) -> None:
    """Cards keep a face only where it means something: face up in a security stack, face down
    under a card on the field. Anywhere else a moved card is placed by the rules of its new area
    (CR 3-1-3-5: the trash and the field face up, the hand, deck and security stack face down)."""
    if state.unmarked_at == _Marked.made:
        return  # no card of the state had a mark when it was last looked at, and none was made since
    marked = False
    for player in state.players.values():
        stacks = [*player.battle_area, *([player.breeding] if player.breeding else [])]
        kinds = {*map(type, player.hand), *map(type, player.trash), *map(type, player.deck),
                 *map(type, player.security)}
        for stack in stacks:
            kinds.update(map(type, stack.cards), map(type, stack.links))
        if kinds <= _PLAIN:
            continue  # no card of this player has a mark: nothing to settle
        marked = True
        for zone in (player.hand, player.trash, player.deck):
            if not all(type(n) is str for n in zone):
                zone[:] = [str(n) if type(n) is not str else n for n in zone]
        if any(type(n) is FaceDown for n in player.security):
            player.security[:] = [str(n) if is_face_down(n) else n for n in player.security]
        for stack in stacks:
            if any(type(n) is FaceUp for n in stack.cards):
                stack.cards[:] = [str(n) if is_face_up(n) else n for n in stack.cards]
            if not all(type(n) is str for n in stack.links):
                stack.links[:] = [str(n) if type(n) is not str else n for n in stack.links]
    state.unmarked_at = -1 if marked else _Marked.made


@dataclass
class Stack:
    """A Digimon or Tamer in play: its cards bottom -> top; ``uid`` changes when it becomes a new card."""

    uid: int
    alias: str
    owner: str
    cards: list[str]
    suspended: bool = False
    played_this_turn: bool = False
    links: list[str] = field(default_factory=list)  # link cards, oldest first (CR 4-9; not stacked cards)

    @property
    def top(self) -> str:
        return self.cards[-1]

    @property
    def sources(self) -> list[str]:
        return self.cards[:-1]


@dataclass
class Player:
    battle_area: list[Stack] = field(default_factory=list)
    breeding: Stack | None = None
    security: list[str] = field(default_factory=list)  # top first; "" is a blank card
    hand: list[str] = field(default_factory=list)
    trash: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)       # top first; "" is a blank card
    eggs: list[str] = field(default_factory=list)       # the Digi-Egg deck, top first (CR 4-18)


@dataclass
class Lasting:
    """A lasting effect created by a resolved effect: recomputed against the board each time.

    ``targets`` is None for a global effect ("all of your Digimon with ..."), whose selector is
    re-evaluated so that Digimon entering or digivolving later are reached (Global Effects page).
    """

    label: str
    owner: str
    action: Action
    selector: Selector | None
    targets: tuple[int, ...] | None
    expires_after_turn: int | None  # None: lasts while the game goes on
    cites: tuple[str, ...] = ()
    attack_only: bool = False       # ends with the current attack (<Alliance>, CR 16-24-5)
    source: str = ""                # the kind of card whose effect made it (CR 15-15-5: kg/solver/statics.py)


@dataclass
class Attack:
    attacker: int
    target: int | None           # uid of the target Digimon; None for the player
    target_alias: str
    blocked: bool = False
    checked: bool = False        # one security check per attack (CR 13-1-2, 16-7-5)
    security_battle: bool = False
    pending: list[object] = field(default_factory=list)  # pending processing (Piercing's check)
    suspends: bool = True        # the declaration suspends the attacker (not for <Overclock>, CR 16-34-1)
    ended: bool = False          # ended by an effect: the end of attack comes next (CR 15-15-1-1)


@dataclass
class State:
    players: dict[str, Player]
    turn_player: str = "A"
    memory_a: int = 0
    turn: int = 1
    phase: str = "main"   # the dcg:roleOf of the turn phase under way; a scenario starts in the main phase
    next_uid: int = 1
    lasting: list[Lasting] = field(default_factory=list)
    used: dict[tuple[int, str], int] = field(default_factory=dict)  # once-per-turn counts
    attack: Attack | None = None
    delayed: list[tuple[str, object]] = field(default_factory=list)  # (point, pending processing)
    winner: str | None = None
    aliases: set[str] = field(default_factory=set)
    #: (event, owner of its subject) for every event of the current turn: 'if you've digivolved this
    #: turn', 'if your opponent didn't attack with a Digimon this turn' (kg/solver/handlers/turn_history.py)
    this_turn: set[tuple[str, str]] = field(default_factory=set)
    unmarked_at: int = -1  # settle: the count of marks made when this state last held none

    def clone(self) -> State:
        return copy.deepcopy(self)

    def new_uid(self) -> int:
        self.next_uid += 1
        return self.next_uid

    def fresh_alias(self, number: str) -> str:
        """``BT1-017``, then ``BT1-017#2``: the alias of a card that entered play without one."""
        alias, n = number, 1
        while alias in self.aliases:
            n += 1
            alias = f"{number}#{n}"
        self.aliases.add(alias)
        return alias

    def stacks(self) -> list[Stack]:
        """Every Digimon and Tamer in a battle area, turn player's first, in board order."""
        order = (self.turn_player, opponent(self.turn_player))
        return [s for p in order for s in self.players[p].battle_area]

    def board(self) -> list[Stack]:
        """Every stack, A's then B's, in board order (the default order of choices)."""
        return [s for p in PLAYERS for s in self.players[p].battle_area]

    def find(self, uid: int | None) -> Stack | None:
        for name in PLAYERS:
            for stack in self.players[name].battle_area:
                if stack.uid == uid:
                    return stack
        return None

    def by_alias(self, alias: str) -> Stack | None:
        return next((s for s in self.board() if s.alias == alias), None)

    def memory_of(self, player: str) -> int:
        return self.memory_a if player == "A" else -self.memory_a

    def pay(self, player: str, cost: int) -> None:
        self.memory_a += -cost if player == "A" else cost

    def face_up_security(self) -> list[Stack]:
        """Each face-up security card of both players, as a one-card holder its {Security} effects
        work from (CR 15-14-5-1); uids are negative, never a stack's."""
        return [Stack(-(1 + i + 100 * k), f"{p}-security-{n}", p, [n])
                for k, p in enumerate(PLAYERS) if any(type(n) is FaceUp for n in self.players[p].security)
                for i, n in enumerate(self.players[p].security) if is_face_up(n)]

    def position(self, uid: int) -> int:
        """Where the stack is in board order (after every stack when it is not on the field)."""
        at = 0
        for name in PLAYERS:
            for stack in self.players[name].battle_area:
                if stack.uid == uid:
                    return at
                at += 1
        return at
