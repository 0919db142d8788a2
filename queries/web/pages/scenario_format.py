"""The scenario format page (``/workbench/format``): every key a scenario file may have, its type,
default and meaning, read from the pydantic models that check the files
(:class:`kg.solver.scenario.Scenario` and the models it holds), so the page says what the checker
accepts and cannot fall behind it."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from queries.web.pages.layout import esc, page, section, table

#: the models shown, in reading order, with a line of what each is
SHOWN = {
    "Scenario": "the file: one situation, the actions played out from it and the choices made",
    "PlayersIn": "the two players, A and B",
    "PlayerIn": "one player's zones",
    "StackIn": "a Digimon or Tamer in play: its cards, bottom first",
    "CardIn": "a card of the scenario's own, given by its printed facts (a card the graph lacks)",
    "RequirementIn": "a digivolution requirement of a card of the file's own",
    "ActionIn": "one action, in order: exactly one of these keys",
    "AttackIn": "attack: who attacks what",
    "PlayFromHandIn": "play: a card from the hand",
    "DigivolveIn": "digivolve: a Digimon in play into a card from the hand",
    "UseIn": "use: an Option card from the hand",
    "ActivateIn": "activate: an activated ([Main]) effect",
    "EndTurnIn": "end_turn",
    "DnaDigivolveIn": "dna_digivolve: two Digimon into one card",
    "LinkIn": "link: a card linked to a Digimon",
    "AppFuseIn": "app_fuse: App Fusion",
    "DecisionsIn": "the choices the players make, by effect label; what is not given takes its default, "
                   "which the report names",
}
_ANCHORS = {name: name.removesuffix("In").lower() or name.lower() for name in SHOWN}


@cache
def _schema() -> dict[str, Any]:
    from kg.solver.scenario import Scenario

    schema = Scenario.model_json_schema()
    defs: dict[str, Any] = dict(schema.pop("$defs", {}))
    defs["Scenario"] = schema
    return defs


def _type(spec: dict[str, Any]) -> str:
    """A property's type in words, a model as a link to its table (already safe)."""
    if "$ref" in spec:
        name = spec["$ref"].rsplit("/", 1)[-1]
        return f'<a href="#{_ANCHORS[name]}">{esc(name)}</a>' if name in _ANCHORS else esc(name)
    if "anyOf" in spec:
        return " or ".join(_type(s) for s in spec["anyOf"] if s.get("type") != "null")
    if "enum" in spec or "const" in spec:
        return " | ".join(esc(repr(v)) for v in spec.get("enum", [spec.get("const")]))
    kind = spec.get("type", "any")
    if kind == "array":
        return f"list of {_type(spec.get('items', {}))}"
    if kind == "object" and isinstance(spec.get("additionalProperties"), dict):
        return f"map to {_type(spec['additionalProperties'])}"
    bounds = [f"{word} {spec[key]}" for key, word in (("minimum", "≥"), ("maximum", "≤"),
                                                       ("minLength", "length ≥"), ("maxLength", "length ≤"))
              if key in spec]
    return esc({"string": "text", "integer": "integer", "boolean": "true/false", "object": "mapping"}
               .get(kind, kind) + (f" ({', '.join(bounds)})" if bounds else ""))


def _default(name: str, spec: dict[str, Any], required: set[str]) -> str:
    if name in required:
        return "required"
    if "default" not in spec:
        return "empty"
    value = spec["default"]
    return "none" if value is None else esc(str(value).lower() if isinstance(value, bool) else repr(value))


def model_table(name: str) -> str:
    """One model's keys: type, default, meaning."""
    spec = _schema()[name]
    required = set(spec.get("required", []))
    rows = [[f"<code>{esc(key)}</code>", _type(prop), _default(key, prop, required),
             _words(prop.get("description", ""))] for key, prop in spec.get("properties", {}).items()]
    head = ["Key", "Type", "Default", "What it is"]
    return f"<p>{_words(SHOWN[name])}</p>" + table(head, rows, "rows-on-phone")


def _words(text: str) -> str:
    """A description made safe, its ````key```` marks as code."""
    return re.sub(r"``(.+?)``", r"<code>\1</code>", esc(text))


def scenario_format() -> str:
    intro = ("<p>A scenario is a YAML (or JSON) file: a board, the actions played out from it, the choices "
             "the players make, and (in a golden file) the answer expected. The tables below are read from "
             "the models that check every file, in the workbench and in <code>dcgkg simulate</code>: a key "
             "not listed is refused with its line. Card numbers (<code>BT3-016</code>) name cards of the "
             "graph; <code>cards:</code> defines cards of the file's own. The README's scenario sections "
             "say more, with examples in <code>tests/scenarios</code>; the golden "
             '<a href="/workbench?golden=piercing-example-1">piercing-example-1</a> is a short one.</p>')
    body = intro + "".join(section(name, model_table(name), _ANCHORS[name]) for name in SHOWN)
    return page("Scenario format", body)
