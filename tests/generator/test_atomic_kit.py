"""A kit is written whole or not at all: a kill at any moment leaves the old kit or the whole new
one, two runs into one folder make one kit and one refusal, a full disk keeps the old kit, and the
demo never overwrites a folder it was not asked to."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from patrolkit import atomic
from patrolkit.atomic import locked
from patrolkit.cli import main

ROOT = Path(__file__).resolve().parents[2]
KIT_FILES = ("kit.pdf", "kit.json")


def start(*args: object, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "patrolkit", *map(str, args)],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def files_of(folder: Path) -> dict[str, bytes] | None:
    """The kit in ``folder`` (``None`` when there is no folder)."""
    if not folder.exists():
        return None
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def beside(folder: Path) -> list[str]:
    """What lies beside ``folder`` other than the folder itself and the references."""
    return sorted(p.name for p in folder.parent.iterdir() if p.name.startswith(f".{folder.name}"))


@pytest.fixture(scope="module")
def references(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, bytes]]:
    """The old kit (the classic layout) and the new one (seed 5), each written once."""
    root = tmp_path_factory.mktemp("references")
    made = {}
    for name, args in (("old", []), ("new", ["--seed", "5"])):
        assert main(["kit", "rodeurs", *args, "--out", str(root / name)]) == 0
        made[name] = files_of(root / name) or {}
    return made


@pytest.mark.slow
@pytest.mark.parametrize("old_kit", [True, False], ids=["over an old kit", "into nothing"])
def test_a_kill_at_any_moment_leaves_the_old_kit_or_the_whole_new_one(
    old_kit: bool,
    references: dict[str, dict[str, bytes]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    kit = tmp_path / "kit"
    outcomes = set()
    delays = [0.3, 0.9, 1.6, 2.4, None]  # None: once writing has begun
    for delay in delays:
        if old_kit and files_of(kit) != references["old"]:
            assert main(["kit", "rodeurs", "--out", str(kit), "--force"]) == 0
        process = start("kit", "rodeurs", "--seed", "5", "--out", kit, "--force", cwd=tmp_path)
        if delay is None:
            deadline = time.monotonic() + 60
            while not any(".new-" in name for name in beside(kit)):
                assert time.monotonic() < deadline and process.poll() is None
                time.sleep(0.001)
        else:
            time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.communicate()
        found = files_of(kit)
        if found == references["new"]:
            outcomes.add("new")
        else:
            assert found == (references["old"] if old_kit else None), f"half kit after {delay} s"
            outcomes.add("old")
        left = [name for name in beside(kit) if not name.endswith(".lock")]
        code, _, err = run(capsys, "kit", "rodeurs", "--seed", "5", "--out", kit, "--force")
        assert code == 0, err
        assert files_of(kit) == references["new"]
        assert beside(kit) == []
        for name in left:
            assert name in err
        if old_kit:
            assert main(["kit", "rodeurs", "--out", str(kit), "--force"]) == 0
    assert "old" in outcomes


def test_a_second_run_into_a_folder_being_written_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kit = tmp_path / "kit"
    with locked(kit):
        code, _, err = run(capsys, "kit", "rodeurs", "--out", kit)
    assert code == 2 and len(err.splitlines()) == 1
    assert f"{kit} is being written by another patrolkit run (process {os.getpid()}" in err
    assert not kit.exists()
    assert run(capsys, "kit", "rodeurs", "--out", kit)[0] == 0


@pytest.mark.slow
def test_two_runs_into_one_folder_make_one_kit_and_one_refusal(
    references: dict[str, dict[str, bytes]], tmp_path: Path
) -> None:
    kit = tmp_path / "kit"
    runs = [
        start("kit", "rodeurs", "--out", kit, cwd=tmp_path),
        start("kit", "rodeurs", "--seed", "5", "--out", kit, cwd=tmp_path),
    ]
    done = [(process, *process.communicate(timeout=120)) for process in runs]
    codes = sorted(process.returncode for process, _, _ in done)
    assert codes == [0, 2], [err for _, _, err in done]
    winner = 0 if done[0][0].returncode == 0 else 1
    refusal = done[1 - winner][2]
    assert len(refusal.splitlines()) == 1
    assert "being written by another patrolkit run" in refusal or "already exist" in refusal
    assert files_of(kit) == references[("old", "new")[winner]]
    assert beside(kit) == []


def test_a_full_disk_keeps_the_old_kit(
    references: dict[str, dict[str, bytes]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    kit = tmp_path / "kit"
    assert run(capsys, "kit", "rodeurs", "--out", kit)[0] == 0
    write = atomic._write_new

    def fill_up(path: Path, data: bytes) -> None:
        if path.name == "kit.json":
            write(path, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        write(path, data)

    monkeypatch.setattr(atomic, "_write_new", fill_up)
    code, _, err = run(capsys, "kit", "rodeurs", "--seed", "5", "--out", kit, "--force")
    assert code == 2 and len(err.splitlines()) == 1
    assert f"Cannot write {kit} (No space left on device)" in err
    assert files_of(kit) == references["old"]
    assert beside(kit) == []


def test_leftovers_of_a_stopped_run_are_named_and_removed(
    references: dict[str, dict[str, bytes]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kit = tmp_path / "kit"
    half = tmp_path / ".kit.new-99999"
    half.mkdir()
    (half / "kit.pdf").write_bytes(b"%PDF-1.4 half")
    (tmp_path / ".kit.lock").write_text("99999\n")
    code, _, err = run(capsys, "kit", "rodeurs", "--out", kit)
    assert code == 0
    assert "took over the stale lock" in err and "99999" in err
    assert f"removed what a stopped run left behind: {half}" in err
    assert files_of(kit) == references["old"]
    assert beside(kit) == []


def test_an_old_kit_left_aside_by_a_stopped_run_is_put_back(
    references: dict[str, dict[str, bytes]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kit = tmp_path / "kit"
    assert run(capsys, "kit", "rodeurs", "--out", kit)[0] == 0
    kit.rename(tmp_path / ".kit.old-99999")  # killed between the two renames of a swap
    code, _, err = run(capsys, "kit", "rodeurs", "--out", kit)
    assert code == 2 and "put back" in err and "already exist" in err
    assert files_of(kit) == references["old"]


def test_a_kit_is_not_written_into_a_folder_of_other_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    code, _, err = run(capsys, "kit", "rodeurs", "--out", tmp_path, "--force")
    assert code == 2 and len(err.splitlines()) == 1 and "notes.txt" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


# -- the demo ---------------------------------------------------------------------------------


def test_the_demo_refuses_a_folder_that_holds_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "game.txt").write_text("my own notes")
    code, out, err = run(capsys, "demo", "--out", tmp_path)
    assert code == 2 and len(err.splitlines()) == 1
    assert f"{tmp_path} already exists; add --force" in err
    assert out == ""
    assert (tmp_path / "game.txt").read_text() == "my own notes"


@pytest.mark.slow
def test_the_demo_with_force_replaces_only_its_own_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "game.txt").write_text("an old game")
    (tmp_path / "mine.txt").write_text("kept")
    code, _, err = run(capsys, "demo", "--out", tmp_path, "--force")
    assert code == 0, err
    assert (tmp_path / "mine.txt").read_text() == "kept"
    assert (tmp_path / "game.txt").read_text() != "an old game"
    assert (tmp_path / "kit" / "kit.json").is_file()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]
