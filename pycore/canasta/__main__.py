"""``python -m canasta`` and the ``canasta`` script: the command line (``canasta.lab.cli``)."""

from __future__ import annotations

import sys

from .lab.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
