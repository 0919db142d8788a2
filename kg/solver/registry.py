"""One registry of handlers: every code the graph or the effect compiler can name is bound here to
exactly one handler, or declared unsupported in the graph (``dcg:unsupported``).

Handlers register themselves by family and code when their module is imported
(``kg/solver/handlers/``); the rules index refuses a graph that names a code with neither
(``kg.solver.bindings``). The engine finds every handler here, never in a table of its own.

>>> r = Registry()
>>> @r.register("verb", "wave")
... def wave(e, p, a):
...     return []
>>> r.handler("verb", "wave") is wave, r.handler("verb", "jump")
(True, None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: The families of codes, and what a handler of each family is called with.
#: (The text after the colon is the signature of a handler of that family.)
FAMILIES: dict[str, str] = {
    "event": "a game event the engine emits (dcg:GameEvent, by local name); bound to its emitter",
    "trigger_condition": ("a trigger condition (dcg:TriggerCondition, by dcg:roleOf): "
                          "(engine, holder, event) -> bool"),
    "condition": ("a processing condition 'if ...' (Condition.kind, CR 15-6): "
                  "(engine, pending, condition) -> bool"),
    "while": "a condition of a persistent effect 'while ...' (CR 15-8-2): (board, state, holder, condition)",
    "verb": "what an action does (Action.verb): (engine, pending, action) -> cites",
    "primitive": "what a keyword does (dcg:Primitive, by dcg:roleOf): (engine, pending) -> cites",
    "ordering_key": ("what an ordering rule sorts pending effects by (dcg:ordersBy): "
                     "(engine, pending) -> value"),
    "ordering": "an ordering rule that is not a sort key (dcg:OrderingRule, by dcg:roleOf)",
    "attack_step": "a step of the attack procedure (dcg:AttackStep, by dcg:roleOf): (engine, step, announce)",
    "turn_phase": "a phase of the turn (dcg:TurnPhase, by dcg:roleOf): (engine, phase, announce)",
    "duration": ("how long a lasting effect lasts (dcg:Duration, by dcg:roleOf): "
                 "(engine, owner, rule) -> turn"),
    "usage_limit": ("how often an effect may activate (dcg:UsageLimit, by dcg:roleOf): "
                    "(engine, pending, amount) -> bool"),
    "zone": "where cards lie (dcg:Zone by dcg:roleOf, and Selector.zone): (engine, pending, player) -> cards",
    "zone_icon": "an effect that works outside the battle area (dcg:ZoneIcon, by local name)",
    "declaration": ("a rule declared while playing a card, just before its cost is paid "
                    "(dcg:PlayDeclaration, by dcg:roleOf): (engine, owner, number, chosen) -> Placed"),
    "point": "where pending processing waits (dcg:ProcessingPoint, by dcg:roleOf): (engine, point)",
}


class RegistryError(Exception):
    """A code bound twice, or a family that does not exist."""


class UnboundCode(Exception):
    """A code named by the graph or the compiler with no handler and no dcg:unsupported (or both):
    the rules index refuses the graph (``kg.solver.bindings``)."""


@dataclass(frozen=True)
class Handler:
    family: str
    code: str
    run: Callable[..., Any]

    @property
    def where(self) -> str:
        """``module.function`` of the handler, for messages and the coverage report."""
        return f"{self.run.__module__}.{getattr(self.run, '__qualname__', repr(self.run))}"


class Registry:
    """Handlers by family and code; a code is bound at most once."""

    def __init__(self) -> None:
        self._by: dict[str, dict[str, Handler]] = {family: {} for family in FAMILIES}
        self._consulted: set[tuple[str, str]] = set()

    def _family(self, family: str) -> dict[str, Handler]:
        if family not in self._by:
            raise RegistryError(f"no handler family {family!r} (families: {', '.join(FAMILIES)})")
        return self._by[family]

    def bind(self, family: str, code: str, run: Callable[..., Any]) -> None:
        table = self._family(family)
        if code in table and _origin(table[code].run) == _origin(run):
            return  # the same module imported a second time under another name (doctest collection)
        if code in table:
            raise RegistryError(f"{family} code {code!r} is bound twice: {table[code].where} and "
                                f"{run.__module__}.{getattr(run, '__qualname__', run)}")
        table[code] = Handler(family, code, run)

    def register(self, family: str, *codes: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator: bind the function to each of ``codes`` in ``family``."""
        def decorate(run: Callable[..., Any]) -> Callable[..., Any]:
            for code in codes:
                self.bind(family, code, run)
            return run
        return decorate

    def consulted(self, family: str, code: str, where: str) -> None:
        """Bind a code that the engine carries out in place (a passive keyword the block step asks
        about, an ordering rule the resolution loop follows): the handler says where, and does nothing."""
        def in_place(*_args: object) -> list[str]:
            return []
        in_place.__doc__ = f"{family} {code!r} is carried out by {where}."
        in_place.__qualname__ = f"{family}_{code}"
        self.bind(family, code, in_place)
        self._consulted.add((family, code))

    def is_consulted(self, family: str, code: str) -> bool:
        """Whether the code is carried out in place by the move that consults it (``consulted``)."""
        return (family, code) in self._consulted

    def handler(self, family: str, code: str | None) -> Callable[..., Any] | None:
        found = self._family(family).get(code or "")
        return found.run if found else None

    def entry(self, family: str, code: str) -> Handler | None:
        return self._family(family).get(code)

    def codes(self, family: str) -> frozenset[str]:
        return frozenset(self._family(family))


def _origin(run: Callable[..., Any]) -> tuple[str, int, str]:
    code = getattr(run, "__code__", None)
    return (getattr(code, "co_filename", ""), getattr(code, "co_firstlineno", 0),
            getattr(run, "__qualname__", repr(run)))


#: The registry the solver uses; filled by importing ``kg.solver.handlers``.
REGISTRY = Registry()
