"""Requirements a card prints as rule lines rather than effects, read from its printed facts:
DNA digivolution requirements (CR 2-3-6, 8-2), App Fusion requirements (CR 8-4), link
requirements (CR 2-3-11-4) and a digivolve requirement that names a card ('[Digivolve] [Tamer
name]: Cost N', CR 2-3-5). A line this module cannot read is reported by the caller as
unsupported, never guessed.

>>> from kg.solver.card_facts import CardInfo
>>> (r,) = dna_requirements(CardInfo("X", text="[DNA Digivolution] Blue Lv.4 + green Lv.4: Cost 0"))
>>> [(p.colors, p.level) for p in r.parts], r.cost
([(('Blue',), 4), (('green',), 4)], 0)
>>> link_requirement(CardInfo("Y", link_requirement="[Link] [Appmon] trait: Cost 1"))
LinkRequirement(cost=1, trait='Appmon', name=None, min_level=None, in_text=None)
>>> app_fusion(CardInfo("Z", text="[App Fusion] [Gatchmon] & [Navimon] & [Tweetmon]: Cost 0")).names
('Gatchmon', 'Navimon', 'Tweetmon')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kg.solver.card_facts import CardInfo


@dataclass(frozen=True)
class DnaPart:
    """One Digimon a DNA requirement names: a level and colours ('Red/Yellow Lv.5'), or a name."""

    colors: tuple[str, ...] = ()
    level: int | None = None
    name: str | None = None

    def fits(self, info: CardInfo) -> bool:
        """Whether a Digimon whose top card is ``info`` meets this part (CR 8-2-3-1)."""
        if info.kind != "Digimon":
            return False
        if self.name is not None:
            return info.name.lower() == self.name.lower()
        have = {c.lower() for c in info.colors}
        return info.level == self.level and any(c.lower() in have for c in self.colors)


@dataclass(frozen=True)
class DnaRequirement:
    """A DNA digivolution requirement: its parts left to right, and its cost (CR 8-2-1)."""

    parts: tuple[DnaPart, DnaPart]
    cost: int
    text: str


@dataclass(frozen=True)
class AppFusion:
    """An App Fusion requirement: any 2 different named cards, a Digimon and its link card (CR 8-4-2-1)."""

    names: tuple[str, ...]
    cost: int


@dataclass(frozen=True)
class LinkRequirement:
    """A link requirement: which Digimon the card can link to, and the link cost (CR 2-3-11-4-2/3)."""

    cost: int
    trait: str | None = None
    name: str | None = None
    min_level: int | None = None
    in_text: str | None = None

    def fits(self, info: CardInfo) -> bool:
        """Whether a Digimon whose top card is ``info`` meets the requirement (CR 10-1-3-1)."""
        if info.kind != "Digimon":
            return False
        if self.trait is not None and self.trait.lower() not in {t.lower() for t in info.traits}:
            return False
        if self.name is not None and info.name.lower() != self.name.lower():
            return False
        if self.min_level is not None and (info.level is None or info.level < self.min_level):
            return False
        # 'with [X] in its text': its name, traits and printed texts (Q6051)
        return self.in_text is None or self.in_text.lower() in " ".join(
            [info.name, *info.traits, info.text]).lower()


_PART = r"(?:(?P<c{0}>[A-Za-z]+(?:/[A-Za-z]+)*) Lv\.(?P<l{0}>\d+)|\[(?P<n{0}>[^\]]+)\])"
_PARTS = rf"{_PART.format(1)}\s*\+\s*{_PART.format(2)}"
_DNA = [
    re.compile(rf"^\[DNA Digivol(?:ution|ve)\]\s*{_PARTS}\s*:\s*Cost (?P<cost>\d+)", re.I),
    re.compile(rf"^DNA Digivolution:\s*(?P<cost>\d+) from {_PARTS}", re.I),
]
_DNA_LINE = re.compile(r"^\[DNA Digivol(?:ution|ve)\]|^DNA Digivolution\s*:", re.I)
_NAMES = r"(?P<names>\[[^\]]+\](?:\s*&\s*\[[^\]]+\])+)"
_APP_FUSION = re.compile(rf"^\[App Fusion\]\s*{_NAMES}\s*:\s*Cost (?P<cost>\d+)", re.I)
_APP_FUSION_LINE = re.compile(r"^\s*\[App Fusion\]", re.I)
_LINK = re.compile(r"^\[Link\]\s*(?P<what>.+?)\s*:\s*Cost (?P<cost>\d+)\s*$", re.I)
_LINK_WHAT = [
    (re.compile(r"^\[(?P<v>[^\]]+)\] trait$", re.I), "trait"),
    (re.compile(r"^\[(?P<v>[^\]]+)\] in (?:its )?text$", re.I), "in_text"),
    (re.compile(r"^Lv\.(?P<v>\d+) or higher$", re.I), "min_level"),
    (re.compile(r"^\[(?P<v>[^\]]+)\]$"), "name"),
]


def _part(m: re.Match[str], i: int) -> DnaPart:
    if m[f"n{i}"]:
        return DnaPart(name=m[f"n{i}"].strip())
    return DnaPart(colors=tuple(m[f"c{i}"].split("/")), level=int(m[f"l{i}"]))


def _lines(info: CardInfo) -> list[str]:
    return [line.strip() for line in info.text.splitlines()]


def dna_requirements(info: CardInfo) -> list[DnaRequirement]:
    """The card's DNA digivolution requirements, in printed order (CR 2-3-6)."""
    found = []
    for line in _lines(info):
        for pattern in _DNA:
            if m := pattern.match(line):
                found.append(DnaRequirement((_part(m, 1), _part(m, 2)), int(m["cost"]), m[0]))
                break
    return found


def unread_dna_lines(info: CardInfo) -> list[str]:
    """DNA requirement lines of the card that this module cannot read."""
    return [line for line in _lines(info)
            if _DNA_LINE.match(line) and not any(p.match(line) for p in _DNA)]


def app_fusion(info: CardInfo) -> AppFusion | None:
    """The card's App Fusion requirement, if it prints one this module reads (CR 8-4-1)."""
    for line in _lines(info):
        if m := _APP_FUSION.match(line):
            names = tuple(n.strip() for n in re.findall(r"\[([^\]]+)\]", m["names"]))
            return AppFusion(names, int(m["cost"]))
    return None


def unread_app_fusion(info: CardInfo) -> bool:
    """Whether the card prints an App Fusion line this module cannot read."""
    return any(_APP_FUSION_LINE.match(line) for line in _lines(info)) and app_fusion(info) is None


def link_requirement(info: CardInfo) -> LinkRequirement | None:
    """The card's link requirement, if it has one this module reads (CR 2-3-11-4)."""
    m = _LINK.match(info.link_requirement.strip())
    if m is None:
        return None
    for pattern, field in _LINK_WHAT:
        if w := pattern.match(m["what"].strip()):
            value: str | int = int(w["v"]) if field == "min_level" else w["v"].strip()
            return LinkRequirement(int(m["cost"]), **{field: value})  # type: ignore[arg-type]
    return None


def digivolve_from_name_cost(info: CardInfo, name: str) -> int | None:
    """The cost of the card's printed '[Digivolve] [name]: Cost N' requirement, or None."""
    if not name:
        return None
    m = re.search(rf"\[Digivolve\]\s*\[{re.escape(name)}\]\s*:\s*Cost\s*(\d+)", info.text)
    return int(m[1]) if m else None


#: 'Digivolve: 1 from [Gallantmon]' (an X Antibody card, BT9-017): digivolve from that name for N;
#: 'Digivolve: 3 from Lv.4 w/[Gammamon] in name' (RB1-015), '… in text' (RB1-010).
_FROM_NAME = re.compile(r"Digivolve\s*:\s*(?P<cost>\d+)\s+from\s+\[(?P<name>[^\]]+)\]")
_FROM_LEVEL_WITH = re.compile(r"Digivolve\s*:\s*(?P<cost>\d+)\s+from\s+Lv\.\s*(?P<level>\d+)\s+w/\s*"
                              r"\[(?P<word>[^\]]+)\]\s+in\s+(?P<where>name|text)")
def digivolve_by_text_cost(info: CardInfo, top: CardInfo) -> int | None:
    """The cheapest of the requirements the card prints in its text that a Digimon whose top card is
    ``top`` meets ('[Digivolve] [name]: Cost N', 'Digivolve: N from [name]', 'Digivolve: N from
    Lv.L w/[X] in name' or '… in text'; CR 8-1-2-1, 8-1-3-2), or None."""
    costs = [c for n in top.names if (c := digivolve_from_name_cost(info, n)) is not None]
    costs += [int(m["cost"]) for m in _FROM_NAME.finditer(info.text) if m["name"] in top.names]
    for m in _FROM_LEVEL_WITH.finditer(info.text):
        # 'in text': its names, traits and printed texts, as 'with [X] in its text' reads (QA Q6051)
        seen = top.name_parts if m["where"] == "name" else [*top.names, *top.traits, top.text]
        if top.level == int(m["level"]) and any(m["word"].lower() in part.lower() for part in seen):
            costs.append(int(m["cost"]))
    return min(costs) if costs else None
