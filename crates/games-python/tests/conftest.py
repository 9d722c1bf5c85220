"""Shared helpers of the pytest suite of kamisado_onitama.

The suite runs against the installed package (``maturin develop`` or the wheel; see
docs/python.md). The agreement tests also need the workspace's ``games`` binary: the path in
``GAMES_CLI``, else ``target/release/games`` or ``target/debug/games`` of the repository; they
are skipped without it unless ``KAMISADO_ONITAMA_REQUIRE_CLI=1`` (as in CI), which makes a
missing binary a failure.
"""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path

import pytest

import kamisado_onitama as ko

REPOSITORY = Path(__file__).resolve().parents[3]

#: Positions with forced turns, each reached in a real game.
KAMISADO_ZERO_LENGTH = "d1d7 g8b3"  # Black's yellow tower on d7 is blocked: d7d7
KAMISADO_DEADLOCK = "c1a3 b8h2 a3e7 h2h2 e7e7"  # Gold wins by deadlock
ONITAMA_PASS = "MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r"  # Red must pass


def random_game(game: ko.Kamisado | ko.Onitama, rng: random.Random, max_plies: int = 400):
    """Plays random legal actions from ``game`` until it ends (or ``max_plies``), yielding the
    game before each action and the action."""
    while not game.is_over and game.ply < max_plies:
        action = rng.choice(game.legal_actions())
        yield game, action
        game.play(action)


def sample_games(seed: int, count: int) -> list[ko.Kamisado | ko.Onitama]:
    """``count`` start positions of each game: Kamisado's start, Onitama's random deals, and
    the positions with forced turns."""
    starts: list[ko.Kamisado | ko.Onitama] = []
    for i in range(count):
        starts.append(ko.Kamisado())
        starts.append(ko.Onitama.random(seed + i))
    zero = ko.Kamisado()
    for mv in KAMISADO_ZERO_LENGTH.split():
        zero.play(mv)
    starts.append(zero)
    starts.append(ko.Onitama(ONITAMA_PASS))
    return starts


@pytest.fixture(scope="session")
def games_cli() -> Path:
    """The workspace's ``games`` binary (see the module's docstring)."""
    candidates = []
    if os.environ.get("GAMES_CLI"):
        candidates.append(Path(os.environ["GAMES_CLI"]))
    candidates += [REPOSITORY / "target" / "release" / "games", REPOSITORY / "target" / "debug" / "games"]
    for path in candidates:
        if path.is_file() and os.access(path, os.X_OK):
            return path
    message = f"the games binary was not found (tried {', '.join(map(str, candidates))})"
    if os.environ.get("KAMISADO_ONITAMA_REQUIRE_CLI") == "1":
        pytest.fail(message)
    pytest.skip(message + "; build it with `cargo build -p games-cli` or set GAMES_CLI")


def run_cli(cli: Path, *args: str) -> str:
    """Runs the ``games`` binary and returns its standard output."""
    done = subprocess.run([str(cli), *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"games {' '.join(args)} failed: {done.stderr}"
    return done.stdout
