"""Pig's rules as data: one die, a race to the goal, and the face that loses the turn."""

from __future__ import annotations

GOAL = 100
"""The banked score that wins (banking or rolling to it ends the game at once)."""
DIE_SIDES = 6
BUST_FACE = 1
"""Rolling this face loses the turn's total and passes the die."""
FACES: tuple[int, ...] = tuple(range(1, DIE_SIDES + 1))
PLAYERS = 2
