"""Split a card's texts into effects (EffectRecords), and compile them.

A text part (main, inherited, security, link, option) is split where the card prints a new
effect: at a new line, and inside a line at a timing tag or a keyword that follows the end of a
sentence or of a reminder (older cards glue effects together:
``"…Digimon.)[Main] <Digi-Burst 2> …"``). Bullet lines (``・``) and reminder lines in
parentheses belong to the effect above them; reminder text after a keyword belongs to it.

Lines that are rules of the card rather than effects — digivolve, DNA, DigiXros, App Fusion,
Assembly and Link requirements and ``[Rule]`` lines — are not effects: they are returned as
``rules`` and recorded on the card as ``dcg:ruleText``.

>>> text = "<Blocker>\\n[On Play] Gain 1 memory.[On Play] Gain 1 memory."
>>> [r.label_tag for r in split_part("X-1", "main", text).effects]
['Blocker', 'OnPlay', 'OnPlay#2']
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from ingest.compiler.effect_compiler import compile_record
from ingest.compiler.reminder_texts import restore_keywords
from ingest.compiler.semantics import table
from ingest.effect_ir import EffectRecord, KeywordUse
from ingest.text import normalise, strip_reminders
from ingest.vocab import find_keywords, head_tags, vocabulary

#: Headings of card-rule lines (CR 8 digivolve requirements, DNA / DigiXros / App Fusion /
#: Assembly / Link requirements, [Rule] lines): written with brackets or as ``Name N:``.
_RULE_NAMES = (
    r"Digivolve|DNA Digivol\w*|DigiXros[^\]:]*|App Fusion|Assembly[^\]:]*|"
    r"Burst Digivolve|Link|Rule|Special Digivolve"
)
RULE_HEAD = re.compile(rf"^\s*(?:\[(?:{_RULE_NAMES})\]|\(Rule\)|(?:{_RULE_NAMES})\s*:)", re.IGNORECASE)
_TAG = re.compile(r"\[([^\[\]]+)\]")
#: Characters after which a tag or keyword starts a new effect (end of sentence or reminder).
_BREAK_AFTER = ".)>"
#: An untagged effect after a card rule on the same line (not the DigiXros reminder, which
#: explains the rule: 'When you would play this card, you may place specified cards …').
_RULE_THEN_EFFECT = re.compile(
    r"[\]a-z0-9.]\s*((?:When|While) (?!you would play this card, you may place specified cards))")
#: 'The name of this card/Digimon is also treated as …' glued after a sentence or a rule.
_NAME_RULE = re.compile(r"(?<=[.\]])\s*(?=The name of this card|This card/Digimon |Treat this card/Digimon )")
#: '… the deck. (Rule) Name: Also treated as [Commandramon].': a card rule glued after an effect (QA Q2428).
_PAREN_RULE = re.compile(r"(?<=[.)\]])\s*(?=\(Rule\) (?:Name|Trait):)")
#: A keyword alone, then its reminder or the line's end: '<Jamming> (This Digimon can't …)'.
_GLUED_KEYWORD = re.compile(r"<[^<>]+>\s*(?:\(|$)")
#: Words before a keyword that make the effect give it, or only name it.
_GRANT = re.compile(r"\b(gains?|gets?|get|obtain)\b", re.IGNORECASE)
_MENTION = re.compile(
    r"\b(with|without|has|have|having|had|no|loses?|lose|its|their|ignor\w*)\b", re.IGNORECASE
)


@dataclass
class Split:
    """What one text part split into."""

    effects: list[EffectRecord] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    unknown_tags: list[tuple[int, str]] = field(default_factory=list)


def _outside_brackets(text: str) -> list[bool]:
    """For each position: is it outside parentheses? (tags inside reminders never split)."""
    depth, flags, done = 0, [], 0
    for paren in _PARENS.finditer(text):  # the text between two parentheses is at one depth
        i = paren.start()
        flags += [depth == 0] * (i - done)
        if text[i] == "(":
            depth += 1
            flags.append(depth == 0)
        else:
            flags.append(depth == 0)
            depth = max(0, depth - 1)
        done = i + 1
    return flags + [depth == 0] * (len(text) - done)


_PARENS = re.compile(r"[()]")


def _is_effect_tag(name: str) -> bool:
    vocab = vocabulary()
    key = name.strip().lower()
    return key in vocab.timings or key in vocab.tags


_TAG_OR_KEYWORD = re.compile(r"\[([^\[\]]+)\]|<")
_WITH_AT_END = re.compile(r"(?:\bw/|\bwith)\s*$")
_GLUED_EFFECT = re.compile(r"(?<=[a-z)\]])\.(?=(?:When|While) )")


def _breaks(line: str) -> list[int]:
    """Positions inside one line where a new effect starts."""
    outside = _outside_brackets(line)
    cuts: list[int] = []
    keyword_effect = line.lstrip().startswith("<")
    # A card rule ('Digivolve: 1 from [Gallantmon]', '[Digivolve] …: Cost 2') ends where the first
    # effect starts, whatever comes before it: 'Cost 2[On Play] …', '… [Gallantmon][When Digivolving] …'.
    in_rule = bool(RULE_HEAD.match(line))
    for match in _TAG_OR_KEYWORD.finditer(line):
        start = match.start()
        before = line[:start].rstrip()
        # '… gains "[On Deletion] Lose 1 memory."[All Turns] …': a closed quote ends a sentence too
        closed_quote = before[-2:] in ('."', '.”', ')"', ')”') and before.count('"') % 2 == 0 \
            and before.count("“") == before.count("”")
        breaks = before[-1:] in tuple(_BREAK_AFTER) or in_rule or closed_quote
        if not before or not outside[start] or not breaks:
            continue
        if match.group(0) == "<":
            if in_rule and _WITH_AT_END.search(before):
                continue  # a requirement naming a keyword ('Lv.2 w/<Save> in text'): still the rule
            # '… by 2.<Jamming> (This Digimon can't …)': a keyword effect glued after a sentence (BT3-031)
            glued = before.endswith(".") and _GLUED_KEYWORD.match(line, start) is not None
            if (keyword_effect or in_rule or glued) and find_keywords(line[start : start + 60])[:1]:
                cuts.append(start)
                in_rule, keyword_effect = False, True
        elif _is_effect_tag(match.group(1)) or RULE_HEAD.match(line[start:]):
            cuts.append(start)
            keyword_effect = False
            in_rule = bool(RULE_HEAD.match(line[start:]))
    # 'gain 1 memory.While you have …': an untagged effect glued on without a space.
    cuts += [m.end() for m in _GLUED_EFFECT.finditer(line) if outside[m.start()]]
    cuts += [m.start() for m in _NAME_RULE.finditer(line) if outside[m.start()]]
    cuts += [m.start() for m in _PAREN_RULE.finditer(line)]
    head = RULE_HEAD.match(line)
    if head:  # 'Digivolve: 3 from [Omnimon]When a Digimon … would …', not '[Digivolve] While …: Cost 3'
        end = min([c for c in cuts if c > 0], default=len(line))
        cuts += [m.start(1) for m in _RULE_THEN_EFFECT.finditer(line, head.end(), end)
                 if outside[m.start(1)] and line[head.end():m.start(1)].strip()]
    return sorted(set(cuts))


def _pieces(text: str) -> list[str]:
    """The effect-sized pieces of a text part, in printed order."""
    pieces: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if pieces and (line[0] in "・•(" or line.startswith("-")):
            pieces[-1] += " " + line if line[0] == "(" else "\n" + line
            continue
        cuts = [0, *_breaks(line), len(line)]
        pieces.extend(line[a:b].strip() for a, b in zip(cuts, cuts[1:], strict=False) if line[a:b].strip())
    return pieces


_SENTENCE_STOP = re.compile(r"[.:]")


def keyword_uses(body: str, is_keyword_effect: bool) -> list[KeywordUse]:
    """The keywords of an effect's text (reminders dropped), with whether it has, grants or names them."""
    text = strip_reminders(body)
    uses: list[KeywordUse] = []
    pattern = vocabulary().keyword_pattern
    for match in pattern.finditer(text):
        ((name, value),) = find_keywords(match.group(0))
        sentence = _SENTENCE_STOP.split(text[: match.start()])[-1]
        how = "has" if is_keyword_effect and not uses and not sentence.strip() else _how(sentence)
        uses.append(KeywordUse(keyword=name, value=value, how=how))  # type: ignore[arg-type]
    return uses


def _how(before: str) -> str:
    """has / grants / mentions from the words in the sentence before a keyword."""
    cues = [(m.start(), "grants") for m in _GRANT.finditer(before)]
    cues += [(m.start(), "mentions") for m in _MENTION.finditer(before)]
    if not cues:
        return "has"
    return max(cues)[1]


def label_tags(records: list[EffectRecord]) -> None:
    """Set each record's label tag: the keyword of a keyword effect, else its first timing,
    numbered ``#2``, ``#3`` when the same tag repeats (scenario.md, Effect labels)."""
    seen: Counter[str] = Counter()
    semantics = table()
    for record in records:
        if record.timings:
            base = semantics[record.timings[0]].label_tag
        elif record.keywords and record.keywords[0].how == "has" and record.text.lstrip().startswith("<"):
            base = semantics[record.keywords[0].keyword].label_tag
        else:
            base = "Text"
        seen[base] += 1
        record.label_tag = base if seen[base] == 1 else f"{base}#{seen[base]}"


def split_part(card: str, part: str, text: str | None) -> Split:
    """Split one text part of a card into effect records (not yet compiled, not yet labelled)."""
    result = Split()
    index = 0
    # A keyword whose icon the text lost, kept only as its reminder text, is put back (CR 16).
    for piece in _pieces(restore_keywords(normalise(text))):
        if RULE_HEAD.match(piece):
            result.rules.append(piece)
            continue
        timings, tags, unknown, body = head_tags(piece)
        index += 1
        result.unknown_tags.extend((index, name) for name in unknown)
        keyword_effect = not timings and body.startswith("<")
        result.effects.append(
            EffectRecord(
                card=card,
                part=part,
                index=index,
                text=piece,  # type: ignore[arg-type]
                timings=timings,
                tags=tags,
                keywords=keyword_uses(body, keyword_effect),
            )
        )
    label_tags(result.effects)
    return result


#: Text parts whose effects are live together on one card and so share label numbering.
LABEL_GROUPS = (("main", "security", "option", "ace", "dual"), ("inherited",), ("link",))


def split_card(number: str, texts: dict[str, str | None]) -> Split:
    """Split every text part of a card (``{"main": ..., "inherited": ...}``) and label them."""
    whole = Split()
    for part, text in texts.items():
        one = split_part(number, part, text)
        whole.effects.extend(one.effects)
        whole.rules.extend(one.rules)
        whole.unknown_tags.extend((f"{part} effect {i}", name) for i, name in one.unknown_tags)  # type: ignore[misc]
    for group in LABEL_GROUPS:
        label_tags([r for r in whole.effects if r.part in group])
    return whole


def compile_card(
    number: str,
    main: str | None = None,
    inherited: str | None = None,
    security: str | None = None,
    **other_parts: str | None,
) -> list[EffectRecord]:
    """Split and compile the effects of a card known only by its texts (e.g. a scenario card).

    ``other_parts`` may give ``link``, ``option``, ``ace`` or ``dual`` texts.
    """
    texts = {"main": main, "inherited": inherited, "security": security, **other_parts}
    records = split_card(number, texts).effects
    for record in records:
        record.compiled = compile_record(record)
    return records
