"""The dice and the board as data agree with the public facts and with our own design rules."""

from __future__ import annotations

import itertools
from collections import Counter

from engines.monopoly_dice import rules as R
from engines.monopoly_dice.rarity import completion_chances


def test_ten_dice_are_rolled_and_the_house_die_is_the_eleventh():
    assert len(R.PROPERTY_DICE) == 7 and len(R.JAIL_DICE) == 3
    assert len(R.ALL_DICE) == 11 and R.ALL_DICE[R.HOUSE_ID] is R.HOUSE_DIE
    assert all(len(die.faces) == 6 for die in R.ALL_DICE)


def test_jail_dice_have_two_policemen_four_blanks_and_one_go():
    for die in R.JAIL_DICE:
        faces = Counter(f.colour for f in die.faces)
        assert faces[R.POLICEMAN] == 2
        assert faces[R.BLANK] + faces[R.GO] == 4
    assert sum(f.colour == R.GO for die in R.JAIL_DICE for f in die.faces) == 1
    assert any(f.colour == R.GO for f in R.JAIL_DICE[0].faces)


def test_property_faces_are_a_group_with_its_printed_value_or_chance():
    for die in R.PROPERTY_DICE:
        for face in die.faces:
            if face.colour == R.CHANCE:
                assert face.number is None
            else:
                assert face.number == R.GROUPS[R.GROUP_INDEX[face.colour]].die_value


def test_board_groups_match_the_board():
    squares = {g.key: g.squares for g in R.GROUPS}
    assert squares == {
        "brown": 2, "light-blue": 3, "pink": 3, "orange": 3, "red": 3, "yellow": 3, "green": 3,
        "dark-blue": 2, "railroads": 4, "utilities": 2,
    }  # fmt: skip
    values = {g.key: g.board_value for g in R.GROUPS}
    assert values["light-blue"] == 1_000 and values["railroads"] == 2_500 and values["utilities"] == 800
    assert [g.key for g in R.GROUPS if not g.colour] == ["railroads", "utilities"]


def test_the_more_valuable_a_colour_the_less_often_it_is_on_the_dice():
    faces = Counter(f.colour for die in R.PROPERTY_DICE for f in die.faces)
    colours = sorted((R.GROUPS[g] for g in R.COLOUR_GROUPS), key=lambda g: g.board_value)
    counts = [faces[g.key] for g in colours]
    assert counts == sorted(counts, reverse=True)
    assert len({g.board_value for g in R.GROUPS}) == len(R.GROUPS)  # exact Chance choice relies on it


def test_the_more_valuable_a_group_the_harder_it_is_to_complete():
    """The rulebook's promise, measured: the exact chance of completing each group within one
    turn played for it alone falls strictly as its board value rises (railroads and utilities too)."""
    chances = completion_chances()
    by_value = sorted(R.GROUPS, key=lambda g: g.board_value)
    ordered = [chances[g.key] for g in by_value]
    table = [(g.key, round(chances[g.key], 4)) for g in by_value]
    assert all(a > b for a, b in itertools.pairwise(ordered)), table
    assert all(0 < c < 1 for c in ordered)


def test_every_group_can_be_completed():
    for group in R.GROUPS:
        carriers = sum(any(f.colour == group.key for f in die.faces) for die in R.PROPERTY_DICE)
        chance = 1 if group.colour else 0
        assert carriers + chance >= group.squares, group.key


def _completing_throws(group: R.Group) -> list[tuple[int, ...]]:
    """Sets of distinct property dice that can fill ``group`` (at most one by a Chance, colours only)."""
    found = []
    for dice in itertools.combinations(R.PROPERTY_IDS, group.squares):
        shows = [{f.colour for f in R.PROPERTY_DICE[d].faces} for d in dice]
        real = sum(group.key in faces for faces in shows)
        wild = group.colour and real == group.squares - 1
        if real == group.squares or (wild and all(group.key in f or R.CHANCE in f for f in shows)):
            found.append(dice)
    return found


def test_every_group_can_be_completed_by_real_dice():
    """The count above, die by die: a Chance must come from a die that does not also fill a square."""
    for group in R.GROUPS:
        assert _completing_throws(group), group.key
    # green: both Avenue dice and the Boardwalk die, or two of them with the Park Place Chance
    green = {(3, 4, 6), (3, 4, 5), (3, 5, 6), (4, 5, 6)}
    assert set(_completing_throws(R.GROUPS[R.GROUP_INDEX["green"]])) == green
    # dark blue: the Boardwalk die and the Park Place Chance
    assert set(_completing_throws(R.GROUPS[R.GROUP_INDEX["dark-blue"]])) == {(5, 6)}
    assert len(_completing_throws(R.GROUPS[R.GROUP_INDEX["railroads"]])) == 15  # four of P1-P5, P7


def test_property_dice_come_in_four_kinds_of_identical_dice():
    assert [name for name, _ in R.DIE_KINDS] == ["street", "avenue", "park", "boardwalk"]
    assert sorted(d for _, dice in R.DIE_KINDS for d in dice) == list(R.PROPERTY_IDS)
    assert len(R.KIND_OF) == len(R.PROPERTY_DICE)
    faces_of_kind = []
    for k, (_, dice) in enumerate(R.DIE_KINDS):
        assert all(R.KIND_OF[d] == k for d in dice)
        faces = {R.PROPERTY_DICE[d].faces for d in dice}
        assert len(faces) == 1, R.DIE_KINDS[k][0]  # same faces, same order, same values and labels
        faces_of_kind.append(faces.pop())
    assert len(set(faces_of_kind)) == len(R.DIE_KINDS)


def test_chance_faces_at_most_one_a_die_two_in_all():
    per_die = [sum(f.colour == R.CHANCE for f in die.faces) for die in R.PROPERTY_DICE]
    # Two Chance dice can show at once, so the rule "one Chance per group" still binds.
    assert max(per_die) == 1 and sum(per_die) == 2


def test_house_die_faces():
    faces = Counter(f.colour for f in R.HOUSE_DIE.faces)
    assert faces == {R.HOUSE: 3, R.BROKEN_HOUSE: 1, R.HOTEL: 1, R.JAIL_FREE: 1}


def test_bonus_formulas():
    assert R.special_bonus(15_000, 6) == 9_000
    assert R.special_bonus(25_000, 30) == 0
    assert R.houses_hotels_bonus(4, 1) == 4 * 500 + 2_500
