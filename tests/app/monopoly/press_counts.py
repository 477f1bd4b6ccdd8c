"""Count the remote presses a family needs (issue 28): power-on to the end of the first human
turn with 2 humans + 2 computers, proposing a trade (one deed for nothing more), and mortgaging
one deed. Each step takes the shortest way a player who knows the screens would take.

Run: ``.venv/bin/python tests/app/monopoly/press_counts.py`` (prints the three counts).
"""

from __future__ import annotations

import sys
import tempfile

from app.app import Headless
from app.screens.monopoly.game import GameScreen
from app.screens.monopoly.modals import ManageScreen
from engines.monopoly import game as G
from remote.buttons import Button


class Counter:
    def __init__(self, h: Headless) -> None:
        self.h, self.n = h, 0

    def press(self, button: Button, hold: int = 0) -> None:
        self.n += 1
        self.h.press(button, hold)

    def to_row(self, current: int, target: int, count: int, up: Button, down: Button) -> None:
        """Move a wrapping cursor from ``current`` to ``target`` the shorter way round."""
        fwd = (target - current) % count
        for _ in range(min(fwd, count - fwd)):
            self.press(down if fwd <= count - fwd else up)


def _wait(h: Headless, game: GameScreen, c: Counter) -> None:
    """Let the dice, tokens and computers play until a human decides (hand-overs cost a press)."""
    for _ in range(4000):
        if game.passing_to is not None:
            c.press(Button.UP)
        elif game.computer_turn or game.busy or game.match.actor is None:
            h.advance(200)
        else:
            return


def first_turn(seed: int) -> int:
    with tempfile.TemporaryDirectory() as data:
        h = Headless(profile="sd-pal", lang="en", data_dir=data, seed=seed)
        h.settle_workers = True
        c = Counter(h)
        home = h.top
        ids = [tile.id for tile in home.tiles]
        c.to_row(home.focus.focus, ids.index("monopoly"), len(ids), Button.LEFT, Button.RIGHT)
        c.press(Button.SELECT)
        setup = h.top
        rows = setup.rows()
        c.to_row(setup.focus, rows.index("count"), len(rows), Button.UP, Button.DOWN)
        while setup.choice.count != 4:
            c.press(Button.RIGHT)
        rows = setup.rows()
        c.to_row(setup.focus, rows.index("seat1"), len(rows), Button.UP, Button.DOWN)
        while setup.choice.seats[1].spec.computer:
            c.press(Button.LEFT)
        rows = setup.rows()
        c.to_row(setup.focus, rows.index("start"), len(rows), Button.UP, Button.DOWN)
        c.press(Button.SELECT)
        game = h.top
        assert isinstance(game, GameScreen)
        game.inline = True
        while game.state.stats["turns"] == 0:
            _wait(h, game, c)
            if game.state.turn != 0 or game.state.stats["turns"]:
                break
            legal = game.state.legal_actions()
            if G.ROLL in legal and game.state.phase == G.P_ROLL:
                c.press(Button.DIGIT_2, 500)
                continue
            rows = game.rows()
            want = next(
                (i for i, r in enumerate(rows) if r.action in (G.BUY, G.END_TURN, G.TAX_FLAT, G.PASS)), 0
            )
            c.to_row(game.row, want, len(rows), Button.UP, Button.DOWN)
            c.press(Button.SELECT)
        h.close()
        return c.n


def _board_with_deeds(seed: int) -> tuple[Headless, GameScreen, Counter]:
    from app.screens.monopoly.scenes import _human, _round, board_at

    h = Headless(profile="sd-pal", lang="en", data_dir=tempfile.mkdtemp(), home=False)
    h.settle_workers = True
    game = board_at(h.app, seed, _human(G.P_ROLL, _round(40)))
    h.app.step()
    return h, game, Counter(h)


def trade(seed: int = 1) -> int:
    """Offer one of your deeds to the first computer for nothing and propose it."""
    h, game, c = _board_with_deeds(seed)
    rows = game.rows()
    c.to_row(game.row, next(i for i, r in enumerate(rows) if r.action == G.TRADE_WITH_BASE + 1), len(rows),
             Button.UP, Button.DOWN)  # fmt: skip
    c.press(Button.SELECT)
    rows = game.rows()
    mine = next(i for i, r in enumerate(rows) if r.owner == 0 and r.action is not None)
    c.to_row(game.row, mine, len(rows), Button.UP, Button.DOWN)
    c.press(Button.SELECT)
    rows = game.rows()
    propose = next(i for i, r in enumerate(rows) if r.action == G.PROPOSE)
    c.to_row(game.row, propose, len(rows), Button.UP, Button.DOWN)
    c.press(Button.SELECT)
    assert game.state.phase != G.P_TRADE
    h.close()
    return c.n


def mortgage(seed: int = 1) -> int:
    """Mortgage one unmortgaged, unbuilt deed and come back to the board."""
    h, game, c = _board_with_deeds(seed)
    rows = game.rows()
    c.to_row(game.row, next(i for i, r in enumerate(rows) if r.command == "manage"), len(rows), Button.UP,
             Button.DOWN)  # fmt: skip
    c.press(Button.SELECT)
    manage = h.top
    assert isinstance(manage, ManageScreen)
    squares = manage.squares()
    target = next(k for k, sq in enumerate(squares) if G.MORTGAGE_BASE + sq in game.state.legal_actions())
    c.to_row(manage.focus, target, len(squares), Button.UP, Button.DOWN)
    before = sum(game.state.mortgaged)
    c.press(Button.SELECT)
    assert sum(game.state.mortgaged) == before + 1
    c.press(Button.BACK)
    assert h.top is game
    h.close()
    return c.n


if __name__ == "__main__":
    seeds = [int(a) for a in sys.argv[1:]] or [1, 2, 3]
    print("first human turn from power-on:", [first_turn(s) for s in seeds])
    print("a trade (one deed, proposed):", trade())
    print("a mortgage (one deed, back on the board):", mortgage())
