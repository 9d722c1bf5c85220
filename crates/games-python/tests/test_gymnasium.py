"""Gymnasium: one player against an engine passes Gymnasium's own environment checker."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import kamisado_onitama as ko  # noqa: E402
from kamisado_onitama.gymnasium import KamisadoEnv, OnitamaEnv  # noqa: E402

KAMISADO = "kamisado_onitama/Kamisado-v0"
ONITAMA = "kamisado_onitama/Onitama-v0"

# Made through gymnasium.make (unwrapped, as check_env asks), so that the checker also renders.
ENVS = {
    "kamisado-black-medium": (KAMISADO, {}),
    "kamisado-gold-easy": (KAMISADO, {"opponent": "easy", "player": "gold"}),
    "kamisado-random-side-mcts": (KAMISADO, {"opponent": "mcts:playouts=100", "player": "random"}),
    "kamisado-max-with-depth": (KAMISADO, {"opponent": "max", "opponent_depth": 2}),
    "onitama-blue-medium": (ONITAMA, {"player": "blue"}),
    "onitama-random-deals": (ONITAMA, {"cards": "random", "player": "random", "opponent": "random"}),
    "onitama-ply-limit": (ONITAMA, {"opponent": "random", "max_plies": 10}),
}


@pytest.mark.parametrize("name", ENVS)
def test_gymnasium_check_env(name):
    env_id, options = ENVS[name]
    check_env(gymnasium.make(env_id, **options).unwrapped)


@pytest.mark.parametrize("env_id", [KAMISADO, ONITAMA])
def test_registered_environments_play_whole_episodes(env_id):
    env = gymnasium.make(env_id, opponent="easy", player="random")
    for seed in range(3):
        observation, info = env.reset(seed=seed)
        done, reward = False, 0.0
        while not done:
            assert env.observation_space.contains(observation)
            action = env.action_space.sample(info["action_mask"])
            observation, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        game = env.unwrapped.game
        agent = env.unwrapped.agent
        if terminated:
            assert reward == (1.0 if game.winner == type(game).PLAYERS[agent] else -1.0)
        else:
            assert reward == 0.0


def test_the_opponent_moves_first_when_the_agent_plays_second():
    env = KamisadoEnv(opponent="easy", player="gold")
    observation, info = env.reset(seed=0)
    assert env.game.ply == 1 and env.game.to_move == "gold"
    np.testing.assert_array_equal(observation, env.game.observation("gold"))
    np.testing.assert_array_equal(info["action_mask"].astype(bool), env.game.action_mask())
    assert env.action_masks().sum() == len(env.game.legal_actions())


def test_illegal_actions_lose_or_raise():
    env = OnitamaEnv(opponent="random")
    env.reset(seed=1)
    illegal = next(a for a in range(ko.Onitama.NUM_ACTIONS) if not env.action_masks()[a])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    # The game is over: no legal action, and no further step (a step went on with the game).
    assert not info["action_mask"].any() and not env.action_masks().any()
    before = env.game.record
    for action in (illegal, int(np.flatnonzero(env.game.action_mask())[0])):
        with pytest.raises(RuntimeError, match="the game is over: call reset()"):
            env.step(action)
    assert env.game.record == before
    _, info = env.reset(seed=1)
    assert info["action_mask"].any()
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    strict = OnitamaEnv(opponent="random", illegal_action="raise")
    strict.reset(seed=1)
    before = strict.game.record
    with pytest.raises(ko.IllegalMoveError):
        strict.step(illegal)
    assert strict.game.record == before


@pytest.mark.parametrize(
    ("env_id", "opponent"),
    [(KAMISADO, "max"), (KAMISADO, "perfect"), (ONITAMA, "max"), (ONITAMA, "alphabeta")],
)
def test_an_opponent_that_needs_a_limit_is_refused_without_one(env_id, opponent):
    # It was accepted, and the first step failed after the agent's move had been played.
    assert ko.Engine(env_id.split("/")[1][:-3].lower(), opponent).needs_limit
    with pytest.raises(ValueError, match="opponent_depth, opponent_nodes or opponent_time"):
        gymnasium.make(env_id, opponent=opponent)
    for limit in ({"opponent_depth": 1}, {"opponent_nodes": 100}, {"opponent_time": 0.01}):
        env = gymnasium.make(env_id, opponent=opponent, **limit)
        _, info = env.reset(seed=0)
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    for spec in ("easy", "random", "mcts", "alphabeta:depth=2"):
        assert not ko.Engine("onitama", spec).needs_limit


def test_a_failing_opponent_search_takes_the_step_back():
    # An external program that fails gives no move: step raises, and the agent's move is taken
    # back (it stayed played, and the next step played the opponent's side).
    env = KamisadoEnv(opponent="external:cmd=/bin/false", opponent_time=0.05)
    _, info = env.reset(seed=0)
    action = int(np.flatnonzero(info["action_mask"])[0])
    for _ in range(2):
        with pytest.raises(RuntimeError, match="gave no move"):
            env.step(action)
        assert (env.game.ply, env.game.current_player) == (0, env.agent)
    # Failing in reset (the opponent moves first), the agent is not to move: step refuses.
    env = KamisadoEnv(opponent="external:cmd=/bin/false", opponent_time=0.05, player="gold")
    with pytest.raises(RuntimeError, match="gave no move"):
        env.reset(seed=0)
    assert env.game.ply == 0
    with pytest.raises(RuntimeError, match="not the agent's"):
        env.step(action)
    assert env.game.ply == 0


def test_bad_options_are_rejected():
    with pytest.raises(ko.ParseError):
        KamisadoEnv(opponent="grandmaster")
    with pytest.raises(ValueError):
        KamisadoEnv(player="white")
    with pytest.raises(ValueError):
        OnitamaEnv(illegal_action="ignore")
    with pytest.raises(ko.ParseError):
        OnitamaEnv(cards="horse,horse,ox,boar,crab")
