"""Type stubs of the native module (Rust, PyO3). Everything is re-exported by
``kamisado_onitama``; the encodings are documented in docs/python.md."""

from __future__ import annotations

from os import PathLike
from typing import Any, ClassVar, Optional, Sequence, Union, final

import numpy as np
import numpy.typing as npt

__all__ = [
    "Engine",
    "IllegalMoveError",
    "InputError",
    "Kamisado",
    "KamisadoSolver",
    "KamisadoVector",
    "Onitama",
    "OnitamaTablebase",
    "OnitamaVector",
    "Outcome",
    "ParseError",
    "Score",
    "SearchResult",
    "ShapeError",
    "engine_specs",
]

#: A move: its text in the game's notation ("c1a3", "tiger:pass") or its action (an integer).
_MoveLike = Union[str, int, np.integer[Any]]
#: A player: its name ("black", "gold", "red", "blue") or its index (0, 1).
_PlayerLike = Union[str, int]

class InputError(ValueError):
    """Bad input: the base class of the package's errors. Nothing was changed."""

class IllegalMoveError(InputError):
    """A move or an action that is not legal in the position (or a move after the end)."""

class ParseError(InputError):
    """Text that is not a position, a move, a game record, a deal, a player or an engine spec."""

class ShapeError(InputError):
    """An array of the wrong shape or type, or a number out of range."""

@final
class Outcome:
    """How a game ended."""

    @property
    def winner(self) -> Optional[str]:
        """The winner's name, ``None`` for a draw."""
    @property
    def reason(self) -> str:
        """``"home_row"``, ``"deadlock"`` (Kamisado), ``"stone"``, ``"stream"`` (Onitama)."""
    @property
    def text(self) -> str:
        """The outcome in words, such as ``"gold wins by deadlock"``."""

@final
class Score:
    """The value of a position for its side to move."""

    @property
    def kind(self) -> str:
        """``"win"``, ``"loss"``, ``"draw"`` or ``"eval"``."""
    @property
    def plies(self) -> Optional[int]:
        """The plies to the end for a win or a loss, else ``None``."""
    @property
    def value(self) -> Optional[int]:
        """The evaluation for ``"eval"`` (positive is good for the side to move), else ``None``."""
    @property
    def is_proven(self) -> bool:
        """Whether the score is a proven win, loss or draw."""

@final
class SearchResult:
    """What a search found."""

    @property
    def move(self) -> Optional[str]:
        """The move to play in the game's notation, ``None`` when the game is over."""
    @property
    def action(self) -> Optional[int]:
        """The action of that move, ``None`` when the game is over."""
    @property
    def score(self) -> Score:
        """The value of the position for the side to move."""
    @property
    def pv(self) -> list[str]:
        """The principal variation, starting with the move to play."""
    @property
    def pv_actions(self) -> list[int]:
        """The principal variation as actions, each in the position where it is played."""
    @property
    def depth(self) -> int:
        """The depth completed, in plies."""
    @property
    def nodes(self) -> int:
        """Nodes searched (MCTS: playouts; solver: positions; tablebase: probes)."""
    @property
    def seconds(self) -> float:
        """Wall-clock time of the search."""

class _Game:
    """The methods that ``Kamisado`` and ``Onitama`` share."""

    NUM_ACTIONS: ClassVar[int]
    OBSERVATION_SHAPE: ClassVar[tuple[int, int, int]]
    PLAYERS: ClassVar[tuple[str, str]]

    @property
    def position(self) -> str:
        """The current position in the game's notation."""
    @property
    def start_position(self) -> str:
        """The start position in the game's notation."""
    @property
    def record(self) -> str:
        """The game record: the start, then the moves (what ``from_record`` reads)."""
    @property
    def moves(self) -> list[str]:
        """The moves played so far."""
    @property
    def ply(self) -> int:
        """The number of moves played so far."""
    @property
    def to_move(self) -> str:
        """The name of the player to move (in a finished game, the one who would move next)."""
    @property
    def current_player(self) -> int:
        """The index of the player to move (0 or 1, as in ``PLAYERS``)."""
    @property
    def zobrist(self) -> int:
        """The 64-bit Zobrist key of the current position."""
    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
    @property
    def outcome(self) -> Optional[Outcome]:
        """How the game ended, ``None`` while it goes on."""
    @property
    def winner(self) -> Optional[str]:
        """The winner's name, ``None`` while the game goes on."""
    def legal_moves(self) -> list[str]:
        """The legal moves (empty exactly when the game is over)."""
    def legal_actions(self) -> list[int]:
        """The legal actions, ascending."""
    def action_mask(self) -> npt.NDArray[np.bool_]:
        """The legal-action mask, a bool array of ``NUM_ACTIONS``."""
    def observation(self, player: Optional[_PlayerLike] = None) -> npt.NDArray[np.float32]:
        """The observation planes from ``player``'s seat (default: the player to move)."""
    def is_legal(self, move: _MoveLike) -> bool:
        """Whether the move or action is legal here (ParseError for text that is no move)."""
    def play(self, move: _MoveLike) -> None:
        """Plays a move or an action (IllegalMoveError, ParseError: nothing changes)."""
    def move_to_action(self, move: str) -> int:
        """The action of a legal move."""
    def action_to_move(self, action: int) -> str:
        """The move (text) of a legal action."""
    def undo(self) -> Optional[str]:
        """Takes back the last move and returns it, ``None`` at the start."""
    def redo(self) -> Optional[str]:
        """Plays again the last move taken back, ``None`` if there is none."""
    def perft(self, depth: int) -> int:
        """The number of move sequences of ``depth`` plies (at most 12); without the GIL, Ctrl-C
        stops it."""
    def diagram(self) -> str:
        """The board for a terminal."""
    def __copy__(self) -> Any: ...
    def __deepcopy__(self, memo: dict[int, Any], /) -> Any: ...

@final
class Kamisado(_Game):
    """A game of Kamisado: ``Kamisado()`` or ``Kamisado("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - -")``."""

    def __new__(cls, position: Optional[str] = None) -> Kamisado: ...
    @classmethod
    def from_record(cls, record: str) -> Kamisado:
        """The game of a record: a start position, then the moves."""
    @property
    def required(self) -> Optional[str]:
        """The colour of the tower that must move, ``None`` on the free first move."""
    def after(self, move: _MoveLike) -> Kamisado:
        """A new game: this one after the move (this one is unchanged)."""
    def copy(self) -> Kamisado:
        """A copy of the game."""

@final
class Onitama(_Game):
    """A game of Onitama: ``Onitama()`` (community set A), ``Onitama(position)`` or
    ``Onitama(cards="horse,elephant,ox,boar,crab")``."""

    def __new__(cls, position: Optional[str] = None, *, cards: Optional[str] = None) -> Onitama: ...
    @classmethod
    def from_record(cls, record: str) -> Onitama:
        """The game of a record: a start position or deal, then the moves."""
    @staticmethod
    def random(seed: int) -> Onitama:
        """The start of a random deal drawn from ``seed``."""
    def hand(self, player: _PlayerLike) -> tuple[str, str]:
        """The two cards of a player, alphabetical."""
    @property
    def side_card(self) -> str:
        """The side card."""
    @property
    def repetitions(self) -> int:
        """How often the current position has occurred in this game."""
    def after(self, move: _MoveLike) -> Onitama:
        """A new game: this one after the move (this one is unchanged)."""
    def copy(self) -> Onitama:
        """A copy of the game."""

class _Vector:
    """The methods that ``KamisadoVector`` and ``OnitamaVector`` share."""

    #: The most games a batch holds: 2**20.
    MAX_NUM_ENVS: ClassVar[int]
    NUM_ACTIONS: ClassVar[int]
    OBSERVATION_SHAPE: ClassVar[tuple[int, int, int]]

    @property
    def num_envs(self) -> int:
        """The number of games."""
    @property
    def max_plies(self) -> Optional[int]:
        """The ply limit, or ``None``."""
    def reset(self, seed: Optional[int] = None) -> None:
        """Starts every game again (reseeding the generator if ``seed`` is given)."""
    def step(
        self, actions: Union[npt.ArrayLike, Sequence[int]]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """One action per game; returns ``(rewards, terminated, truncated)``; ended games restart."""
    def action_masks(self, out: Optional[npt.NDArray[np.bool_]] = None) -> npt.NDArray[np.bool_]:
        """The masks, ``(num_envs, NUM_ACTIONS)`` bool, written into ``out`` if given."""
    def observations(
        self, out: Optional[Union[npt.NDArray[np.uint8], npt.NDArray[np.float32]]] = None
    ) -> Union[npt.NDArray[np.uint8], npt.NDArray[np.float32]]:
        """The observations, ``(num_envs, *OBSERVATION_SHAPE)``, uint8 unless ``out`` is float32."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action per game, from the batch's seeded generator."""
    def current_players(self) -> npt.NDArray[np.int64]:
        """The index of the player to move in each game."""
    def plies(self) -> npt.NDArray[np.int64]:
        """The plies played in each game since it started."""
    def __len__(self) -> int: ...

@final
class KamisadoVector(_Vector):
    """N games of Kamisado stepped in one call."""

    def __new__(
        cls,
        num_envs: int,
        *,
        seed: int = 0,
        start: Optional[str] = None,
        max_plies: Optional[int] = None,
    ) -> KamisadoVector: ...
    def game(self, index: int) -> Kamisado:
        """Game ``index`` as a one-game object (starting from its current position)."""
    def set_game(self, index: int, game: Kamisado) -> None:
        """Puts the current position of ``game`` into game ``index``."""

@final
class OnitamaVector(_Vector):
    """N games of Onitama stepped in one call (``start="random"``: a random deal per game)."""

    def __new__(
        cls,
        num_envs: int,
        *,
        seed: int = 0,
        start: Optional[str] = None,
        cards: Optional[str] = None,
        max_plies: Optional[int] = 200,
    ) -> OnitamaVector: ...
    def game(self, index: int) -> Onitama:
        """Game ``index`` as a one-game object (starting from its current position)."""
    def set_game(self, index: int, game: Onitama) -> None:
        """Puts the current position of ``game`` into game ``index``."""

@final
class Engine:
    """An engine by spec: ``Engine("kamisado", "hard")``, ``Engine("onitama", "mcts:playouts=2000")``."""

    def __new__(cls, game: str, spec: str = "medium", *, seed: int = 0) -> Engine: ...
    @property
    def game(self) -> str:
        """``"kamisado"`` or ``"onitama"``."""
    @property
    def spec(self) -> str:
        """The spec the engine was built from."""
    @property
    def needs_limit(self) -> bool:
        """Whether ``search`` needs ``depth``, ``nodes`` or ``time`` (``max``, ``perfect``,
        ``alphabeta`` without a depth)."""
    def search(
        self,
        game: Union[Kamisado, Onitama],
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
    ) -> SearchResult:
        """Searches the current position (without the GIL; Ctrl-C stops it) and returns the
        move, score and PV. ``max``, ``perfect`` and ``alphabeta`` without a depth need a
        ``depth``, ``nodes`` or ``time`` (``InputError`` otherwise; see ``needs_limit``).

        Raises ``RuntimeError`` when the engine gives no move in a game that goes on (an
        ``external`` program that fails or prints no JSON)."""

@final
class KamisadoSolver:
    """The exact solver of Kamisado."""

    def __new__(cls, table_mib: int = 64, max_plies: int = 200) -> KamisadoSolver: ...
    @property
    def config(self) -> tuple[int, int]:
        """``(table_mib, max_plies)``."""
    def solve(self, game: Kamisado) -> Optional[SearchResult]:
        """The exact value and a perfect line, ``None`` if undecided within ``max_plies``."""
    def move_values(self, game: Kamisado) -> list[tuple[str, int, Optional[Score]]]:
        """``(move, action, score)`` of every legal move, for the player to move."""

@final
class OnitamaTablebase:
    """An Onitama endgame tablebase of one card set."""

    @staticmethod
    def generate(cards: str, pieces: int = 4) -> OnitamaTablebase:
        """Builds the table of a deal's five cards with at most ``pieces`` pieces (without the
        GIL; Ctrl-C stops it and raises ``KeyboardInterrupt``)."""
    @staticmethod
    def open(path: Union[str, PathLike[str]]) -> OnitamaTablebase:
        """Reads a table file."""
    def save(self, path: Union[str, PathLike[str]]) -> None:
        """Writes the table to a file."""
    @property
    def cards(self) -> list[str]:
        """The five cards, alphabetical."""
    @property
    def pieces(self) -> int:
        """The piece limit."""
    def stats(self) -> list[tuple[str, int]]:
        """Positions, wins, draws, losses and the longest win."""
    def probe(self, game: Onitama) -> Optional[Score]:
        """The exact value of the current position, ``None`` outside the table."""
    def search(self, game: Onitama) -> Optional[SearchResult]:
        """The table's best move with its exact score and line, ``None`` outside the table."""

def engine_specs() -> list[tuple[str, list[str]]]:
    """The engine names of the specs with the options each takes."""
