"""``patrolkit serve``: the web companion under uvicorn.

The pool reading photos has one worker per core; the environment variable ``PATROLKIT_WORKERS``
sets another size (a benchmark or a test sharing the machine).
"""

from __future__ import annotations

import argparse
import os
import sys

from patrolkit.errors import KitError
from patrolkit.i18n import _
from server.core.config import Settings


def run_serve(args: argparse.Namespace) -> int:
    """Serve the phone page on ``--host``:``--port`` with its data in ``--data`` (HTTPS when
    ``--cert`` and ``--key`` are given) until interrupted."""
    import uvicorn

    from server.main import create_app

    if not 0 < args.port < 65536:
        raise KitError(_("--port must be from 1 to 65535, not {port}.").format(port=args.port))
    if (args.cert is None) != (args.key is None):
        raise KitError(_("Give both --cert and --key for HTTPS, or neither."))
    for path in (args.cert, args.key):
        if path is not None and not path.is_file():
            raise KitError(_("There is no file at {path}.").format(path=path))
    workers = os.environ.get("PATROLKIT_WORKERS", "")
    if workers and not (workers.isdigit() and int(workers) > 0):
        raise KitError(
            _("PATROLKIT_WORKERS must be a whole number over 0, not '{workers}'.").format(
                workers=workers
            )
        )
    settings = Settings(data=args.data, workers=int(workers) if workers else None)
    scheme = "https" if args.cert else "http"
    shown = "localhost" if args.host in ("127.0.0.1", "::1") else args.host
    address = f"{scheme}://{shown}:{args.port}/"
    print(
        "patrolkit: " + _("serving on {address} (Ctrl+C stops it)").format(address=address),
        flush=True,
    )
    if args.host == "0.0.0.0":
        print(
            "patrolkit: " + _("phones on the same network open this computer's address"),
            flush=True,
        )
    uvicorn.run(
        create_app(settings),
        host=args.host,
        port=args.port,
        ssl_certfile=str(args.cert) if args.cert else None,
        ssl_keyfile=str(args.key) if args.key else None,
        log_level="warning",
    )
    sys.stdout.flush()
    return 0
