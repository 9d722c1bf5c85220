"""Kamisado and Onitama as OpenSpiel games.

Importing this module registers both games with ``pyspiel``::

    import pyspiel
    import kamisado_onitama.openspiel  # registers "kamisado" and "onitama"

    game = pyspiel.load_game("onitama(cards=horse-elephant-ox-boar-crab,max_plies=200)")

Both are sequential, deterministic, perfect-information, zero-sum two-player games with terminal
rewards (+1 for the winner, -1 for the loser). Actions and observation tensors are those of the
package (``Kamisado.NUM_ACTIONS``, ``Kamisado.OBSERVATION_SHAPE``; docs/python.md), seen from the
observing player's seat. Player ids are the players' indices: 0 is Black (Kamisado) or Red
(Onitama), 1 is Gold or Blue; in Onitama the side card decides who starts, so player 1 may move
first.

Parameters:

- ``kamisado``: none. Every game ends; ``max_game_length`` is a proven bound (1537 plies).
- ``onitama``: ``cards`` (the deal: Red's two cards, Blue's two, the side card, separated by
  ``-`` since commas separate parameters in a game string; default community set A) and
  ``max_plies`` (default 200): Onitama has no draw rule and a game can go on for ever, so a game
  that reaches ``max_plies`` ends as a draw (returns 0, 0).

A terminal state refuses ``apply_action`` (``IllegalMoveError``, a ``ValueError``), also one cut
at ``max_plies`` whose position has legal moves.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from kamisado_onitama._native import IllegalMoveError, Kamisado, Onitama

#: The longest possible Kamisado game in plies. Every move of positive length advances a tower
#: by at least one rank, and a tower can advance six times without reaching the opposing home
#: row: at most 16 * 6 = 96 such moves, plus the winning one. After each, at most 15 zero-length
#: moves produce new (side to move, colour) states (there are 16), the next one ends the game in
#: deadlock. So at most 97 + 96 * 15 = 1537 plies (real games are far shorter).
KAMISADO_LONGEST_GAME = 1537

#: The ply limit of an Onitama game unless ``max_plies`` says otherwise.
ONITAMA_DEFAULT_MAX_PLIES = 200

#: Community set A (Red: horse, elephant; Blue: ox, boar; side card: crab), as a parameter.
ONITAMA_DEFAULT_CARDS = "horse-elephant-ox-boar-crab"


def _game_type(short_name: str, long_name: str, parameters: dict[str, Any]) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


KAMISADO_GAME_TYPE = _game_type("kamisado", "Kamisado", {})
ONITAMA_GAME_TYPE = _game_type(
    "onitama",
    "Onitama",
    {"cards": ONITAMA_DEFAULT_CARDS, "max_plies": ONITAMA_DEFAULT_MAX_PLIES},
)


def _game_info(num_actions: int, max_game_length: int) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=num_actions,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=max_game_length,
    )


class _BoardObserver:
    """The package's observation planes (float32), from the observing player's seat."""

    def __init__(self, shape: tuple[int, int, int], params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: "_State", player: int) -> None:
        self.tensor[:] = state.native.observation(player).ravel()

    def string_from(self, state: "_State", player: int) -> str:
        del player
        return state.native.position


class _State(pyspiel.State):
    """A state of either game: the package's game object and the ply limit."""

    def __init__(self, game: pyspiel.Game, native: Kamisado | Onitama, max_plies: int) -> None:
        super().__init__(game)
        #: The game of the package (``Kamisado`` or ``Onitama``) that this state plays on.
        self.native = native
        self._max_plies = max_plies

    def _truncated(self) -> bool:
        return self.native.ply >= self._max_plies and not self.native.is_over

    def current_player(self) -> int:
        if self.native.is_over or self._truncated():
            return pyspiel.PlayerId.TERMINAL
        return self.native.current_player

    def _legal_actions(self, player: int) -> list[int]:
        del player
        if self._truncated():
            return []
        return self.native.legal_actions()

    def _apply_action(self, action: int) -> None:
        # A game over by the rules refuses every move itself; one cut at the ply limit goes on
        # in the package, not here.
        if self._truncated():
            raise IllegalMoveError(
                f"action {action}: the game is over (it reached max_plies={self._max_plies})"
            )
        self.native.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        del player
        if self.native.is_legal(int(action)):
            return self.native.action_to_move(int(action))
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self.native.is_over or self._truncated()

    def returns(self) -> list[float]:
        winner = self.native.winner
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == type(self.native).PLAYERS[0] else [-1.0, 1.0]

    def __str__(self) -> str:
        return self.native.position


class KamisadoGame(pyspiel.Game):
    """Kamisado (Single Round) for OpenSpiel: ``pyspiel.load_game("kamisado")``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(
            KAMISADO_GAME_TYPE,
            _game_info(Kamisado.NUM_ACTIONS, KAMISADO_LONGEST_GAME),
            params or {},
        )

    def new_initial_state(self) -> _State:
        """The start position."""
        return _State(self, Kamisado(), KAMISADO_LONGEST_GAME)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The board planes, or OpenSpiel's observer of public-information games for
        perfect-recall information states."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _BoardObserver(Kamisado.OBSERVATION_SHAPE, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class OnitamaGame(pyspiel.Game):
    """Onitama (base game) for OpenSpiel: ``pyspiel.load_game("onitama")`` or
    ``pyspiel.load_game("onitama(cards=rooster-tiger-rabbit-cobra-frog,max_plies=300)")``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        cards = str(params.get("cards", ONITAMA_DEFAULT_CARDS))
        max_plies = int(params.get("max_plies", ONITAMA_DEFAULT_MAX_PLIES))
        if max_plies < 1:
            raise ValueError(f"max_plies {max_plies}: expected at least 1")
        # The deal is checked here, so that a bad one fails at load_game.
        self._cards = cards.replace("-", ",")
        self._start = Onitama(cards=self._cards)
        self._max_plies = max_plies
        super().__init__(
            ONITAMA_GAME_TYPE, _game_info(Onitama.NUM_ACTIONS, max_plies), params
        )

    def new_initial_state(self) -> _State:
        """The start position of the deal."""
        return _State(self, self._start.copy(), self._max_plies)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The board planes, or OpenSpiel's observer of public-information games for
        perfect-recall information states."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _BoardObserver(Onitama.OBSERVATION_SHAPE, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


pyspiel.register_game(KAMISADO_GAME_TYPE, KamisadoGame)
pyspiel.register_game(ONITAMA_GAME_TYPE, OnitamaGame)

__all__ = [
    "KAMISADO_GAME_TYPE",
    "KAMISADO_LONGEST_GAME",
    "KamisadoGame",
    "ONITAMA_DEFAULT_CARDS",
    "ONITAMA_DEFAULT_MAX_PLIES",
    "ONITAMA_GAME_TYPE",
    "OnitamaGame",
]
