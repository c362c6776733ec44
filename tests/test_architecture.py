"""The layering contracts of pyproject.toml hold, and they catch a wrong import."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("patrolkit", "generator", "companion", "templates", "server")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(tree / "pyproject.toml")],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def copy_of_the_tree(tmp_path: Path) -> Path:
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def add_import(module: Path, line: str) -> None:
    module.write_text(module.read_text(encoding="utf-8") + f"\n{line}  # a wrong import\n")


pytestmark = pytest.mark.skipif(not LINT_IMPORTS.exists(), reason="import-linter not installed")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("generator/page.py", "import companion.load", "The generator never imports the companion"),
        (
            "patrolkit/games/rodeurs/model.py",
            "import numpy",
            "The rules are pure",
        ),
        (
            "companion/patrolis/verdict.py",
            "import companion.rodeurs.reader",
            "Patrolis, in every layer, imports no other game",
        ),
        (
            "companion/rodeurs/reader.py",
            "import generator.qr",
            "Only the virtual camera and the command line import the generator",
        ),
        (
            "companion/rodeurs/reader.py",
            "import server.main",
            "The rules, the generator and the photo readers never import the web companion",
        ),
        (
            "patrolkit/games/stratego/moves.py",
            "import patrolkit.games.rodeurs",
            "The games' rules never import each other",
        ),
    ],
)
def test_a_wrong_import_breaks_its_contract(
    tmp_path: Path, module: str, line: str, contract: str
) -> None:
    tree = copy_of_the_tree(tmp_path)
    add_import(tree / module, line)
    done = lint_imports(tree)
    assert done.returncode != 0
    broken = [row for row in done.stdout.splitlines() if "BROKEN" in row]
    assert len(broken) >= 1
    assert any(contract in row for row in broken), done.stdout
