"""The engines from Python: alpha-beta levels, MCTS, the Kamisado solver and Onitama's
tablebases each return the move, the score and the principal variation, and search without
the GIL."""

from __future__ import annotations

import _thread
import copy
import pickle
import random
import signal
import subprocess
import sys
import threading
import time

import pytest

import kamisado_onitama as ko


def check_line(game, result):
    """The move, its action and the principal variation are legal from ``game``."""
    assert result.move == result.pv[0]
    assert result.action == game.move_to_action(result.move)
    replay = game.copy()
    for mv, action in zip(result.pv, result.pv_actions):
        assert replay.move_to_action(mv) == action
        replay.play(action)
    return replay


@pytest.mark.parametrize(
    ("name", "spec", "game"),
    [
        ("kamisado", "hard", ko.Kamisado()),
        ("kamisado", "mcts:playouts=300", ko.Kamisado()),
        ("kamisado", "random", ko.Kamisado()),
        ("onitama", "medium", ko.Onitama.random(4)),
        ("onitama", "alphabeta:depth=4", ko.Onitama()),
        ("onitama", "mcts:playouts=300", ko.Onitama()),
    ],
)
def test_engines_return_a_legal_move_score_and_line(name, spec, game):
    engine = ko.Engine(name, spec, seed=3)
    assert engine.game == name and engine.spec == spec
    result = engine.search(game)
    check_line(game, result)
    assert result.score.kind in ("win", "loss", "draw", "eval")
    assert result.seconds >= 0
    assert result.nodes > 0 or spec == "random"
    if spec == "hard":
        assert result.depth == 5


def test_limits_are_honoured():
    engine = ko.Engine("onitama", "max")
    result = engine.search(ko.Onitama(), depth=3)
    assert result.depth == 3
    result = engine.search(ko.Onitama(), nodes=2000)
    assert 0 < result.nodes <= 2000 + 1000  # checked every few hundred nodes
    started = time.perf_counter()
    engine.search(ko.Onitama(), time=0.2)
    assert time.perf_counter() - started < 5.0


def test_an_engine_finds_the_win_in_one():
    game = ko.Onitama("2m2/2M2/5/5/5 elephant,horse boar,ox crab r")
    result = ko.Engine("onitama", "medium").search(game)
    assert result.move == "horse:c4c5"
    assert (result.score.kind, result.score.plies) == ("win", 1)


def test_kamisado_perfect_plays_the_shortest_win_from_its_book():
    # The level comes from the catalog: the proof of the start is its opening book, so the
    # answer is the solved value (a Black win in 17 plies) at once, without a search.
    game = ko.Kamisado()
    result = ko.Engine("kamisado", "perfect").search(game, time=1.0)
    check_line(game, result)
    assert (result.score.kind, result.score.plies) == ("win", 17)
    assert result.nodes == 0


def test_the_engines_that_need_a_limit_say_so():
    # The guide said that `perfect` answers from the start at once, and the docstrings listed
    # only `max` and `alphabeta` as needing a limit: `perfect` needs one too.
    needs = {
        "easy": False,
        "hard": False,
        "max": True,
        "perfect": True,
        "alphabeta": True,
        "alphabeta:depth=3": False,
        "mcts": False,
        "random": False,
    }
    assert {spec: ko.Engine("kamisado", spec).needs_limit for spec in needs} == needs
    for spec, needed in needs.items():
        if needed:
            with pytest.raises(ko.InputError, match="give depth, nodes or time"):
                ko.Engine("kamisado", spec).search(ko.Kamisado())
            assert spec.split(":")[0] in ko.Engine.search.__doc__
    # engine_specs() and stats() return lists of pairs, as their docstrings now say.
    assert "list of" in ko.engine_specs.__doc__ and "{" not in ko.engine_specs.__doc__
    assert all(isinstance(pair, tuple) for pair in ko.engine_specs())
    assert "list of" in ko.OnitamaTablebase.stats.__doc__


def test_seeded_mcts_is_reproducible():
    results = [
        ko.Engine("kamisado", "mcts:playouts=500", seed=9).search(ko.Kamisado()) for _ in range(2)
    ]
    assert results[0].move == results[1].move and results[0].pv == results[1].pv


def test_a_finished_game_has_no_move():
    game = ko.Kamisado.from_record("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2 a3e7 h2h2 e7e7")
    result = ko.Engine("kamisado", "easy").search(game)
    assert result.move is None and result.action is None and result.pv == []
    # Black's zero-length move e7e7 handed the turn to Gold, who won by deadlock: in Kamisado
    # the side to move at the end can be the winner.
    assert game.to_move == "gold" == game.winner
    assert (result.score.kind, result.score.plies) == ("win", 0)


def test_the_solver_gives_exact_values_and_perfect_lines():
    solver = ko.KamisadoSolver(table_mib=16)
    game = ko.Kamisado()
    game.play("c1a3")
    result = solver.solve(game)
    assert (result.score.kind, result.score.plies) == ("win", 3)
    end = check_line(game, result)
    assert end.is_over and end.winner == "gold" and len(result.pv) == 3
    # Values up to 9 plies (the longer ones are None): quick to compute.
    values = ko.KamisadoSolver(table_mib=16, max_plies=9).move_values(game)
    assert sorted(m for m, _, _ in values) == sorted(game.legal_moves())
    assert any(v is None for _, _, v in values)
    assert all(game.move_to_action(m) == a for m, a, _ in values)
    # The solved move is one of the quickest wins among the moves' values.
    wins = [v.plies for _, _, v in values if v is not None and v.kind == "win"]
    assert min(wins) == 3
    assert dict((m, v.plies) for m, _, v in values if v is not None)[result.move] == 3


def test_the_solver_agrees_with_a_brute_force_search_near_the_end():
    """Exact values up to 3 plies, checked by a plain search over the legal moves."""

    def wins_within(game, d):
        if d == 0:
            return False
        for action in game.legal_actions():
            child = game.after(action)
            if child.is_over:
                if child.winner == game.to_move:
                    return True
            elif loses_within(child, d - 1):
                return True
        return False

    def loses_within(game, d):
        if d == 0:
            return False
        for action in game.legal_actions():
            child = game.after(action)
            if child.is_over:
                if child.winner == game.to_move:
                    return False
            elif not wins_within(child, d - 1):
                return False
        return True

    def brute_force(game, most):
        for d in range(1, most + 1):
            if wins_within(game, d):
                return ("win", d)
            if loses_within(game, d):
                return ("loss", d)
        return None

    rng = random.Random(12)
    solver = ko.KamisadoSolver(table_mib=16)
    short = longer = 0
    while short < 12 or longer < 3:
        game = ko.Kamisado()
        for _ in range(rng.randrange(6, 40)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_actions()))
        if game.is_over:
            continue
        result = solver.solve(game)
        exact = (result.score.kind, result.score.plies)
        expected = brute_force(game, 3)
        if expected is None:
            assert exact[1] > 3, game.record
            longer += 1
        else:
            assert exact == expected, game.record
            short += 1


def test_tablebase_probes_searches_and_files(tmp_path):
    table = ko.OnitamaTablebase.generate("horse,elephant,ox,boar,crab", pieces=2)
    stats = dict(table.stats())
    assert stats["positions"] == 16_590 and stats["draws"] == 0
    assert table.cards == ["boar", "crab", "elephant", "horse", "ox"] and table.pieces == 2
    game = ko.Onitama("2m2/2M2/5/5/5 elephant,horse boar,ox crab r")
    score = table.probe(game)
    assert (score.kind, score.plies) == ("win", 1)
    result = table.search(game)
    assert result.move == "horse:c4c5"
    assert table.probe(ko.Onitama()) is None and table.search(ko.Onitama()) is None
    # Every value is the best of its children's, one ply further.
    rng = random.Random(3)
    game = ko.Onitama("2m2/5/5/5/2M2 elephant,horse boar,ox crab r")
    for _ in range(40):
        if game.is_over:
            break
        value = table.probe(game)
        result = table.search(game)
        assert result.score == value
        end = check_line(game, result)
        if value.kind == "win":
            assert end.is_over and end.winner == game.to_move and len(result.pv) == value.plies
        game.play(rng.choice(game.legal_actions()))
    path = tmp_path / "a2.tb"
    table.save(path)
    again = ko.OnitamaTablebase.open(path)
    assert again.probe(ko.Onitama("2m2/5/5/5/2M2 elephant,horse boar,ox crab r")) == table.probe(
        ko.Onitama("2m2/5/5/5/2M2 elephant,horse boar,ox crab r")
    )


def test_searches_release_the_gil():
    """While an engine searches in a thread, Python code keeps running in this one."""
    engine = ko.Engine("onitama", "mcts")  # with a time limit, MCTS searches until it is up
    done = threading.Event()

    def search():
        engine.search(ko.Onitama(), time=1.0)
        done.set()

    thread = threading.Thread(target=search)
    thread.start()
    time.sleep(0.05)
    count = 0
    deadline = time.perf_counter() + 0.5
    while time.perf_counter() < deadline and not done.is_set():
        count += 1
    searching = not done.is_set()
    thread.join()
    assert searching, "the search ended before the check"
    # Holding the GIL, the search would have frozen this loop; it ran freely.
    assert count > 10_000


#: Calls that run for minutes or more, each stopped by Ctrl-C.
LONG_CALLS = {
    "search": 'ko.Engine("onitama", "max").search(ko.Onitama(), time=600)',
    "search-threads": 'ko.Engine("onitama", "alphabeta:threads=2").search(ko.Onitama(), time=600)',
    "mcts": 'ko.Engine("onitama", "mcts").search(ko.Onitama(), nodes=10**12)',
    "perft": "ko.Onitama().perft(12)",
    "solve": "ko.KamisadoSolver().solve(ko.Kamisado())",
    "move_values": "ko.KamisadoSolver().move_values(ko.Kamisado())",
    "tablebase": 'ko.OnitamaTablebase.generate("horse,elephant,ox,boar,crab", pieces=6)',
}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT from another process")
@pytest.mark.parametrize("call", LONG_CALLS)
def test_ctrl_c_stops_a_long_call(call):
    # Searches, perft and the solver ran without a stop flag: Ctrl-C waited for them to end.
    code = f"""
import sys
import kamisado_onitama as ko
print("ready", flush=True)
try:
    {LONG_CALLS[call]}
except KeyboardInterrupt:
    print("interrupted")
    sys.exit(0)
print("finished")
"""
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout.readline() == "ready\n"
        time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = process.communicate(timeout=10)
        waited = time.monotonic() - sent
    finally:
        process.kill()
        process.wait()
    assert (process.returncode, out) == (0, "interrupted\n"), err
    assert waited < 2.0, f"stopped {waited:.2f} s after Ctrl-C"


@pytest.mark.parametrize(
    "call",
    [
        lambda: ko.OnitamaTablebase.generate("horse,elephant,ox,boar,crab", pieces=6),
        lambda: ko.Onitama().perft(12),
    ],
    ids=["tablebase", "perft"],
)
def test_an_interrupt_from_a_timer_thread_stops_a_long_call_at_once(call):
    # The tablebase's generation had no stop flag: the interrupt waited minutes for the table.
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        _thread.interrupt_main()

    timer = threading.Timer(0.3, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
        raised = time.monotonic()
    finally:
        timer.cancel()
        timer.join()
    assert sent, "the call ended before the interrupt"
    # A tenth of a second on an idle machine (50 ms polls, a few ms to stop): a margin for CI.
    assert raised - sent[0] < 1.0, f"raised {raised - sent[0]:.2f} s after the interrupt"


def test_outcomes_scores_and_results_pickle_and_copy():
    # The frozen value types could be neither pickled nor copied.
    over = ko.Kamisado.from_record("obpkyrgn/8/8/8/8/8/8/NGRYKPBO b - - c1a3 b8h2 a3e7 h2h2 e7e7")
    results = [
        ko.Engine("onitama", "easy").search(ko.Onitama()),  # an evaluation
        ko.KamisadoSolver().solve(ko.Kamisado().after("c1a3")),  # a win
        ko.Engine("kamisado", "easy").search(over),  # the game is over: no move
    ]
    lost = ko.Kamisado().after("c1a3").after("b8b2")
    scores = [r.score for r in results] + [ko.KamisadoSolver().solve(lost).score]
    assert {s.kind for s in scores} == {"eval", "win", "loss"}
    values = [over.outcome, *scores, *results]
    fields = ("move", "action", "score", "pv", "pv_actions", "depth", "nodes", "seconds")
    for value in values:
        for twin in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
            assert type(twin) is type(value) and repr(twin) == repr(value)
            if isinstance(value, ko.SearchResult):
                assert [getattr(twin, f) for f in fields] == [getattr(value, f) for f in fields]
            else:
                assert twin == value
