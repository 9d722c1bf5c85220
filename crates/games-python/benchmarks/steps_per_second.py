"""Random-rollout steps per second from Python, all in one run on one core: the one-game API,
the batch API (with masks, with masks and observations), OpenSpiel's C++ games breakthrough
and checkers through pyspiel, and our games through the OpenSpiel adapter.

Usage (from crates/games-python, with the package, numpy and open-spiel installed):

    python benchmarks/steps_per_second.py [--seconds 3] [--repeats 3] [--envs 4096] [--cpu 0]

A step is one move played in one game, and every row chooses its moves uniformly at random
among the legal ones: in Python (``random.choice``) for the one-game API and for pyspiel, in Rust
(``random_actions()``, from the batch's seeded generator) for the batch API. A batch step also
writes what a learner reads: the legal-action masks (bool) and, in the second row of each game,
the observations (uint8) into preallocated numpy arrays. Finished games start again (Onitama's
after 200 plies at the latest). Each figure is the median of ``--repeats`` runs of
``--seconds`` each, the rows taking turns (one run of each per round). The process is pinned to one core (``--cpu``) and numpy to one thread.

Two rates are reported: steps per second of the process's CPU time (the main figure: on an idle
core it is the wall-clock rate, and on a machine shared with other work it still measures what
one core does) and steps per second of wall-clock time (lower when other processes share the
core).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time

for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import numpy as np  # noqa: E402

import kamisado_onitama as ko  # noqa: E402


def timed(run, seconds: float) -> tuple[float, float]:
    """Steps per second of ``run(deadline) -> steps`` over about ``seconds`` of wall-clock time:
    per second of wall-clock time and per second of the process's CPU time."""
    start, cpu = time.perf_counter(), time.process_time()
    steps = run(start + seconds)
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu)


def one_game(cls, max_plies: int | None):
    def run(deadline: float) -> int:
        rng = random.Random(1)
        game, steps = cls() if cls is ko.Kamisado else cls.random(0), 0
        while True:
            for _ in range(1000):
                if game.is_over or (max_plies is not None and game.ply >= max_plies):
                    game = cls() if cls is ko.Kamisado else cls.random(steps)
                game.play(rng.choice(game.legal_actions()))
            steps += 1000
            if time.perf_counter() >= deadline:
                return steps

    return run


def batch(cls, envs: int, observations: bool, **options):
    def run(deadline: float) -> int:
        vector = cls(envs, seed=1, **options)
        masks = np.zeros((envs, vector.NUM_ACTIONS), bool)
        obs = np.zeros((envs, *vector.OBSERVATION_SHAPE), np.uint8)
        steps = 0
        while True:
            for _ in range(10):
                vector.step(vector.random_actions())
                vector.action_masks(out=masks)
                if observations:
                    vector.observations(out=obs)
            steps += 10 * envs
            if time.perf_counter() >= deadline:
                return steps

    return run


def pyspiel_game(name: str):
    import pyspiel

    game = pyspiel.load_game(name)

    def run(deadline: float) -> int:
        rng = random.Random(1)
        steps = 0
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
            if time.perf_counter() >= deadline:
                return steps

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--cpu", type=int, default=0, help="the core to pin to (-1: no pinning)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    if args.cpu >= 0 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})

    rows = [
        ("kamisado", "one-game API (legal_actions, play)", one_game(ko.Kamisado, None)),
        ("kamisado", f"batch API, {args.envs} games, masks", batch(ko.KamisadoVector, args.envs, False)),
        ("kamisado", f"batch API, {args.envs} games, masks + observations", batch(ko.KamisadoVector, args.envs, True)),
        ("onitama", "one-game API (legal_actions, play)", one_game(ko.Onitama, 200)),
        ("onitama", f"batch API, {args.envs} games, masks", batch(ko.OnitamaVector, args.envs, False, start="random")),
        ("onitama", f"batch API, {args.envs} games, masks + observations", batch(ko.OnitamaVector, args.envs, True, start="random")),
    ]
    try:
        import pyspiel  # noqa: F401

        import kamisado_onitama.openspiel  # noqa: F401

        rows += [
            ("breakthrough", "OpenSpiel C++ through pyspiel", pyspiel_game("breakthrough")),
            ("checkers", "OpenSpiel C++ through pyspiel", pyspiel_game("checkers")),
            ("kamisado", "our OpenSpiel adapter through pyspiel", pyspiel_game("kamisado")),
            ("onitama", "our OpenSpiel adapter through pyspiel", pyspiel_game("onitama")),
        ]
    except ImportError:
        print("open-spiel is not installed: no pyspiel rows", file=sys.stderr)

    # Round-robin: every row once per round, so that all rows meet the same machine.
    for _game, _what, run in rows:
        timed(run, min(0.5, args.seconds))  # warm-up
    rates: list[list[tuple[float, float]]] = [[] for _ in rows]
    for round_ in range(args.repeats):
        for i, (game, what, run) in enumerate(rows):
            rates[i].append(timed(run, args.seconds))
            wall, cpu = rates[i][-1]
            print(
                f"  round {round_ + 1}: {game:12} {what:50} {cpu:>12,.0f} per CPU second"
                f" {wall:>12,.0f} per second",
                file=sys.stderr,
            )
    results = [
        {
            "game": game,
            "what": what,
            "steps_per_cpu_second": statistics.median(cpu for _, cpu in rates[i]),
            "steps_per_second": statistics.median(wall for wall, _ in rates[i]),
        }
        for i, (game, what, _run) in enumerate(rows)
    ]

    spiel = [r["steps_per_cpu_second"] for r in results if r["what"].startswith("OpenSpiel C++")]
    machine = {
        "cpu": next(
            (line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
            platform.processor(),
        )
        if os.path.exists("/proc/cpuinfo")
        else platform.processor(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "pinned_cpu": args.cpu,
    }
    if args.json:
        print(json.dumps({"machine": machine, "results": results}, indent=2))
        return
    print("| game | what | steps per CPU second | × best pyspiel C++ | steps per second (wall) |")
    print("|---|---|---:|---:|---:|")
    for r in results:
        ratio = f"{r['steps_per_cpu_second'] / max(spiel):.1f}" if spiel else "-"
        print(
            f"| {r['game']} | {r['what']} | {r['steps_per_cpu_second'] / 1e6:.3f} M | {ratio} |"
            f" {r['steps_per_second'] / 1e6:.3f} M |"
        )
    print(f"\n{machine['cpu']}, Python {machine['python']}, numpy {machine['numpy']}, "
          f"one core (cpu {args.cpu}), load average {machine['load_average']}")


if __name__ == "__main__":
    main()
