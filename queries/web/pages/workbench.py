"""The scenario workbench: pick a golden scenario or paste or upload YAML, play it through the
rules as ``dcgkg simulate`` does (:meth:`queries.api.KnowledgeGraph.simulate`), and read the
board, the batches, the resolution order with citations, every decision, the log, what the
engine could not carry out, the scenario's diagram, and (``--all-orders``) every order and
what differs. A refused file shows the located error, as ``dcgkg simulate`` says it (exit 2)."""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from kg.solver.expectations import compared
from kg.solver.registry import UnboundCode
from kg.solver.scenario import Scenario, ScenarioError, load_scenario
from kg.solver.scenario_yaml import compose
from queries.cli_solver import decision_words, numbered_batches, unsupported_of
from queries.report_words import ReportWords, label_numbers
from queries.web.pages.graph import PagesGraph
from queries.web.pages.layout import card_link, cites, contents, esc, page, section, table
from queries.web.pages.parts import NO_DOT

MAX_YAML = 200_000
LISTED = 60


@dataclass
class Run:
    """One play of a scenario: its name, text, and the report, branches or refusal."""

    name: str
    text: str
    all_orders: bool = False
    refused: str = ""
    lines: list[int] = field(default_factory=list)  # the lines of ``text`` a refusal points at
    scenario: Scenario | None = None
    report: dict[str, Any] = field(default_factory=dict)
    branches: dict[str, Any] = field(default_factory=dict)
    svg: str = ""


class Goldens:
    """The golden scenario files (``*.yaml`` in a folder), by name."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.names = sorted(p.stem for p in folder.glob("*.yaml")) if folder and folder.is_dir() else []

    def path(self, name: str) -> Path | None:
        return self.folder / f"{name}.yaml" if self.folder and name in set(self.names) else None

    def groups(self, n: int = 16) -> list[tuple[str, int]]:
        """The most common first words of the names (``qa``, ``keyword``, ...) and their counts."""
        counts: dict[str, int] = {}
        for name in self.names:
            first = name.split("-")[0]
            counts[first] = counts.get(first, 0) + 1
        return sorted(counts.items(), key=lambda c: -c[1])[:n]

    def matching(self, words: str) -> list[str]:
        wanted = words.lower().split()
        return [n for n in self.names if all(w in n.lower() for w in wanted)]


def play(kg: PagesGraph, name: str, text: str, all_orders: bool, path: Path | None = None) -> Run:
    """Play ``text`` (or the file at ``path``): the report, the branches with ``all_orders``, or the
    located refusal."""
    run = Run(name, text, all_orders)
    if len(text.encode()) > MAX_YAML:
        run.refused = f"{name}: (top level): the file is larger than {MAX_YAML // 1000} KB"
        return run
    with tempfile.TemporaryDirectory(prefix="dcgkg-workbench-") as tmp:
        file = path or Path(tmp) / "scenario.yaml"
        if path is None:
            file.write_text(text, encoding="utf-8")
        try:
            run.scenario = load_scenario(file)
            run.report = kg.simulate(run.scenario)
            if all_orders:
                run.branches = kg.simulate(run.scenario, all_orders=True)
        except ScenarioError as exc:  # the same words as dcgkg simulate (exit 2)
            run.refused = f"{name}: {exc.path or '(top level)'}: {exc.reason}"
            run.lines = located(text, exc.path, exc.reason)
            return run
        except UnboundCode as exc:
            run.refused = f"{name}: {exc}"
            return run
        run.svg = _diagram(kg, file)
    return run


def located(text: str, path: str, reason: str) -> list[int]:
    r"""The lines of ``text`` a refusal points at: those the YAML parser names, else the line of
    the key or item at ``path`` (``players.A.battle_area.0``), as far down it as the file goes.

    >>> located("a:\n  b: [1, 2]\n", "a.b.1", "not a card")
    [2]
    >>> located("a: [\n", "", "while parsing, line 1, column 4 ... line 2, column 1")
    [1, 2]
    """
    named = sorted({int(n) for n in re.findall(r"line (\d+), column \d+", reason)})
    if named or not path:
        return named
    try:
        node: Any = compose(text)  # the scenario reader's: a file nested 900 deep composes in C
    except (yaml.YAMLError, RecursionError):  # RecursionError: a PyYAML without libyaml
        return []
    line = None
    for step in path.split("."):
        if isinstance(node, yaml.MappingNode):
            found = [(k, v) for k, v in node.value if getattr(k, "value", None) == step]
            if not found:
                break
            line, node = found[0][0].start_mark.line + 1, found[0][1]
        elif isinstance(node, yaml.SequenceNode) and step.isdigit() and int(step) < len(node.value):
            node = node.value[int(step)]
            line = node.start_mark.line + 1
        else:
            break
    return [line] if line else []


def _excerpt(text: str, lines: list[int], around: int = 2) -> str:
    """The lines of the file around those pointed at, numbered, those marked."""
    if not lines:
        return ""
    rows = text.splitlines()
    shown = sorted({n for line in lines for n in range(line - around, line + around + 1)
                    if 1 <= n <= len(rows)})
    out = "".join(f'<span class="{"at" if n in lines else ""}"><span class="ln">{n}</span>'
                  f"{esc(rows[n - 1])}\n</span>" for n in shown)
    return f'<pre class="excerpt" id="excerpt">{out}</pre>' if out else ""


def _diagram(kg: PagesGraph, file: Path) -> str:
    """The scenario's diagram as inline SVG (Graphviz escapes the text it draws), or ""."""
    if shutil.which("dot") is None:
        return ""
    from queries.diagrams import DiagramError, render, scenario_diagram

    try:
        svg = render(scenario_diagram(kg.store, file), "svg").decode()
    except DiagramError:
        return ""
    return svg[svg.find("<svg"):]


def form(goldens: Goldens, run: Run | None, find: str) -> str:
    """The forms: browse or find a golden, paste or upload YAML."""
    return section("Golden scenarios", _pick(goldens, find), "pick") + section("Paste or upload", _paste(run),
                                                                                  "paste")


def _pick(goldens: Goldens, find: str) -> str:
    count = len(goldens.names)
    if not count:
        return '<p class="muted">no golden scenarios on this server (set DCGKG_SCENARIOS to their folder)</p>'
    matching = goldens.matching(find) if find else []
    items = "".join(f'<li><a href="/workbench?golden={esc(n)}">{esc(n)}</a> '
                    f'<a class="muted" href="/workbench?golden={esc(n)}&amp;all_orders=1">all orders</a></li>'
                    for n in matching[:LISTED])
    more = f'<p class="muted">the first {LISTED} of {len(matching)}: add a word to narrow them</p>' \
        if len(matching) > LISTED else ""
    found = (f'{more}<ul class="goldens">{items}</ul>' if matching else
             f'<p class="muted">no golden scenario has “{esc(find)}” in its name</p>' if find else "")
    browse = " ".join(f'<a href="/workbench?find={esc(g)}#pick">{esc(g)}</a> <span class="muted">({c})</span>'
                      for g, c in goldens.groups())
    return ((f'<p class="chips">Browse: {browse}</p>' if not find else "")
            + '<form class="search" action="/workbench" method="get"><input type="search" name="find" '
            f'value="{esc(find)}" aria-label="find a golden scenario" placeholder="find among {count} golden '
            f'scenarios, e.g. piercing"><button type="submit">Find</button></form>{found}')


def _paste(run: Run | None) -> str:
    text = run.text if run else ""
    checked = " checked" if run and run.all_orders else ""
    paste = ('<form class="paste" action="/workbench" method="post" enctype="multipart/form-data">'
             f'<label for="yaml">Scenario YAML (<a href="/workbench/format">the format</a>)</label>'
             f'<textarea id="yaml" name="yaml" rows="12" spellcheck="false">{esc(text)}</textarea>'
             '<label>or a file: <input type="file" name="file" accept=".yaml,.yml,.json"></label>'
             f'<label><input type="checkbox" name="all_orders" value="1"{checked}> every order (--all-orders)'
             '</label><button type="submit">Run</button></form>')
    return paste


def result(kg: PagesGraph, run: Run) -> str:
    if run.refused:
        where = (f'<p>Line {", ".join(map(str, run.lines))} of the file:</p>{_excerpt(run.text, run.lines)}'
                 if run.lines else "")
        return section("Refused", f'<pre class="refused" id="refused">{esc(run.refused)}</pre>{where}'
                       '<p class="muted">dcgkg simulate refuses this file the same way (exit 2); '
                       'mend it below and run it again.</p>', "result")
    report = run.report
    assert run.scenario is not None
    own = {n: c.name for n, c in run.scenario.cards.items() if c.name}
    words = ReportWords.of(kg.store, label_numbers(report), own)
    unsupported = unsupported_of(run.branches or report)
    parts = []
    if unsupported:
        rows = [[esc(u.get("label") or "a rule step"), esc(u.get("part")), esc(u.get("text")),
                 esc(u.get("why"))] for u in unsupported]
        parts.append(section(f"INCOMPLETE: {len(unsupported)} part(s) the engine could not carry out",
                             '<p class="bad">the answer below may be wrong</p>'
                             + table(["Effect", "Part", "Text", "Why"], rows), "unsupported"))
    head = "".join(f"<p><span class='muted'>{k}:</span> {esc(report[k])}</p>" for k in ("title", "source")
                   if report.get(k))
    checks = ", ".join(f"{p}: {n}" for p, n in report["security_checks"].items())
    outcome = [("Security checks", esc(checks)), ("Deleted", esc(", ".join(report["deleted"]) or "-")),
               ("Winner", esc(report["winner"] or "-")), ("Memory", esc(report["memory"]))]
    parts.append(section(f"Scenario {report['scenario']}", head + '<dl class="facts" id="outcome">' + "".join(
        f"<dt>{k}</dt><dd>{v}</dd>" for k, v in outcome) + "</dl>", "result"))
    if run.scenario.expect:
        parts.append(section("What the file expects", _expected(report, run.scenario.expect), "expected"))
    known = kg.index.card_names
    parts.append(section("The board", _board(run.scenario, report, known), "board"))
    parts.append(section("Effects, in the order they resolved", _order(report, words), "order"))
    parts.append(section("Batches of simultaneous triggers", _batches(report, words), "batches"))
    decisions = "".join(f"<li>{esc(decision_words(d))}</li>" for d in report["decisions"])
    refused = "".join(f'<li class="bad">refused: {esc(x["action"])}: {esc(x["reason"])}</li>'
                      for x in report["illegal_actions"])
    parts.append(section("Decisions, in the order they were taken",
                         f'<ol class="decisions">{decisions}</ol>' if decisions else
                         '<p class="muted">none</p>',
                         "decisions") + (f"<ul>{refused}</ul>" if refused else ""))
    log = "".join(f"<li>{esc(s['text'])} {cites(s.get('cites', []))}</li>" for s in report["steps"])
    parts.append(section("Log", f'<ol class="log">{log}</ol>', "log"))
    if run.branches:
        parts.append(section("Every order (--all-orders)", _branches(run.branches, known), "branches"))
    drawn = f'<div class="diagram svg">{run.svg}</div>' if run.svg else f'<p class="note">{NO_DOT}</p>'
    parts.append(section("Diagram", drawn, "diagram"))
    toc = contents([("board", "Board"), ("order", "Resolution order"), ("batches", "Batches"),
                    ("decisions", "Decisions"), ("log", "Log"),
                    *([("branches", "Every order")] if run.branches else []), ("diagram", "Diagram"),
                    ("paste", "Edit and run again")])
    return toc + "".join(parts)


def _expected(report: dict[str, Any], expect: dict[str, Any]) -> str:
    """The file's ``expect:`` block beside what the engine gave, each line met or not."""
    rows, unmet = [], 0
    for key, want, got in compared(report, expect):
        met = got == want
        unmet += not met
        wrapped = esc(key).replace(".", ".<wbr>").replace("_", "_<wbr>")  # break points on a phone
        rows.append([wrapped, esc(_json(want)), esc(_json(got)), '<span class="good">met</span>' if met else
                     '<span class="bad">NOT MET</span>'])
    summary = (f'<p class="bad" id="unmet">{unmet} of {len(rows)} expectation(s) not met</p>' if unmet else
               f'<p class="good" id="unmet">all {len(rows)} expectation(s) met</p>')
    return summary + table(["Key", "Expected", "The engine gave", ""], rows, "rows-on-phone")


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _stack(stack: list[str], known: dict[str, str]) -> str:
    """Cards by number, those of the graph (``known``) linked; the scenario's own cards as named."""
    return " ".join(card_link(c) if c in known else esc(c) for c in stack)


def _battle_area(stacks: list[tuple[str, list[str], bool, object]], known: dict[str, str]) -> str:
    """Each stack: its id, its cards (top last), its DP when known, suspended or not."""
    if not stacks:
        return '<span class="muted">empty</span>'
    return "<br>".join(f"{esc(ident)}: {_stack(cards, known)}" + (f" {esc(dp)} DP" if dp is not None else "")
                       + (" (suspended)" if suspended else "") for ident, cards, suspended, dp in stacks)


def _board(scenario: Scenario, report: dict[str, Any], known: dict[str, str]) -> str:
    """Each player's side before the actions (the file) and after them (the report)."""
    rows = []
    for player in ("A", "B"):
        start = getattr(scenario.players, player)
        end = report["final"][player]
        before = [(s.id, s.stack, s.suspended, None) for s in start.battle_area]
        rows.append([f"<b>{player}</b> before", _battle_area(before, known), esc(_count(start.security)),
                     esc(_count(start.hand)), _stack(start.trash, known) or "0", esc(_count(start.deck))])
        rows.append([f"<b>{player}</b> after", _after(end, known), esc(end["security"]),
                     esc(len(end["hand"])), _stack(end["trash"], known) or "0", esc(end["deck"])])
    return table(["Player", "Battle area", "Security", "Hand", "Trash", "Deck"], rows, "board rows-on-phone")


def _after(side: dict[str, Any], known: dict[str, str]) -> str:
    """A player's battle area as the report leaves it."""
    return _battle_area([(s["id"], s["stack"], s["suspended"], s["dp"]) for s in side["battle_area"]], known)


def _count(cards: list[str] | int) -> int:
    return len(cards) if isinstance(cards, list) else cards


def _order(report: dict[str, Any], words: ReportWords) -> str:
    items = []
    for e in report["effects"]:
        reason = f"<p>why: {esc(e['reason'])}</p>" if e.get("reason") else ""
        reads = f'<p class="muted">reads: {esc(e["reads"])}</p>' if e.get("reads") else ""
        status = esc(e["status"])
        items.append(f'<li><b>{esc(e["label"])}</b> <span class="status {status}">{status}</span>'
                     f'<p>{esc(words.effect(e))}</p><p class="muted">player {esc(e["player"])}, batch '
                     f'{esc(e["batch"])}, {esc(e["kind"])}</p>{reads}{reason}<p>{cites(e["cites"])}</p></li>')
    return f'<ol class="order" id="resolution">{"".join(items)}</ol>' if items else \
        '<p class="muted">nothing triggered</p>'


def _batches(report: dict[str, Any], words: ReportWords) -> str:
    items = []
    for batch in numbered_batches(report):
        if "kind" in batch:
            items.append(f"<li><b>batch {esc(batch['batch'])}</b>: {esc(batch['label'])}: "
                         f"{esc(batch['kind'])} effect, activated at once (not a batch of triggers)</li>")
            continue
        rules = "".join(
            f"<li>{esc(c['rule'])}" + (f": {esc(c['before'])} before {esc(c['after'])}" if c["before"] else
                                       f": {esc(c['after'])}" if c["after"] else "")
            + f" {cites(c['cites'])}</li>" for c in batch["constraints"])
        items.append(f"<li><b>batch {esc(batch['batch'])}</b>: {esc(words.event(batch['event']))}"
                     f"<p>triggered: {esc(', '.join(batch['effects']))}</p><ul>{rules}</ul></li>")
    return f'<ul class="batches">{"".join(items)}</ul>' if items else '<p class="muted">no batches</p>'


def _branches(result: dict[str, Any], known: dict[str, str]) -> str:
    """Each order the rules allow: the choices, the effects as they resolved, the outcome, the
    board when the branches leave it differently, and (folded) the branch's log."""
    differs = result["differs_in"]
    head = ["Branch", "Order chosen", "Effects, as they resolved", "Deleted", "Security checks", "Winner",
            "Memory", *(["Battle areas after"] if "final" in differs else [])]
    rows, logs = [], []
    for n, branch in enumerate(result["branches"], 1):
        report = branch["report"]
        chosen = [d["chosen"] for d in branch["decisions"]
                  if d["kind"] == "order" and d.get("used") is not False]
        effects = "".join(f'<li>{esc(e["label"])} <span class="status {esc(e["status"])}">{esc(e["status"])}'
                          "</span></li>" for e in report["effects"])
        finals = ["<br>".join(f"<b>{p}</b> {_after(report['final'][p], known)}" for p in ("A", "B"))]
        rows.append([esc(n), esc(" > ".join(map(str, chosen)) or "(no choice)"), f"<ol>{effects}</ol>",
                     esc(", ".join(report["deleted"]) or "-"),
                     esc(", ".join(f"{p}: {c}" for p, c in report["security_checks"].items())),
                     esc(report["winner"] or "-"), esc(report["memory"]),
                     *(finals if "final" in differs else [])])
        log = "".join(f"<li>{esc(s['text'])} {cites(s.get('cites', []))}</li>" for s in report["steps"])
        logs.append(f'<details><summary>branch {n}: its log</summary><ol class="log">{log}</ol></details>')
    same = ", ".join(k for k in ("effects", "deleted", "security_checks", "winner", "memory", "final")
                     if k not in differs)
    return (f'<p id="differs"><b>differs in:</b> {esc(", ".join(differs) or "nothing")}'
            + (f' <span class="muted">(the same in every branch: {esc(same)})</span>' if same else "")
            + "</p>" + table(head, rows, "branches rows-on-phone") + "".join(logs))


def workbench_page(kg: PagesGraph, goldens: Goldens, run: Run | None, find: str = "") -> str:
    body = (result(kg, run) if run else "") + form(goldens, run, find)  # the answer first
    title = f"Workbench: {run.name}" if run else "Scenario workbench"
    return page(title, body)
