"""Serve the pages over the bundled graph on a loopback port (for the browser test):
``python tests/web/serve_bundled.py PORT``."""

from __future__ import annotations

import sys

import uvicorn

from queries import open_bundled
from queries.web.pages import build_app

if __name__ == "__main__":
    uvicorn.run(build_app(open_bundled().store), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
