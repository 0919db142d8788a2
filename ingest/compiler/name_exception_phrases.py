"""'[Omnimon] or [Greymon] (other than [DoruGreymon], [BurningGreymon], or [DexDoruGreymon]) in its
name' (BT5-010): the exception printed between the names and 'in its name' is read after them, as
'with [X] in its name (other than [Y])' is (``Selector.not_name``). Moved only where that keeps the
meaning: the exception belongs to the last name, so no excepted name may contain an earlier one.

>>> exception_last("has [Omnimon] or [Greymon] (other than [DoruGreymon]) in its name, it")
'has [Omnimon] or [Greymon] in its name (other than [DoruGreymon]), it'
>>> exception_last("[Greymon] or [Omnimon] (other than [OmniGreymon]) in its name")
'[Greymon] or [Omnimon] (other than [OmniGreymon]) in its name'
"""

from __future__ import annotations

import re

_BRACKETS = re.compile(r"\[([^\]]+)\]")
_EXCEPTION_BETWEEN = re.compile(
    r"(?P<names>\[[^\]]+\](?:(?:, |,? or )\[[^\]]+\])*) \((?P<but>other than \[[^()]+\])\),? "
    r"(?P<its>in (?:its|their) names?)\b"
)


def _moved(m: re.Match[str]) -> str:
    *earlier, _last = _BRACKETS.findall(m["names"])
    if any(a.lower() in e.lower() for a in earlier for e in _BRACKETS.findall(m["but"])):
        return m[0]
    return f"{m['names']} {m['its']} ({m['but']})"


def exception_last(text: str) -> str:
    """The text with each such exception moved after 'in its name' where the meaning stays."""
    return _EXCEPTION_BETWEEN.sub(_moved, text)
