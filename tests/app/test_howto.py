"""How to play: every game has its pages in both languages, docs/rules-*.md match them, and INFO
then SELECT opens them from a game's set-up."""

from __future__ import annotations

import pytest

from app import catalog, howto
from app.app import Headless
from app.i18n import LANGUAGES


def test_every_game_on_the_home_screen_has_its_pages():
    playable = {name for family in catalog.families() for entry in family.tiles for name in entry.engines}
    assert playable and playable <= set(howto.games())
    assert all(
        entry.how_to_play == "app.screens.howto:show"
        for family in catalog.families()
        for entry in family.tiles
    )


@pytest.mark.parametrize("game", howto.games())
def test_pages_speak_both_languages_and_show_the_game(game):
    pages = howto.load(game)
    assert len(pages.pages) >= 2
    for page in pages.pages:
        for lang in LANGUAGES:
            assert page.heading[lang] and len(page.text[lang]) > 40
    assert any(page.dice or page.faces or page.boxes for page in pages.pages)


@pytest.mark.parametrize("game", howto.games())
def test_docs_are_made_from_the_pages(game):
    """docs/rules-<game>.md is current: regenerate with `tvgames howto --write-docs`."""
    assert howto.doc_path(game).read_text(encoding="utf-8") == howto.markdown(game)


def test_monopoly_dice_pictures_show_the_board_s_faces():
    """Property dice show their colour only, as on the board (no "$200" on a die), and every face
    has its name in words for the documents."""
    from engines.monopoly_dice import rules as R

    faces = {face.colour for die in R.ALL_DICE for face in die.distinct_faces()}
    pages = howto.load("monopoly-dice").pages
    assert all(not page.dice for page in pages)
    shown = {face for page in pages for face in page.faces}
    assert shown and shown <= faces
    for lang in LANGUAGES:
        words = [howto.face_word("monopoly-dice", face, lang) for face in sorted(shown)]
        assert all(words) and not any(word.startswith("mdice.") or "$" in word for word in words)


def test_a_text_missing_a_language_is_refused(tmp_path, monkeypatch):
    (tmp_path / "broken.yaml").write_text("title: {en: A}\npages: []\n", encoding="utf-8")
    monkeypatch.setattr(howto, "HOWTO_DIR", tmp_path)
    with pytest.raises(ValueError, match="title needs a text in each of en, fa"):
        howto.load.__wrapped__("broken")


def test_info_then_select_opens_how_to_play_from_the_setup(tmp_path):
    from app.screens.howto import HowToScreen
    from app.screens.monopoly_dice.setup import SetupScreen

    h = Headless(profile="sd-pal", data_dir=tmp_path, home=False)
    try:
        h.app.push(SetupScreen())
        h.app.step()
        h.keys("INFO,SELECT")
        assert isinstance(h.top, HowToScreen) and h.top.howto.game == "monopoly-dice"
        h.keys("RIGHT,RIGHT")
        assert h.top.page == 2
        h.keys("BACK")
        assert isinstance(h.top, SetupScreen)
    finally:
        h.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_info_in_a_game_says_select_opens_how_to_play(tmp_path, lang):
    """The INFO overlay names SELECT (as this remote calls it) beside BACK and INFO; over the
    home screen, where SELECT only closes it, it does not."""
    from app import widgets
    from app.i18n import t
    from app.screens.monopoly_dice.setup import SetupScreen
    from remote.buttons import Button

    h = Headless(profile="sd-pal", lang=lang, data_dir=tmp_path)
    try:
        h.keys("INFO")
        h.app.step()
        drawn = [run.text for run in h.app.text.runs]
        assert t("help.close") in drawn
        h.keys("BACK")
        h.app.push(SetupScreen())
        h.app.step()
        h.keys("INFO")
        h.app.step()
        drawn = [run.text for run in h.app.text.runs]
        footer = t("help.close_howto", select=widgets.key_name(Button.SELECT))
        assert footer in drawn and t("help.close") not in drawn
        assert widgets.key_name(Button.SELECT) in footer
    finally:
        h.close()
