"""What a ruling is *about*, as opposed to what it merely mentions (``dcg:aboutKeyword``,
``dcg:aboutTiming``; the mentions stay ``dcg:mentionsKeyword`` / ``dcg:mentionsTiming``).

The rule, applied to every ruling at ingest: a keyword ``<K>`` (a timing ``[T]``) is a ruling's
topic when

1. the *question* names it in its printed form (``<Piercing>``, ``[On Deletion]``), and
2. the question's asking sentence (one ending in ``?``) or the answer speaks of it *working*:
   the keyword (timing) is the subject of a verb of working (``<Piercing> activates``, ``does
   the <Piercing> trigger``, ``[On Deletion] effect activate``), or, for a keyword, the object
   of one (``activate <Piercing>``, ``use the gained <Piercing>``, ``a security check for
   <Piercing>``, ``block with <Blocker>``), in a main clause: not after ``if``, ``when``,
   ``while``, ``after`` … in its clause (``what happens if this card's [On Play] effect
   activates?`` asks about the effect, not about [On Play]).

A keyword a card merely has, gains or gives (``a Digimon with <Piercing>``, ``give <Piercing> and
+4000 DP``), or one used in the story the question tells (``I used this card's <Barrier> to
trash a security card.``), is a mention: the ruling is about the card's effect, its targets or
costs.

>>> about_keywords("Can I give <Piercing> to a Digimon, then not attack?", "No, it must attack.")
[]
>>> about_keywords("A Digimon with <Piercing> attacks. Does <Piercing> take effect?", "No.")
['Piercing']
>>> about_keywords("My Digimon with <Piercing> deletes it. Do I check security?",
...                "Yes, you can perform checks off of <Piercing>.")
['Piercing']
>>> about_timings("Does this card's [On Deletion] effect activate if it is trashed?", "No.")
['OnDeletion']
>>> about_timings("Can I choose a Tamer with this card's [On Play] effect?", "Yes, you can.")
[]
"""

from __future__ import annotations

import re

from ingest.vocab import vocabulary

#: Words that may stand between the keyword or timing and its verb ("<Piercing> will still trigger").
_MODAL = (r"(?:will|would|can|could|may|does|do|did|doesn't|does\s+not|don't|didn't|won't|can't|cannot|"
          r"isn't|aren't|is|are|was|be|been|being|has|have|had|already|still|only|also|not|never|immediately|"
          r"simultaneously)")
#: The verbs of an effect working.
_WORKS = r"(?:activat|trigger|take\s+effect|takes\s+effect|took\s+effect|appl|resolv|process|check|block)"
#: After the term: optional further tags, "effect", "on/of …" (up to 4 words), modal words, the verb.
_AFTER = re.compile(r"^(?:\s*\[[^\[\]]+\])*\s*(?:effects?\b)?"
                    r"(?:\s+(?:on|of|in)\s+(?:(?!and\b|or\b|but\b)[\w'’]+\s+){0,4}?)?"
                    rf"(?:\s*{_MODAL}\b)*\s*(?:an?\s+effect\s+that\s+)?{_WORKS}", re.IGNORECASE)
#: Determiners between a verb and its keyword object ("use that Digimon's <Piercing>").
_DETERMINER = r"(?:the|this|that|these|its|my|your|their|an?|opponent's|opponent’s|card's|card’s|Digimon's|" \
              r"Digimon’s|gained|same|other|another)"
#: Before a keyword: the verb whose object it is ("activate <Piercing>", "a check for <Piercing>").
_BEFORE = re.compile(rf"(?:\b(?:activat\w*|use|uses|using|used|trigger\w*|resolv\w*|block\w*\s+with)"
                     rf"|\bchecks?\w*\s+(?:\w+\s+){{0,3}}?(?:for|with|using|due\s+to|off\s+of|from|by))"
                     rf"\s+(?:{_DETERMINER}\s+){{0,3}}$", re.IGNORECASE)
_TAG = re.compile(r"\[([^\[\]]+)\]")
_SENTENCE = re.compile(r"[^.?!\n]*(?:[.?!]+(?=\s|$)|\n|$)|[^\n]+")
#: A subordinate clause: the term in it is the story's circumstance, not what is asked.
_SUBORDINATE = re.compile(
    r"\b(?:if|when|whenever|while|after|once|because|since|until|before|as\s+soon\s+as)\b", re.IGNORECASE)


def about_keywords(question: str, answer: str) -> list[str]:
    """The keywords the ruling is about (named in the question and spoken of as working)."""
    pattern, names = vocabulary().keyword_pattern, vocabulary().keywords
    asked = {names[m.group(1).lower()] for m in pattern.finditer(question)}
    found: list[str] = []
    if not asked:  # none named in the question: none it is about
        return found
    for text in _spoken(question, answer):
        for m in pattern.finditer(text):
            name = names[m.group(1).lower()]
            if name in asked and name not in found and _works(text, m.start(), m.end(), keyword=True):
                found.append(name)
    return found


def about_timings(question: str, answer: str) -> list[str]:
    """The timings the ruling is about (named in the question; an effect of it activating or triggering)."""
    timings = vocabulary().timings
    asked = {timings[m.group(1).lower()] for m in _TAG.finditer(question) if m.group(1).lower() in timings}
    found: list[str] = []
    if not asked:
        return found
    for text in _spoken(question, answer):
        for m in _TAG.finditer(text):
            name = timings.get(m.group(1).lower())
            if name in asked and name not in found and _works(text, m.start(), m.end(), keyword=False):
                found.append(name)  # type: ignore[arg-type]
    return found


def _spoken(question: str, answer: str) -> list[str]:
    """The sentences that may make a topic: the question's asking ones and the answer's."""
    asking = [m.group(0) for m in _SENTENCE.finditer(question) if m.group(0).rstrip().endswith("?")]
    return [*asking, *(m.group(0) for m in _SENTENCE.finditer(answer) if m.group(0).strip())]


_CLAUSE_STOP = re.compile(r"[,;:]")


def _works(text: str, start: int, end: int, *, keyword: bool) -> bool:
    """The term at ``text[start:end]`` is the subject (or, for a keyword, the object) of a verb of
    working, in a main clause of the sentence ``text``."""
    if _SUBORDINATE.search(_CLAUSE_STOP.split(text[:start])[-1]):
        return False
    if _AFTER.match(text[end:end + 120]):
        return True
    return keyword and bool(_BEFORE.search(text[max(0, start - 60):start]))
