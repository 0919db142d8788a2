"""The ``dcgkg`` command line (the console script is ``queries.cli:app``).

The Typer app and what the commands share live in :mod:`queries.cli_app`; each command family
lives in its own module, which registers its commands on that app when imported:

- :mod:`queries.cli_graph`: ``build``, ``sparql``, ``validate``
- :mod:`queries.cli_query`: ``diagram``, ``serve``
- :mod:`queries.cli_solver`: ``simulate``, ``triggers``
- :mod:`queries.cli_coverage`: ``coverage``
- :mod:`queries.cli_card`: ``card``

Imports only go one way (this module -> command modules -> ``cli_app``), so there is no cycle.
"""

from __future__ import annotations

from queries import cli_card, cli_coverage, cli_graph, cli_query, cli_solver
from queries.cli_app import app

__all__ = ["app", "cli_card", "cli_coverage", "cli_graph", "cli_query", "cli_solver", "main"]


def main() -> None:
    """Run the command line (``python -m queries``, ``python -m queries.cli``)."""
    app()


if __name__ == "__main__":
    main()
