"""Ingest: each source becomes typed records (pydantic), then triples with provenance.

One module per source shape; each exposes ``load(path) -> SourceResult``.
"""
