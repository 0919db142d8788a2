"""The effect compiler: card text -> CompiledEffect (``compile_record``, in
:mod:`ingest.compiler.effect_compiler`), and the phrase modules it reads texts with.

The package itself loads nothing: the solver imports a few of its tables (``per``, ``play`` …)
without paying for the whole compiler; ``compile_record`` loads it on first use.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "compile_record":
        from ingest.compiler.effect_compiler import compile_record

        return compile_record
    raise AttributeError(f"module 'ingest.compiler' has no attribute {name!r}")
