"""The action encodings and observation planes, checked against the rules' move lists and
against the positions' text read here in plain Python."""

from __future__ import annotations

import random

import numpy as np
import pytest

import kamisado_onitama as ko
from conftest import KAMISADO_DEADLOCK, ONITAMA_PASS, random_game, sample_games

# The board's colours from the rules (rank 8 first, files a..h), as colour letters.
KAMISADO_COLOURS = [
    "obpkyrgn",
    "rokgbynp",
    "gkorpnyb",
    "kpbongry",
    "yrgnobpk",
    "bynprokg",
    "pnybgkor",
    "ngrykpbo",
]
COLOUR_ORDER = "ngrykpbo"  # brown, green, red, yellow, pink, purple, blue, orange

# The cards' offsets (dx, dy) from the holder's seat, from the rules.
CARD_OFFSETS = {
    "boar": [(0, 1), (-1, 0), (1, 0)],
    "cobra": [(1, 1), (1, -1), (-1, 0)],
    "crab": [(0, 1), (-2, 0), (2, 0)],
    "crane": [(0, 1), (-1, -1), (1, -1)],
    "dragon": [(-2, 1), (2, 1), (-1, -1), (1, -1)],
    "eel": [(-1, 1), (-1, -1), (1, 0)],
    "elephant": [(-1, 1), (1, 1), (-1, 0), (1, 0)],
    "frog": [(-1, 1), (-2, 0), (1, -1)],
    "goose": [(-1, 1), (-1, 0), (1, 0), (1, -1)],
    "horse": [(0, 1), (-1, 0), (0, -1)],
    "mantis": [(-1, 1), (1, 1), (0, -1)],
    "monkey": [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    "ox": [(0, 1), (1, 0), (0, -1)],
    "rabbit": [(1, 1), (2, 0), (-1, -1)],
    "rooster": [(1, 1), (-1, 0), (1, 0), (-1, -1)],
    "tiger": [(0, 2), (0, -1)],
}


def board_cells(board: str, files: int) -> dict[tuple[int, int], str]:
    """The pieces of a board field: (file, rank) from 0 -> letter."""
    cells = {}
    ranks = board.split("/")
    for r, row in enumerate(ranks):
        rank = len(ranks) - 1 - r
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                cells[(f, rank)] = ch
                f += 1
        assert f == files
    return cells


def seat(file: int, rank: int, size: int, rotated: bool) -> tuple[int, int]:
    """A square (file, rank) as (row, column) of a plane seen from a seat."""
    if rotated:
        return size - 1 - rank, size - 1 - file
    return rank, file


@pytest.mark.parametrize("seed", range(3))
def test_masks_actions_and_moves_agree_at_every_ply(seed):
    rng = random.Random(seed)
    for game in sample_games(100 * seed, 3):
        for before, _action in random_game(game, rng):
            actions = before.legal_actions()
            assert actions == sorted(set(actions))
            assert all(0 <= a < type(before).NUM_ACTIONS for a in actions)
            mask = before.action_mask()
            assert mask.dtype == np.bool_ and mask.shape == (type(before).NUM_ACTIONS,)
            assert np.flatnonzero(mask).tolist() == actions
            moves = before.legal_moves()
            assert len(moves) == len(actions)
            for mv in moves:
                action = before.move_to_action(mv)
                assert before.action_to_move(action) == mv
            assert sorted(before.move_to_action(m) for m in moves) == actions
            # Every other action is rejected.
            for a in rng.sample(range(type(before).NUM_ACTIONS), 20):
                assert before.is_legal(a) == (a in actions)


def kamisado_expected_planes(game: ko.Kamisado, viewer: str) -> np.ndarray:
    board, side, required, chain = game.position.split()
    rotated = viewer == "gold"
    cells = board_cells(board, 8)
    planes = np.zeros((28, 8, 8), np.float32)
    towers = {}
    for (f, r), letter in cells.items():
        owner = "black" if letter.isupper() else "gold"
        colour = COLOUR_ORDER.index(letter.lower())
        towers[(owner, colour)] = (f, r)
        base = 0 if owner == viewer else 8
        planes[(base + colour, *seat(f, r, 8, rotated))] = 1
    for r8, row in enumerate(KAMISADO_COLOURS):
        for f, letter in enumerate(row):
            planes[(16 + COLOUR_ORDER.index(letter), *seat(f, 7 - r8, 8, rotated))] = 1
    mover = "black" if side == "b" else "gold"
    if required == "-":
        planes[25] = 1
    else:
        planes[(24, *seat(*towers[(mover, COLOUR_ORDER.index(required))], 8, rotated))] = 1
    if chain != "-":
        # The chain's states, oldest first; their sides alternate backwards from the mover.
        for back, letter in enumerate(reversed(chain), start=1):
            owner = mover if back % 2 == 0 else ("gold" if mover == "black" else "black")
            planes[(26, *seat(*towers[(owner, COLOUR_ORDER.index(letter))], 8, rotated))] = 1
    if mover == viewer:
        planes[27] = 1
    return planes


def test_kamisado_observation_planes_match_the_position_text():
    rng = random.Random(4)
    checked_chain = 0
    for game in sample_games(0, 4)[0::2] + [ko.Kamisado.from_record(
        "obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - " + " ".join(KAMISADO_DEADLOCK.split()[:4])
    )]:
        if not isinstance(game, ko.Kamisado):
            continue
        for before, _action in random_game(game, rng):
            for viewer in ko.Kamisado.PLAYERS:
                obs = before.observation(viewer)
                assert obs.dtype == np.float32 and obs.shape == (28, 8, 8)
                np.testing.assert_array_equal(obs, kamisado_expected_planes(before, viewer))
            checked_chain += before.position.split()[3] != "-"
    assert checked_chain > 0, "no position with a zero-length chain was checked"


def onitama_expected_planes(game: ko.Onitama, viewer: str) -> np.ndarray:
    board, red, blue, side_card, side = game.position.split()
    rotated = viewer == "blue"
    planes = np.zeros((10, 5, 5), np.float32)
    for (f, r), letter in board_cells(board, 5).items():
        owner = "red" if letter.isupper() else "blue"
        plane = (0 if owner == viewer else 2) + (letter.lower() == "s")
        planes[(plane, *seat(f, r, 5, rotated))] = 1
    hands = {"red": red.split(","), "blue": blue.split(",")}
    mover = "red" if side == "r" else "blue"
    other = "blue" if viewer == "red" else "red"

    def card(plane: int, name: str, holder: str) -> None:
        sign = 1 if holder == viewer else -1
        for dx, dy in CARD_OFFSETS[name]:
            planes[plane, 2 + sign * dy, 2 + sign * dx] = 1

    for i, name in enumerate(sorted(hands[viewer])):
        card(4 + i, name, viewer)
    for i, name in enumerate(sorted(hands[other])):
        card(6 + i, name, other)
    card(8, side_card, mover)
    if mover == viewer:
        planes[9] = 1
    return planes


def test_onitama_observation_planes_match_the_position_text():
    rng = random.Random(8)
    for game in [ko.Onitama.random(s) for s in range(6)] + [ko.Onitama(ONITAMA_PASS)]:
        for before, _action in random_game(game, rng, max_plies=80):
            for viewer in ko.Onitama.PLAYERS:
                obs = before.observation(viewer)
                assert obs.dtype == np.float32 and obs.shape == (10, 5, 5)
                np.testing.assert_array_equal(obs, onitama_expected_planes(before, viewer))


def mirrored_kamisado(position: str) -> str:
    board, side, required, chain = position.split()
    rows = board.split("/")
    mirrored = "/".join(row[::-1].swapcase() for row in reversed(rows))
    return f"{mirrored} {'g' if side == 'b' else 'b'} {required} {chain}"


def mirrored_onitama(position: str) -> str:
    board, red, blue, side_card, side = position.split()
    rows = board.split("/")
    mirrored = "/".join(row[::-1].swapcase() for row in reversed(rows))
    return f"{mirrored} {blue} {red} {side_card} {'b' if side == 'r' else 'r'}"


@pytest.mark.parametrize(
    ("starts", "mirror"),
    [
        ([ko.Kamisado() for _ in range(6)], mirrored_kamisado),
        ([ko.Onitama.random(s) for s in range(6)], mirrored_onitama),
    ],
)
def test_the_mover_sees_a_position_and_its_mirror_image_alike(starts, mirror):
    """Turning the board and swapping the sides gives the same observation and the same
    actions for the mover: the encodings are seen from the mover's seat."""
    rng = random.Random(2)
    for game in starts:
        for before, _action in random_game(game, rng, max_plies=100):
            if getattr(before, "required", "") is None:
                continue  # Kamisado's free first move belongs to Black alone: no mirror image
            other = type(before)(mirror(before.position))
            assert other.to_move != before.to_move
            np.testing.assert_array_equal(other.observation(), before.observation())
            np.testing.assert_array_equal(other.action_mask(), before.action_mask())
            # The same action names the mirrored move (squares turned).
            for action in before.legal_actions()[:5]:
                assert other.after(action).position == mirror(before.after(action).position)
