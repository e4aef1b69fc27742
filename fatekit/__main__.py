"""``python -m fatekit`` runs the command line."""

import sys

from fatekit.cli import main

sys.exit(main())
