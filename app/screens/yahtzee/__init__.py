"""Yahtzee (Classic, Painted, Power) and Dice Party on the TV: set-up, game, scorecard, hint, review.

Modules import pygame-heavy pieces lazily so that ``app.screens.yahtzee.decisions`` stays cheap.
"""

from __future__ import annotations
