"""How to play: each game's rules pages, in our own words, in English and Persian.

A game's pages live in ``assets/howto/<engine name>.yaml``: a title and pages, each with a heading,
a paragraph, and optionally a picture (``dice``: pip faces 1-6 or short labels; ``faces``: Monopoly
Dice faces by the engine's names, drawn as the board draws them; ``boxes``: card boxes as
``[English name, Persian name, score]``). The in-app pages (INFO, then SELECT, in a game
or its set-up) and ``docs/rules-<engine name>.md`` are both made from that file, so they cannot
drift apart:
``tvgames howto --write-docs`` writes the documents and a test checks they are current.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from app import catalog
from app.descriptor import resolve
from app.i18n import LANGUAGES

HOWTO_DIR = Path(__file__).resolve().parent.parent / "assets" / "howto"
DOCS_DIR = Path(__file__).resolve().parent.parent / "docs"
LANGUAGE_NAMES = {"en": "English", "fa": "فارسی"}
_PICTURE_WORDS = {"en": ("Dice", "Card"), "fa": ("تاس‌ها", "کارت")}


@dataclass(frozen=True)
class Page:
    heading: dict[str, str]
    text: dict[str, str]
    dice: tuple[int | str, ...] = ()
    faces: tuple[str, ...] = ()
    """Faces of the game's own dice, by name, drawn and named by the hooks of its descriptor
    (``howto_faces``, ``howto_face_word``)."""
    boxes: tuple[tuple[dict[str, str], int], ...] = ()
    """Boxes as on the card: (name by language, score)."""


@dataclass(frozen=True)
class HowTo:
    game: str
    title: dict[str, str]
    pages: tuple[Page, ...]


def games() -> list[str]:
    """The engine names that have How to play pages, sorted."""
    return sorted(path.stem for path in HOWTO_DIR.glob("*.yaml"))


@cache
def load(game: str) -> HowTo:
    """The pages of ``game`` (an engine name, e.g. ``yahtzee-classic``); ValueError if it has none
    or a text is missing a language."""
    path = HOWTO_DIR / f"{game}.yaml"
    if not path.exists():
        raise ValueError(f"no How to play pages for {game!r} (known: {', '.join(games())})")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))

    def texts(value, where: str) -> dict[str, str]:
        if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) for lang in LANGUAGES):
            raise ValueError(f"{path.name}: {where} needs a text in each of {', '.join(LANGUAGES)}")
        return {lang: value[lang].strip() for lang in LANGUAGES}

    pages = tuple(
        Page(
            texts(page.get("heading"), f"page {i + 1} heading"),
            texts(page.get("text"), f"page {i + 1} text"),
            tuple(page.get("dice", ())),
            tuple(str(face) for face in page.get("faces", ())),
            tuple(({"en": en, "fa": fa}, int(score)) for en, fa, score in page.get("boxes", ())),
        )
        for i, page in enumerate(data["pages"])
    )
    return HowTo(game, texts(data.get("title"), "title"), pages)


def face_word(game: str, face: str, lang: str) -> str:
    """A die face named on a page of ``game``, in words, by the game's own hook (the face itself
    where the game has none)."""
    for entry in catalog.GAMES:
        if game in entry.engines and entry.howto_face_word:
            return resolve(entry.howto_face_word)(face, lang)
    return face


def markdown(game: str) -> str:
    """``docs/rules-<game>.md``: every page in English, then in Persian."""
    howto = load(game)
    out = [
        f"# {howto.title['en']}",
        "",
        f"<!-- Made by `tvgames howto --write-docs` from assets/howto/{game}.yaml; edit that file. -->",
        "",
        "The same pages are in the game: press INFO, then SELECT (How to play).",
        "",
    ]
    for lang in LANGUAGES:
        if lang != "en":
            out += [f"## {LANGUAGE_NAMES[lang]}: {howto.title[lang]}", ""]
            out += ['<div dir="rtl">', ""]
        dice_word, card_word = _PICTURE_WORDS[lang]
        for page in howto.pages:
            out += [f"### {page.heading[lang]}", "", page.text[lang], ""]
            if page.dice:
                out += [f"{dice_word}: " + " ".join(f"[{face}]" for face in page.dice), ""]
            if page.faces:
                out += [
                    f"{dice_word}: " + " ".join(f"[{face_word(game, face, lang)}]" for face in page.faces),
                    "",
                ]
            if page.boxes:
                out += [
                    f"{card_word}: " + ", ".join(f"{name[lang]} = {score}" for name, score in page.boxes),
                    "",
                ]
        if lang != "en":
            out += ["</div>", ""]
    return "\n".join(out).rstrip() + "\n"


def doc_path(game: str) -> Path:
    return DOCS_DIR / f"rules-{game}.md"


def write_docs() -> list[Path]:
    """Write ``docs/rules-<game>.md`` for every game; returns the paths written."""
    written = []
    for game in games():
        path = doc_path(game)
        path.write_text(markdown(game), encoding="utf-8")
        written.append(path)
    return written
