"""``python -m patrolkit`` runs the command line."""

import sys

from patrolkit.cli import main

if __name__ == "__main__":  # not when a worker process imports this module
    sys.exit(main())
