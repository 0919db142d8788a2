"""The query layer: what users call (Python API, named SPARQL, diagrams, endpoint, CLI)."""
