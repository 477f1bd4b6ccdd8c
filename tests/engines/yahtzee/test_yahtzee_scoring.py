"""Every scoring example in the manuals, box by box (the turn rules are tested in test_yahtzee_engine)."""

from __future__ import annotations

import pytest

from engines.yahtzee.scoring import (
    BOXES_BY_MODE,
    CLASSIC_BOXES,
    DICE_PARTY_BOXES,
    PAINTED_BOXES,
    POWER_BOXES,
    POWER_UPPER_BONUS,
    UPPER_BONUS,
    Section,
    bonus_for,
    box_by_key,
    is_yahtzee,
    joker_score,
    score_box,
)


def classic(key: str, dice: tuple[int, ...]) -> int:
    return score_box(box_by_key(CLASSIC_BOXES, key), dice)


def test_card_sizes_and_ids() -> None:
    assert {m: len(b) for m, b in BOXES_BY_MODE.items()} == {
        "classic": 13,
        "painted": 20,
        "power": 21,
        "dice-party": 13,
    }
    for boxes in BOXES_BY_MODE.values():
        assert [b.id for b in boxes] == list(range(len(boxes)))
        assert len({b.key for b in boxes}) == len(boxes)
    assert [b.section for b in PAINTED_BOXES].count(Section.COLOUR) == 5


@pytest.mark.parametrize(
    ("key", "dice", "score"),
    [
        # Upper section: "you could score 9 in the Threes box, 2 in the Twos box or 4 in the Fours box"
        ("threes", (3, 3, 3, 2, 4), 9),
        ("twos", (3, 3, 3, 2, 4), 2),
        ("fours", (3, 3, 3, 2, 4), 4),
        # 3 of a Kind 18; also Chance 18, Fives 15, Twos 2, Aces 1
        ("three_of_a_kind", (5, 5, 5, 2, 1), 18),
        ("chance", (5, 5, 5, 2, 1), 18),
        ("fives", (5, 5, 5, 2, 1), 15),
        ("ones", (5, 5, 5, 2, 1), 1),
        # 4 of a Kind 14; also 3 of a Kind 14, Chance 14, Twos 8, Sixes 6
        ("four_of_a_kind", (2, 2, 2, 2, 6), 14),
        ("three_of_a_kind", (2, 2, 2, 2, 6), 14),
        ("twos", (2, 2, 2, 2, 6), 8),
        ("sixes", (2, 2, 2, 2, 6), 6),
        # Full House 25; also 3 of a Kind 19, Chance 19, Threes 9, Fives 10
        ("full_house", (3, 3, 3, 5, 5), 25),
        ("three_of_a_kind", (3, 3, 3, 5, 5), 19),
        ("threes", (3, 3, 3, 5, 5), 9),
        ("fives", (3, 3, 3, 5, 5), 10),
        # Small Straight: any four in a row, three shapes
        ("small_straight", (1, 2, 3, 4, 6), 30),
        ("small_straight", (2, 3, 4, 5, 5), 30),
        ("small_straight", (6, 3, 4, 5, 1), 30),
        ("small_straight", (1, 2, 3, 5, 6), 0),
        # Large Straight: the two shapes, and a Large Straight is also a Small one
        ("large_straight", (1, 2, 3, 4, 5), 40),
        ("large_straight", (6, 5, 4, 3, 2), 40),
        ("large_straight", (1, 2, 3, 4, 6), 0),
        ("small_straight", (1, 2, 3, 4, 5), 30),
        ("yahtzee", (6, 6, 6, 6, 6), 50),
        ("yahtzee", (6, 6, 6, 6, 5), 0),
        ("chance", (6, 5, 4, 4, 3), 22),
        # The turn example's last roll: Twos 6, 3 of a Kind 12, Full House 25
        ("twos", (2, 2, 2, 3, 3), 6),
        ("three_of_a_kind", (2, 2, 2, 3, 3), 12),
        ("full_house", (2, 2, 2, 3, 3), 25),
        # Five of a kind is no Full House (only as a Joker)
        ("full_house", (4, 4, 4, 4, 4), 0),
        ("three_of_a_kind", (1, 4, 4, 2, 5), 0),
    ],
)
def test_classic_examples(key: str, dice: tuple[int, ...], score: int) -> None:
    assert classic(key, dice) == score


@pytest.mark.parametrize(
    ("key", "dice", "score"),
    [
        ("sixes", (6, 6, 1, 3, 6), 18),
        ("three_of_a_kind", (1, 4, 4, 4, 5), 18),
        ("four_of_a_kind", (2, 2, 4, 2, 2), 12),
        ("full_house", (2, 2, 5, 5, 5), 25),
        ("full_house", (5, 5, 5, 5, 5), 0),
        ("small_straight", (3, 4, 5, 6, 6), 30),
        ("large_straight", (2, 3, 4, 5, 6), 40),
        ("yahtzee", (3, 3, 3, 3, 3), 50),
        ("chance", (1, 2, 3, 3, 6), 15),
    ],
)
def test_dice_party_examples(key: str, dice: tuple[int, ...], score: int) -> None:
    assert score_box(box_by_key(DICE_PARTY_BOXES, key), dice) == score


def power(key: str, dice: tuple[int, ...]) -> int:
    return score_box(box_by_key(POWER_BOXES, key), dice)


def test_power_examples() -> None:
    # Fives worth 15 (x2 on the Power die = 30; the multiplier is the engine's job)
    assert power("fives", (5, 5, 5, 2, 3)) == 15
    # The Double example: four 4s, Fours 16 and 4 of a Kind 22
    assert power("fours", (4, 4, 4, 4, 6)) == 16
    assert power("four_of_a_kind_1", (4, 4, 4, 4, 6)) == 22
    assert power("four_of_a_kind_2", (4, 4, 4, 4, 6)) == 22
    # 2 Pairs 12; also Chance 12, Fours 8, Ones 2, Twos 2
    dice = (4, 4, 1, 1, 2)
    assert (power("two_pairs", dice), power("chance", dice)) == (12, 12)
    assert (power("fours", dice), power("ones", dice), power("twos", dice)) == (8, 2, 2)
    assert power("two_pairs", (4, 4, 4, 4, 2)) == 0
    assert power("two_pairs", (3, 3, 3, 5, 5)) == 19
    # Choice scores the best single number again
    assert power("choice", (3, 3, 3, 1, 2)) == 9
    assert power("choice", (6, 6, 1, 1, 1)) == 12
    assert [power(f"yahtzee_{r}", (2, 2, 2, 2, 2)) for r in (1, 2, 3)] == [50, 100, 150]


def test_painted_boxes() -> None:
    def painted(key: str, dice: tuple[int, ...], colours: tuple[str, ...]) -> int:
        return score_box(box_by_key(PAINTED_BOXES, key), dice, colours)

    rainbow = ("blue", "red", "purple", "green", "yellow")
    house = ("red", "red", "red", "blue", "blue")
    flush = ("green",) * 5
    assert painted("rainbow", (1, 1, 2, 2, 3), rainbow) == 40
    assert painted("rainbow", (1, 1, 2, 2, 3), house) == 0
    assert painted("painted_house", (1, 1, 2, 2, 3), house) == 25
    assert painted("painted_house", (1, 1, 2, 2, 3), flush) == 0
    assert painted("flush", (1, 1, 2, 2, 3), flush) == 45
    assert painted("four_of_a_color", (1, 1, 2, 2, 3), flush) == 9
    assert painted("four_of_a_color", (1, 1, 2, 2, 3), house) == 0
    assert painted("straight", (2, 3, 4, 5, 6), house) == 40
    assert painted("straight", (1, 2, 3, 4, 6), house) == 0
    assert painted("red", (6, 5, 4, 3, 2), house) == 15
    assert painted("blue", (6, 5, 4, 3, 2), house) == 5
    assert painted("yellow", (6, 5, 4, 3, 2), house) == 0
    assert painted("four_of_a_kind", (6, 6, 6, 6, 2), house) == 26
    with pytest.raises(ValueError, match="colours"):
        score_box(box_by_key(PAINTED_BOXES, "rainbow"), (1, 2, 3, 4, 5))


def test_joker_and_bonus() -> None:
    assert is_yahtzee((1, 1, 1, 1, 1)) and not is_yahtzee((1, 1, 1, 1, 2))
    fives = (5, 5, 5, 5, 5)
    assert joker_score(box_by_key(CLASSIC_BOXES, "full_house"), fives) == 25
    assert joker_score(box_by_key(CLASSIC_BOXES, "small_straight"), fives) == 30
    assert joker_score(box_by_key(CLASSIC_BOXES, "large_straight"), fives) == 40
    assert joker_score(box_by_key(CLASSIC_BOXES, "four_of_a_kind"), fives) == 25
    assert joker_score(box_by_key(CLASSIC_BOXES, "twos"), fives) == 0
    assert [bonus_for(t, UPPER_BONUS) for t in (0, 62, 63, 90)] == [0, 0, 35, 35]
    assert [bonus_for(t, POWER_UPPER_BONUS) for t in (149, 150, 199, 200, 299, 300, 500)] == [
        0,
        50,
        50,
        100,
        100,
        200,
        200,
    ]


def test_score_box_gives_plain_ints_even_after_numpy_callers():
    import numpy as np

    from engines.yahtzee.scoring import CLASSIC_BOXES, score_box

    chance = CLASSIC_BOXES[-1]
    dice = (6, 5, 4, 3, 1)
    assert type(score_box(chance, tuple(np.array(dice)))) is int
    assert type(score_box(chance, dice)) is int


def test_the_score_cache_is_bounded_by_the_rules_not_by_play() -> None:
    """Every ordered roll with any colours in every box of every mode: the cache keeps at most one
    value per sorted hand and number box (a box that has played for days stays that small)."""
    import itertools

    from engines.yahtzee.scoring import COLOURS, NUMBER_KINDS, SCORE_CACHE_SIZE, _number_score

    _number_score.cache_clear()
    rolls = list(itertools.product(range(1, 7), repeat=5))
    colours = [COLOURS[i % 5 :] + COLOURS[: i % 5] for i in range(5)]
    number_boxes = set()
    for boxes in BOXES_BY_MODE.values():
        for box in boxes:
            for i, roll in enumerate(rolls):
                score_box(box, roll, colours[i % 5])
                score_box(box, list(reversed(roll)), colours[(i + 1) % 5])
            if box.kind in NUMBER_KINDS:
                number_boxes.add(box)
    assert _number_score.cache_info().currsize <= 252 * len(number_boxes) <= SCORE_CACHE_SIZE
    large_straight = CLASSIC_BOXES[10]
    assert score_box(large_straight, (5, 3, 2, 4, 1)) == score_box(large_straight, (1, 2, 3, 4, 5)) == 40
