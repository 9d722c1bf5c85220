"""Bad input: every rejection is a ValueError subclass with a clear message, raised before
anything changed (games, batches, engines keep their state)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import kamisado_onitama as ko
from conftest import ONITAMA_PASS


def snapshot(game):
    return (game.position, game.record, game.ply, game.moves, game.zobrist)


@pytest.mark.parametrize(
    ("cls", "text", "words"),
    [
        (ko.Kamisado, "", "fields"),
        (ko.Kamisado, "obpkyrgn/8/8/8/8/8/8/NGRYKPB b - -", "board"),
        (ko.Kamisado, "obpkyrgn/8/8/8/8/8/8/NGRYKPBO x - -", "side"),
        (ko.Kamisado, "obpkyrgn/8/8/8/8/8/8/NGRYKPBO g - -", "first move"),
        (ko.Onitama, "ssmss/5/5/5/SSMSS elephant,horse boar,ox crab", "fields"),
        (ko.Onitama, "ssmss/5/5/5/SSMSS elephant,horse boar,ox dragonfly b", "card"),
        (ko.Onitama, "ssmss/5/5/5/SSMSS elephant,horse boar,ox horse b", "horse"),
        (ko.Onitama, "ssmsss/5/5/5/SSMSS elephant,horse boar,ox crab b", "rank"),
    ],
)
def test_bad_position_text_raises_a_parse_error_naming_the_problem(cls, text, words):
    with pytest.raises(ko.ParseError) as raised:
        cls(text)
    assert isinstance(raised.value, ValueError)
    assert words in str(raised.value)


@pytest.mark.parametrize(
    ("game", "move", "error", "words"),
    [
        (ko.Kamisado(), "c1c1", ko.IllegalMoveError, "c1c1"),
        (ko.Kamisado(), "c2c3", ko.IllegalMoveError, "c2c3"),
        (ko.Kamisado(), "c1", ko.ParseError, "c1"),
        (ko.Kamisado(), "", ko.ParseError, "move"),
        (ko.Kamisado(), -1, ko.IllegalMoveError, "out of range"),
        (ko.Kamisado(), 176, ko.IllegalMoveError, "out of range"),
        (ko.Kamisado(), 10**30, ko.IllegalMoveError, "out of range"),
        (ko.Kamisado(), 1, ko.IllegalMoveError, "leaves the board"),
        (ko.Kamisado(), 21, ko.IllegalMoveError, "h8 is occupied"),
        (ko.Onitama(), "tiger:c5c3", ko.IllegalMoveError, "tiger"),
        (ko.Onitama(), "ox:pass", ko.IllegalMoveError, "pass"),
        (ko.Onitama(), "ox:c5", ko.ParseError, "ox:c5"),
        (ko.Onitama(), 1251, ko.IllegalMoveError, "pass"),
        (ko.Onitama(), np.int64(3), ko.IllegalMoveError, "boar:e5b5"),
        (ko.Onitama(ONITAMA_PASS), "boar:a5a4", ko.IllegalMoveError, "boar"),
    ],
)
def test_a_bad_move_raises_and_changes_nothing(game, move, error, words):
    before = snapshot(game)
    with pytest.raises(error) as raised:
        game.play(move)
    assert words in str(raised.value), str(raised.value)
    assert isinstance(raised.value, ValueError)
    assert snapshot(game) == before
    with pytest.raises(error):
        game.after(move)
    assert snapshot(game) == before


def test_moves_after_the_end_are_rejected():
    game = ko.Kamisado.from_record("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2 a3e7 h2h2 e7e7")
    before = snapshot(game)
    with pytest.raises(ko.IllegalMoveError, match="over"):
        game.play("a1a2")
    assert snapshot(game) == before


@pytest.mark.parametrize("value", [1.5, None, [1], b"c1a3"])
def test_a_move_of_the_wrong_type_is_a_type_error(value):
    game = ko.Kamisado()
    with pytest.raises(TypeError):
        game.play(value)


def test_bad_records_players_deals_and_numbers():
    with pytest.raises(ko.ParseError, match="move 2"):
        ko.Kamisado.from_record("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 c1a3")
    with pytest.raises(ko.ParseError, match="empty"):
        ko.Onitama.from_record("")
    game = ko.Onitama()
    with pytest.raises(ko.ParseError, match="green"):
        game.hand("green")
    with pytest.raises(ko.ParseError):
        game.observation(2)
    with pytest.raises(ko.ParseError):
        ko.Onitama(cards="horse,elephant,ox,boar")
    with pytest.raises(ko.ParseError, match="not both"):
        ko.Onitama("ssmss/5/5/5/SSMSS elephant,horse boar,ox crab b", cards="horse,elephant,ox,boar,crab")
    with pytest.raises(ko.ShapeError, match="-1"):
        ko.Onitama.random(-1)
    with pytest.raises(ko.ShapeError):
        game.perft(13)
    with pytest.raises(ko.IllegalMoveError):
        game.action_to_move(0)
    with pytest.raises(TypeError):
        game.action_to_move("ox:c5c4")


def batch_snapshot(batch):
    return (
        [batch.game(i).position for i in range(len(batch))],
        batch.plies().tolist(),
    )


@pytest.mark.parametrize("cls", [ko.KamisadoVector, ko.OnitamaVector])
def test_bad_batch_input_raises_and_no_game_moves(cls):
    batch = cls(4, seed=3)
    batch.step(batch.random_actions())
    before = batch_snapshot(batch)
    good = batch.random_actions()
    bad = good.copy()
    legal = np.flatnonzero(batch.action_masks()[2])
    bad[2] = next(a for a in range(cls.NUM_ACTIONS) if a not in legal)
    with pytest.raises(ko.IllegalMoveError, match="game 2"):
        batch.step(bad)
    for actions, words in [
        (good[:3], "3 given for 4"),
        (good.reshape(2, 2), "one-dimensional"),
        (good.astype(np.float64), "integers"),
        (["a", "b", "c", "d"], "integers"),
        (np.append(good, 0), "5 given"),
    ]:
        with pytest.raises(ko.ShapeError, match=words):
            batch.step(actions)
    with pytest.raises(ko.IllegalMoveError):
        batch.step(np.full(4, -1))
    assert batch_snapshot(batch) == before
    for out in [
        np.zeros((4, cls.NUM_ACTIONS + 1), bool),
        np.zeros((4, cls.NUM_ACTIONS), np.int8),
        np.zeros((cls.NUM_ACTIONS, 4), bool).T,
    ]:
        with pytest.raises(ko.ShapeError):
            batch.action_masks(out=out)
    readonly = np.zeros((4, cls.NUM_ACTIONS), bool)
    readonly.flags.writeable = False
    with pytest.raises(ko.ShapeError):
        batch.action_masks(out=readonly)
    for out in [
        np.zeros((4, *cls.OBSERVATION_SHAPE), np.int32),
        np.zeros((3, *cls.OBSERVATION_SHAPE), np.uint8),
        np.zeros((4, 1, *cls.OBSERVATION_SHAPE), np.float32),
    ]:
        with pytest.raises(ko.ShapeError):
            batch.observations(out=out)
    with pytest.raises(ko.ShapeError):
        batch.game(4)
    with pytest.raises(ko.ShapeError):
        cls(0)
    with pytest.raises(ko.ShapeError):
        cls(-2)
    with pytest.raises(ko.ShapeError):
        cls(2, max_plies=0)
    with pytest.raises(ko.ParseError):
        cls(2, start="not a position")
    assert batch_snapshot(batch) == before


@pytest.mark.parametrize("cls", [ko.KamisadoVector, ko.OnitamaVector])
def test_a_batch_too_large_is_refused_not_an_abort(cls):
    # The games were allocated before any check: 2**40 games aborted the interpreter.
    assert cls.MAX_NUM_ENVS == 2**20
    for n in (2**40, cls.MAX_NUM_ENVS + 1):
        with pytest.raises(ko.ShapeError, match=f"num_envs {n}: expected a whole number from 1 to 1048576"):
            cls(n)
    assert len(cls(2)) == 2


@pytest.mark.skipif(sys.platform != "linux", reason="address-space limits of Linux")
@pytest.mark.parametrize("cls", ["KamisadoVector", "OnitamaVector"])
def test_a_batch_that_does_not_fit_in_memory_is_a_memory_error(cls):
    # Under an address-space limit that leaves no room for a million games, the allocation
    # fails: a MemoryError, where it aborted the interpreter.
    code = f"""
import resource
import kamisado_onitama as ko
with open("/proc/self/statm") as statm:
    used = int(statm.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (used + 8 * 2**20, resource.RLIM_INFINITY))
try:
    ko.{cls}(ko.{cls}.MAX_NUM_ENVS)
except MemoryError as e:
    print("MemoryError:", e)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "MemoryError: num_envs 1048576: not enough memory for 1048576 games"


@pytest.mark.skipif(sys.platform != "linux", reason="address-space limits of Linux")
def test_tables_that_do_not_fit_in_memory_are_errors_not_an_abort():
    # Under an address-space limit of 1 GiB more than in use, an 8 GiB solver table or
    # transposition table cannot be had: it aborted the interpreter.
    code = """
import resource
import kamisado_onitama as ko
with open("/proc/self/statm") as statm:
    used = int(statm.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (used + 2**30, resource.RLIM_INFINITY))
try:
    ko.KamisadoSolver(table_mib=8192)
except MemoryError as e:
    print("MemoryError:", e)
try:
    ko.Engine("onitama", "alphabeta:tt=8192")
except MemoryError as e:
    print("MemoryError:", e)
print(ko.KamisadoSolver(table_mib=64).solve(ko.Kamisado().after("c1a3")).score)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == [
        "MemoryError: table_mib 8192: a table of 8192 MiB cannot be allocated",
        'MemoryError: engine spec "alphabeta:tt=8192": engine option tt="8192": more memory than this process can allocate',
    ]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: ko.Engine("kamisado", "easy", seed=-1), f"seed -1: expected a whole number from 0 to {2**64 - 1}"),
        (lambda: ko.Engine("onitama", "easy").search(ko.Onitama(), depth=2**40), f"depth {2**40}: expected a whole number from 1 to {2**32 - 1}"),
        (lambda: ko.Engine("onitama", "easy").search(ko.Onitama(), depth=0), "depth 0: expected a whole number from 1 to"),
        (lambda: ko.Engine("onitama", "easy").search(ko.Onitama(), nodes=-5), "nodes -5: expected a whole number from 1 to"),
        (lambda: ko.Onitama.random(2**64), f"seed {2**64}: expected a whole number from 0 to"),
        (lambda: ko.Onitama.random(-(2**200)), f"seed {-(2**200)}: expected a whole number from 0 to"),
        (lambda: ko.Kamisado().perft(13), "depth 13: expected a whole number from 0 to 12"),
        (lambda: ko.KamisadoVector(0), "num_envs 0: expected a whole number from 1 to 1048576"),
        (lambda: ko.KamisadoVector(2, seed=-1), "seed -1: expected a whole number from 0 to"),
        (lambda: ko.OnitamaVector(2, max_plies=0), f"max_plies 0: expected a whole number from 1 to {2**32 - 1}"),
        (lambda: ko.KamisadoVector(2).game(2), "index 2: expected a whole number from 0 to 1"),
        (lambda: ko.OnitamaVector(2).set_game(-1, ko.Onitama()), "index -1: expected a whole number from 0 to 1"),
        (lambda: ko.KamisadoVector(2).reset(seed=2**64), f"seed {2**64}: expected a whole number from 0 to"),
        (lambda: ko.KamisadoSolver(table_mib=0), "table_mib 0: expected a whole number from 1 to 16384"),
        (lambda: ko.KamisadoSolver(max_plies=255), "max_plies 255: expected a whole number from 1 to 254"),
        (
            lambda: ko.OnitamaTablebase.generate("horse,elephant,ox,boar,crab", pieces=256),
            "pieces 256: expected a whole number from 0 to 255",
        ),
    ],
)
def test_a_number_out_of_range_is_named_and_reported_as_given(call, message):
    # The messages named no argument ("-1: expected ..."), gave a range that the check did not
    # use ("from 0" for a depth), or a value other than the one given.
    with pytest.raises(ko.ShapeError) as raised:
        call()
    assert str(raised.value).startswith(message), str(raised.value)


def test_a_huge_action_or_player_is_reported_as_given():
    # Integers beyond int64 were reported as 9223372036854775807, uint64 actions of a step
    # wrapped round to negative numbers.
    game = ko.Kamisado()
    for huge in (2**100, np.uint64(2**63)):
        with pytest.raises(ko.IllegalMoveError, match=f"action {int(huge)} is out of range"):
            game.play(huge)
        assert not game.is_legal(huge)
    with pytest.raises(ko.ParseError, match=f"player {2**70}: expected"):
        game.observation(2**70)
    batch = ko.KamisadoVector(4)
    before = batch_snapshot(batch)
    actions = batch.random_actions().astype(np.uint64)
    actions[2] = 2**63
    with pytest.raises(ko.IllegalMoveError, match=f"game 2: action {2**63} is not legal"):
        batch.step(actions)
    with pytest.raises(ko.ShapeError, match="3 given for 4"):
        batch.step(actions[1:])
    assert batch_snapshot(batch) == before


def test_bad_engine_input():
    with pytest.raises(ko.ParseError, match="unknown engine"):
        ko.Engine("kamisado", "grandmaster")
    with pytest.raises(ko.ParseError, match="playouts"):
        ko.Engine("onitama", "mcts:playouts=0")
    with pytest.raises(ko.ParseError, match="chess"):
        ko.Engine("chess", "easy")
    engine = ko.Engine("kamisado", "easy")
    with pytest.raises(ko.InputError, match="kamisado, not Onitama"):
        engine.search(ko.Onitama())
    with pytest.raises(ko.ShapeError):
        engine.search(ko.Kamisado(), time=-1.0)
    with pytest.raises(ko.ShapeError):
        engine.search(ko.Kamisado(), depth=0)
    with pytest.raises(ko.ShapeError):
        engine.search(ko.Kamisado(), nodes=-5)
    with pytest.raises(ko.InputError, match="limit"):
        ko.Engine("kamisado", "max").search(ko.Kamisado())
    # An external program that fails gives no move in a game that goes on: an error, not None.
    for program in ("/bin/false", "/bin/echo"):
        with pytest.raises(RuntimeError, match=f"external:cmd={program} gave no move"):
            ko.Engine("onitama", f"external:cmd={program}").search(ko.Onitama(), time=0.05)
    with pytest.raises(ko.ShapeError):
        ko.KamisadoSolver(max_plies=255)
    with pytest.raises(ko.ParseError):
        ko.OnitamaTablebase.generate("horse,elephant,ox,boar")
    with pytest.raises(ko.InputError, match="piece"):
        ko.OnitamaTablebase.generate("horse,elephant,ox,boar,crab", pieces=3)


def test_bad_tablebase_files(tmp_path):
    with pytest.raises(FileNotFoundError):
        ko.OnitamaTablebase.open(tmp_path / "missing.tb")
    junk = tmp_path / "junk.tb"
    junk.write_bytes(b"not a table" * 100)
    with pytest.raises(ko.InputError, match="magic"):
        ko.OnitamaTablebase.open(junk)
