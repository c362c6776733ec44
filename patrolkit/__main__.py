"""``python -m patrolkit`` runs the command line."""

import sys

from patrolkit.cli import main

sys.exit(main())
