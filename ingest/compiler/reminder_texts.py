"""A keyword's reminder text standing where the keyword's icon was lost.

Some card texts of the corpus lost the keyword icon and kept only its reminder text in
parentheses: ``(At blocker timing, by suspending this Digimon, it becomes the attack target).``
is ``<Blocker>`` (BT15-011), ``If you have 6 or fewer cards in your hand, . (Draw 1 card from
your deck.)`` is ``<Draw 1>`` (ST16-01). The wordings are data: ``dcg:reminderText`` of each
keyword in ``ontology/keywords.ttl``, ``{n}`` standing for the keyword's number (``{+n}`` /
``{-n}`` signed, CR 16-4 <Security A. +1> / <Security A. -1>).

:func:`restore_keywords` puts the keyword back in front of such a reminder, so the text reads as
printed and compiles exactly as that keyword (CR 16). Only a whole reminder matching one wording
is read, and only where a keyword can stand: at the start of a line or after a timing tag or an
earlier reminder (the keyword's own effect), after a clause ending with a comma (``When …, (Draw
1 card …)``), or after ``gains`` (a granted keyword). A reminder after a keyword already printed is
left as it is; a gain with neither keyword nor reminder (``it gains .``) stays unread.

>>> restore_keywords("(Unsuspend this Digimon during your opponent's unsuspend phase).[On Play] …")
"<Reboot> (Unsuspend this Digimon during your opponent's unsuspend phase).[On Play] …"
>>> restore_keywords("[When Attacking] If you have 6 or fewer cards in hand, . (Draw 1 card from your deck.)")
'[When Attacking] If you have 6 or fewer cards in hand, <Draw 1> (Draw 1 card from your deck.)'
>>> restore_keywords("this Digimon gains (This Digimon checks 1 additional security card) for the turn.")
'this Digimon gains <Security A. +1> (This Digimon checks 1 additional security card) for the turn.'
>>> restore_keywords("<Jamming> (This Digimon can't be deleted in battles against Security Digimon.)")
"<Jamming> (This Digimon can't be deleted in battles against Security Digimon.)"
>>> restore_keywords("Trash 1 card. (Draw 1 card from your deck.)")
'Trash 1 card. (Draw 1 card from your deck.)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rdflib.namespace import RDF, RDFS

import ontology
from ingest.vocab import vocabulary
from ontology import DCG

_NUMBER = {"{n}": r"(?P<n>\d+)", "{+n}": r"(?P<plus>\d+)", "{-n}": r"(?P<minus>\d+)"}


@dataclass(frozen=True)
class Reminder:
    """One wording of a keyword's reminder text, and the keyword's printed name."""

    printed: str
    pattern: re.Pattern[str]
    parameter: str = ""
    #: the keyword is an effect of its own (not execute-processing, CR 16-1): it may follow a sentence
    own_effect: bool = True

    def keyword(self, m: re.Match[str]) -> str:
        """The keyword as printed, with its number where the reminder shows it."""
        found = m.groupdict()
        value = (f" {found['n']}" if found.get("n") else f" +{found['plus']}" if found.get("plus")
                 else f" -{found['minus']}" if found.get("minus")
                 else f" {self.parameter}" if self.parameter else "")
        return f"<{self.printed}{value}>"


_WHITESPACE = re.compile(r"\s+")


def _key(text: str) -> str:
    """A reminder normalised for comparison: one space, no final full stop."""
    return _WHITESPACE.sub(" ", text).strip().rstrip(".").strip()


def _pattern(wording: str) -> re.Pattern[str]:
    body = re.escape(_key(wording))
    for placeholder, group in _NUMBER.items():
        body = body.replace(re.escape(placeholder), group)
    return re.compile(body, re.IGNORECASE)


@lru_cache(maxsize=1)
def reminders() -> tuple[Reminder, ...]:
    """Every ``dcg:reminderText`` of the ontology's keywords."""
    graph = ontology.vocabulary_graph()
    found: list[Reminder] = []
    for keyword in graph.subjects(RDF.type, DCG.Keyword):
        # the keyword's own label ('<De-Digivolve>'), not that of a primitive sharing its IRI
        label = next((str(x) for x in graph.objects(keyword, RDFS.label) if str(x).startswith("<")), "")
        label = label.strip("<>")
        parameter = str(graph.value(keyword, DCG.reminderParameter) or "")
        own = graph.value(keyword, DCG.category) != DCG.ExecuteProcessing
        for wording in graph.objects(keyword, DCG.reminderText):
            found.append(Reminder(printed=label, pattern=_pattern(str(wording)), parameter=parameter,
                                  own_effect=own))
    return tuple(found)


def reminder_keyword(note: str) -> str | None:
    """The keyword (as printed) whose whole reminder text ``note`` is, else None.

    >>> reminder_keyword("Draw 2 cards from your deck.")
    '<Draw 2>'
    >>> reminder_keyword("Draw 2 cards from your deck and trash 1 card")
    """
    found = _reminded(note)
    return found[0] if found else None


def _reminded(note: str) -> tuple[str, bool] | None:
    """The keyword as printed and whether it is an effect of its own, for a whole reminder."""
    key = _key(note)
    hits = {(r.keyword(m), r.own_effect) for r in reminders() if (m := r.pattern.fullmatch(key))}
    return hits.pop() if len(hits) == 1 else None


#: A stray ' .' left where the icon was ('…, . (Draw 1 …)', '[When Attacking] . (…)', 'gains . (…)').
_STRAY = re.compile(r"\s*\.\s*$")
#: 'and' after a keyword granted with its reminder ('gains <Jamming> (…) and (At blocker timing …)').
_AND_AFTER_KEYWORD = re.compile(r"<[^<>]+>\s*\([^()]+\)\s+and\s*$")


def _ends_with_tag(text: str) -> bool:
    """Whether the text ends with a timing or usage tag ('[When Attacking]', '[Once Per Turn]')."""
    m = re.search(r"\[([^\[\]]+)\]\s*$", text)
    vocab = vocabulary()
    return m is not None and (m[1].strip().lower() in vocab.timings or m[1].strip().lower() in vocab.tags)


def _slot(head: str, own_effect: bool, after: str) -> str | None:
    """The text before the reminder as it stays once the keyword is put back after it, or None if no
    keyword can stand there. A keyword stands at a line's start, after a timing tag, a clause's comma
    or 'gains' (a stray ' .' there goes), after an earlier reminder ('…cost). (At …', its full stop
    kept), after 'and' following a granted keyword and its reminder, after a Digivolve requirement
    alone on its line; and, if it is an effect of its own, after a finished sentence when the
    reminder ends the line or a timing tag follows it ('…as [Omnimon]. (At blocker …).[On Play]')."""
    text = head.rstrip()
    stray = _STRAY.search(text)
    core = text[: stray.start()].rstrip() if stray else text
    if not core or core.endswith(",") or _ends_with_tag(core) or re.search(r"(?i)\bgains?$", core):
        return core
    if core.endswith(")") or _AND_AFTER_KEYWORD.search(text) or _after_rule(text):
        return text
    if stray and own_effect and re.match(r"\s*\.?\s*(?:\[|$)", after) \
            and not _GRANTING.search(_last_sentence(core)):
        return text
    return None


#: A sentence that grants or names a keyword ('… gains <Rush> for the turn.', '… gains for the turn.'):
#: a reminder after it explains that keyword, it is no effect of its own (EX4-006, BT10-011).
_GRANTING = re.compile(r"(?i)\b(?:gains?|gets?|obtains?)\b|<")


def _last_sentence(text: str) -> str:
    """The last sentence of the text: after its last full stop or timing tag."""
    return re.split(r"\.(?=\s|\[)|\]\s*(?=\[|$)", text)[-1]


#: A Digivolve requirement line ending where the reminder starts: 'Digivolve: 3 from Lv.4 2-color w/green
#: (When this Digimon attacks, by suspending …)' (EX4-029): the keyword's own effect follows the rule.
_RULE_HEAD = re.compile(r"^\s*(?:\[Digivolve\]|Digivolve\s*:)", re.IGNORECASE)


def _after_rule(head: str) -> bool:
    """Whether ``head`` is a Digivolve requirement and nothing more: no sentence ends in it ('Lv.4'
    aside) and no timing tag follows the requirement."""
    if not _RULE_HEAD.match(head) or re.search(r"\.(?!\d)", head):
        return False
    timings = vocabulary().timings
    return not any(tag.strip().lower() in timings for tag in re.findall(r"\[([^\[\]]+)\]", head))


#: A keyword already printed before the reminder ('<Jamming> (…)', '<Security Attack +1>. (…)').
_PRINTED = re.compile(r"<[^<>]+>\s*\.?\s*$")
#: A reminder not closed before the next tag: '<Blocker> (At blocker timing, … target. [When …'.
_UNCLOSED = re.compile(r"\((?P<note>[^()\[\]]+?)\s*(?=\[)")


def _close_reminders(line: str) -> str:
    """Close a whole reminder left open before the next tag (ST15-13)."""
    def close(m: re.Match[str]) -> str:
        if ")" in line[m.end():].split("[", 1)[0] or reminder_keyword(m["note"]) is None:
            return m[0]
        return f"({m['note'].rstrip()}) "
    return _UNCLOSED.sub(close, line)


#: Keywords printed before the Digimon they act on, their reminder after it: '<De-Digivolve 2> 1 of your
#: opponent's Digimon (Trash up to 2 cards from the top. …)' (CR 16-12-1), the keyword put back before
#: the target (BT15-066).
_BEFORE_TARGET = ("<De-Digivolve ",)
_TARGET = re.compile(r"(?P<target>(?:1|all) of your opponent's Digimon)\s*$")


#: The listed effect's bullet written '•' after a keyword or its reminder: '<Delay> • You may play …',
#: '(… activate the effect below.).• …' (BT15-096, BT15-098): the '・' the effect's list is read by.
_BULLET = re.compile(r"(?<=[>)])\.?\s*•\s*")


def _drop_stray_close(line: str) -> str:
    """'… without paying the cost.))' (BT24-014, P-213): a last ')' that closes nothing goes."""
    if line.endswith("))") and line.count(")") == line.count("(") + 1:
        return line[:-1]
    return line


_PARENTHESISED = re.compile(r"\(([^()]*)\)")


def _restore_line(line: str) -> str:
    out, last = [], 0
    for m in _PARENTHESISED.finditer(line):
        found = _reminded(m[1])
        head = "".join(out) + line[last:m.start()]
        after = line[m.end():]
        last = m.end()
        if found is None:
            out = [head, m[0]]
            continue
        keyword, own = found
        target = _TARGET.search(head) if keyword.startswith(_BEFORE_TARGET) else None
        if target is not None:  # '<De-Digivolve 2> 1 of your opponent's Digimon (…)'
            front = head[: target.start()]
            kept = None if _PRINTED.search(front) else _slot(front, own, after)
            restored = [keyword, target["target"]]
        else:
            printed = _PRINTED.search(head) or keyword.startswith(_BEFORE_TARGET)
            kept = None if printed else _slot(head, own, after)
            restored = [keyword]
        if kept is None:
            out = [head, m[0]]
        else:
            out = [kept, " " if kept and not kept.endswith("\n") else "", " ".join(restored), " ", m[0]]
    out.append(line[last:])
    return "".join(out)


def restore_keywords(text: str) -> str:
    """The text with each keyword whose icon was lost put back before its reminder text."""
    lines = (_restore_line(_close_reminders(_drop_stray_close(line))) for line in text.split("\n"))
    return "\n".join(_BULLET.sub("・", line) for line in lines)
