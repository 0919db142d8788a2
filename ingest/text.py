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


def normalise(text: str | None) -> str:
    """One clean line-preserving form of a card or rules text."""
    if not text:
        return ""
    text = html.unescape(text)
    text = _TAGS.sub(" ", text)
    text = unicodedata.normalize("NFC", text).translate(_FULL_WIDTH)
    text = _SPACES.sub(" ", text)
    text = re.sub(r" ([,.)])", r"\1", text)
    text = re.sub(r"(?<=[Dd]igivo)Lv\.(?=e)", "lv", text)  # 'digivoLv.e' (BT1-078, BT2-111): 'digivolve'
    text = re.sub(r"(?<=\.)(?=On Play\])", " [", text)  # '… to 3.On Play] Reveal …' (BT3-093): a new effect
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
    depth, start = 0, -1
    for i, ch in enumerate(text):
        if ch in "[<":
            depth += 1
        elif ch in "]>":
            depth = max(0, depth - 1)
        elif ch == "(" and depth == 0 and start < 0:
            start = i
        elif ch == ")" and start >= 0 and text.count("(", start, i) == text.count(")", start, i + 1):
            note = text[start + 1 : i]
            if not re.match(r"[A-Z][a-z]* \S", note) or "/" in note:
                out.append(text[start : i + 1])
            start = -1
            continue
        if start < 0:
            out.append(ch)
    kept = "".join(out) + (text[start:] if start >= 0 else "")
    return re.sub(r" +([.,])", r"\1", re.sub(r" {2,}", " ", kept)).strip()
