"""The rules through the one-game API: positions and text, moves, forced turns, outcomes,
undo and redo, records, Zobrist keys, perft against the published tables."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import kamisado_onitama as ko
from conftest import KAMISADO_DEADLOCK, KAMISADO_ZERO_LENGTH, ONITAMA_PASS, random_game

KAMISADO_START = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -"
ONITAMA_START_A = "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b"


def test_kamisado_start():
    game = ko.Kamisado()
    assert game.position == KAMISADO_START
    assert game.start_position == KAMISADO_START
    assert game.to_move == "black" and game.current_player == 0
    assert game.required is None
    assert len(game.legal_moves()) == 102
    assert not game.is_over and game.outcome is None and game.winner is None
    assert ko.Kamisado.PLAYERS == ("black", "gold")


def test_kamisado_zero_length_move_is_the_only_legal_move_and_an_action():
    game = ko.Kamisado()
    for mv in KAMISADO_ZERO_LENGTH.split():
        game.play(mv)
    assert game.legal_moves() == ["d7d7"]
    (action,) = game.legal_actions()
    # Yellow is colour 3; the zero-length move is the colour's first action.
    assert action == 3 * 22
    assert game.action_to_move(action) == "d7d7"
    game.play(action)
    assert game.moves == ["d1d7", "g8b3", "d7d7"]
    assert game.to_move == "gold"


def test_kamisado_deadlock_ends_the_game_for_the_last_positive_mover():
    game = ko.Kamisado()
    moves = KAMISADO_DEADLOCK.split()
    for mv in moves[:4]:
        game.play(mv)
    assert game.position == "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO b r b"
    assert game.required == "red"
    game.play(moves[4])
    assert game.position == "o1pkyrgn/4R3/8/8/8/8/7b/NG1YKPBO g b br"
    assert game.is_over
    assert game.winner == "gold"
    assert game.outcome.winner == "gold"
    assert game.outcome.reason == "deadlock"
    assert str(game.outcome) == "gold wins by deadlock"
    assert game.legal_moves() == [] and game.legal_actions() == []
    assert not game.action_mask().any()


def test_onitama_start_and_deals():
    game = ko.Onitama()
    assert game.position == ONITAMA_START_A
    assert game.to_move == "blue" and game.current_player == 1
    assert len(game.legal_moves()) == 10
    assert game.hand("red") == ("elephant", "horse")
    assert game.hand(1) == ("boar", "ox")
    assert game.side_card == "crab"
    dealt = ko.Onitama(cards="rooster,tiger,rabbit,cobra,frog")
    assert dealt.position == "ssmss/5/5/5/SSMSS rooster,tiger cobra,rabbit frog r"
    assert ko.Onitama.random(7).position == ko.Onitama.random(7).position
    assert len({ko.Onitama.random(s).position for s in range(20)}) > 10


def test_onitama_forced_pass_is_one_action_per_card():
    game = ko.Onitama(ONITAMA_PASS)
    assert game.legal_moves() == ["boar:pass", "elephant:pass"]
    assert game.legal_actions() == [1250, 1251]
    assert game.action_to_move(1251) == "elephant:pass"
    game.play(1250)
    assert game.moves == ["boar:pass"]
    assert game.to_move == "blue"
    assert game.side_card == "boar"
    assert game.hand("red") == ("crab", "elephant")
    # The board did not change.
    assert game.position.split()[0] == ONITAMA_PASS.split()[0]


def test_onitama_win_by_stone():
    game = ko.Onitama()
    for mv in ["ox:c5c4", "horse:c1c2", "boar:c4c3", "elephant:b1a2", "horse:c3c2"]:
        game.play(mv)
    assert game.is_over and game.winner == "blue"
    assert game.outcome.reason == "stone"


@pytest.mark.parametrize(
    ("start", "counts"),
    [
        (ko.Kamisado(), [102, 1150, 11182, 105024]),
        (ko.Onitama(), [10, 130, 1989, 28509]),
        (ko.Onitama(ONITAMA_PASS), [2, 12, 20, 110, 758]),
    ],
)
def test_perft_matches_the_published_tables(start, counts):
    assert [start.perft(d) for d in range(1, len(counts) + 1)] == counts


def test_undo_redo_and_immutable_after():
    game = ko.Kamisado()
    positions = [game.position]
    for mv in ["c1a3", "b8b2", "a1a2"]:
        game.play(mv)
        positions.append(game.position)
    assert game.undo() == "a1a2"
    assert game.position == positions[2] and game.ply == 2
    assert game.undo() == "b8b2"
    assert game.redo() == "b8b2"
    assert game.position == positions[2]
    nxt = game.after("a1a2")
    assert nxt.position == positions[3] and game.position == positions[2]
    while game.undo() is not None:
        pass
    assert game.position == KAMISADO_START and game.ply == 0
    assert game.undo() is None


@pytest.mark.parametrize("make", [ko.Kamisado, lambda: ko.Onitama.random(3)])
def test_record_pickle_copy_round_trip(make):
    rng = random.Random(11)
    game = make()
    for _ in random_game(game, rng, max_plies=30):
        pass
    again = type(game).from_record(game.record)
    assert again == game
    assert again.position == game.position and again.moves == game.moves
    assert pickle.loads(pickle.dumps(game)) == game
    clone = copy.deepcopy(game)
    assert clone == game
    if not clone.is_over:
        clone.play(clone.legal_actions()[0])
        assert clone != game and clone.ply == game.ply + 1


@pytest.mark.parametrize("make", [ko.Kamisado, lambda: ko.Onitama.random(5)])
def test_zobrist_keys_are_incremental_and_from_scratch_alike(make):
    rng = random.Random(3)
    for _ in range(5):
        game = make()
        keys = {}
        for before, _action in random_game(game, rng):
            fresh = type(game)(before.position)
            # The key kept up to date move by move equals the key of the parsed position.
            assert fresh.zobrist == before.zobrist
            keys.setdefault(before.zobrist, set()).add(before.position)
        # Different positions met in a game have different keys.
        assert all(len(p) == 1 for p in keys.values())


def test_onitama_repetitions_count_earlier_occurrences():
    # Six plies that bring the Masters and the five cards back where they were.
    cycle = ["elephant:c1b1", "boar:c5d5", "crab:b1d1", "elephant:d5e5", "boar:d1c1", "crab:e5c5"]
    game = ko.Onitama("s1m2/5/5/5/2M1S elephant,horse boar,ox crab r")
    seen = [game.position]
    for mv in cycle * 3:
        game.play(mv)
        seen.append(game.position)
        assert game.repetitions == seen.count(game.position)
    assert game.position == seen[0] and game.repetitions == 4
    assert not game.is_over  # the rules end no game on a repetition


def test_legal_moves_agree_with_legal_actions_at_every_ply():
    rng = random.Random(1)
    for game in [ko.Kamisado(), ko.Onitama.random(1), ko.Onitama(ONITAMA_PASS)]:
        for before, _action in random_game(game, rng):
            decoded = sorted(before.action_to_move(a) for a in before.legal_actions())
            assert decoded == sorted(before.legal_moves())
