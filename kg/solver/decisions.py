"""How choices are answered: the ``Decider`` answers every choice the rules give a player from the
scenario's ``decisions``, else by the deterministic default, else (for ``--all-orders``) by a
forced path of indices.

Additions to the format (README, "Scenario files"): ``targets`` may give one list per choice the
effect makes, in order (``{LABEL: [[a], [b]]}``), and name cards by number wherever they are (the
trash, the hand, revealed cards); ``order`` may name one instance of an effect that triggered more
than once as ``LABEL@ALIAS`` (ALIAS: the subject of the event that triggered it); a choice of
where revealed cards go is answered ``top`` or ``bottom``. The order a shuffle leaves a security
stack in is hidden and random (CR 1-3-10): a file fixes it as that effect's next ``targets`` list.

>>> d = Decider(DecisionsIn(targets={"A/ST9-15/Main": [["blue"], ["other"]]}))
>>> [d.targets("A", "A/ST9-15/Main", ["blue", "other"], 1) for _ in range(3)]
[['blue'], ['other'], ['blue']]
>>> instance_labels(["r/EX2-037/OpponentsTurn"] * 2, ["one", "two"])
['r/EX2-037/OpponentsTurn@one', 'r/EX2-037/OpponentsTurn@two']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from kg.solver.scenario import DecisionsIn


def instance_labels(labels: list[str], subjects: list[str | None]) -> list[str]:
    """The names a player picks pending effects by: a label that occurs more than once (one effect
    triggered by several events, CR 15-5) gets ``@ALIAS``, the alias of its event's subject."""
    counts = Counter(labels)
    return [f"{label}@{subject}" if counts[label] > 1 and subject else label
            for label, subject in zip(labels, subjects, strict=True)]


def _position(wanted: str, options: list[str]) -> int | None:
    """Where the file's label is among the options: exactly, or as the label of a named instance."""
    if wanted in options:
        return options.index(wanted)
    return next((i for i, o in enumerate(options) if o.split("@")[0] == wanted), None)


def _take(wanted: list[str], candidates: list[str], count: int) -> list[str]:
    """The file's choices that are legal now, each candidate used once (two copies of a card: two)."""
    pool, out = list(candidates), []
    for name in wanted:
        if name in pool and len(out) < count:
            pool.remove(name)
            out.append(name)
    return out


@dataclass
class Decider:
    """Answers choices; records each one taken and whether it came from the file or the default."""

    decisions: DecisionsIn
    forced: list[int] = field(default_factory=list)
    taken: list[dict[str, Any]] = field(default_factory=list)
    points: list[tuple[int, int]] = field(default_factory=list)  # (options, chosen) per branch point
    used: set[tuple[str, str]] = field(default_factory=set)
    choices: Counter[str] = field(default_factory=Counter)  # target choices made so far, per label

    def _branch(self, options: int, default: int) -> tuple[int, bool]:
        n = len(self.points)
        forced = n < len(self.forced)
        chosen = self.forced[n] if forced else default
        self.points.append((options, chosen))
        return chosen, forced

    def order(self, player: str, options: list[str]) -> int:
        """Index of the effect the player activates next (CR 15-4-3-4: one at a time)."""
        default, by = 0, "default"
        for label in self.decisions.order:
            found = _position(label, options)
            if found is not None:
                default, by = found, "file"
                self.used.add(("order", label))
                break
        chosen, forced = self._branch(len(options), default)
        self.taken.append({"kind": "order", "player": player, "options": options,
                           "chosen": options[chosen], "by": "branch" if forced and chosen != default else by})
        return chosen

    def optional(self, player: str, label: str) -> bool:
        """Whether a "you may" effect is used (default yes); a branch point for --all-orders."""
        by = "file" if label in self.decisions.optional else "default"
        default = 0 if self.decisions.optional.get(label, True) else 1
        if by == "file":
            self.used.add(("optional", label))
        chosen, forced = self._branch(2, default)
        self.taken.append({"kind": "optional", "player": player, "options": [label],
                           "chosen": ("yes", "no")[chosen],
                           "by": "branch" if forced and chosen != default else by})
        return chosen == 0

    def block(self, player: str, candidates: list[str]) -> str | None:
        """The <Blocker> that blocks, if any (CR 11-4; default none)."""
        return self._one_or_none("block", player, candidates)

    def counter(self, player: str, options: list[str]) -> str | None:
        """The [Counter] effect the non-turn player activates, if any (CR 11-3; default none)."""
        return self._one_or_none("counter", player, options)

    def breeding(self, player: str, alias: str | None) -> bool:
        """Whether the player moves the Digimon in their breeding area (CR 6-4-1; default: do nothing)."""
        wanted = self.decisions.breeding.get(player)  # type: ignore[call-overload]
        if alias is None:
            return False
        if wanted:
            self.used.add(("breeding", player))
        self.taken.append({"kind": "breeding", "player": player, "options": ["none", "move"],
                           "chosen": wanted or "none", "by": "file" if wanted else "default", "stack": alias})
        return wanted == "move"

    def assembly(self, player: str, label: str, options: list[str]) -> list[str]:
        """The trash cards of the Assembly the player declares for a card the effect ``label`` plays
        (CR 7-3-2-10): the file's list for this label, else none (CR 7-3-2-9: not mandatory)."""
        wanted = self.decisions.assembly.get(label)
        if wanted is not None:
            self.used.add(("assembly", label))
        self.taken.append({"kind": "assembly", "player": player, "options": options, "effect": label,
                           "chosen": wanted or [], "by": "file" if wanted is not None else "default"})
        return list(wanted or [])

    def modes(self, player: str, label: str, options: list[str], count: int) -> list[int] | None:
        """Which of a modal choice's effects activate (positions from 1, in order): the file's
        ``modes`` for this label when it names ``count`` different listed effects, else None (there
        is no default: the choice is the player's, CR 15-15-7)."""
        wanted = self.decisions.modes.get(label)
        legal = wanted is not None and len(wanted) == count == len(set(wanted)) \
            and all(1 <= n <= len(options) for n in wanted)
        if not legal:
            return None
        self.used.add(("modes", label))
        self.taken.append({"kind": "modes", "player": player, "options": options, "effect": label,
                           "chosen": [options[n - 1] for n in wanted], "by": "file"})
        return wanted

    def _one_or_none(self, kind: str, player: str, options: list[str]) -> str | None:
        wanted = getattr(self.decisions, kind)
        chosen = wanted if wanted in options else None
        if chosen:
            self.used.add((kind, wanted))
        said = chosen or (wanted == "none" and kind in self.decisions.model_fields_set)
        self.taken.append({"kind": kind, "player": player, "options": ["none", *options],
                           "chosen": chosen or "none", "by": "file" if said else "default"})
        return chosen

    def targets(self, player: str, label: str, candidates: list[str], count: int) -> list[str]:
        """The aliases or card numbers chosen at the effect's next choice: the file's list for this
        choice (or its one list for every choice) as far as they are legal, else the first ones."""
        number = self.choices[label]
        self.choices[label] += 1
        wanted = _take(self._listed(label, number), candidates, count)
        by = "file" if wanted else "default"
        chosen = wanted or candidates[:count]
        if wanted:
            self.used.add(("targets", label))
        if len(candidates) > count or wanted:  # a real choice, or the file's answer (``forced``: the
            # rules left no other answer); a default with no alternative is no decision
            self.taken.append({"kind": "targets", "player": player, "options": candidates,
                               "chosen": chosen, "by": by, "effect": label, "choice": number + 1,
                               **({"forced": True} if len(candidates) <= count else {})})
        return chosen

    def _listed(self, label: str, number: int) -> list[str]:
        """The file's preferences for the effect's choice ``number`` (from 0)."""
        entry = self.decisions.targets.get(label, [])
        if entry and isinstance(entry[0], list):
            return entry[number] if number < len(entry) else []  # type: ignore[return-value]
        return entry  # type: ignore[return-value]

    def unused(self) -> list[dict[str, Any]]:
        """File decisions the rules never asked for (not an error: the rules decide)."""
        out = []
        d = self.decisions
        for kind, wanted in (("block", d.block), ("counter", d.counter)):
            if wanted != "none" and (kind, wanted) not in self.used:
                out.append({"kind": kind, "chosen": wanted, "by": "file", "used": False})
        out.extend({"kind": "breeding", "chosen": f"{p}: {w}", "by": "file", "used": False}
                   for p, w in d.breeding.items() if ("breeding", p) not in self.used)
        named = (("order", d.order), ("optional", list(d.optional)), ("targets", list(d.targets)),
                 ("modes", list(d.modes)), ("assembly", list(d.assembly)))
        for kind, labels in named:
            out.extend({"kind": kind, "chosen": label, "by": "file", "used": False}
                       for label in labels if (kind, label) not in self.used)
        return out
