"""Writing outputs whole or not at all, one run at a time.

Every file or folder patrolkit writes (a kit folder, a batch of boards, a deck file, an annotated
picture) goes through here:

* a **lock** beside the target (``.NAME.lock``, holding the writer's process id) is taken first,
  so a second run writing the same target at the same time is refused in one sentence naming the
  lock. The lock is held with ``flock``, which the system releases when its process ends, so a lock
  file left by a run that was killed is recognised as stale, named, and taken over;
* the new content is written into a temporary file or folder **beside** the target (same file
  system: ``.NAME.new-PID``) and renamed into place in one step. With ``--force`` an existing
  folder is swapped with the new one atomically (``renameat2``'s exchange on Linux; elsewhere two
  renames, the old one kept as ``.NAME.old-PID`` until the new one is in place);
* **leftovers** of a run that was killed (``.NAME.new-*``, ``.NAME.old-*``, ``.NAME.partial``)
  are only ever removed while holding the target's lock — then no other run can be writing them —
  and each one removed is named on standard error. An old kit found only as ``.NAME.old-*`` (a run
  killed between the two renames) is put back first.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import fcntl
import os
import shutil
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Final

from patrolkit.errors import KitError, note
from patrolkit.i18n import _

_RENAME_EXCHANGE: Final = 2
"""``renameat2``'s flag swapping two paths atomically (Linux 3.15 and later)."""
_AT_FDCWD: Final = -100


def _cannot_write(path: Path, exc: OSError) -> str:
    return _("Cannot write {path} ({reason}).").format(path=path, reason=exc.strerror or exc)


def _beside(target: Path, suffix: str) -> Path:
    return target.with_name(f".{target.name}.{suffix}")


def lock_path(target: Path) -> Path:
    """The lock file of ``target``: ``.NAME.lock`` beside it."""
    return _beside(target, "lock")


@contextlib.contextmanager
def locked(target: Path) -> Iterator[None]:
    """Hold ``target``'s lock for the block; :class:`KitError` if another live run holds it."""
    path = lock_path(target)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise KitError(
            _("Cannot create the folder {folder} ({reason}).").format(
                folder=path.parent, reason=exc.strerror or exc
            )
        ) from None
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise KitError(
                _("Cannot create the lock {path} ({reason}).").format(
                    path=path, reason=exc.strerror or exc
                )
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_pid(fd)
            os.close(fd)
            if holder:
                busy = _(
                    "{target} is being written by another patrolkit run (process {pid}, lock"
                    " {lock}); wait for it to finish."
                ).format(target=target, pid=holder, lock=path)
            else:
                busy = _(
                    "{target} is being written by another patrolkit run (lock {lock}); wait for"
                    " it to finish."
                ).format(target=target, lock=path)
            raise KitError(busy) from None
        # The file may have been removed by the run that held it just before we locked it.
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(path))
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)
    try:
        stale = _read_pid(fd)
        if stale and stale != os.getpid():
            note(
                _("took over the stale lock {lock} of process {pid}, which no longer runs").format(
                    lock=path, pid=stale
                )
            )
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        _clean_leftovers(target)
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
        os.close(fd)


def _read_pid(fd: int) -> int:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return 0
    return int(text) if text.isdigit() else 0


def leftovers(target: Path) -> list[Path]:
    """What interrupted runs left beside (or, for a folder, inside) ``target``."""
    found = [
        *target.parent.glob(f".{_glob_safe(target.name)}.new-*"),
        *target.parent.glob(f".{_glob_safe(target.name)}.old-*"),
        *target.parent.glob(f".{_glob_safe(target.name)}.partial*"),
    ]
    if target.is_dir():
        found += target.glob(".*.partial")
    return sorted(found)


def _glob_safe(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[]" else c for c in name)


def _clean_leftovers(target: Path) -> None:
    """Remove what killed runs left (call only while holding ``target``'s lock)."""
    found = leftovers(target)
    olds = [path for path in found if path.name.startswith(f".{target.name}.old-")]
    if olds and not target.exists():
        os.replace(olds[-1], target)
        note(
            _("put back {target} from {old}, left by a run that was stopped").format(
                target=target, old=olds[-1].name
            )
        )
        found.remove(olds[-1])
    for path in found:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                path.unlink()
    if found:
        names = ", ".join(str(path) for path in found)
        note(_("removed what a stopped run left behind: {names}").format(names=names))


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_new(path: Path, data: bytes) -> None:
    with open(path, "xb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def refuse_existing(paths: list[Path], force: bool) -> None:
    """:class:`KitError` naming those of ``paths`` that exist, unless ``force``."""
    if force:
        return
    existing = [path for path in paths if path.exists()]
    if len(existing) == 1:
        raise KitError(
            _("{path} already exists; add --force to overwrite it.").format(path=existing[0])
        )
    if existing:
        raise KitError(
            _("{first} and {second} already exist; add --force to overwrite them.").format(
                first=", ".join(str(path) for path in existing[:-1]), second=existing[-1]
            )
        )


def write_file(path: Path, make: Callable[[], bytes], *, force: bool) -> Path:
    """Write ``make()`` to ``path`` whole or not at all, under ``path``'s lock; :class:`KitError`
    if ``path`` exists and not ``force`` (then ``make`` is not called) or cannot be written."""
    path = Path(path)
    with locked(path):
        refuse_existing([path], force)
        if path.is_dir():
            raise KitError(_("{path} is a folder; name a file to write.").format(path=path))
        data = make()
        partial = _beside(path, f"new-{os.getpid()}")
        try:
            _write_new(partial, data)
            os.replace(partial, path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                partial.unlink()
            raise KitError(_cannot_write(path, exc)) from None
        _fsync_dir(path.parent)
    return path


def write_through(path: Path, write: Callable[[Path], object], *, force: bool) -> Path:
    """Like :func:`write_file`, for a writer that takes a path: ``write(temporary)`` writes a
    file beside ``path`` (same suffix), renamed into place once complete."""
    path = Path(path)
    with locked(path):
        refuse_existing([path], force)
        partial = _beside(path, f"new-{os.getpid()}{path.suffix}")
        try:
            write(partial)
            os.replace(partial, path)
        except OSError as exc:
            raise KitError(_cannot_write(path, exc)) from None
        finally:
            with contextlib.suppress(OSError):
                partial.unlink()
    return path


def write_folder(
    folder: Path, names: tuple[str, ...], make: Callable[[], Mapping[str, bytes]], *, force: bool
) -> tuple[Path, ...]:
    """Write the files ``make()`` returns (named ``names``, in that order) as the folder
    ``folder``, whole or not at all; with ``force`` an existing folder of those files is
    replaced only once the new one is complete. :class:`KitError` if ``folder`` holds any of
    ``names`` and not ``force``, or holds anything else (a kit has a folder of its own)."""
    folder = Path(folder)
    with locked(folder):
        refuse_existing([folder / name for name in names], force)
        if folder.exists() and not folder.is_dir():
            raise KitError(
                _("{folder} is a file, not a folder; name a folder for the kit.").format(
                    folder=folder
                )
            )
        others = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
        others = [name for name in others if name not in names]
        if others:
            raise KitError(
                _(
                    "{folder} holds files that are not part of a kit ({names}); give the kit a"
                    " folder of its own with --out."
                ).format(folder=folder, names=", ".join(others[:3]))
            )
        files = make()
        new = _beside(folder, f"new-{os.getpid()}")
        try:
            new.mkdir()
            for name in names:
                _write_new(new / name, files[name])
            _fsync_dir(new)
            _swap_in(new, folder)
        except OSError as exc:
            shutil.rmtree(new, ignore_errors=True)
            raise KitError(_cannot_write(folder, exc)) from None
        _fsync_dir(folder.parent)
    return tuple(folder / name for name in names)


def _swap_in(new: Path, folder: Path) -> None:
    """Put the complete folder ``new`` at ``folder``: a rename if nothing (or an empty folder) is
    there, else an atomic exchange (or, without one, two renames), then drop the old folder."""
    try:
        os.rename(new, folder)
        return
    except OSError as exc:
        if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
            raise
    if _exchange(new, folder):
        shutil.rmtree(new, ignore_errors=True)
        return
    old = _beside(folder, f"old-{os.getpid()}")
    os.rename(folder, old)
    os.rename(new, folder)
    shutil.rmtree(old, ignore_errors=True)


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths in one step with Linux's ``renameat2``; ``False`` where it is missing."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(
        _AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE
    )
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(second))
