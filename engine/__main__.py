"""``python -m engine``: the engine's command line tools (see :mod:`engine.cli`)."""

import sys

from engine.cli import main

sys.exit(main())
