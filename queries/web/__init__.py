"""``dcgkg serve``'s web application: the SPARQL endpoint at ``/sparql`` (:mod:`queries.web.endpoint`,
its queries run in worker processes, :mod:`queries.web.pool`) and the browser pages at every other
path (``queries.web.pages``, when present), assembled by :mod:`queries.web.app`."""
