"""Move-for-move agreement with the Rust crates as the workspace's ``games`` command line
reports them: random games chosen through the action encoding, compared ply by ply with
``games show --json`` (position, side to move, legal moves, outcome), and perft with
``games perft --json``."""

from __future__ import annotations

import json
import random

import pytest

import kamisado_onitama as ko
from conftest import ONITAMA_PASS, random_game, run_cli


def cli_show(cli, game: ko.Kamisado | ko.Onitama) -> dict:
    name = "kamisado" if isinstance(game, ko.Kamisado) else "onitama"
    args = ["show", name, "--position", game.start_position, "--json"]
    if game.moves:
        args += ["--moves", " ".join(game.moves)]
    return json.loads(run_cli(cli, *args))


STARTS = (
    [(ko.Kamisado(), seed) for seed in range(8)]
    + [(ko.Onitama(), 100)]
    + [(ko.Onitama.random(seed), seed) for seed in range(8)]
    + [(ko.Onitama(ONITAMA_PASS), 200)]
)


@pytest.mark.parametrize(("start", "seed"), STARTS, ids=[f"{type(g).__name__}-{s}" for g, s in STARTS])
def test_random_games_agree_with_the_rust_crates_ply_by_ply(games_cli, start, seed):
    rng = random.Random(seed)
    game = start.copy()
    plies = 0
    for before, action in random_game(game, rng, max_plies=60):
        shown = cli_show(games_cli, before)
        assert shown["position"] == before.position
        assert shown["to_move"] == before.to_move
        assert shown["outcome"] is None
        decoded = sorted(before.action_to_move(a) for a in before.legal_actions())
        assert decoded == sorted(shown["legal_moves"])
        assert before.legal_moves() == shown["legal_moves"]
        plies += 1
    shown = cli_show(games_cli, game)
    assert shown["position"] == game.position
    if game.is_over:
        assert shown["outcome"] == {"winner": game.winner, "reason": game.outcome.reason}
        assert shown["legal_moves"] == []
    assert plies > 0


@pytest.mark.parametrize(
    ("name", "start", "depth"),
    [
        ("kamisado", ko.Kamisado.from_record("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - d1d7 g8b3"), 5),
        ("onitama", ko.Onitama.random(9), 4),
        ("onitama", ko.Onitama(ONITAMA_PASS), 5),
    ],
)
def test_perft_agrees_with_the_rust_crates(games_cli, name, start, depth):
    report = json.loads(
        run_cli(games_cli, "perft", name, str(depth), "--position", start.position, "--json")
    )
    assert report["nodes"] == start.perft(depth)
    assert [p["nodes"] for p in report["plies"]] == [start.perft(d) for d in range(1, depth + 1)]
