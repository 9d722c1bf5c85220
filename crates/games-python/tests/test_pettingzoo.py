"""PettingZoo: both games pass PettingZoo's own API test and seed test."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import kamisado_onitama as ko  # noqa: E402
from kamisado_onitama.pettingzoo import (  # noqa: E402
    KamisadoEnv,
    OnitamaEnv,
    kamisado_env,
    onitama_env,
)

FACTORIES = {
    "kamisado": kamisado_env,
    "onitama": onitama_env,
    "onitama-random-deals": lambda: onitama_env(cards="random"),
    "onitama-ply-limit": lambda: onitama_env(max_plies=12),
    "kamisado-raw": KamisadoEnv,
    "onitama-raw": lambda: OnitamaEnv(cards="random", max_plies=50),
}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", FACTORIES)
def test_pettingzoo_api_test(name):
    api_test(FACTORIES[name](), num_cycles=1000, verbose_progress=False)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", FACTORIES)
def test_pettingzoo_seed_test(name):
    seed_test(FACTORIES[name], num_cycles=500)


def test_random_deals_follow_the_seed():
    env = OnitamaEnv(cards="random")
    starts = set()
    for seed in range(6):
        env.reset(seed=seed)
        first = env.game.position
        env.reset(seed=seed)
        assert env.game.position == first
        starts.add(first)
    assert len(starts) > 1


def test_observations_masks_and_rewards():
    env = KamisadoEnv()
    env.reset()
    assert env.agent_selection == "black"
    obs = env.observe("black")
    assert obs["observation"].shape == ko.Kamisado.OBSERVATION_SHAPE
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].sum() == 102
    assert env.observe("gold")["action_mask"].sum() == 0
    native = ko.Kamisado()
    for mv in "c1a3 b8h2 a3e7 h2h2 e7e7".split():
        env.step(native.move_to_action(mv))
        native.play(mv)
    assert all(env.terminations.values())
    assert env.rewards == {"black": -1.0, "gold": 1.0}


def test_the_raw_environment_rejects_an_illegal_action_and_changes_nothing():
    env = OnitamaEnv()
    env.reset()
    position, agent = env.game.position, env.agent_selection
    with pytest.raises(ko.IllegalMoveError):
        env.step(0)
    assert (env.game.position, env.agent_selection) == (position, agent)


def test_the_wrapped_environment_ends_the_game_on_an_illegal_action():
    env = kamisado_env()
    env.reset()
    env.step(0)  # not legal at the start: brown's zero-length move
    assert all(env.terminations.values())
    assert env.rewards["black"] == -1.0
    # The game is over: no agent has a legal action, and an action is refused (only None is
    # taken); the game did not move.
    for agent in env.possible_agents:
        assert not env.observe(agent)["action_mask"].any()
    assert not env.last()[0]["action_mask"].any()
    with pytest.raises(ValueError, match="None"):
        env.step(int(np.flatnonzero(env.unwrapped.game.action_mask())[0]))
    assert env.unwrapped.game.ply == 0
