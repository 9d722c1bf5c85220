"""Kamisado and Onitama as single-agent Gymnasium environments: the agent plays one side
against one of the package's engines.

::

    import gymnasium
    import kamisado_onitama.gymnasium  # registers the environments

    env = gymnasium.make("kamisado_onitama/Kamisado-v0", opponent="easy", player="random")
    observation, info = env.reset(seed=0)
    terminated = truncated = False
    while not (terminated or truncated):
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)

An observation is the package's planes (float32) from the agent's seat; ``info["action_mask"]``
(int8) and the method ``action_masks()`` (bool, the convention of sb3-contrib's MaskablePPO)
give the legal actions. The reward is +1 when the agent wins, -1 when it loses, else 0.

Options: ``opponent``, an engine spec (``"easy"``, ``"medium"``, ``"hard"``, ``"max"``,
``"mcts:playouts=2000"``, ``"random"``; see ``engine_specs()``), with ``opponent_depth``,
``opponent_nodes`` and ``opponent_time`` (seconds) limiting each of its searches (``"max"``,
``"perfect"`` and ``"alphabeta"`` without a depth need one, ``ValueError`` otherwise: see
``Engine.needs_limit``); ``player``, the agent's side (a name, 0, 1 or ``"random"``, drawn at
each reset); ``illegal_action``: ``"lose"`` (the default: the agent loses at once, reward -1, and
``info["illegal_action"]`` is true; the game is over then, as after any end) or ``"raise"`` (``IllegalMoveError``, nothing changes);
``max_plies``, a ply limit that truncates the game (Onitama: 200 by default, its rules having no
draw); Onitama's ``cards``: a deal, or ``"random"`` for a deal drawn at each reset.

The opponent is rebuilt from the environment's random generator at every reset, so a seeded
reset gives the same game for the same actions.

If the opponent's search raises (an ``external`` program that fails, a ``KeyboardInterrupt``),
``step`` takes back the agent's move and the opponent's moves of that step and raises the error:
the game is as it was before the step. If it raises in ``reset``, ``step`` raises
``RuntimeError`` until the next ``reset``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from kamisado_onitama._native import Engine, Kamisado, Onitama

#: The ply limit of an Onitama game unless ``max_plies`` says otherwise.
ONITAMA_DEFAULT_MAX_PLIES = 200


class _VersusEngineEnv(gymnasium.Env):
    """The environment of one game class; the subclasses choose the game and its start."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 2}
    _game_class: type[Kamisado] | type[Onitama]
    _game_name: str

    def __init__(
        self,
        *,
        opponent: str = "medium",
        player: str | int = 0,
        illegal_action: str = "lose",
        max_plies: int | None = None,
        opponent_depth: int | None = None,
        opponent_nodes: int | None = None,
        opponent_time: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}"
            )
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action {illegal_action!r}: expected 'lose' or 'raise'")
        if max_plies is not None and max_plies < 1:
            raise ValueError(f"max_plies {max_plies}: expected at least 1 (or None)")
        players = self._game_class.PLAYERS
        if player != "random" and player not in (0, 1, *players):
            raise ValueError(f"player {player!r}: expected {players[0]!r}, {players[1]!r}, 0, 1 or 'random'")
        # Checks the spec now (ParseError, a ValueError, for a bad one), and that a search of
        # the opponent ends: else the first step would fail after the agent's move.
        if (
            Engine(self._game_name, opponent).needs_limit
            and opponent_depth is None
            and opponent_nodes is None
            and opponent_time is None
        ):
            raise ValueError(
                f"opponent {opponent!r} searches until a limit stops it: give opponent_depth, "
                "opponent_nodes or opponent_time"
            )
        self.opponent = opponent
        self.player = player
        self.illegal_action = illegal_action
        self.max_plies = max_plies
        self.opponent_depth = opponent_depth
        self.opponent_nodes = opponent_nodes
        self.opponent_time = opponent_time
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            0.0, 1.0, self._game_class.OBSERVATION_SHAPE, np.float32
        )
        self.action_space = spaces.Discrete(self._game_class.NUM_ACTIONS)
        self.game = self._start()
        self.agent = 0
        self._engine = Engine(self._game_name, opponent)
        #: Whether the agent lost the game by an illegal action (``illegal_action="lose"``).
        self._lost = False

    def _start(self) -> Kamisado | Onitama:
        raise NotImplementedError

    def _ended(self) -> bool:
        """Whether the game is over: by the rules, at the ply limit or by an illegal action."""
        return self._lost or self.game.is_over or self._truncated()

    def _truncated(self) -> bool:
        return (
            self.max_plies is not None
            and self.game.ply >= self.max_plies
            and not self.game.is_over
        )

    def _reward(self) -> float:
        winner = self.game.winner
        if winner is None:
            return 0.0
        return 1.0 if winner == self._game_class.PLAYERS[self.agent] else -1.0

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self.action_masks().astype(np.int8),
            "to_move": self.game.to_move,
            "ply": self.game.ply,
        }

    def _observation(self) -> np.ndarray:
        return self.game.observation(self.agent)

    def _opponent_moves(self) -> None:
        """The engine moves until the agent is to move or the game is over."""
        while (
            not self.game.is_over
            and not self._truncated()
            and self.game.current_player != self.agent
        ):
            result = self._engine.search(
                self.game,
                depth=self.opponent_depth,
                nodes=self.opponent_nodes,
                time=self.opponent_time,
            )
            assert result.action is not None  # the game goes on
            self.game.play(result.action)

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent (bool); all false when the game is over (an illegal
        action lost it too) or it is not the agent's turn."""
        if self.game.current_player != self.agent or self._ended():
            return np.zeros(self._game_class.NUM_ACTIONS, bool)
        return self.game.action_mask()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        del options
        self._engine = Engine(
            self._game_name, self.opponent, seed=int(self.np_random.integers(2**63))
        )
        if self.player == "random":
            self.agent = int(self.np_random.integers(2))
        elif isinstance(self.player, str):
            self.agent = self._game_class.PLAYERS.index(self.player)
        else:
            self.agent = int(self.player)
        self.game = self._start()
        self._lost = False
        self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._ended():
            raise RuntimeError("the game is over: call reset()")
        if self.game.current_player != self.agent:
            # Only after an opponent's search failed in reset().
            raise RuntimeError("it is the opponent's turn, not the agent's: call reset()")
        action = int(action)
        if not self.game.is_legal(action) and self.illegal_action == "lose":
            self._lost = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), -1.0, True, False, info
        ply = self.game.ply
        self.game.play(action)
        try:
            self._opponent_moves()
        except BaseException:
            # The opponent's search failed (or was interrupted): the step is taken back whole.
            while self.game.ply > ply:
                self.game.undo()
            raise
        if self.render_mode == "human":
            self.render()
        terminated = self.game.is_over
        return self._observation(), self._reward(), terminated, self._truncated(), self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        board = self.game.diagram()
        if self.render_mode == "ansi":
            return board
        print(board)
        return None


class KamisadoEnv(_VersusEngineEnv):
    """Kamisado against an engine: ``KamisadoEnv(opponent="medium", player=0, ...)``, keyword
    arguments only; see the module for the options (``position``: a start position instead of
    the start)."""

    _game_class = Kamisado
    _game_name = "kamisado"

    def __init__(self, *, position: str | None = None, **kwargs: Any) -> None:
        self._position = position
        super().__init__(**kwargs)

    def _start(self) -> Kamisado:
        return Kamisado(self._position)


class OnitamaEnv(_VersusEngineEnv):
    """Onitama against an engine: ``OnitamaEnv(opponent="medium", player=0, cards=None,
    max_plies=200, ...)``, keyword arguments only; see the module for the options."""

    _game_class = Onitama
    _game_name = "onitama"

    def __init__(
        self,
        *,
        cards: str | None = None,
        position: str | None = None,
        max_plies: int | None = ONITAMA_DEFAULT_MAX_PLIES,
        **kwargs: Any,
    ) -> None:
        if cards is not None and position is not None:
            raise ValueError("give cards or a position, not both")
        if cards not in (None, "random"):
            Onitama(cards=cards)  # raises ParseError (a ValueError) for a bad deal
        self._cards = cards
        self._position = position
        super().__init__(max_plies=max_plies, **kwargs)

    def _start(self) -> Onitama:
        if self._cards == "random":
            return Onitama.random(int(self.np_random.integers(2**63)))
        if self._cards is not None:
            return Onitama(cards=self._cards)
        return Onitama(self._position)


gymnasium.register(id="kamisado_onitama/Kamisado-v0", entry_point=KamisadoEnv)
gymnasium.register(id="kamisado_onitama/Onitama-v0", entry_point=OnitamaEnv)

__all__ = ["KamisadoEnv", "OnitamaEnv"]
