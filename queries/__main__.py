"""``python -m queries`` runs the ``dcgkg`` command line."""

from queries.cli import main

main()
