"""Text clean-up shared by every source: full-width brackets, HTML entities, stray markup.

>>> normalise("＜Retaliation＞ (When this Digimon is deleted， delete it.)")
'<Retaliation> (When this Digimon is deleted, delete it.)'
>>> normalise("&lt;Reboot&gt; <br>text")
'<Reboot> text'
"""

from __future__ import annotations

import html
import re
import unicodedata

_FULL_WIDTH = str.maketrans({
    "＜": "<", "＞": ">", "，": ", ", "．": ".", "：": ": ", "（": "(", "）": ")",
    "［": "[", "］": "]", "＋": "+", "－": "-", "　": " ", "\u00a0": " ",
    "’": "'", "‘": "'", "“": '"', "”": '"',
})
_TAGS = re.compile(r"</?(?:br|p|span|b|i|em|strong|div)\b[^>]*>", re.IGNORECASE)
_SPACES = re.compile(r"[ \t]+")
_SPACE_BEFORE = re.compile(r" ([,.)])")
_LV = re.compile(r"(?<=[Dd]igivo)Lv\.(?=e)")
_ON_PLAY = re.compile(r"(?<=\.)(?=On Play\])")
_BRACKETS = re.compile(r"[\[\]<>()]")
_REMINDER = re.compile(r"[A-Z][a-z]* \S")  # 'When …', 'Trash …': a sentence, not a short note
_DOUBLE_SPACES = re.compile(r" {2,}")
_SPACE_BEFORE_STOP = re.compile(r" +([.,])")


def normalise(text: str | None) -> str:
    """One clean line-preserving form of a card or rules text."""
    if not text:
        return ""
    # each substitution only where what it needs is in the text (the 'in' tests are much cheaper)
    text = html.unescape(text)
    if "<" in text:
        text = _TAGS.sub(" ", text)
    text = unicodedata.normalize("NFC", text).translate(_FULL_WIDTH)
    if "  " in text or "\t" in text:
        text = _SPACES.sub(" ", text)
    if " ," in text or " ." in text or " )" in text:
        text = _SPACE_BEFORE.sub(r"\1", text)
    if "Lv.e" in text:
        text = _LV.sub("lv", text)  # 'digivoLv.e' (BT1-078, BT2-111): 'digivolve'
    if ".On Play]" in text:
        text = _ON_PLAY.sub(" [", text)  # '… to 3.On Play] Reveal …' (BT3-093): a new effect
    return "\n".join(line.strip() for line in text.splitlines()).strip()


def strip_reminders(text: str) -> str:
    """The text without reminders: parenthesised sentences ('(Trash up to 1 card … .)') outside
    names and keywords, after a keyword or anywhere else. Short notes ('(Rule)', '(other than
    [X])', token stats) and parameters inside a keyword ('<Recovery +1 (Deck)>') are kept.

    >>> strip_reminders("<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon.)")
    '<Blocker>'
    >>> strip_reminders("<Security Attack +1>. (This Digimon checks 1 additional security card.)")
    '<Security Attack +1>.'
    """
    out: list[str] = []
    depth, start, kept_from = 0, -1, 0  # kept_from: where the run of kept text began (start < 0)
    open_parens = 0  # '(' less ')' since ``start``: the reminder ends where it is back to 0
    for bracket in _BRACKETS.finditer(text):  # only brackets change what is kept
        i, ch = bracket.start(), bracket[0]
        if ch in "[<":
            depth += 1
        elif ch in "]>":
            depth = max(0, depth - 1)
        elif ch == "(" and start >= 0:
            open_parens += 1
        elif ch == "(" and depth == 0:
            out.append(text[kept_from:i])
            start, open_parens = i, 1
        elif ch == ")" and start >= 0:
            open_parens -= 1
            if open_parens:
                continue
            note = text[start + 1 : i]
            if not _REMINDER.match(note) or "/" in note:
                out.append(text[start : i + 1])
            start, kept_from = -1, i + 1
    if start < 0:
        out.append(text[kept_from:])
    kept = "".join(out) + (text[start:] if start >= 0 else "")
    return _SPACE_BEFORE_STOP.sub(r"\1", _DOUBLE_SPACES.sub(" ", kept)).strip()
