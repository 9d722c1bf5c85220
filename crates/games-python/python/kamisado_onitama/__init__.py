"""Kamisado and Onitama for AI research, on the exact and fast rules of the Rust crates.

- ``Kamisado``, ``Onitama``: one game each (positions from text and back, legal moves, play,
  undo, outcome, Zobrist keys, the fixed action space with its mask, observation planes).
- ``KamisadoVector``, ``OnitamaVector``: N games stepped in one call with numpy arrays.
- ``Engine``, ``KamisadoSolver``, ``OnitamaTablebase``: engines that return a ``SearchResult``.
- Adapters: ``kamisado_onitama.openspiel`` (registers "kamisado" and "onitama" with
  ``pyspiel``), ``kamisado_onitama.pettingzoo`` (AEC environments) and
  ``kamisado_onitama.gymnasium`` (one player against an engine).

The guide is docs/python.md in the repository.
"""

from kamisado_onitama._native import (
    Engine,
    IllegalMoveError,
    InputError,
    Kamisado,
    KamisadoSolver,
    KamisadoVector,
    Onitama,
    OnitamaTablebase,
    OnitamaVector,
    Outcome,
    ParseError,
    Score,
    SearchResult,
    ShapeError,
    engine_specs,
)

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
