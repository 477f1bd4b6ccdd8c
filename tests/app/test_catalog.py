"""The game descriptors: every hook resolves, and they agree with the engines they name."""

from __future__ import annotations

import importlib

import pytest

from app import catalog
from engines.core import load_game, registered_games

FAMILIES = catalog.families()


def test_every_engine_game_has_exactly_one_tile():
    named = [name for family in FAMILIES for name in family.engines]
    named += [name for tile in catalog.COMING_SOON for name in tile.engines]
    assert sorted(named) == registered_games()


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_hooks_resolve(family):
    for tile in family.tiles:
        for hook in (tile.start, tile.resume, tile.tile_art, tile.how_to_play):
            if hook is not None:
                assert callable(catalog.resolve(hook))
    for module in family.scenes:
        importlib.import_module(module)
    if family.simulate:
        module = importlib.import_module(family.simulate)
        assert callable(module.run) and callable(module.format_text)
    if family.solve:
        assert callable(catalog.resolve(family.solve))
    assert catalog.family(family.name) is not None


@pytest.mark.parametrize("setting", catalog.game_settings(), ids=lambda s: s.key)
def test_game_settings_follow_the_engine_option(setting):
    option = type(load_game(setting.engine)).options[setting.option]
    assert setting.choices == tuple(option.allowed)
    assert setting.default == option.default


def test_carousel_order_and_unknown_family():
    ids = ["yahtzee", "dice-party", "monopoly-dice", "monopoly", "pig"]
    assert [tile.id for tile in catalog.GAMES] == ids
    with pytest.raises(KeyError, match="no game family"):
        catalog.family("chess")
