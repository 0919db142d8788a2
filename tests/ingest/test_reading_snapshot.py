"""Every real card's compiled reading, pinned: a new template cannot silently change an older reading.

The compiler's template tables are tried most specific first, and a new template can catch text an
older one read before. This test compiles the whole corpus and compares a digest of each card's
compiled structure with `data/readings.tsv`. A change names the cards whose reading changed, with
their texts; after checking each one against its printed text, accept the new readings with

    python tests/ingest/test_reading_snapshot.py --update
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

SNAPSHOT = Path(__file__).parent / "data" / "readings.tsv"
CORPUS_CARDS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "cards.json"


def readings(cards_json: Path) -> dict[str, str]:
    """Card number -> digest of its compiled effects (texts and structure), for every parsable card."""
    from tests.ingest.compile_helpers import corpus_records

    out: dict[str, str] = {}
    for number, records in corpus_records(cards_json).items():
        dump = json.dumps(
            [[r.text, r.compiled.model_dump(mode="json")] for r in records], sort_keys=True
        )
        out[number] = hashlib.sha1(dump.encode()).hexdigest()[:16]
    return out


def _load() -> dict[str, str]:
    lines = SNAPSHOT.read_text(encoding="utf-8").splitlines()
    return dict(line.split("\t") for line in lines if line and not line.startswith("#"))


def _texts(cards_json: Path, numbers: list[str]) -> list[str]:
    from tests.ingest.compile_helpers import corpus_cards

    cards = corpus_cards(cards_json)
    return [f"{n}: {cards[n].texts}" for n in numbers if n in cards]


def test_no_card_reading_changed_unnoticed(corpus: Path) -> None:
    now = readings(corpus / "cards.json")
    pinned = _load()
    changed = sorted(n for n in now.keys() | pinned.keys() if now.get(n) != pinned.get(n))
    assert not changed, (
        f"{len(changed)} card(s) now read differently: {', '.join(changed[:40])}\n"
        + "\n".join(_texts(corpus / "cards.json", changed[:5]))
        + "\ncheck each against its printed text (dcgkg card NUMBER), then accept with "
        "`python tests/ingest/test_reading_snapshot.py --update`"
    )


if __name__ == "__main__" and "--update" in sys.argv:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    rows = readings(CORPUS_CARDS)
    SNAPSHOT.write_text(
        "# card number <TAB> digest of its compiled reading (tests/ingest/test_reading_snapshot.py)\n"
        + "".join(f"{n}\t{d}\n" for n, d in sorted(rows.items())),
        encoding="utf-8",
    )
    print(f"{len(rows)} card readings written to {SNAPSHOT}")
