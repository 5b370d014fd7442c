"""``python -m groundgate.cli``: the same as the ``groundgate`` command."""

import sys

from groundgate.cli import main

sys.exit(main())
