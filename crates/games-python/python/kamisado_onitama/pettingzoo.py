"""Kamisado and Onitama as PettingZoo AEC environments (two agents taking turns).

::

    from kamisado_onitama.pettingzoo import onitama_env

    env = onitama_env(cards="random")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

The agents are the players' names (``"black"``, ``"gold"``; ``"red"``, ``"blue"``). An
observation is a dict: ``"observation"``, the package's planes (float32) from that agent's seat,
and ``"action_mask"``, an int8 array of the legal actions (all zero when the agent is not to
move or the game is over, an illegal action having ended it too). The winner gets +1 and the loser -1 when the game ends. Onitama games that reach
``max_plies`` (default 200) are truncated (reward 0): the rules have no draw.

``kamisado_env()`` and ``onitama_env()`` wrap the raw environments as PettingZoo's classic games
are wrapped (an illegal action ends the game, the mover losing; actions out of range and calls
out of order are caught); ``KamisadoEnv`` and ``OnitamaEnv`` are the raw environments, on which
an illegal action raises ``IllegalMoveError`` and changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from kamisado_onitama._native import Kamisado, Onitama

#: The ply limit of an Onitama game unless ``max_plies`` says otherwise.
ONITAMA_DEFAULT_MAX_PLIES = 200


class _TurnEnv(AECEnv):
    """The AEC environment of one game class; the subclasses choose the game and its start."""

    _game_class: type[Kamisado] | type[Onitama]

    def __init__(self, render_mode: str | None = None, max_plies: int | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}"
            )
        if max_plies is not None and max_plies < 1:
            raise ValueError(f"max_plies {max_plies}: expected at least 1 (or None)")
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.possible_agents = list(self._game_class.PLAYERS)
        self.agents = self.possible_agents[:]
        shape = self._game_class.OBSERVATION_SHAPE
        num_actions = self._game_class.NUM_ACTIONS
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(num_actions) for agent in self.possible_agents
        }
        self.np_random, _ = seeding.np_random(None)
        self.game = self._start()
        self._reset_turns()

    def _start(self) -> Kamisado | Onitama:
        raise NotImplementedError

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # A terminated agent has no legal action, also when the game ended without a move (an
        # illegal action, which the wrapper turns into a loss).
        done = self.terminations.get(agent, False) or self.truncations.get(agent, False)
        if agent == self.game.to_move and not done and not self._ended():
            mask = self.game.action_mask().astype(np.int8)
        else:
            mask = np.zeros(self._game_class.NUM_ACTIONS, np.int8)
        return {"observation": self.game.observation(agent), "action_mask": mask}

    def _ended(self) -> bool:
        return self.game.is_over or (
            self.max_plies is not None and self.game.ply >= self.max_plies
        )

    def _reset_turns(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.game.to_move

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        del options
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.game = self._start()
        self._reset_turns()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.game.play(int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_over:
            winner = self.game.winner
            for a in self.agents:
                self.rewards[a] = 0.0 if winner is None else (1.0 if a == winner else -1.0)
                self.terminations[a] = True
        elif self._ended():
            for a in self.agents:
                self.truncations[a] = True
        self.agent_selection = self.game.to_move
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        board = self.game.diagram()
        if self.render_mode == "ansi":
            return board
        print(board)
        return None

    def close(self) -> None:
        pass


class KamisadoEnv(_TurnEnv):
    """Kamisado as an AEC environment (raw: an illegal action raises IllegalMoveError).

    KamisadoEnv(render_mode=None, max_plies=None, position=None): every game from the start
    (or from ``position``); Kamisado games always end, so no ply limit is needed.
    """

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "kamisado_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }
    _game_class = Kamisado

    def __init__(
        self,
        render_mode: str | None = None,
        max_plies: int | None = None,
        position: str | None = None,
    ) -> None:
        self._position = position
        super().__init__(render_mode, max_plies)

    def _start(self) -> Kamisado:
        return Kamisado(self._position)


class OnitamaEnv(_TurnEnv):
    """Onitama as an AEC environment (raw: an illegal action raises IllegalMoveError).

    OnitamaEnv(render_mode=None, max_plies=200, cards=None, position=None): every game from
    the start of community set A, of the deal ``cards`` (``"horse,elephant,ox,boar,crab"``), of
    a random deal drawn from the reset's seed (``cards="random"``), or from ``position``.
    """

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "onitama_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }
    _game_class = Onitama

    def __init__(
        self,
        render_mode: str | None = None,
        max_plies: int | None = ONITAMA_DEFAULT_MAX_PLIES,
        cards: str | None = None,
        position: str | None = None,
    ) -> None:
        if cards is not None and position is not None:
            raise ValueError("give cards or a position, not both")
        if cards not in (None, "random"):
            Onitama(cards=cards)  # raises ParseError (a ValueError) for a bad deal
        self._cards = cards
        self._position = position
        super().__init__(render_mode, max_plies)

    def _start(self) -> Onitama:
        if self._cards == "random":
            return Onitama.random(int(self.np_random.integers(2**63)))
        if self._cards is not None:
            return Onitama(cards=self._cards)
        return Onitama(self._position)


def _wrap(env: AECEnv) -> AECEnv:
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def kamisado_env(**kwargs: Any) -> AECEnv:
    """Kamisado wrapped as PettingZoo's classic games: ``KamisadoEnv(**kwargs)``."""
    return _wrap(KamisadoEnv(**kwargs))


def onitama_env(**kwargs: Any) -> AECEnv:
    """Onitama wrapped as PettingZoo's classic games: ``OnitamaEnv(**kwargs)``."""
    return _wrap(OnitamaEnv(**kwargs))


__all__ = ["KamisadoEnv", "OnitamaEnv", "kamisado_env", "onitama_env"]
