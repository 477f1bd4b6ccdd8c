"""Every UI string, in English and Persian, looked up by key.

The catalogue is the set of YAML files in ``assets/i18n/``; each maps a dotted key to its texts::

    home.settings: {en: "Settings", fa: "تنظیمات"}

All files are merged on first use. A key defined twice (in one file or across two) is an error at
load time that names both places, so two helpers can never silently overwrite each other's text.

>>> t("home.settings", lang="en")
'Settings'
>>> format_number(15000, lang="fa", money=True)
'۱۵٬۰۰۰ دلار'
"""

from __future__ import annotations

import logging
import string
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

log = logging.getLogger(__name__)

LANGUAGES = ("en", "fa")
"""Every language the UI speaks; the first is the fallback for a missing text."""
RTL_LANGUAGES = frozenset({"fa"})
CATALOGUE_DIR = Path(__file__).resolve().parent.parent / "assets" / "i18n"

_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
# Persian writes 1,234.5 as ۱٬۲۳۴٫۵ and 50% as ۵۰٪: its own separators and percent sign.
_PERSIAN_NUMBER = str.maketrans("0123456789,.%", "۰۱۲۳۴۵۶۷۸۹٬٫٪")

_current = LANGUAGES[0]
_catalogue: dict[str, dict[str, str]] | None = None
_warned_keys: set[str] = set()


class CatalogueError(ValueError):
    """A catalogue file is malformed, or two places define the same key."""


def set_language(lang: str) -> None:
    """Switch the whole UI to ``lang`` (one of :data:`LANGUAGES`)."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _current = lang


def current_language() -> str:
    return _current


def is_rtl(lang: str | None = None) -> bool:
    """True when ``lang`` (default: the current language) is written right to left."""
    return (lang or _current) in RTL_LANGUAGES


def localize_digits(text: str, lang: str | None = None) -> str:
    """Write the ASCII digits of ``text`` in the script of ``lang``.

    >>> localize_digits("Round 3 of 13", "fa")
    'Round ۳ of ۱۳'
    """
    if (lang or _current) == "fa":
        return text.translate(_PERSIAN_DIGITS)
    return text


def _number_text(n: int | float) -> str:
    if isinstance(n, float):
        # UI numbers are volumes, odds and averages: two decimals at most, no trailing zeros.
        text = format(n, ",.2f").rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return format(n, ",")


def format_number(n: int | float, lang: str | None = None, money: bool = False) -> str:
    """A number as the player reads it: grouped thousands, local digits, optionally as money.

    A Persian sign is a MINUS SIGN behind a LEFT-TO-RIGHT MARK (as CLDR writes it), so a
    right-to-left line keeps it at the left of the digits instead of moving it past them.

    >>> format_number(1000), format_number(-1500, money=True), format_number(1234, "fa")
    ('1,000', '-$1,500', '۱٬۲۳۴')
    >>> format_number(-12, "fa") == FA_MINUS + "۱۲", format_number(-0.001)
    (True, '0')
    """
    lang = lang or _current
    text = _number_text(abs(n))
    negative = n < 0 and text != "0"
    if lang == "fa":
        text = text.translate(_PERSIAN_NUMBER)
    if money:
        text = t("number.money", lang, amount=text)
    if negative:
        text = (FA_MINUS if lang == "fa" else "-") + text
    return text


FA_MINUS = "\u200e\u2212"
"""How Persian writes a minus: LEFT-TO-RIGHT MARK, MINUS SIGN."""


def signed(text: str, lang: str | None = None) -> str:
    """A number already written (``"-12"``, ``"+3"``, local digits or not) with its sign placed
    for ``lang``: in Persian, marked so that it stays at the left of the digits.

    >>> signed("+3", "fa") == "\u200e+3", signed("-7", "en")
    (True, '-7')
    """
    if (lang or _current) != "fa" or text[:1] not in ("-", "+"):
        return text
    return "\u200e" + ("\u2212" if text[0] == "-" else "+") + text[1:]


class LocalNumber:
    """Formats like the number it wraps, then localises digits and separators."""

    __slots__ = ("value", "lang")

    def __init__(self, value: int | float, lang: str) -> None:
        self.value = value
        self.lang = lang

    def __format__(self, spec: str) -> str:
        if not spec:
            return format_number(self.value, self.lang)
        text = format(self.value, spec)
        return signed(text.translate(_PERSIAN_NUMBER), self.lang) if self.lang == "fa" else text

    def __str__(self) -> str:
        return format_number(self.value, self.lang)


def t(key: str, lang: str | None = None, **fmt: Any) -> str:
    """The text of ``key`` in ``lang`` (default: the current language), formatted with ``fmt``.

    Numbers in ``fmt`` come out grouped and in the language's digits (``{score}`` -> ``1,500`` or
    ``۱٬۵۰۰``; a format spec such as ``{score:d}`` is honoured). A missing Persian text falls back to
    English; an unknown key shows the key itself (logged once), so a typo never crashes the TV.
    """
    lang = lang or _current
    entry = catalogue().get(key)
    if entry is None:
        if key not in _warned_keys:
            _warned_keys.add(key)
            log.warning("i18n: no catalogue entry for %r", key)
        text = key
    else:
        text = entry.get(lang) or entry.get(LANGUAGES[0]) or key
    if not fmt:
        return text
    values = {
        name: LocalNumber(value, lang)
        if isinstance(value, int | float) and not isinstance(value, bool)
        else value
        for name, value in fmt.items()
    }
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError) as exc:
        log.warning("i18n: cannot format %r (%s): %s", key, lang, exc)
        return text


def catalogue() -> Mapping[str, Mapping[str, str]]:
    """The merged catalogue, loaded from :data:`CATALOGUE_DIR` on first use."""
    global _catalogue
    if _catalogue is None:
        _catalogue = load_catalogue(CATALOGUE_DIR)
    return _catalogue


def reload() -> None:
    """Forget the loaded catalogue so the next lookup reads the files again."""
    global _catalogue
    _catalogue = None
    _warned_keys.clear()


def missing_keys() -> dict[str, list[str]]:
    """For each language, the keys that have no text in it (empty when the catalogue is complete)."""
    missing: dict[str, list[str]] = {}
    for key, entry in sorted(catalogue().items()):
        for lang in LANGUAGES:
            if not entry.get(lang):
                missing.setdefault(lang, []).append(key)
    return missing


def placeholders(text: str) -> set[str]:
    """The ``{field}`` names that ``text`` formats (what each translation must keep)."""
    return {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(text) if field}


class _UniqueKeyLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml: 10x faster start-up
    """A YAML loader that refuses a key repeated within one mapping (YAML would keep the last)."""


def _construct_unique_mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise CatalogueError(
                f"key {key!r} defined twice (lines {seen[key] + 1} and {key_node.start_mark.line + 1})"
            )
        seen[key] = key_node.start_mark.line
    return loader.construct_mapping(node, deep=deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_unique_mapping)


def load_catalogue(directory: Path) -> dict[str, dict[str, str]]:
    """Read and merge every ``*.yaml`` file of ``directory``; raise :class:`CatalogueError` on a problem."""
    merged: dict[str, dict[str, str]] = {}
    origin: dict[str, Path] = {}
    for path in sorted(Path(directory).glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_UniqueKeyLoader)
        except CatalogueError as exc:
            raise CatalogueError(f"{path}: {exc}") from None
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            raise CatalogueError(f"{path}: cannot read: {str(exc).splitlines()[0]}") from None
        if data is None:
            continue
        if not isinstance(data, dict):
            raise CatalogueError(f"{path}: must be a mapping of key -> {{en: ..., fa: ...}}")
        for key, entry in data.items():
            if not isinstance(key, str) or not key:
                raise CatalogueError(f"{path}: key {key!r} must be a non-empty string")
            if not isinstance(entry, dict):
                raise CatalogueError(f"{path}: {key}: must be a mapping like {{en: ..., fa: ...}}")
            for lang, text in entry.items():
                if lang not in LANGUAGES:
                    raise CatalogueError(
                        f"{path}: {key}.{lang}: unknown language (known: {', '.join(LANGUAGES)})"
                    )
                if not isinstance(text, str):
                    raise CatalogueError(f"{path}: {key}.{lang}: must be a string, not {type(text).__name__}")
            if key in merged:
                raise CatalogueError(f"key {key!r} is defined in both {origin[key]} and {path}")
            merged[key] = dict(entry)
            origin[key] = path
    return merged
