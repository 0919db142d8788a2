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
    return "\n".join(line.strip() for line in text.splitlines()).strip()


def strip_reminders(text: str) -> str:
    """The text without reminder parentheses that follow a keyword (they restate its rule)."""
    return re.sub(r"(<[^<>]*(?:<[^<>]*>[^<>]*)*>)\s*\((?:[^()]|\([^()]*\))*\)", r"\1", text)
