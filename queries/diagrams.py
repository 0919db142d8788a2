"""Diagrams of the graph: a networkx DiGraph per subject, written as DOT, SVG, PNG, Mermaid or GraphML.

Nodes carry ``label`` and ``kind`` (step, event, timing, keyword, rule, ruling, card, effect,
class, more ...); edges carry ``label``. SVG and PNG need Graphviz's ``dot`` on the PATH.

>>> from queries import open_bundled
>>> g = timings_diagram(open_bundled().store)
>>> [g.nodes[n]["label"] for n in g if g.nodes[n]["kind"] == "step"][:2]
['1. attack declaration', '2. counter timing']
>>> "flowchart LR" in to_mermaid(g)
True
"""

from __future__ import annotations

import shutil
import subprocess
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx
from rdflib import URIRef

from kg.solver.scenario import load_scenario
from kg.store import Store
from ontology import DCG, rule_iri
from queries import names
from queries.api import KnowledgeGraph, section_order, short
from queries.report_words import ReportWords, label_numbers

FORMATS = ("dot", "svg", "png", "mermaid", "graphml")
CAP = 8

STYLE: dict[str, dict[str, str]] = {
    "step": {"shape": "box", "style": "filled,bold", "fillcolor": "#cfe2f3"},
    "event": {"shape": "ellipse", "style": "filled", "fillcolor": "#fff2cc"},
    "timing": {"shape": "box", "style": "filled,rounded", "fillcolor": "#d9ead3"},
    "keyword": {"shape": "octagon", "style": "filled", "fillcolor": "#f9cb9c"},
    "point": {"shape": "diamond", "style": "filled", "fillcolor": "#ead1dc"},
    "category": {"shape": "ellipse", "style": "dashed"},
    "rule": {"shape": "note", "style": "filled", "fillcolor": "#eeeeee"},
    "ruling": {"shape": "note", "style": "filled", "fillcolor": "#ffffff"},
    "card": {"shape": "box", "style": "filled", "fillcolor": "#d9d2e9"},
    "effect": {"shape": "box", "style": "rounded"},
    "class": {"shape": "box", "style": "filled", "fillcolor": "#cfe2f3"},
    "batch": {"shape": "box", "style": "filled", "fillcolor": "#fff2cc"},
    "activated": {"shape": "box", "style": "filled,rounded", "fillcolor": "#d9ead3"},
    "fizzled": {"shape": "box", "style": "filled,rounded,dashed", "fillcolor": "#f4cccc"},
    "declined": {"shape": "box", "style": "rounded,dashed"},
    "prevented": {"shape": "box", "style": "filled,rounded", "fillcolor": "#fce5cd"},
    "deleted": {"shape": "box", "style": "filled", "fillcolor": "#f4cccc"},
    "check": {"shape": "box", "style": "filled", "fillcolor": "#d0e0e3"},
    "more": {"shape": "plaintext", "fontcolor": "#666666"},
}


class DiagramError(ValueError):
    """A diagram that cannot be drawn or written (unknown kind or format, no Graphviz)."""


def wrap(text: str, width: int = 28, lines: int = 3) -> str:
    """Text folded into a few short lines for a node label.

    >>> wrap("When this Digimon attacks and deletes an opponent's Digimon", 20, 2)
    'When this Digimon\\nattacks and deletes…'
    """
    folded = textwrap.wrap(" ".join(text.split()), width) or [""]
    if len(folded) > lines:
        folded = folded[:lines]
        folded[-1] = folded[-1][: width - 1].rstrip() + "…"
    return "\n".join(folded)


def full(text: str, width: int = 40) -> str:
    """All of a text, folded into lines of ``width`` (nothing cut: the node grows).

    >>> full("When this Digimon attacks and deletes an opponent's Digimon", 20)
    "When this Digimon\\nattacks and deletes\\nan opponent's\\nDigimon"
    """
    return "\n".join(textwrap.wrap(" ".join(text.split()), width)) or ""


def _node(g: nx.DiGraph, node: str, label: str, kind: str, tooltip: str = "") -> str:
    """A node; ``tooltip``: its full text, shown on hover in SVG (Graphviz ``tooltip``)."""
    if node not in g:
        g.add_node(node, label=label, kind=kind)
        if tooltip:
            g.nodes[node]["tooltip"] = " ".join(tooltip.split())
    return node


def _labels(store: Store, *names: str | None) -> dict[str, str]:
    """The graph's rdfs:label of terms named by local name ('DeletedInBattle' -> 'deleted in
    battle'); a name without a label stands for itself."""
    wanted = [n for n in names if n]
    found = {str(short(t)): str(label) for t, label in store.select(
        "SELECT ?t ?label WHERE { ?t rdfs:label ?label }") if str(short(t)) in wanted}
    return {n: found.get(n, n) for n in wanted}


def _capped(g: nx.DiGraph, source: str, items: list[tuple[str, ...]], kind: str, edge: str,
            cap: int = CAP) -> None:
    """Link ``source`` to at most ``cap`` items (node, label[, tooltip]), then to one "+N more"
    node (the edges are unlabelled: the nodes say what they are)."""
    for item in items[:cap]:
        node, label, tooltip = (*item, "")[:3]
        g.add_edge(source, _node(g, node, label, kind, tooltip))
    if len(items) > cap:
        more = _node(g, f"more:{source}:{edge}", f"+{len(items) - cap} more {kind}s", "more")
        g.add_edge(source, more)


def _listed(g: nx.DiGraph, source: str, names_: list[str], kind: str, edge: str, cap: int = CAP) -> None:
    """Link ``source`` to one node listing up to ``cap`` names, and how many more there are."""
    if not names_:
        return
    shown = " ".join(names_[:cap])
    more = f"\n+{len(names_) - cap} more" if len(names_) > cap else ""
    label = f"{edge}: {len(names_)} {kind}{'s' if len(names_) > 1 else ''}\n{wrap(shown, 32, cap)}{more}"
    g.add_edge(source, _node(g, f"{kind}s:{source}:{edge}", label, kind, " ".join(names_)), label="")


# ---------------------------------------------------------------- the diagrams

def timings_diagram(store: Store) -> nx.DiGraph:
    """The attack procedure's steps in order, the events each emits and the timings they fire.

    >>> from queries import open_bundled
    >>> g = timings_diagram(open_bundled().store)
    >>> g.has_edge("event:AttackDeclared", "WhenAttacking")
    True
    """
    g = nx.DiGraph(title="attack procedure and timings", rankdir="LR")
    steps = store.select("""SELECT ?step ?label (COUNT(?prev) AS ?order) ?next WHERE {
        ?step a dcg:AttackStep ; rdfs:label ?label .
        OPTIONAL { ?step dcg:nextStep ?next } OPTIONAL { ?prev dcg:nextStep+ ?step } }
        GROUP BY ?step ?label ?next ORDER BY ?order""")
    for step, label, order, _next in steps:
        _node(g, short(step), f"{int(str(order)) + 1}. {label}", "step")
    for step, _label, _order, nxt in steps:
        if nxt is not None:
            g.add_edge(short(step), short(nxt), label="then", weight="10")
    fired = store.select("""SELECT ?step ?event ?elabel ?what ?kind ?tlabel WHERE {
        ?step a dcg:AttackStep ; dcg:emits|dcg:mayEmit ?event . ?event rdfs:label ?elabel .
        OPTIONAL { ?what dcg:triggeredBy ?event ; a ?kind ; rdfs:label ?tlabel .
                   FILTER(?kind IN (dcg:Timing, dcg:Keyword)) } } ORDER BY ?tlabel""")
    keywords: dict[str, list[str]] = {}
    for step, event, elabel, what, kind, tlabel in fired:
        ev = _node(g, f"event:{short(event)}", str(elabel), "event")
        g.add_edge(short(step), ev, label="emits")
        if what is not None and kind == DCG.Timing:
            g.add_edge(ev, _node(g, short(what), str(tlabel), "timing"), label="fires")
        elif what is not None:
            keywords.setdefault(ev, []).append(str(tlabel))
    for ev, labels in keywords.items():  # one node per event for its keywords keeps the fan-out small
        g.add_edge(ev, _node(g, f"keywords:{ev}", full(" ".join(labels), 34), "keyword"), label="fires")
    points = store.select("""SELECT ?step ?point ?plabel ?k ?klabel ?event WHERE {
        ?step a dcg:AttackStep ; dcg:hasPoint ?point .
        ?point rdfs:label ?plabel .
        OPTIONAL { ?k dcg:processedAt ?point ; rdfs:label ?klabel ; dcg:triggeredBy ?event } }""")
    for step, point, plabel, _keyword, klabel, event in points:
        pt = _node(g, short(point), wrap(str(plabel), 22), "point")
        g.add_edge(short(step), pt, label="then")
        source = f"keywords:event:{short(event)}"
        if klabel is not None and source in g:
            g.add_edge(source, pt, label=f"{klabel} processed at")
    return g


def keyword_diagram(store: Store, name: str, cap: int = CAP) -> nx.DiGraph:
    """A keyword with its category, event, rule sections, rulings and cards (capped).

    >>> from queries import open_bundled
    >>> g = keyword_diagram(open_bundled().store, "Piercing", cap=2)
    >>> g.nodes["more:Piercing:ruling"]["label"].endswith("more rulings")
    True
    """
    kw = KnowledgeGraph(store).keyword(name)
    g = nx.DiGraph(title=f"keyword {kw.label or kw.name}", rankdir="LR")
    said = _labels(store, kw.category, kw.event, kw.processed_at)
    root = _node(g, kw.name, f"{kw.label or kw.name}\n{full(kw.definition or '', 36)}".strip(), "keyword",
                 kw.definition or "")
    if kw.category:
        g.add_edge(root, _node(g, f"cat:{kw.category}", said[kw.category], "category"), label="category")
    if kw.event:
        g.add_edge(root, _node(g, f"event:{kw.event}", said[kw.event], "event"), label="triggered by")
    for point in [kw.processed_at] if kw.processed_at else []:
        g.add_edge(root, _node(g, point, full(said[point], 24), "point"), label="processed at")
    for section in kw.rule_sections:
        node = _node(g, f"rule:{section.section}", f"CR {section.section}"
                     + (f"\n{full(section.title, 30)}" if section.title else ""), "rule",
                     f"CR {section.section} {section.title or ''}: {section.text or ''}")
        g.add_edge(root, node, label="rule")
        subsections = store.select("""SELECT ?n ?text WHERE { ?sub dcg:parentSection ?rule ;
            dcg:sectionNumber ?n . OPTIONAL { ?sub dcg:text ?text } }""", rule=rule_iri(section.section))
        ordered = sorted(subsections, key=lambda r: section_order(str(r[0])))
        items = [(f"rule:{n}", f"CR {n}\n{full(str(t or ''))}", f"CR {n}: {t or ''}") for n, t in ordered]
        _capped(g, node, items, "rule", "", cap // 2)
    _capped(g, root, [ruling_item(r) for r in kw.rulings], "ruling", "ruling", cap)
    _listed(g, root, kw.cards, "card", "printed on", cap + cap // 2)
    _listed(g, root, kw.granted_by, "card", "granted by", cap + cap // 2)
    return g


def ruling_item(r: Any) -> tuple[str, str, str]:
    """A ruling node: its question in full on the node, question and answer in the tooltip."""
    return (f"ruling:{r.id}", f"{r.id}\n{full(r.question or '')}",
            f"{r.id}: Q: {r.question or ''} A: {r.answer or ''}")


def card_diagram(store: Store, number: str) -> nx.DiGraph:
    """A card with its effects and, for each, its timings, event and keywords.

    >>> from queries import open_bundled
    >>> sorted(n for n in card_diagram(open_bundled().store, "BT5-086") if not n.startswith("effect:"))
    ['AllTurns', 'Blitz', 'WhenDigivolving', 'card:BT5-086', 'event:Digivolved', 'event:WouldLeaveBattleArea']
    """
    card = KnowledgeGraph(store).card(number)
    g = nx.DiGraph(title=f"card {card.number}", rankdir="LR")
    root = _node(g, f"card:{card.number}", f"{card.number}\n{card.name or ''}".strip(), "card",
                 " / ".join(e.text or "" for e in card.effects))
    terms = [*card.keywords, *(t for e in card.effects for t in [*e.timings, *e.keywords, *e.grants,
                                                                  e.event or ""])]
    said = _labels(store, *terms)
    for keyword in card.keywords:
        g.add_edge(root, _node(g, keyword, said[keyword], "keyword"), label="has")
    for effect in card.effects:
        head = effect.label or short(URIRef(effect.iri))
        node = _node(g, f"effect:{effect.iri}", f"{head}\n{full(effect.text or '')}", "effect",
                     effect.text or "")
        g.add_edge(root, node, label=effect.part or "effect")
        for timing in effect.timings:
            g.add_edge(node, _node(g, timing, said[timing], "timing"), label="timing")
        if effect.event:
            g.add_edge(node, _node(g, f"event:{effect.event}", said[effect.event], "event"), label="on")
        for keyword in effect.keywords:
            g.add_edge(node, _node(g, keyword, said[keyword], "keyword"), label="has")
        for keyword in effect.grants:
            g.add_edge(node, _node(g, keyword, said[keyword], "keyword"), label="grants")
    _capped(g, root, [ruling_item(r) for r in card.rulings], "ruling", "ruling")
    return g


KIND_WORDS = {"trigger": "trigger-type effect", "activation": "activation-type effect",
              "immediate": "immediate-type effect", "pending": "pending processing",
              "security": "[Security] effect"}


def _step_kind(text: str) -> str:
    """How a procedure step of the log is drawn: a deletion, a security check, or a step."""
    if " is deleted (" in text:
        return "deleted"
    return "check" if " checks " in text or " checked " in text else "step"


def scenario_diagram(store: Store, scenario: str | Path) -> nx.DiGraph:
    """Every step of a scenario's run in order (solid arrows): the procedure (attack, counter,
    block, battle, checks, deletions) as boxes, and each effect (numbered as in the report,
    with what it did) in the box of its batch; dashed arrows are the ordering rules applied.
    Each node's full text and cites are its tooltip.

    >>> from queries import open_bundled
    >>> from queries.api import EXAMPLE_SCENARIO
    >>> g = scenario_diagram(open_bundled().store, EXAMPLE_SCENARIO)
    >>> g.nodes["effect:1"]["label"].splitlines()[0]
    '1. omnimon/BT3-016/Piercing'
    """
    loaded = load_scenario(scenario)
    report = KnowledgeGraph(store).simulate(loaded)
    own = {n: c.name for n, c in loaded.cards.items() if c.name}  # the scenario's own cards
    words = ReportWords.of(store, label_numbers(report), own)
    g = nx.DiGraph(title=f"scenario {report.get('scenario', '')}: {report.get('title', '')}".rstrip(": "),
                   rankdir="TB")
    events = {b.get("batch"): words.event(str(b.get("event", ""))) for b in report.get("batches", [])}
    effects = report.get("effects", [])
    previous = _node(g, "start", full(str(report.get("title") or report.get("scenario", "scenario"))), "step")
    nodes: dict[tuple[Any, str], str] = {}
    details: list[str] = []
    for n, step in enumerate(report.get("steps", []), start=1):
        text, cites = str(step["text"]), ", ".join(step.get("cites", []))
        index = step.get("effect")
        if index is None and any(text.startswith(f"{e['label']}: ") for e in effects):
            details.append(text.split(": ", 1)[1])  # what an effect did, shown on its node
            continue
        if index is None:
            node = _node(g, f"step:{n}", full(text), _step_kind(text), f"{text} [{cites}]" if cites else text)
        else:
            node = _effect_node(g, index, effects[index - 1], words, details, cites)
            batch = effects[index - 1].get("batch")
            kind = KIND_WORDS.get(str(effects[index - 1].get("kind")), "effect")
            title = f"batch {batch}: {events[batch]}" if events.get(batch) else \
                f"batch {batch}: {kind}, activated at once"
            g.nodes[node]["cluster"] = _node(g, f"batch:{batch}", full(title, 60), "batch")
            nodes.setdefault((batch, str(effects[index - 1]["label"])), node)
            details = []
        g.add_edge(previous, node, label="", weight="5")
        previous = node
    for batch in report.get("batches", []):
        for rule in batch.get("constraints", []):
            a = nodes.get((batch.get("batch"), str(rule.get("before"))))
            b = nodes.get((batch.get("batch"), str(rule.get("after"))))
            if a and b and a != b and not g.has_edge(a, b):
                g.add_edge(a, b, label=wrap(str(rule.get("rule", "")), 20, 2), style="dashed", weight="0")
    g.add_edge(previous, _node(g, "end", _summary(report), "more"), label="then")
    for batch_node in [n for n, d in g.nodes(data=True) if d["kind"] == "batch"]:
        g.nodes[batch_node]["hidden"] = "cluster"  # drawn as the cluster's label, not as a node
    return g


def _effect_node(g: nx.DiGraph, index: int, effect: dict[str, Any], words: ReportWords,
                 details: list[str], cites: str) -> str:
    status, kind = str(effect.get("status", "activated")), str(effect.get("kind", ""))
    lines = [f"{index}. {effect['label']}", full(words.effect(effect), 44),
             f"{status}: {KIND_WORDS.get(kind, kind)}, player {effect.get('player')}"]
    lines += [full(f"- {d}", 44) for d in details]
    if effect.get("reason"):
        lines.append(full(f"why: {effect['reason']}", 44))
    more = len(effect.get("cites", [])) - 3
    shown = ", ".join(effect.get("cites", [])[:3]) + (f" (+{more} more)" if more > 0 else "")
    tooltip = " | ".join([*(line.replace("\n", " ") for line in lines), f"cites: {cites}"])
    return _node(g, f"effect:{index}", "\n".join([*lines, full(shown, 44)] if shown else lines),
                 status if status in STYLE else "effect", tooltip)


def _summary(report: dict[str, Any]) -> str:
    """The end of a run in words: checks, deletions, winner, decisions taken.

    >>> print(_summary({"security_checks": {"A": 1, "B": 0}, "deleted": ["devimon"], "winner": None,
    ...                 "decisions": [{"kind": "optional"}]}))
    security checks: A 1, B 0
    deleted: devimon
    winner: none
    decisions taken: 1 (optional)
    """
    checks = ", ".join(f"{p} {n}" for p, n in report.get("security_checks", {}).items())
    taken = [d for d in report.get("decisions", []) if d.get("used") is not False]
    kinds = ", ".join(dict.fromkeys(str(d["kind"]) for d in taken))
    deleted = ", ".join(report.get("deleted", [])) or "none"
    return "\n".join([f"security checks: {checks}", f"deleted: {deleted}",
                      f"winner: {report.get('winner') or 'none'}",
                      f"decisions taken: {len(taken)}" + (f" ({kinds})" if kinds else "")])


def ontology_diagram(store: Store) -> nx.DiGraph:
    """The vocabulary's classes, their subclasses and the object properties between them
    (declared by domain and range, or seen in the data).

    >>> from queries import open_bundled
    >>> ontology_diagram(open_bundled().store).edges["TamerCard", "Card"]["label"]
    'is a'
    """
    g = nx.DiGraph(title="dcg-kg ontology", rankdir="LR")
    classes = "SELECT ?c ?l ?d WHERE { ?c a owl:Class ; rdfs:label ?l OPTIONAL { ?c skos:definition ?d } }"
    for cls, label, definition in store.select(classes):
        _node(g, short(cls), str(label), "class", f"{label}: {definition}" if definition else "")
    subclasses = "SELECT ?s ?o WHERE { ?s a owl:Class ; rdfs:subClassOf ?o . ?o a owl:Class }"
    for sub, sup in store.select(subclasses):
        g.add_edge(short(sub), short(sup), label="is a", style="dashed")
    # A property without a declared domain is drawn where the data uses it, between the most
    # general classes of its subjects and objects; uses of the citation properties (ruleSection,
    # citesRule ...) are left out: nearly every class cites rule sections.
    used = store.select("""SELECT DISTINCT ?p ?d ?r WHERE { ?p a owl:ObjectProperty .
        { ?p rdfs:domain ?d ; rdfs:range ?r }
        UNION { FILTER NOT EXISTS { ?p rdfs:domain ?declared }
                ?s ?p ?o . ?s a ?d . ?o a ?r FILTER(?r != dcg:RuleSection)
                FILTER NOT EXISTS { ?d rdfs:subClassOf ?up . ?s a ?up }
                FILTER NOT EXISTS { ?r rdfs:subClassOf ?up2 . ?o a ?up2 } }
        ?d a owl:Class . ?r a owl:Class }""")
    for prop, dom, rng in sorted(used):
        a, b = short(dom), short(rng)
        if g.has_edge(a, b) and g.edges[a, b]["label"] != "is a":
            if short(prop) not in g.edges[a, b]["label"].split("\n"):
                g.edges[a, b]["label"] += f"\n{short(prop)}"
        elif not g.has_edge(a, b):
            g.add_edge(a, b, label=short(prop))
    return g


KINDS: dict[str, tuple[Callable[..., nx.DiGraph], str | None]] = {
    "timings": (timings_diagram, None),
    "keyword": (keyword_diagram, "NAME"),
    "card": (card_diagram, "NUMBER"),
    "scenario": (scenario_diagram, "FILE"),
    "ontology": (ontology_diagram, None),
}


def diagram(store: Store, kind: str, arg: str | None = None) -> nx.DiGraph:
    """The diagram of one kind (``timings``, ``keyword NAME``, ``card NUMBER``, ``scenario FILE``,
    ``ontology``).

    >>> from queries import open_bundled
    >>> diagram(open_bundled().store, "card")
    Traceback (most recent call last):
    ...
    queries.diagrams.DiagramError: 'card' needs a NUMBER: dcgkg diagram card NUMBER
    """
    if kind not in KINDS:
        raise DiagramError(str(names.UnknownName("diagram kind", kind, names.close(kind, list(KINDS)))))
    build, needs = KINDS[kind]
    if needs and not arg:
        raise DiagramError(f"'{kind}' needs a {needs}: dcgkg diagram {kind} {needs}")
    return build(store, arg) if needs else build(store)


# ---------------------------------------------------------------- writers

def _dot_quote(text: Any) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _attrs(attrs: dict[str, Any]) -> str:
    return "[" + ", ".join(f"{k}={_dot_quote(v)}" for k, v in attrs.items()) + "]"


def to_dot(g: nx.DiGraph) -> str:
    """Graphviz DOT text, styled by node kind; nodes with a ``cluster`` attribute are boxed together.

    >>> g = nx.DiGraph(title="t")
    >>> g.add_node("a", label='say "hi"', kind="step")
    >>> g.add_edge("a", "b", label="then")
    >>> [line.strip() for line in to_dot(g).splitlines() if "->" in line]
    ['"a" -> "b" [label="then"];']
    """
    graph = {"rankdir": g.graph.get("rankdir", "LR"), "label": g.graph.get("title", ""), "labelloc": "t",
             "fontname": "Helvetica", "nodesep": "0.25", "ranksep": "0.45"}
    lines = ["digraph G {", f"  graph {_attrs(graph)};",
             '  node [fontname="Helvetica", fontsize="10"];',
             '  edge [fontname="Helvetica", fontsize="8", color="#555555"];']
    clusters: dict[str, list[str]] = {}
    for node, data in g.nodes(data=True):
        if data.get("hidden"):
            continue
        style = dict(STYLE.get(data.get("kind", ""), {}))
        tip = {"tooltip": data["tooltip"]} if data.get("tooltip") else {}
        lines.append(f"  {_dot_quote(node)} {_attrs({'label': data.get('label', node), **style, **tip})};")
        if data.get("cluster"):
            clusters.setdefault(str(data["cluster"]), []).append(node)
    for index, (cluster, members) in enumerate(clusters.items()):
        label = g.nodes[cluster]["label"] if cluster in g else cluster
        lines.append(f"  subgraph cluster_{index} {{ label={_dot_quote(label)}; "
                     'style="rounded"; color="#999999";')
        lines.extend(f"    {_dot_quote(m)};" for m in members)
        lines.append("  }")
    for a, b, data in g.edges(data=True):
        attrs = {k: v for k, v in data.items() if k in ("label", "style", "weight")}
        lines.append(f"  {_dot_quote(a)} -> {_dot_quote(b)} {_attrs(attrs)};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _mermaid_text(text: Any) -> str:
    text = str(text).replace('"', "#quot;").replace("<", "#lt;").replace(">", "#gt;")
    return text.replace("\n", "<br/>")


def to_mermaid(g: nx.DiGraph) -> str:
    """Mermaid flowchart text (node ids ``n0``, ``n1`` ...; labels quoted).

    >>> g = nx.DiGraph()
    >>> g.add_node("a", label="<Piercing>", kind="keyword")
    >>> g.add_node("b", label="pending", kind="point")
    >>> g.add_edge("a", "b", label="processed at")
    >>> print(to_mermaid(g).splitlines()[1:4])
    ['  n0["#lt;Piercing#gt;"]', '  n1["pending"]', '  n0 -- "processed at" --> n1']
    """
    ids = {node: f"n{i}" for i, node in enumerate(g.nodes)}
    direction = "TB" if g.graph.get("rankdir") == "TB" else "LR"
    lines = [f"flowchart {direction}"]
    clusters: dict[str, list[str]] = {}
    for node, data in g.nodes(data=True):
        if data.get("cluster"):
            clusters.setdefault(str(data["cluster"]), []).append(node)
        elif not data.get("hidden"):
            lines.append(f'  {ids[node]}["{_mermaid_text(data.get("label", node))}"]')
    for cluster, members in clusters.items():
        lines.append(f'  subgraph {ids[cluster]}["{_mermaid_text(g.nodes[cluster].get("label", cluster))}"]')
        lines.extend(f'    {ids[m]}["{_mermaid_text(g.nodes[m].get("label", m))}"]' for m in members)
        lines.append("  end")
    for a, b, data in g.edges(data=True):
        label = data.get("label")
        dashed = data.get("style") == "dashed"
        arrow = (f'-. "{_mermaid_text(label)}" .->' if dashed else f'-- "{_mermaid_text(label)}" -->') \
            if label else ("-.->" if dashed else "-->")
        lines.append(f"  {ids[a]} {arrow} {ids[b]}")
    for kind in sorted({d.get("kind", "") for _, d in g.nodes(data=True)} & set(STYLE)):
        fill = STYLE[kind].get("fillcolor")
        if fill:
            members = ",".join(ids[n] for n, d in g.nodes(data=True)
                               if d.get("kind") == kind and not d.get("hidden"))
            if members:
                lines.append(f"  classDef {kind} fill:{fill}")
                lines.append(f"  class {members} {kind}")
    return "\n".join(lines) + "\n"


def _graphml_ready(g: nx.DiGraph) -> nx.DiGraph:
    clean = nx.DiGraph()
    clean.graph.update({k: str(v) for k, v in g.graph.items()})
    clean.add_nodes_from((n, {k: str(v) for k, v in d.items()}) for n, d in g.nodes(data=True))
    clean.add_edges_from((a, b, {k: str(v) for k, v in d.items()}) for a, b, d in g.edges(data=True))
    return clean


def graphviz(dot: str, fmt: str) -> bytes:
    """Run Graphviz ``dot`` to render DOT text as SVG or PNG.

    >>> graphviz("digraph { a -> b }", "svg").startswith(b"<?xml")  # doctest: +SKIP
    True
    """
    exe = shutil.which("dot")
    if exe is None:
        raise DiagramError("Graphviz 'dot' is not installed (apt-get install graphviz); "
                           "use --format dot, mermaid or graphml")
    done = subprocess.run([exe, f"-T{fmt}"], input=dot.encode(), capture_output=True, timeout=120,
                          check=False)
    if done.returncode != 0:
        raise DiagramError(f"dot failed: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout


def render(g: nx.DiGraph, fmt: str) -> bytes:
    """The diagram as bytes in ``fmt``: dot, svg, png, mermaid or graphml.

    >>> b"<graphml" in render(nx.DiGraph([("a", "b")]), "graphml")
    True
    """
    if fmt == "dot":
        return to_dot(g).encode()
    if fmt == "mermaid":
        return to_mermaid(g).encode()
    if fmt == "graphml":
        return "\n".join(nx.generate_graphml(_graphml_ready(g))).encode()
    if fmt in ("svg", "png"):
        return graphviz(to_dot(g), fmt)
    raise DiagramError(str(names.UnknownName("format", fmt, names.close(fmt, list(FORMATS)))))
