"""The batch API against the one-game API: the same games, step by step, give the same masks,
observations, rewards, ends and restarts."""

from __future__ import annotations

import numpy as np
import pytest

import kamisado_onitama as ko


def expected_reward(game, mover: str) -> float:
    if game.winner is None:
        return 0.0
    return 1.0 if game.winner == mover else -1.0


@pytest.mark.parametrize(
    ("make_batch", "single"),
    [
        (lambda: ko.KamisadoVector(16, seed=1), ko.Kamisado),
        (lambda: ko.OnitamaVector(16, seed=2, start="random", max_plies=30), ko.Onitama),
        (lambda: ko.OnitamaVector(16, seed=3, cards="rooster,tiger,rabbit,cobra,frog"), ko.Onitama),
    ],
)
def test_the_batch_steps_as_the_one_game_api(make_batch, single):
    batch = make_batch()
    n = batch.num_envs
    games = [batch.game(i) for i in range(n)]
    starts = {g.position for g in games}
    assert all(isinstance(g, single) for g in games)
    masks = np.zeros((n, batch.NUM_ACTIONS), bool)
    obs = np.zeros((n, *batch.OBSERVATION_SHAPE), np.float32)
    ends = truncations = 0
    for _ in range(300):
        batch.action_masks(out=masks)
        batch.observations(out=obs)
        u8 = batch.observations()
        assert u8.dtype == np.uint8
        np.testing.assert_array_equal(u8, obs)
        np.testing.assert_array_equal(batch.current_players(), [g.current_player for g in games])
        np.testing.assert_array_equal(batch.plies(), [g.ply for g in games])
        for i, game in enumerate(games):
            assert batch.game(i).position == game.position
            np.testing.assert_array_equal(masks[i], game.action_mask())
            np.testing.assert_array_equal(obs[i], game.observation())
        actions = batch.random_actions()
        assert all(masks[i, a] for i, a in enumerate(actions))
        rewards, terminated, truncated = batch.step(actions)
        assert rewards.dtype == np.float32 and terminated.dtype == np.bool_
        for i, game in enumerate(games):
            mover = game.to_move
            game.play(int(actions[i]))
            assert terminated[i] == game.is_over
            limit = batch.max_plies
            assert truncated[i] == (not game.is_over and limit is not None and game.ply >= limit)
            assert rewards[i] == expected_reward(game, mover)
            if terminated[i] or truncated[i]:
                ends += bool(terminated[i])
                truncations += bool(truncated[i])
                fresh = batch.game(i)
                assert batch.plies()[i] == 0
                # A new game: the start board (of a random deal, or the one start).
                assert fresh.position.split()[0] == next(iter(starts)).split()[0]
                if len(starts) == 1:
                    assert fresh.position in starts
                games[i] = fresh
    assert ends > 0
    if batch.max_plies == 30:
        assert truncations > 0


def test_random_starts_and_actions_are_reproducible_from_the_seed():
    a = ko.OnitamaVector(8, seed=42, start="random")
    b = ko.OnitamaVector(8, seed=42, start="random")
    c = ko.OnitamaVector(8, seed=43, start="random")
    positions = lambda v: [v.game(i).position for i in range(len(v))]  # noqa: E731
    assert positions(a) == positions(b) != positions(c)
    assert len(set(positions(a))) > 1
    for _ in range(50):
        actions = a.random_actions()
        np.testing.assert_array_equal(actions, b.random_actions())
        for x, y in zip(a.step(actions), b.step(actions)):
            np.testing.assert_array_equal(x, y)
    a.reset(seed=7)
    b.reset(seed=7)
    assert positions(a) == positions(b)
    assert a.plies().tolist() == [0] * 8


def test_actions_as_lists_and_other_integer_types():
    batch = ko.KamisadoVector(3, seed=5)
    actions = batch.random_actions()
    twin = ko.KamisadoVector(3, seed=5)
    twin.random_actions()
    batch.step(actions.tolist())
    twin.step(actions.astype(np.int32))
    assert [batch.game(i).position for i in range(3)] == [twin.game(i).position for i in range(3)]


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint64])
def test_strided_action_views_are_taken_as_any_array(dtype):
    # An int64 view of every other action was refused ("expected a contiguous array"), where an
    # int32 one was taken.
    batch = ko.OnitamaVector(3, seed=5)
    actions = batch.random_actions()
    twin = ko.OnitamaVector(3, seed=5)
    twin.random_actions()
    spaced = np.zeros(6, dtype)
    spaced[::2] = actions
    assert not spaced[::2].flags.c_contiguous
    batch.step(spaced[::2])
    twin.step(actions)
    assert [batch.game(i).position for i in range(3)] == [twin.game(i).position for i in range(3)]
    actions = batch.random_actions()
    twin.random_actions()
    backwards = np.ascontiguousarray(actions[::-1]).astype(dtype)[::-1]  # a negative stride
    batch.step(backwards)
    twin.step(actions)
    assert [batch.game(i).position for i in range(3)] == [twin.game(i).position for i in range(3)]


def test_set_game_puts_a_position_into_the_batch():
    batch = ko.OnitamaVector(2)
    game = ko.Onitama("MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r")
    batch.set_game(1, game)
    assert batch.game(1).position == game.position
    assert np.flatnonzero(batch.action_masks()[1]).tolist() == [1250, 1251]
    finished = ko.Kamisado.from_record("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2 a3e7 h2h2 e7e7")
    with pytest.raises(ko.IllegalMoveError):
        ko.KamisadoVector(1).set_game(0, finished)


def test_a_kamisado_start_position_for_every_game():
    start = "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -"
    after = ko.Kamisado().after("d1d7").position
    batch = ko.KamisadoVector(4, start=after)
    assert {batch.game(i).position for i in range(4)} == {after}
    assert batch.game(0).position != start


@pytest.mark.parametrize(
    "game",
    [
        ko.Kamisado(),
        ko.Kamisado.from_record("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3"),
        ko.Onitama(),
        ko.Onitama.random(8),
        ko.Onitama("MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r"),
        ko.Onitama("s1m2/5/5/5/2M1S elephant,horse boar,ox crab r"),
    ],
)
def test_random_actions_are_uniform_over_the_legal_actions(game):
    batch = (ko.KamisadoVector if isinstance(game, ko.Kamisado) else ko.OnitamaVector)(2048, seed=4)
    for i in range(len(batch)):
        batch.set_game(i, game)
    draws = np.concatenate([batch.random_actions() for _ in range(10)])
    counts = np.bincount(draws, minlength=batch.NUM_ACTIONS)
    legal = game.legal_actions()
    assert np.flatnonzero(counts).tolist() == legal
    mean = len(draws) / len(legal)
    # Binomial spread is about sqrt(mean) (at most 142 here); 25% of the mean is far beyond it.
    assert np.all(np.abs(counts[legal] - mean) < 0.25 * mean), counts[legal]
