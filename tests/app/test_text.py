from __future__ import annotations

import pygame
import pytest
from bidi import get_display
from hypothesis import given, settings
from hypothesis import strategies as st

from app import i18n
from app.text import TextRenderer, TextRun, base_is_rtl, embedding_levels, localize_number_words, visual_runs


@pytest.fixture(scope="module")
def renderer():
    pygame.font.init()
    return TextRenderer()


@pytest.fixture(autouse=True)
def _english_ui():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def runs(text, lang="fa", rtl=None):
    return [(run.text, run.rtl) for run in visual_runs(text, rtl, lang)]


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Yahtzee", "en", [("Yahtzee", False)]),
        ("Score: 50", "en", [("Score: 50", False)]),
        ("تنظیمات", "fa", [("تنظیمات", True)]),
        # A Latin word inside Persian: the Persian before it reads from the right edge.
        ("سلام abc 123 دنیا", "fa", [(" دنیا", True), ("abc 123", False), ("سلام ", True)]),
        # Persian digits after Persian letters are numbers in an RTL line: an LTR run of their own.
        ("امتیاز ۵۰ است", "fa", [(" است", True), ("۵۰", False), ("امتیاز ", True)]),
        ("۱۵٬۰۰۰ دلار", "fa", [(" دلار", True), ("۱۵٬۰۰۰", False)]),
        # A Persian name in an English line stays in place and reads right to left.
        ("Player علی has 50", "en", [("Player ", False), ("علی", True), (" has 50", False)]),
        # English line that starts with Persian, in an English UI: the first strong letter decides.
        ("علی: 50", "en", [("50", False), ("علی: ", True)]),
        # Two Latin words: one LTR run between the Persian words, in reading order inside.
        ("بازی Monopoly Dice جدید", "fa", [(" جدید", True), ("Monopoly Dice", False), ("بازی ", True)]),
        ("", "fa", []),
    ],
)
def test_visual_runs(text, lang, expected):
    assert runs(text, lang) == expected


def test_zero_width_non_joiner_stays_inside_its_word():
    # "می‌خواهید" needs its ZWNJ for shaping; bidi X9 would drop it, we must not.
    text = "می\u200cخواهید بازی کنید؟"
    assert runs(text) == [(text, True)]


def test_trailing_space_takes_the_paragraph_direction():
    levels = embedding_levels("abc ", rtl=True)
    assert levels == [2, 2, 2, 1]


def test_base_direction_can_be_forced():
    assert runs("abc علی", lang="en", rtl=True) == [(" علی", True), ("abc", False)]
    assert runs("abc علی", lang="en", rtl=False) == [("abc ", False), ("علی", True)]


_MIXED = st.text(
    alphabet=st.sampled_from(list("abc XYZ 0123 ۰۱۲ سلامدنیا ()-:.,!؟٬") + ["\u200c"]),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(_MIXED, st.sampled_from(["en", "fa"]))
def test_run_order_agrees_with_python_bidi_display(text, lang):
    # python-bidi's Rust get_display is an independent UAX #9 implementation that returns the
    # characters in display order (without mirroring brackets: HarfBuzz does that for us).
    # Our runs, with each RTL run reversed, must give the same order. (A ZWNJ has no width; where
    # it lands at a run edge is invisible, and the two differ on that, so it is left out.)
    rtl = base_is_rtl(text, lang)
    ours = "".join(run.text[::-1] if run.rtl else run.text for run in visual_runs(text, rtl, lang))
    theirs = get_display(text, base_dir="R" if rtl else "L")
    assert ours.replace("\u200c", "") == theirs.replace("\u200c", "")


@settings(max_examples=150, deadline=None)
@given(_MIXED)
def test_rtl_line_without_latin_or_digits_is_one_run(text):
    persian = "".join(ch for ch in text if ch in "سلامدنیا ")
    if persian.strip():
        assert runs(persian) == [(persian, True)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hd-720 at 50 Hz, 80%", "hd-720 at ۵۰ Hz, ۸۰%"),
        ("settings.json.corrupt-20261129T134500Z", "settings.json.corrupt-20261129T134500Z"),
        ("دور 3 از 13", "دور ۳ از ۱۳"),
        ("$1,500", "$۱,۵۰۰"),
    ],
)
def test_numbers_become_persian_but_codes_do_not(text, expected):
    assert localize_number_words(text, "fa") == expected
    assert localize_number_words(text, "en") == text


def alpha(surface: pygame.Surface) -> list[list[int]]:
    return pygame.surfarray.array_alpha(surface).tolist()


def test_persian_is_shaped_not_drawn_letter_by_letter(renderer):
    shaped = renderer.render("سلام", 32, (200, 200, 200), lang="fa")
    isolated = renderer.render("س ل ا م".replace(" ", "\u200c"), 32, (200, 200, 200), lang="fa")
    # Joined letters take less room than the same letters kept apart by ZWNJ.
    assert shaped.get_width() < isolated.get_width()


def test_latin_word_is_drawn_at_the_left_of_a_persian_line(renderer):
    line = renderer.render("سلام XYZ", 32, (200, 200, 200), lang="fa")
    latin = renderer.render("XYZ", 32, (200, 200, 200), lang="en")
    persian = renderer.render("سلام ", 32, (200, 200, 200), lang="fa")
    assert line.get_width() == latin.get_width() + persian.get_width()
    left = line.subsurface((0, 0, latin.get_width(), latin.get_height()))
    right = line.subsurface((latin.get_width(), 0, persian.get_width(), persian.get_height()))
    assert alpha(left) == alpha(latin)
    assert alpha(right) == alpha(persian)


def test_numbers_in_a_persian_line_read_left_to_right(renderer):
    line = renderer.render("امتیاز 123", 32, (200, 200, 200), lang="fa")
    digits = renderer.render("۱۲۳", 32, (200, 200, 200), lang="en")
    assert alpha(line.subsurface((0, 0, digits.get_width(), digits.get_height()))) == alpha(digits)
    reversed_digits = renderer.render("۳۲۱", 32, (200, 200, 200), lang="en")
    assert alpha(digits) != alpha(reversed_digits)


def test_size_matches_render_and_lines_stack(renderer):
    for text, lang in [("Settings", "en"), ("تنظیمات صدا 80%", "fa"), ("دو\nخط", "fa"), ("", "en")]:
        surface = renderer.render(text, 24, (200, 200, 200), lang=lang)
        assert renderer.size(text, 24, lang=lang) == (surface.get_width(), surface.get_height())
    assert renderer.size("a\nb\nc", 24)[1] == 3 * renderer.line_height(24)
    assert renderer.size("", 24) == (0, renderer.line_height(24))


def test_multiline_persian_aligns_right(renderer):
    surface = renderer.render("راهنمای بازی\nبله", 24, (200, 200, 200), lang="fa")
    short = renderer.render("بله", 24, (200, 200, 200), lang="fa")
    row = renderer.line_height(24)
    row = max(row, surface.get_height() // 2)
    x = surface.get_width() - short.get_width()
    assert alpha(surface.subsurface((x, row, short.get_width(), short.get_height()))) == alpha(short)


def test_render_is_cached(renderer):
    first = renderer.render("Cached text", 20, (100, 100, 100))
    hits = renderer.hits
    assert renderer.render("Cached text", 20, pygame.Color(100, 100, 100)) is first
    assert renderer.hits == hits + 1
    assert renderer.render("Cached text", 20, (100, 100, 101)) is not first


def test_cache_is_bounded():
    small = TextRenderer(cache_size=3)
    for n in range(10):
        small.render(f"line {n}", 12, (1, 2, 3))
    assert len(small.cached) == 3


def test_cache_is_bounded_by_its_pixels_too():
    one = TextRenderer().render("a wide line of text 0", 40, (1, 2, 3))
    budget = 3 * one.get_pitch() * one.get_height()
    small = TextRenderer(cache_bytes=budget)
    for n in range(10):
        small.render(f"a wide line of text {n}", 40, (1, 2, 3))
    held = sum(s.get_pitch() * s.get_height() for s in small.cached)
    assert held <= budget and 2 <= len(small.cached) <= 3
    huge = small.render("x" * 200, 60, (1, 2, 3))  # bigger than the whole budget: still drawn
    assert small.cached == [huge]
    small.clear()
    assert small.render("a wide line of text 1", 40, (1, 2, 3)).get_width() > 0


def test_bold_and_font_scale_change_the_size():
    plain, scaled = TextRenderer(), TextRenderer(font_scale=1.5)
    assert plain.size("Yahtzee", 20, bold=True)[0] > plain.size("Yahtzee", 20)[0]
    assert scaled.size("Yahtzee", 20)[1] > plain.size("Yahtzee", 20)[1]


def test_digits_follow_the_language(renderer):
    english = renderer.render("15", 24, (200, 200, 200), lang="en")
    persian = renderer.render("15", 24, (200, 200, 200), lang="fa")
    assert alpha(persian) == alpha(renderer.render("۱۵", 24, (200, 200, 200), lang="en"))
    assert alpha(english) != alpha(persian)
    kept = renderer.render("15", 24, (200, 200, 200), lang="fa", digits=False)
    assert alpha(kept) == alpha(english)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The quick brown fox jumps over the lazy dog again and again", "en"),
        ("برای ادامه در آینده، بازی را از منوی آن ذخیره کنید و دوباره برگردید", "fa"),
        ("Supercalifragilisticexpialidocious", "en"),
        ("first paragraph\nsecond one is longer than the width", "en"),
        # a paragraph longer than one line's cap (MAX_LINE_CHARS) keeps its last words
        (" ".join(f"word{i}" for i in range(70)), "en"),
    ],
)
def test_wrap_fits_the_width_and_keeps_every_word(renderer, text, lang):
    width = 180
    lines = renderer.wrap(text, 24, width, lang=lang)
    assert all(renderer.size(line, 24, lang=lang)[0] <= width for line in lines)
    assert "".join("".join(lines).split()) == "".join(text.split())
    if "\n" in text:
        assert len(lines) >= 3


def test_wrap_breaks_a_hostile_word_into_lines_within_the_bounds(renderer):
    from app.text import MAX_LINE_CHARS, MAX_TEXT_CHARS

    lines = renderer.wrap("x" * 50_000, 24, 300)
    assert sum(map(len, lines)) == MAX_TEXT_CHARS
    assert all(len(line) <= MAX_LINE_CHARS and renderer.size(line, 24)[0] <= 300 for line in lines)


def test_pure_python_levels_are_a_working_fallback(monkeypatch):
    # If python-bidi's debug dump ever changes shape, the reference Python algorithm takes over.
    import app.text as text_module

    monkeypatch.setattr(text_module, "_rust_display", lambda *a, **k: "no levels here")
    assert runs("سلام abc 123 دنیا") == [(" دنیا", True), ("abc 123", False), ("سلام ", True)]
    assert runs("می\u200cخواهید ۵ تاس") == [(" تاس", True), ("۵", False), ("می\u200cخواهید ", True)]


def test_open_fonts_are_bounded(monkeypatch):
    import app.text as text_module

    monkeypatch.setattr(text_module, "MAX_FONTS", 4)
    small = TextRenderer()
    for size in range(10, 30):
        small.size("abc", size)
    assert small.fonts_open == 4
    assert small.size("abc", 10) == TextRenderer().size("abc", 10)
    small.render("abc", 12, (1, 2, 3))
    small.clear()
    assert not small.cached and not small.measured


def test_survives_pygame_quit_and_init():
    renderer = TextRenderer()
    before = alpha(renderer.render("abc", 20, (1, 2, 3)))
    pygame.quit()
    pygame.init()
    assert alpha(renderer.render("abcd", 20, (1, 2, 3)))
    assert alpha(renderer.render("abc", 20, (1, 2, 3), lang="fa")) == before


def test_drawn_text_is_recorded_with_its_size_place_and_language():
    from app import widgets

    text = TextRenderer(font_scale=0.9)
    surface = pygame.Surface((200, 100))
    text.begin_frame()
    rect = widgets.draw_text(surface, text, "Total 41", 20, (255, 255, 255), (10, 5))
    widgets.draw_text(
        surface.subsurface((50, 50, 100, 40)), text, "۴۱", 30, (255, 255, 255), (0, 0), lang="fa"
    )
    first, second = text.runs
    assert first == TextRun("Total 41", 18, (10, 5, rect.w, rect.h), "en")
    assert second.size == 27 and second.lang == "fa" and second.rect[:2] == (50, 50)
    text.begin_frame()
    assert text.runs == []


def test_a_captured_picture_replays_its_runs_where_it_is_blitted():
    from app import widgets

    text = TextRenderer()
    picture = pygame.Surface((80, 30))
    with text.capture() as captured:
        widgets.draw_text(picture, text, "Ones", 20, (255, 255, 255), (2, 3))
    assert text.runs == [] and [run.text for run in captured] == ["Ones"]
    text.replay(captured, (100, 200))
    text.replay(captured, (0, 0), covered=True)
    assert [run.rect[:2] for run in text.runs] == [(102, 203), (2, 3)]
    assert [run.covered for run in text.runs] == [False, True]
    assert TextRun.from_dict(text.runs[1].to_dict()) == text.runs[1]


def test_x_scale_narrows_text_for_wide_pixels():
    square, wide = TextRenderer(), TextRenderer(x_scale=45 / 64)
    w, h = square.size("Large Straight", 24)
    assert wide.size("Large Straight", 24) == (round(w * 45 / 64), h)
    assert wide.render("Large Straight", 24, (255, 255, 255)).get_size() == (round(w * 45 / 64), h)


def test_an_opaque_panel_covers_the_runs_it_touches():
    from app import widgets

    text = TextRenderer()
    surface = pygame.Surface((300, 100))
    widgets.draw_text(surface, text, "Ones", 20, (255, 255, 255), (10, 10))
    widgets.draw_text(surface, text, "Twos", 20, (255, 255, 255), (200, 60))
    text.cover((0, 0, 120, 40))
    assert [run.covered for run in text.runs] == [True, False]
