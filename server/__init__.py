"""The web companion: ``patrolkit serve``, a phone page that photographs the table, shows the
verdict and the annotated picture, lets players correct what could not be read, and keeps each
game's history (SQLite, photos on disk by content hash).

* :mod:`server.main` builds the app: the API routers, the static page, one error handler.
* :mod:`server.core` holds the one :class:`~server.core.config.Settings` and the errors' statuses.
* :mod:`server.storage` is the database (schema versioned, migrated on start) and the photo files.
* :mod:`server.referee` reads and judges photos in a process pool, off the event loop, through
  the same readers and verdicts as ``patrolkit score`` and ``patrolkit check``.
"""
