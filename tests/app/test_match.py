"""The match controller on its own, driven by a fake clock: pacing, SELECT-skip, autoplay to the
end, saving mid-turn and resuming, and a computer acting while it is not its turn."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from app.match import (
    Acting,
    GameOver,
    Match,
    MatchRules,
    Pacing,
    PlayerSpec,
    ResultsDue,
    Rolled,
    Scored,
    TurnEnded,
    TurnStarted,
    from_version_1,
    read_payload,
)
from app.screens.monopoly_dice.players import make_chooser as mdice_chooser
from app.screens.monopoly_dice.rules import MonopolyDiceRules
from app.screens.yahtzee.game import make_chooser, new_match
from app.screens.yahtzee.rules import CPU_PAUSE_S, CPU_SHAKE_S
from engines.core import CHANCE, TERMINAL, play_out
from engines.monopoly_dice import ROLL as MDICE_ROLL
from engines.monopoly_dice import MonopolyDiceGame, MonopolyDiceState
from engines.yahtzee.game import ROLL, SCORE, ClassicGame, YahtzeeState

HUMAN = PlayerSpec(False)
EASY, MEDIUM = PlayerSpec(True, "easy"), PlayerSpec(True, "medium")
TICK = 0.05


@pytest.mark.parametrize(
    "module",
    [
        "app.match",
        "app.screens.yahtzee.rules",
        "app.screens.monopoly_dice.rules",
        "app.screens.monopoly.rules",
        "app.screens.pig.rules",
    ],
)
def test_match_and_the_families_rules_import_no_pygame(module: str):
    code = f"import sys, {module}; assert 'pygame' not in sys.modules, 'pygame imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def _yahtzee(seats, seed: int = 1, pacing: Pacing = Pacing.HUMAN) -> Match:
    rng = np.random.default_rng(seed)
    ai_rng = np.random.default_rng(seed + 100)
    match = new_match(ClassicGame(num_players=len(seats)).new_initial_state(), seats, rng, ai_rng, pacing)
    match.inline = True
    return match


def _mdice(seats, seed: int = 2, target: int = 10_000, pacing: Pacing = Pacing.HUMAN) -> Match:
    rng = np.random.default_rng(seed)
    seeds = [int(s) for s in rng.integers(2**31, size=len(seats))]
    state = MonopolyDiceGame(num_players=len(seats), target=target).new_initial_state()
    return Match(
        state,
        seats,
        MonopolyDiceRules(),
        {"chance": rng},
        lambda seat: mdice_chooser(seats[seat].level, seeds[seat]),
        pacing=pacing,
        inline=True,
    )


def _record(match: Match) -> list[Any]:
    events: list[Any] = []
    match.subscribe(events.append)
    return events


def _first_box(state: YahtzeeState) -> int:
    return SCORE + state.allowed_boxes()[0]


def _run(match: Match, human=None, limit: int = 200_000) -> None:
    """Tick the fake clock (a human plays ``human(state)`` when asked) until the results are due."""
    done = []
    match.subscribe(lambda e: done.append(e) if isinstance(e, ResultsDue) else None)
    for _ in range(limit):
        if done:
            return
        if match.actor is not None and not match.seats[match.actor].computer:
            match.act(human(match.state))
        else:
            match.tick(TICK)
    raise AssertionError("the match did not end")


def test_autoplay_needs_a_computer_in_every_seat():
    with pytest.raises(ValueError, match="computer in every seat"):
        _mdice([HUMAN, EASY], pacing=Pacing.AUTOPLAY)
    with pytest.raises(ValueError, match="computer in every seat"):
        _mdice([EASY, HUMAN]).autoplay()


def test_autoplay_speed_shows_the_same_turn_in_fewer_ticks():
    ticks = {}
    positions = {}
    for speed in (1, 4):
        match = _mdice([EASY, EASY])
        match.autoplay(speed)
        match.start()
        ticks[speed] = 0
        while match.actor == 0:
            match.tick(TICK)
            ticks[speed] += 1
        positions[speed] = match.state.to_dict()
    assert ticks[4] < ticks[1] / 2 and positions[4] == positions[1]


@pytest.mark.parametrize("game", ["yahtzee", "monopoly-dice"])
def test_autoplay_plays_a_whole_game_on_a_fake_clock(game):
    seats = [EASY, MEDIUM]
    if game == "yahtzee":
        match = _yahtzee(seats, pacing=Pacing.AUTOPLAY)
    else:
        match = _mdice(seats, pacing=Pacing.AUTOPLAY)
    events = _record(match)
    match.start()
    _run(match)
    assert match.state.is_terminal() and not match.ended
    kinds = [type(e) for e in events]
    assert kinds[-2:] == [GameOver, ResultsDue]
    assert kinds.count(GameOver) == 1 and Rolled in kinds and TurnEnded in kinds
    turns = kinds.count(TurnStarted)
    assert turns >= kinds.count(TurnEnded) - 1 > 0
    # every turn shown at the computers' pace: at least the opening pause and one shake each
    if game == "yahtzee":
        assert match.now >= turns * (CPU_PAUSE_S["start"] + CPU_SHAKE_S)
        # the pace changes nothing in the game: the engine alone plays the same one
        game_ = ClassicGame(num_players=2)
        ai_rng = np.random.default_rng(101)
        choosers = [make_chooser(game_, s.level, ai_rng) for s in seats]
        alone = play_out(game_.new_initial_state(), np.random.default_rng(1), choosers)
        assert alone.to_dict() == match.state.to_dict()


def _computer_turn(skip: bool) -> tuple[float, int, dict]:
    """Seconds the computer's first turn took, its actions, and the position after it."""
    match = _mdice([MEDIUM, HUMAN], seed=4)
    actions = _record(match)
    match.start()
    for _ in range(10_000):
        if match.actor != 0:
            return match.now, sum(isinstance(e, Acting) for e in actions), match.state.to_dict()
        match.tick(TICK)
        if skip and match.now > 0.2:
            match.skip()
    raise AssertionError("the computer's turn did not end")


def test_select_skip_drops_every_pause_of_the_computers_turn():
    paced, actions, position = _computer_turn(skip=False)
    assert paced > MonopolyDiceRules.pace.pauses["start"] + MonopolyDiceRules.pace.shake_s
    skipped, actions_skipped, position_skipped = _computer_turn(skip=True)
    # no pause, shake or settling once skipped: one action a tick, the same turn
    assert skipped < 0.2 + (actions_skipped + 2) * TICK < paced
    assert (actions_skipped, position_skipped) == (actions, position)


def test_skip_is_forgotten_when_the_next_turn_starts():
    match = _yahtzee([MEDIUM, HUMAN])
    match.start()
    match.skip()
    assert match.skipping
    _tick_until(match, lambda: match.actor == 1)
    assert not match.skipping


def _tick_until(match: Match, done, limit: int = 10_000) -> None:
    for _ in range(limit):
        if done():
            return
        match.tick(TICK)
    raise AssertionError("never happened")


def test_human_pace_shakes_settles_and_pauses():
    match = _yahtzee([HUMAN, MEDIUM])
    events = _record(match)
    match.start()
    match.shake()
    assert match.shaking and match.tumbling == frozenset(range(5))
    assert match.stop_shaking() and not match.shaking
    match.act(ROLL)
    assert match.settling
    match.tick(0.2)
    assert match.settling
    match.tick(0.3)
    assert not match.settling and not match.tumbling
    match.act(_first_box(match.state))
    assert isinstance(events[-1], TurnStarted) and events[-1].player == 1 and events[-1].announce
    match.tick(CPU_PAUSE_S["start"] / 2)
    assert match.state.to_dict()["rolls"] == 0  # the computer waits before it starts
    _tick_until(match, lambda: match.shaking)
    assert match.state.to_dict()["rolls"] == 0  # the cup is shaken before the dice are thrown
    _tick_until(match, lambda: match.state.to_dict()["rolls"] == 1)


def test_finish_computer_turns_stops_where_a_human_is_to_act():
    match = _yahtzee([HUMAN, MEDIUM, MEDIUM])
    match.start()
    match.act(ROLL)
    match.act(_first_box(match.state))
    match.tick(TICK)
    match.finish_computer_turns()
    assert match.actor == 0 and match.state.turns_taken() == [1, 1, 1]
    assert not match.settling and not match.thinking


def test_save_mid_turn_and_resume_plays_on_the_same():
    seats = [HUMAN, MEDIUM]

    def human(state):
        return ROLL if state.to_dict()["rolls"] < 2 else _first_box(state)

    match = _yahtzee(seats, seed=9)
    match.start()
    for _ in range(3):  # a few turns in, then mid-turn: one roll made, a die held
        match.act(ROLL)
        match.act(_first_box(match.state))
        _tick_until(match, lambda: match.actor == 0)
    match.act(ROLL)
    match.act(1)  # hold the first die
    payload = json.loads(json.dumps(match.save_payload({"note": "mine"})))
    assert payload["pacing"] == "human" and payload["game"] == {"note": "mine"}
    saved = read_payload(payload, YahtzeeState, ("chance", "computers"))
    assert saved.seats == seats and saved.game == {"note": "mine"}
    resumed = new_match(saved.state, saved.seats, saved.rngs["chance"], saved.rngs["computers"])
    resumed.inline = True
    resumed.start()
    _run(match, human)
    _run(resumed, human)
    assert resumed.state.to_dict() == match.state.to_dict()


def test_a_save_never_holds_dice_in_the_air_or_a_damaged_part():
    match = _mdice([HUMAN, EASY])
    payload = match.save_payload()
    with pytest.raises(ValueError, match="not a YahtzeeState"):
        read_payload(payload, YahtzeeState)
    match.state.apply_action(MDICE_ROLL)  # dice in the air (never left so by the match)
    with pytest.raises(ValueError, match="dice in the air"):
        read_payload(match.save_payload(), MonopolyDiceState)
    for key, bad in (("seats", [HUMAN.to_json()]), ("rngs", {}), ("pacing", "fast"), ("version", 1)):
        with pytest.raises(ValueError):
            read_payload(dict(payload, **{key: bad}), MonopolyDiceState)


def test_a_version_1_save_still_opens():
    match = _mdice([HUMAN, EASY])
    new = match.save_payload({"ai_seeds": [1, 2], "jailed_last": [False, True]})
    old = {
        "version": 1,
        "engine": new["engine"],
        "rng": new["rngs"]["chance"],
        "ai_seeds": [1, 2],
        "jailed_last": [False, True],
        "players": new["seats"],
    }
    upgraded = from_version_1(old, {"chance": "rng"}, ("ai_seeds", "jailed_last"))
    assert upgraded == new


# -- a tiny game where a computer bids during a human's turn, and sees only its observation --------
class AuctionGame:
    num_players = 2


class AuctionState:
    """Seat 0 owns the turn; ``open`` (0) asks seat 1 for a bid (1), which goes back to seat 0, who
    ends the turn (2). Seat 1's secret bid limit is in the state, but not in seat 0's observation
    and the other way round."""

    game = AuctionGame()

    def __init__(self) -> None:
        self.asking = 0
        self.turns = 0
        self.limits = [7, 40]
        self.bids: list[int] = []

    def current_player(self) -> int:
        return TERMINAL if self.turns == 2 else self.asking

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def winners(self) -> list[int]:
        return [1]

    def apply_action(self, action: int) -> None:
        if action == 0:
            self.asking = 1
        elif action == 1:
            self.bids.append(self.limits[1])
            self.asking = 0
        else:
            self.turns += 1

    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        mine = self.limits if player is None else [self.limits[player]]
        return {"asking": self.asking, "turns": self.turns, "my_limit": mine, "bids": list(self.bids)}


class AuctionRules(MatchRules):
    def turn_count(self, state) -> int:
        return state.turns


def test_a_computer_bids_during_a_humans_turn_seeing_only_its_observation():
    seen: list[Any] = []

    def bidder(view):
        seen.append(view)
        return 1

    state = AuctionState()
    match = Match(
        state,
        [HUMAN, PlayerSpec(True, "easy")],
        AuctionRules(),
        {"chance": np.random.default_rng(0)},
        lambda seat: bidder,
        inline=True,
    )
    events = _record(match)
    match.start()
    match.act(0)  # the human opens an auction on their own turn
    assert match.actor == 1 and match.computer_to_act
    assert not any(isinstance(e, TurnEnded) for e in events)
    _tick_until(match, lambda: match.actor == 0)
    assert seen == [{"asking": 1, "turns": 0, "my_limit": [40], "bids": []}]  # never seat 0's limit
    assert state.bids == [40]
    acts = [(e.player, e.action, e.computer) for e in events if isinstance(e, Acting)]
    assert acts == [(0, 0, False), (1, 1, True)]
    match.act(2)
    assert [e for e in events if isinstance(e, TurnEnded)] == [TurnEnded(0)]
    assert not any(isinstance(e, Scored) for e in events)
