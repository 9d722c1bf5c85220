"""OpenSpiel: both games load by name, pass OpenSpiel's own random simulation test with
serialization, and OpenSpiel's MCTSBot plays full games on them."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

import kamisado_onitama as ko  # noqa: E402
import kamisado_onitama.openspiel  # noqa: E402,F401  (registers the games)

GAMES = [
    "kamisado",
    "onitama",
    "onitama(cards=rooster-tiger-rabbit-cobra-frog,max_plies=40)",
    "onitama(cards=crab-dragon-monkey-tiger-mantis)",
]


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_with_serialization(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=30, serialize=True, verbose=False)


def test_game_properties():
    kamisado = pyspiel.load_game("kamisado")
    assert kamisado.num_distinct_actions() == ko.Kamisado.NUM_ACTIONS
    assert kamisado.observation_tensor_shape() == list(ko.Kamisado.OBSERVATION_SHAPE)
    assert kamisado.max_game_length() == kamisado_onitama.openspiel.KAMISADO_LONGEST_GAME
    onitama = pyspiel.load_game("onitama(max_plies=80)")
    assert onitama.max_game_length() == 80
    assert str(onitama) == "onitama(cards=horse-elephant-ox-boar-crab,max_plies=80)"
    assert onitama.new_initial_state().current_player() == 1  # the crab's stamp: Blue starts


def test_states_follow_the_package_and_score_the_winner():
    game = pyspiel.load_game("kamisado")
    state = game.new_initial_state()
    native = ko.Kamisado()
    for mv in "c1a3 b8h2 a3e7 h2h2 e7e7".split():
        action = native.move_to_action(mv)
        assert action in state.legal_actions()
        assert state.action_to_string(state.current_player(), action) == mv
        np.testing.assert_array_equal(
            np.asarray(state.observation_tensor()).reshape(ko.Kamisado.OBSERVATION_SHAPE),
            native.observation(),
        )
        state.apply_action(action)
        native.play(mv)
        assert str(state) == native.position
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0]  # Gold (player 1) wins by deadlock
    with pytest.raises(ko.IllegalMoveError, match="over"):
        state.apply_action(0)
    assert str(state) == native.position and len(state.history()) == 5


def test_onitama_games_end_as_draws_at_the_ply_limit():
    # With set A's cards no piece moves more than one rank forward: nothing can reach the
    # opposing Master or temple within 6 plies, so the game stops at the limit.
    game = pyspiel.load_game("onitama(max_plies=6)")
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        assert len(state.history()) < 6
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) == 6
    assert state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []
    # A terminal state takes no more actions (a legal move of the position was played on).
    position = str(state)
    with pytest.raises(ko.IllegalMoveError, match="the game is over"):
        state.apply_action(state.native.legal_actions()[0])
    assert (str(state), len(state.history()), state.native.ply) == (position, 6, 6)


def test_serialization_and_pickling_round_trip():
    game = pyspiel.load_game("onitama(cards=rooster-tiger-rabbit-cobra-frog)")
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and str(state2) == str(state)
    assert state2.history() == state.history()
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1


def play(game, bots):
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state


@pytest.mark.parametrize("name", ["kamisado", "onitama(max_plies=60)"])
def test_openspiel_python_mcts_bots_play_full_games(name):
    game = pyspiel.load_game(name)
    bots = [
        mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=40,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
            random_state=np.random.RandomState(seed),
        )
        for seed in (1, 2)
    ]
    state = play(game, bots)
    assert state.is_terminal() and sum(state.returns()) == 0.0


# OpenSpiel's C++ MCTSBot (pyspiel.MCTSBot) is not used: in open-spiel 2.0.2 it crashes the
# interpreter (a segmentation fault) on any game written in Python, OpenSpiel's own
# python_tic_tac_toe included, while it plays the C++ tic_tac_toe; docs/python.md says so.
