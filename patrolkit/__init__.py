"""patrolkit: print-and-play kits for patrol games, and a referee that reads a table photo."""

__version__ = "0.1.0"
