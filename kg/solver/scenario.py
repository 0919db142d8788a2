"""Scenario files (spec/scenario.md): a strict pydantic model and a loader for YAML or JSON.

Additions to the contract (all optional): a ``cards:`` entry may give ``digivolve_cost`` and
``effects`` (compiled EffectRecords, used instead of compiling its texts) and ``requirements``
(its digivolution requirements: ``{level, color, cost}``); a file may carry
``expect:`` (report values a golden test checks; ``simulate`` ignores it); ``decisions.counter``
names the [Counter] effect the non-turn player activates at the counter timing (default none).
Link cards and DNA (CR 8-2, 8-4, 10): a stack may list its ``links``; a card may give its ``link``
effect, ``link_dp`` and ``link_requirement``; the actions ``dna_digivolve``, ``link`` and ``app_fuse``.
DigiXros (CR 7-2): ``play`` may list the cards placed for a ``digixros`` (hand card numbers, aliases);
Assembly (CR 7-3): for an ``assembly`` (trash card numbers, top card first).
``activate`` with ``zone: trash`` (no ``id``) activates a {Trash} [Main] effect of a card in the turn
player's trash (CR 15-14-3-1); with ``zone: hand``, a {Hand} [Main] effect of a card in their hand
(CR 15-14-2-1).
Card faces: a stack's ``face_down`` lists positions in its ``stack`` (0: bottom) of face-down cards
(CR 4-7-9); a player's ``face_up_security`` lists positions in ``security`` (0: top) of face-up cards.

Bounds (docs/robustness-scenarios.md): counts a game can hold (:data:`MAX_SECURITY` security cards,
:data:`MAX_ZONE` cards in any other zone or stack, :data:`MAX_ENTRIES` actions, own cards and
decisions of each kind), the memory gauge from -10 to 10 (CR 1-4-2-2), and the sizes of
:mod:`kg.solver.scenario_limits` (the file, a text, an integer, nesting, YAML aliases).

>>> s = load_scenario({"scenario": 1, "id": "x", "actions": [{"end_turn": {}}]})
>>> s.turn_player, s.players.A.security
('A', 0)
"""

from __future__ import annotations

import difflib
import json
import os
import reprlib
import types
import typing
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
    model_validator,
)

from ingest.effect_ir import EffectRecord
from ingest.json_depth import json_too_deep
from kg.solver.scenario_limits import MAX_DEPTH, MAX_FILE_BYTES, Refused, check_data, json_int
from kg.solver.scenario_yaml import load_yaml

#: Security cards a player may have: a game starts with 5 (CR 5-2-1-5), effects add a few.
MAX_SECURITY = 50
#: Cards in any other zone (deck, hand, trash, Digi-Egg deck), in one stack, or stacks in a
#: battle area: a deck holds 50 cards and the Digi-Egg deck up to 5 (CR 5-1-1).
MAX_ZONE = 60
#: Actions, the scenario's own cards, and entries of each kind of decision.
MAX_ENTRIES = 500
#: The memory gauge runs from 10 on one side to 10 on the other (CR 1-4-2-2).
MAX_MEMORY = 10


class ScenarioError(Exception):
    """A refused scenario: the file, the key path and what was expected."""

    def __init__(self, file: str, path: str, reason: str) -> None:
        super().__init__(f"{file}: {path or '(top level)'}: {reason}")
        self.file, self.path, self.reason = file, path, reason


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


Cards = Annotated[list[str], Field(max_length=MAX_ZONE)]
CardList = Cards | Annotated[int, Field(ge=0, le=MAX_ZONE)]
SecurityList = (Annotated[list[str], Field(max_length=MAX_SECURITY)]
                | Annotated[int, Field(ge=0, le=MAX_SECURITY)])


class StackIn(Strict):
    id: str = Field(min_length=1)
    stack: list[str] = Field(min_length=1, max_length=MAX_ZONE)
    suspended: bool = False
    played_this_turn: bool = False
    links: Cards = Field(default_factory=list, description="its link cards, oldest first (CR 4-9)")
    face_down: list[int] = Field(
        default_factory=list, description="positions in ``stack`` (0: bottom) of face-down cards (CR 4-7-9)")

    @model_validator(mode="after")
    def _face_down_under(self) -> StackIn:
        if any(not 0 <= i < len(self.stack) - 1 for i in self.face_down):
            raise ValueError("face_down positions must name cards under the top card (0: the bottom)")
        return self


class PlayerIn(Strict):
    battle_area: list[StackIn] = Field(default_factory=list, max_length=MAX_ZONE)
    breeding_area: StackIn | None = None
    security: SecurityList = 0
    face_up_security: list[int] = Field(
        default_factory=list, description="positions in ``security`` (0: top) of face-up cards (CR 3-7-4)")
    hand: Cards = Field(default_factory=list)
    trash: Cards = Field(default_factory=list)
    deck: CardList = 0
    digi_egg_deck: Cards = Field(
        default_factory=list, description="the Digi-Egg deck, top first (CR 4-18: effects hatch from it)")

    @model_validator(mode="after")
    def _face_up_in_security(self) -> PlayerIn:
        size = len(self.security) if isinstance(self.security, list) else self.security
        if any(not 0 <= i < size for i in self.face_up_security) or (
                self.face_up_security and not isinstance(self.security, list)):
            raise ValueError("face_up_security positions must name cards of a listed security stack (0: top)")
        return self


class PlayersIn(Strict):
    A: PlayerIn = Field(default_factory=PlayerIn)
    B: PlayerIn = Field(default_factory=PlayerIn)


class RequirementIn(Strict):
    """A digivolution requirement (CR 2-3-5): digivolves from a ``level`` card of ``color`` for ``cost``."""

    level: int | None = None
    color: str | None = None
    cost: int = 0


class CardIn(Strict):
    name: str = ""
    kind: Literal["Digimon", "Tamer", "Option", "Digi-Egg"] = "Digimon"
    level: int | None = None
    dp: int | None = None
    play_cost: int | None = None
    digivolve_cost: int | None = None
    requirements: list[RequirementIn] = Field(
        default_factory=list, description="digivolution requirements, checked when an effect digivolves")
    colors: list[str] = Field(default_factory=list)
    traits: list[str] = Field(default_factory=list)
    effect: str = ""
    inherited: str = ""
    security: str = ""
    link: str = Field("", description="its link effect (CR 2-3-11-4-6)")
    link_dp: int | None = Field(None, description="its link DP (CR 2-3-11-4-5)")
    link_requirement: str = Field(
        "", description="its link requirement as printed: '[Link] [Appmon] trait: Cost 1'")
    effects: list[EffectRecord] | None = Field(
        None, description="compiled effects given outright (instead of compiling the texts)")


class AttackIn(Strict):
    attacker: str
    target: str = "player"


class PlayIn(Strict):
    card: str


class PlayFromHandIn(PlayIn):
    """Playing a card from the hand; with ``digixros``, a DigiXros is declared (CR 7-2-3); with
    ``assembly``, an Assembly (CR 7-3-3)."""

    digixros: list[str] | None = Field(
        None, description="the cards placed for a DigiXros: card numbers in the hand, aliases of Digimon "
                          "in the battle area (CR 7-2-1); none: no DigiXros (CR 7-2-2-12)")
    assembly: list[str] | None = Field(
        None, description="the cards placed for an Assembly: card numbers in the trash, top card first "
                          "(CR 7-3-2-6); none: no Assembly (CR 7-3-2-9)", max_length=MAX_ZONE)


class DigivolveIn(Strict):
    id: str
    card: str


class UseIn(PlayIn):
    effect: int | str | None = Field(
        None, description="which [Main] effect of a card that has several: 1, 2, ... or its tag (Main#2)")


class ActivateIn(UseIn):
    """A [Main] effect of a card in a stack (``id``), or a {Trash} [Main] effect of a card in the turn
    player's trash (``zone: trash``, CR 15-14-3-1)."""

    id: str | None = None
    zone: Literal["trash", "hand"] | None = Field(
        None, description="'trash' / 'hand': the card is in the turn player's trash / hand")

    @model_validator(mode="after")
    def _where(self) -> ActivateIn:
        if (self.id is None) == (self.zone is None):
            raise ValueError("expected exactly one of id (a stack) and zone (trash)")
        return self


class EndTurnIn(Strict):
    pass


class DnaDigivolveIn(Strict):
    """DNA digivolution (CR 8-2-3): the two Digimon named in the order of the requirement's parts."""

    ids: list[str] = Field(min_length=2, max_length=2)
    card: str
    requirement: int | None = Field(None, description="which DNA requirement of the card: 1, 2, ...")


class LinkIn(Strict):
    """Linking a card from the hand (``card``) or a Digimon of the battle area (``source``, its top card)
    to a Digimon (CR 6-5-1-4-1, 10-1-3)."""

    id: str
    card: str | None = None
    source: str | None = Field(None, description="alias of the Digimon in the battle area that is linked")

    @model_validator(mode="after")
    def _one_card(self) -> LinkIn:
        if (self.card is None) == (self.source is None):
            raise ValueError("expected exactly one of card (from the hand) and source (from the battle area)")
        return self


class AppFuseIn(DigivolveIn):
    """App fusion (CR 8-4-3): the Digimon and the link card that go under the card."""

    link: str | None = Field(None, description="which of its link cards, when several fit")


class ActionIn(Strict):
    attack: AttackIn | None = None
    play: PlayFromHandIn | None = None
    digivolve: DigivolveIn | None = None
    use: UseIn | None = None
    activate: ActivateIn | None = None
    end_turn: EndTurnIn | None = None
    dna_digivolve: DnaDigivolveIn | None = None
    link: LinkIn | None = None
    app_fuse: AppFuseIn | None = None

    @model_validator(mode="after")
    def _one(self) -> ActionIn:
        if len(self.model_fields_set) != 1:
            raise ValueError("expected exactly one of attack, play, digivolve, use, activate, end_turn, "
                             "dna_digivolve, link, app_fuse")
        return self

    @property
    def kind(self) -> str:
        return next(iter(self.model_fields_set))

    @property
    def body(self) -> BaseModel:
        return getattr(self, self.kind)  # type: ignore[no-any-return]


class DecisionsIn(Strict):
    block: str = "none"
    counter: str = Field("none", description="the label of the [Counter] effect used, or none (CR 11-3)")
    order: list[str] = Field(
        default_factory=list, max_length=MAX_ENTRIES,
        description="labels preferred when a player picks the next pending effect; LABEL@ALIAS: the "
                    "instance of LABEL that ALIAS's event triggered, when one effect triggers more than once")
    optional: dict[str, bool] = Field(default_factory=dict, max_length=MAX_ENTRIES)
    targets: dict[str, list[str] | list[list[str]]] = Field(
        default_factory=dict, max_length=MAX_ENTRIES,
        description="per effect label: aliases or card numbers preferred at every choice, or one such "
                    "list per choice, in the order the effect makes them")
    breeding: dict[Literal["A", "B"], Literal["move", "none"]] = Field(
        default_factory=dict, description="a player's breeding-phase action (CR 6-4-1); default none")
    assembly: dict[str, list[str]] = Field(
        default_factory=dict, max_length=MAX_ENTRIES,
        description="per effect label: the trash cards (top first) of the Assembly the player declares "
                    "when that effect plays a card with Assembly requirements (CR 7-3-2-10); [] or none: "
                    "no Assembly (CR 7-3-2-9)")
    modes: dict[str, list[int]] = Field(
        default_factory=dict, max_length=MAX_ENTRIES,
        description="per effect label: which of the effects listed after 'activate 1 of the effects below' "
                    "activate, by their printed position from 1, in the order they activate (CR 15-15-7); "
                    "no default: an undecided choice is reported, not guessed")

    @field_validator("targets", mode="before")
    @classmethod
    def _one_shape(cls, value: Any) -> Any:
        """Each entry is a list of names, or a list of such lists (one per choice), not a mix."""
        for label, entry in (value or {}).items() if isinstance(value, dict) else ():
            flat = isinstance(entry, list) and all(isinstance(x, str) for x in entry)
            nested = isinstance(entry, list) and all(
                isinstance(x, list) and all(isinstance(y, str) for y in x) for x in entry)
            if not (flat or nested):
                raise ValueError(f"{label}: expected a list of aliases or card numbers, or one such list "
                                 "per choice")
        return value


class Scenario(Strict):
    scenario: Literal[1]
    id: str = Field(min_length=1)
    title: str = ""
    source: str = ""
    turn_player: Literal["A", "B"] = "A"
    memory: int = Field(0, ge=-MAX_MEMORY, le=MAX_MEMORY)
    players: PlayersIn = Field(default_factory=PlayersIn)
    cards: dict[str, CardIn] = Field(default_factory=dict, max_length=MAX_ENTRIES)
    actions: list[ActionIn] = Field(default_factory=list, max_length=MAX_ENTRIES)
    decisions: DecisionsIn = Field(default_factory=DecisionsIn)
    expect: dict[str, Any] | None = Field(None, description="expected report values (golden files)")
    _file: str = PrivateAttr("<mapping>")

    @property
    def file(self) -> str:
        """The file it was read from (``<mapping>`` when given as data)."""
        return self._file


def did_you_mean(name: str, candidates: Iterable[str], prefix: str = "") -> str:
    """A close-match hint for a misspelled name (case-insensitive), or "".

    >>> did_you_mean("WhenAttack", ["WhenAttacking", "OnPlay"])
    '; did you mean WhenAttacking?'
    >>> did_you_mean("blok", ["block", "order"], "decisions.")
    '; did you mean decisions.block?'
    >>> did_you_mean("zzz", ["block"])
    ''
    """
    by_lower: dict[str, str] = {}
    for c in candidates:
        by_lower.setdefault(c.lower(), c)
    wanted = name.lower()
    found = difflib.get_close_matches(wanted, list(by_lower), n=12, cutoff=0.6)
    found = sorted(found, key=lambda f: not f.startswith(wanted))[:3]  # 'BT5-08': BT5-086 first
    return f"; did you mean {' or '.join(prefix + by_lower[f] for f in found)}?" if found else ""


def _models(annotation: Any) -> list[type[BaseModel]]:
    """The scenario models an annotation holds (``list[StackIn]``, ``StackIn | None`` ...)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is not None:
        return [m for arg in typing.get_args(annotation) for m in _models(arg)]
    return []


def _keys_at(loc: tuple[Any, ...]) -> list[str]:
    """The keys the model at ``loc`` (the path of an unknown key) accepts."""
    model: type[BaseModel] | None = Scenario
    for part in loc[:-1]:  # list indices and mapping keys are not fields: the model stays
        fields = model.model_fields if model else {}
        if isinstance(part, str) and part in fields:
            found = _models(fields[part].annotation)
            model = found[0] if found else None
    return list(model.model_fields) if model else []


_SHOWN = reprlib.Repr()
_SHOWN.maxstring, _SHOWN.maxother, _SHOWN.maxlevel, _SHOWN.maxlist, _SHOWN.maxdict = 60, 60, 3, 6, 4


def _shown(value: Any) -> str:
    """A value as an error quotes it: short, whatever its size or depth."""
    return _SHOWN.repr(value)


def _union_member(part: Any) -> bool:
    """A location part pydantic adds for a member of a union (``list[str]``, ``constrained-int``)."""
    return isinstance(part, str) and (
        "[" in part or part in ("int", "str") or part.startswith("constrained-"))


def _reason(error: Mapping[str, Any]) -> str:
    kind, loc, ctx = error.get("type", ""), tuple(error.get("loc", ())), error.get("ctx") or {}
    got = f" (got {_shown(error.get('input'))})" if "input" in error else ""
    if any(_union_member(part) for part in loc):  # security or deck: a list or a count
        most = MAX_SECURITY if "security" in loc else MAX_ZONE
        return f"expected a list of card numbers or a count of blank cards, 0 to {most} of them" + got
    if kind == "too_long":
        return f"expected at most {ctx.get('max_length')} entries (got {ctx.get('actual_length')})"
    if loc == ("memory",) and kind in ("less_than_equal", "greater_than_equal"):
        return f"expected the memory gauge, from -{MAX_MEMORY} to {MAX_MEMORY} (CR 1-4-2-2){got}"
    if kind == "extra_forbidden":
        loc = tuple(error.get("loc", ()))
        parent = _path(loc[:-1])
        return "unknown key" + did_you_mean(str(loc[-1]), _keys_at(loc), f"{parent}." if parent else "")
    if kind == "missing":
        return "required key is missing"
    return error.get("msg", "invalid value") + got


def _path(loc: tuple[Any, ...]) -> str:
    # pydantic adds union member names ("list[str]", "constrained-int") to the location: drop them
    return ".".join(str(p) for p in loc if not _union_member(p))


def load_scenario(source: str | Path | Mapping[str, Any]) -> Scenario:
    """Read and validate a scenario (a path to YAML/JSON, or a mapping). Raises ScenarioError."""
    file = "<mapping>"
    try:
        if isinstance(source, Mapping):
            data: Any = dict(source)
            check_data(data)
        else:
            file = str(source)
            data = _read(Path(source))
    except Refused as exc:
        raise ScenarioError(file, ".".join(exc.path), exc.reason) from None
    if not isinstance(data, dict):
        raise ScenarioError(file, "", "expected a mapping with the keys scenario, id, players, actions")
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ScenarioError(file, _path(first["loc"]), _reason(first)) from None
    scenario._file = file
    return scenario


def _read(path: Path) -> Any:
    """The document in a YAML or JSON file, within the bounds of :mod:`kg.solver.scenario_limits`
    (the size and the encoding are checked on the bytes, before any parser sees them)."""
    file = str(path)
    try:
        with path.open("rb") as stream:  # read no more than the bound (and ask for no more buffer)
            size = os.fstat(stream.fileno()).st_size or MAX_FILE_BYTES  # 0: a pipe or a device
            raw = stream.read(min(size, MAX_FILE_BYTES) + 1)
            if len(raw) > size and len(raw) <= MAX_FILE_BYTES:  # it grew while read: read the rest
                raw += stream.read(MAX_FILE_BYTES + 1 - len(raw))
    except OSError as exc:
        raise ScenarioError(file, "", f"cannot read the file: {exc.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError(file, "", f"the file is larger than {MAX_FILE_BYTES:,} bytes: expected a "
                                      "scenario of at most that size")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ScenarioError(file, "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at line {line}, "
                                      f"offset {exc.start}): expected a YAML or JSON file in UTF-8") from None
    if path.suffix == ".json" and (deep := json_too_deep(text, MAX_DEPTH)) is not None:
        raise ScenarioError(file, "", f"expected mappings and lists nested at most {MAX_DEPTH} deep "
                                      f"(deeper at line {deep[0]}, column {deep[1]})")
    try:
        if path.suffix != ".json":
            return load_yaml(text)
        data = json.loads(text, parse_int=json_int)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        where = str(exc).replace('in "<unicode string>", ', "")  # its line and column are the file's
        raise ScenarioError(file, "", f"not valid YAML or JSON: {where}") from None
    check_data(data)
    return data
