from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app import i18n

pytestmark = pytest.mark.usefixtures("english_ui")


@pytest.fixture
def tiny_catalogue(tmp_path, monkeypatch):
    """Swap in a small catalogue written for the test."""

    def use(text: str) -> None:
        (tmp_path / "test.yaml").write_text(text, encoding="utf-8")
        monkeypatch.setattr(i18n, "_catalogue", i18n.load_catalogue(tmp_path))

    return use


def test_every_key_has_english_and_persian():
    assert i18n.missing_keys() == {}


def test_translations_keep_the_same_placeholders():
    wrong = {
        key: (entry["en"], entry["fa"])
        for key, entry in i18n.catalogue().items()
        if i18n.placeholders(entry["en"]) != i18n.placeholders(entry["fa"])
    }
    assert wrong == {}


PRINTED_ON_THE_REMOTE = {"key.select": "OK", "key.back": "BACK", "key.menu": "MENU", "key.info": "INFO"}
"""Key chips that show, in Persian too, the Latin word the remote has printed on the key."""


def test_persian_texts_are_written_in_persian_script():
    # Not transliteration: every Persian text whose own words have letters uses Arabic script
    # (but the names printed on the remote's keys, which the chips copy).
    def literal(text: str) -> str:
        return "".join(part for part, _, _, _ in string.Formatter().parse(text))

    latin_only = {
        key: entry["fa"]
        for key, entry in i18n.catalogue().items()
        if any(ch.isalpha() for ch in literal(entry["fa"]))
        and not any("\u0600" <= ch <= "\u06ff" for ch in entry["fa"])
    }
    assert latin_only == PRINTED_ON_THE_REMOTE


def test_shell_strings_exist():
    for key in ("home.yahtzee", "home.dice_party", "home.monopoly_dice", "home.monopoly", "home.resume"):
        assert i18n.t(key) != key
    assert i18n.t("home.coming_soon") == "Coming soon"
    assert i18n.t("home.settings", "fa") == "تنظیمات"
    assert i18n.t("resume.empty", "fa") == "هیچ بازی ذخیره‌شده‌ای نیست"


def test_language_switch_and_direction():
    assert i18n.current_language() == "en" and not i18n.is_rtl()
    i18n.set_language("fa")
    assert i18n.current_language() == "fa" and i18n.is_rtl() and not i18n.is_rtl("en")
    assert i18n.t("home.help") == "راهنما"
    with pytest.raises(ValueError, match="unknown language 'de'"):
        i18n.set_language("de")
    assert i18n.current_language() == "fa"


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Round 3 of 13", "fa", "Round ۳ of ۱۳"),
        ("0123456789", "fa", "۰۱۲۳۴۵۶۷۸۹"),
        ("0123456789", "en", "0123456789"),
        ("no digits", "fa", "no digits"),
    ],
)
def test_localize_digits(text, lang, expected):
    assert i18n.localize_digits(text, lang) == expected


@pytest.mark.parametrize(
    ("n", "lang", "money", "expected"),
    [
        (1000, "en", False, "1,000"),
        (1000, "en", True, "$1,000"),
        (15000, "fa", True, "۱۵٬۰۰۰ دلار"),
        (-1500, "en", True, "-$1,500"),
        (-1500, "fa", False, "\u200e\u2212۱٬۵۰۰"),
        (-1500, "fa", True, "\u200e\u2212۱٬۵۰۰ دلار"),
        (-0.001, "fa", False, "۰"),
        (7, "fa", False, "۷"),
        (0.8, "en", False, "0.8"),
        (2.0, "en", False, "2"),
        (1234.5, "fa", False, "۱٬۲۳۴٫۵"),
        (0, "en", True, "$0"),
    ],
)
def test_format_number(n, lang, money, expected):
    assert i18n.format_number(n, lang, money=money) == expected


def test_format_number_follows_the_current_language():
    i18n.set_language("fa")
    assert i18n.format_number(250) == "۲۵۰"


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_persian_numbers_read_back_as_the_english_ones(n):
    back = str.maketrans("۰۱۲۳۴۵۶۷۸۹٬٫", "0123456789,.")
    assert (
        i18n.format_number(n, "fa").replace(i18n.FA_MINUS, "-").translate(back)
        == i18n.format_number(n, "en")
        == f"{n:,}"
    )


@pytest.mark.parametrize("line", ["{n}", "امتیاز: {n}", "امتیاز {n} برای"])
@pytest.mark.parametrize("money", [False, True])
def test_a_persian_minus_stays_at_the_left_of_its_digits(line, money):
    from app.text import visual_runs

    text = line.format(n=i18n.format_number(-1500, "fa", money=money))
    runs = [run.text for run in visual_runs(text, lang="fa")]
    # the minus is drawn in the same left-to-right run as the digits, just before them
    assert any("\u2212۱٬۵۰۰" in run for run in runs), runs
    assert not any(run.strip() in ("-", "\u2212") for run in runs), runs


def test_a_sign_written_by_a_format_spec_is_placed_too():
    assert i18n.signed("-7", "fa") == i18n.FA_MINUS + "7"
    assert i18n.signed("+7", "fa") == "\u200e+7"
    assert i18n.signed("-7", "en") == "-7" and i18n.signed("7", "fa") == "7"
    assert format(i18n.LocalNumber(-7, "fa"), "+d") == i18n.FA_MINUS + "۷"


def test_t_shows_numbers_in_the_language_digits(tiny_catalogue):
    tiny_catalogue(
        'score: {en: "{name} has {points} points", fa: "{name} {points} امتیاز دارد"}\n'
        'plain: {en: "Round {n:d}", fa: "دور {n:d}"}\n'
        'ratio: {en: "{p:.1%}", fa: "{p:.1%}"}\n'
    )
    assert i18n.t("score", name="Ali 2", points=1500) == "Ali 2 has 1,500 points"
    assert i18n.t("score", "fa", name="Ali 2", points=1500) == "Ali 2 ۱٬۵۰۰ امتیاز دارد"
    assert i18n.t("plain", "fa", n=12000) == "دور ۱۲۰۰۰"
    assert i18n.t("ratio", "fa", p=0.125) == "۱۲٫۵٪"
    assert i18n.t("ratio", "en", p=0.125) == "12.5%"
    assert i18n.t("plain", n=True) == "Round 1"  # a bool is not a score


def test_missing_persian_falls_back_to_english_and_is_reported(tiny_catalogue):
    tiny_catalogue('only.en: {en: "Hello"}\nboth: {en: "Yes", fa: "بله"}\n')
    assert i18n.t("only.en", "fa") == "Hello"
    assert i18n.missing_keys() == {"fa": ["only.en"]}


def test_unknown_key_shows_the_key_and_logs_once(tiny_catalogue, caplog):
    tiny_catalogue('a: {en: "A", fa: "آ"}\n')
    key = "no.such.key.logged.once"  # asked for nowhere else, so no earlier test logged it
    assert i18n.t(key) == key
    assert i18n.t(key) == key
    assert [r.getMessage() for r in caplog.records].count(f"i18n: no catalogue entry for '{key}'") == 1


def test_bad_format_field_does_not_crash(tiny_catalogue):
    tiny_catalogue('greet: {en: "Hi {name}", fa: "سلام {name}"}\n')
    assert i18n.t("greet", other=1) == "Hi {name}"


def test_duplicate_key_across_files_names_both_files(tmp_path):
    (tmp_path / "a.yaml").write_text('same.key: {en: "A", fa: "آ"}\n', encoding="utf-8")
    (tmp_path / "b.yaml").write_text('same.key: {en: "B", fa: "ب"}\n', encoding="utf-8")
    with pytest.raises(i18n.CatalogueError) as err:
        i18n.load_catalogue(tmp_path)
    assert "same.key" in str(err.value)
    assert str(tmp_path / "a.yaml") in str(err.value) and str(tmp_path / "b.yaml") in str(err.value)


def test_duplicate_key_within_one_file_is_refused(tmp_path):
    (tmp_path / "a.yaml").write_text('k: {en: "A", fa: "آ"}\nk: {en: "B", fa: "ب"}\n', encoding="utf-8")
    with pytest.raises(i18n.CatalogueError, match=r"a\.yaml: key 'k' defined twice \(lines 1 and 2\)"):
        i18n.load_catalogue(tmp_path)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('k: {en: "A", de: "B"}\n', "k.de: unknown language"),
        ("k: {en: 3}\n", "k.en: must be a string"),
        ('k: "just text"\n', "k: must be a mapping"),
        ("- a\n- b\n", "must be a mapping of key"),
        ('k: {en: "A"\n', "cannot read"),
    ],
)
def test_malformed_catalogue_is_refused_with_the_place(tmp_path, text, problem):
    (tmp_path / "bad.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(i18n.CatalogueError, match="bad.yaml") as err:
        i18n.load_catalogue(tmp_path)
    assert problem in str(err.value)
    assert "\n" not in str(err.value)


def test_all_catalogue_files_merge(tmp_path):
    (tmp_path / "a.yaml").write_text('a: {en: "A", fa: "آ"}\n', encoding="utf-8")
    (tmp_path / "b.yaml").write_text('b: {en: "B", fa: "ب"}\n', encoding="utf-8")
    (tmp_path / "empty.yaml").write_text("# nothing yet\n", encoding="utf-8")
    assert i18n.load_catalogue(tmp_path) == {"a": {"en": "A", "fa": "آ"}, "b": {"en": "B", "fa": "ب"}}


def test_docstring_examples():
    import doctest

    from app import text

    for module in (i18n, text):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0
