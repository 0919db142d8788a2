"""'The next time one of your Digimon would digivolve this turn, reduce the digivolution cost by 1'
(``next_time_effect``, ingest/compiler/next_time_phrases.py): the player's effect waits as a lasting
effect of the turn (CR 15-10, reaching no card) and answers, once, the first digivolution its
trigger names, as an immediate effect answering 'would digivolve' (CR 15-8-5): it is then used up.
A digivolution it does not name leaves it waiting (QA Q3219); one by an effect uses it too (Q763,
Q980); two of them wait and answer the same digivolution together (Q3220); a cost is never reduced
below 0 (Q978, CR 1-3-9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingest.effect_ir import Action
from kg.solver.effect_spec import spec_of
from kg.solver.events import Event, Pending, Snapshot
from kg.solver.handlers.static_verbs import source_kind
from kg.solver.registry import REGISTRY
from kg.solver.state import Lasting

if TYPE_CHECKING:
    from kg.solver.engine import Engine

NEXT_TIME = "next_time_effect"


@REGISTRY.register("verb", NEXT_TIME)
def next_time_effect(e: Engine, p: Pending, a: Action) -> list[str]:
    """The waiting effect, stamped with the card whose text made it, lasting for the action's duration."""
    assert a.granted is not None, "a next_time_effect action always carries its effect"
    stamp = {"card": p.spec.card or p.holder.cards[-1], "index": e.state.new_uid()}
    given = a.model_copy(update={"granted": a.granted.model_copy(update=stamp)})
    ends = e.expiry(p.player, a.duration)
    e.state.lasting.append(Lasting(p.label, p.player, given, None, (), ends, p.spec.cites,
                                   source=source_kind(e.board, p)))
    e.done += 1
    cites = e.cites(NEXT_TIME)
    e.rec.log(f"{p.label}: '{a.span or a.verb}' waits ({a.duration})", cites)
    return cites


def answering(e: Engine, event: Event) -> list[Pending]:
    """The waiting effects this 'would' event meets, each taken off the wait list: they answer it now."""
    found = []
    for waiting in [x for x in e.state.lasting if x.action.verb == NEXT_TIME]:
        record = waiting.action.granted
        if record is None:
            continue
        spec = spec_of(e.index, record)
        holder = Snapshot(e.state.new_uid(), waiting.owner, waiting.owner, (record.card,), False, -1,
                          [(spec, 0)])
        if e.triggers(spec, holder, event):
            e.state.lasting.remove(waiting)
            found.append(Pending(waiting.label, waiting.owner, 0, spec, holder, event, (-1, record.index),
                                 on_field=False))
    return found
