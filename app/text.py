"""Text on the TV: Latin and Persian, shaped by HarfBuzz, mixed lines in the right order, cached.

A Persian line that contains Latin words or numbers ("امتیاز YAHTZEE: ۵۰") is not one run of text.
The Unicode bidirectional algorithm (UAX #9) gives each character an embedding level; a maximal
stretch of one level is a *run*. Each run is shaped on its own, in its own direction (odd level:
right to left, script Arab; even: left to right), and the runs are laid out in visual order
(rule L2, applied to whole runs). python-bidi's ``get_display`` would hand us characters already
reversed, which HarfBuzz would then reverse again and join the wrong letters; so we take only the
*levels* from python-bidi (its Rust UAX #9, with its pure-Python algorithm as a fallback) and do
the line rules (L1, L2) here.

Digits are written as the language writes them: ``render("Round 3", ..., lang="fa")`` draws a
Persian ۳. Digits inside a word with Latin letters ("hd-720", "settings.json.corrupt-2026...") are
codes, not numbers, and stay as they are; ``digits=False`` turns the conversion off entirely.
"""

from __future__ import annotations

import re
import unicodedata
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

import pygame
from bidi import algorithm as _uax9
from bidi import get_display as _rust_display

from app import i18n

FONT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
FONT_FILES = {False: FONT_DIR / "DejaVuSans.ttf", True: FONT_DIR / "DejaVuSans-Bold.ttf"}

CACHE_BYTES = 8 * 2**20
"""Pixels the rendered-text cache may hold: at 576 lines 512 surfaces take about 6 MB, at 720 and
1080 lines fewer fit (a Pi's memory is shared with its GPU)."""
MAX_FONTS = 48
"""Open (size, weight) fonts kept at once; a screen uses a handful."""
MAX_LINE_CHARS = 300
"""A line is cut to this many characters before it is measured or drawn (wider than any TV)."""
MAX_TEXT_CHARS = 4000
"""A text (all its lines) is cut to this many characters first: a 50 MB save title costs nothing."""

_STRONG_RTL = frozenset({"R", "AL"})
# Rule L1: separators and trailing whitespace go back to the paragraph level.
_L1_SEPARATORS = frozenset({"B", "S"})
_L1_WHITESPACE = frozenset({"WS", "BN", "FSI", "LRI", "RLI", "PDI"})

_WORD = re.compile(r"\S+")
_ASCII_LETTER = re.compile(r"[A-Za-z]")


# Characters no font draws and HarfBuzz refuses (NUL, controls, lone surrogates) become U+FFFD;
# line and paragraph separators become spaces (a line break is "\n" only).
_UNDRAWABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_SEPARATORS = re.compile("[\t\u2028\u2029]")


def clean_text(text: str, line_chars: int = MAX_LINE_CHARS) -> str:
    r"""``text`` made safe to measure and draw: cut to :data:`MAX_TEXT_CHARS` and every line to
    ``line_chars`` (:data:`MAX_LINE_CHARS`), with undrawable characters replaced. Every entry point
    calls it, so a name or title from a file can never crash or stall the text code.

    >>> clean_text("a\x00b\tc") == "a\ufffdb c", len(clean_text("x" * 10_000))
    (True, 300)
    """
    if not isinstance(text, str):
        text = str(text)
    if len(text) <= line_chars and text.isprintable():
        return text
    text = _SEPARATORS.sub(" ", _UNDRAWABLE.sub("\ufffd", text[:MAX_TEXT_CHARS]))
    return "\n".join(line[:line_chars] for line in text.split("\n"))


def localize_number_words(text: str, lang: str | None = None) -> str:
    """Localise the digits of every word that has no Latin letter in it.

    >>> localize_number_words("hd-720 at 50 Hz, 80%", "fa")
    'hd-720 at ۵۰ Hz, ۸۰%'
    """
    lang = lang or i18n.current_language()
    if i18n.localize_digits("0", lang) == "0":
        return text
    return _WORD.sub(
        lambda m: m.group(0) if _ASCII_LETTER.search(m.group(0)) else i18n.localize_digits(m.group(0), lang),
        text,
    )


@dataclass(frozen=True)
class Run:
    """A stretch of text shaped in one direction; ``text`` is in logical (reading) order."""

    text: str
    rtl: bool


def base_is_rtl(text: str, lang: str | None = None) -> bool:
    """The paragraph direction: right to left for an RTL UI language, else from the first strong letter."""
    if i18n.is_rtl(lang):
        return True
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind == "L":
            return False
        if kind in _STRONG_RTL:
            return True
    return False


def _needs_bidi(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in {"R", "AL", "AN", "RLE", "RLO", "RLI"} for ch in text)


_LEVEL = re.compile(r"Level\(\s*(\d+),?\s*\)")


def _rust_levels(text: str, rtl: bool) -> list[int] | None:
    """Resolved levels from python-bidi's Rust UAX #9 (current rules, bracket pairs included).

    Its only way to hand out levels is the debug dump of its ``BidiInfo`` (one level per UTF-8
    byte); if that format ever changes, None sends us to the pure-Python algorithm instead.
    """
    try:
        dump = _rust_display(text, base_dir="R" if rtl else "L", debug=True)
        section = dump[dump.index("levels:") : dump.index("paragraphs:")]
    except (ValueError, TypeError):
        return None
    byte_levels = [int(level) for level in _LEVEL.findall(section)]
    encoded_lengths = [len(ch.encode("utf-8")) for ch in text]
    if len(byte_levels) != sum(encoded_lengths):
        return None
    levels, offset = [], 0
    for length in encoded_lengths:
        levels.append(byte_levels[offset])
        offset += length
    return levels


def _python_levels(text: str, rtl: bool) -> list[int]:
    """Resolved levels from python-bidi's reference Python implementation (UAX #9 before 6.3)."""
    storage = _uax9.get_empty_storage()
    storage["base_level"] = base = 1 if rtl else 0
    storage["base_dir"] = "R" if rtl else "L"
    _uax9.get_embedding_levels(text, storage)
    for index, char in enumerate(storage["chars"]):
        char["index"] = index
    _uax9.explicit_embed_and_overrides(storage)
    _uax9.resolve_weak_types(storage)
    _uax9.resolve_neutral_types(storage, False)
    _uax9.resolve_implicit_levels(storage, False)
    levels: list[int | None] = [None] * len(text)
    for char in storage["chars"]:
        levels[char["index"]] = char["level"]
    resolved, previous = [], base
    for level in levels:
        # Removed by X9 (ZWNJ, ZWJ, embedding marks), yet needed for shaping (a Persian ZWNJ keeps
        # two letters apart): it joins its neighbour's run.
        previous = previous if level is None else level
        resolved.append(previous)
    return resolved


def embedding_levels(text: str, rtl: bool) -> list[int]:
    """The resolved UAX #9 level of every character of one line (after rule L1)."""
    if not text:
        return []
    base = 1 if rtl else 0
    resolved = _rust_levels(text, rtl)
    if resolved is None:
        resolved = _python_levels(text, rtl)
    trailing = True
    for i in range(len(text) - 1, -1, -1):
        kind = unicodedata.bidirectional(text[i])
        if kind in _L1_SEPARATORS:
            resolved[i] = base
            trailing = True
        elif trailing and (kind in _L1_WHITESPACE or text[i] in "\u200c\u200d"):
            resolved[i] = base
        else:
            trailing = False
    return resolved


def visual_runs(text: str, rtl: bool | None = None, lang: str | None = None) -> list[Run]:
    """Split one line into runs of one direction, in the order they appear from left to right.

    >>> [(r.text, r.rtl) for r in visual_runs("Score 50", lang="en")]
    [('Score 50', False)]
    >>> [(r.text, r.rtl) for r in visual_runs("سلام abc 123 دنیا", lang="fa")]
    [(' دنیا', True), ('abc 123', False), ('سلام ', True)]
    """
    if rtl is None:
        rtl = base_is_rtl(text, lang)
    if not text:
        return []
    if not rtl and not _needs_bidi(text):
        return [Run(text, False)]
    levels = embedding_levels(text, rtl)
    runs: list[tuple[int, str]] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or levels[i] != levels[start]:
            runs.append((levels[start], text[start:i]))
            start = i
    # Rule L2 over whole runs: from the highest level down to the lowest odd one, reverse every
    # maximal sequence of runs at that level or above. A run's own characters are not reversed:
    # its shaping direction (odd level = RTL) does that, once, inside HarfBuzz.
    highest = max(level for level, _ in runs)
    lowest_odd = min((level for level, _ in runs if level % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        i = 0
        while i < len(runs):
            if runs[i][0] >= level:
                j = i
                while j < len(runs) and runs[j][0] >= level:
                    j += 1
                runs[i:j] = runs[i:j][::-1]
                i = j
            else:
                i += 1
    return [Run(chunk, bool(level % 2)) for level, chunk in runs]


def _verified_font_files() -> tuple[dict[bool, Path | None], bool]:
    """The bundled fonts that open and draw; pygame's own font (``None``) stands in for a missing or
    damaged one. The flag says whether any had to be replaced (the app then shows one line)."""
    files: dict[bool, Path | None] = {}
    for bold, path in FONT_FILES.items():
        try:
            if not path.is_file():  # missing, or a FIFO that would block the open
                raise OSError(f"{path.name} is not a font file")
            pygame.font.Font(path, 12).render("Aaا", True, (255, 255, 255))
            files[bold] = path
        except (pygame.error, OSError, ValueError, RuntimeError):
            files[bold] = None
    return files, any(path is None for path in files.values())


@dataclass(frozen=True)
class TextRun:
    """One piece of text as drawn: what it says, how big, where, in which language.

    ``size`` is the font's pixel size (after every scaling and any shrinking to fit); ``rect`` is
    ``(x, y, w, h)`` on the framebuffer (or on the picture being captured, see
    :meth:`TextRenderer.capture`), clipped where the text was cut to a width. ``covered`` runs
    belong to a screen under a modal one (drawn, but not what the player reads now); ``main``
    runs are the main numbers (scores, the money at stake, dice values), which need a larger floor;
    ``clipped`` runs did not fit their width even at the floor size and were cut.
    """

    text: str
    size: int
    rect: tuple[int, int, int, int]
    lang: str
    bold: bool = False
    covered: bool = False
    main: bool = False
    clipped: bool = False

    def to_dict(self) -> dict:
        data = asdict(self)
        data["rect"] = list(self.rect)
        return data

    @classmethod
    def from_dict(cls, data: dict) -> TextRun:
        return cls(
            data["text"],
            data["size"],
            tuple(data["rect"]),
            data["lang"],
            data.get("bold", False),
            data.get("covered", False),
            data.get("main", False),
            data.get("clipped", False),
        )

    def moved(self, dx: int, dy: int, covered: bool = False) -> TextRun:
        x, y, w, h = self.rect
        rect = (x + dx, y + dy, w, h)
        covered = covered or self.covered
        return TextRun(self.text, self.size, rect, self.lang, self.bold, covered, self.main, self.clipped)


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


class TextRenderer:
    """Draws text with the bundled DejaVu fonts; rendered surfaces are kept in an LRU cache of at
    most ``cache_size`` surfaces and ``cache_bytes`` of pixels.

    A surface returned by :meth:`render` is shared with the cache: blit it, never draw on it.

    ``x_scale`` narrows (or widens) every line so letters look right on a TV whose pixels are not
    square: the app passes ``1 / pixel_aspect``, so on a 16:9 TV fed 720x576 text is not stretched.

    Every run drawn through :func:`app.widgets.draw_text` is noted (:meth:`note`) in :attr:`runs`
    until the next :meth:`begin_frame`: the layout test and the golden images read them.
    """

    def __init__(
        self,
        font_scale: float = 1.0,
        *,
        cache_size: int = 512,
        cache_bytes: int = CACHE_BYTES,
        x_scale: float = 1.0,
        min_px: int = 10,
        min_main_px: int = 10,
    ) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.font_scale = font_scale
        self.x_scale = x_scale
        self.min_px = min_px
        """The smallest size text may be shrunk to so that it fits (the box's legibility floor)."""
        self.min_main_px = min_main_px
        """The same for the main numbers (scores, money at stake, dice values)."""
        self.cache_size = cache_size
        self.cache_bytes = cache_bytes
        self._cached_bytes = 0
        self.runs: list[TextRun] = []
        self._captures: list[list[TextRun]] = []
        self.bars: list[tuple[int, int, int, int]] = []
        """The help bars of the frame's top screen (see :meth:`note_bar`)."""
        self._font_files, self.font_fallback = _verified_font_files()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._font_rtl: dict[tuple[int, bool], bool] = {}
        self._surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._sizes: OrderedDict[tuple, tuple[int, int]] = OrderedDict()
        self.hits = 0
        self.misses = 0

    @property
    def cached(self) -> list[pygame.Surface]:
        """The rendered runs held now, oldest first (the cache is bounded by count and by pixels)."""
        return list(self._surfaces.values())

    @property
    def measured(self) -> int:
        """How many text sizes are remembered."""
        return len(self._sizes)

    @property
    def fonts_open(self) -> int:
        """How many font files are held open (at most :data:`MAX_FONTS`)."""
        return len(self._fonts)

    def _font(self, size: int, bold: bool, rtl: bool) -> pygame.font.Font:
        if not pygame.font.get_init():
            pygame.font.init()
        key = (max(1, round(size * self.font_scale)), bold)
        font = self._fonts.get(key)
        if font is not None:
            try:
                font.get_height()
            except pygame.error:  # pygame.quit() and init() since it was opened: open them all again
                self._fonts.clear()
                self._font_rtl.clear()
                font = None
        if font is None:
            if len(self._fonts) >= MAX_FONTS:  # each Font holds the file open: keep the count bounded
                oldest = next(iter(self._fonts))
                del self._fonts[oldest], self._font_rtl[oldest]
            font = self._fonts[key] = pygame.font.Font(self._font_files[bold], key[0])
            self._font_rtl[key] = False
        if self._font_rtl[key] != rtl:
            font.set_script("Arab" if rtl else "Latn")
            font.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
            self._font_rtl[key] = rtl
        return font

    def _prepare(self, text: str, lang: str | None, digits: bool) -> tuple[str, list[str], bool]:
        lang = lang or i18n.current_language()
        if digits:
            text = localize_number_words(text, lang)
        lines = text.split("\n")
        return lang, lines, base_is_rtl(text, lang)

    def clear(self) -> None:
        """Drop every cached surface and size (e.g. after the language changes)."""
        self._surfaces.clear()
        self._sizes.clear()
        self._cached_bytes = 0

    # -- the record of what was drawn ----------------------------------------------------------------
    def pixel_size(self, size: int) -> int:
        """The font pixel size that ``size`` is drawn at."""
        return max(1, round(size * self.font_scale))

    def begin_frame(self) -> None:
        """Forget the runs of the last frame (the app calls this before it draws one)."""
        self.runs = []
        self.bars = []

    def note_bar(self, rect: tuple[int, int, int, int]) -> None:
        """A help bar took ``rect``: no other text of its screen may reach into it. Only the top
        screen's bars count (a screen drawn under a modal one is captured, and its text covered)."""
        if not self._captures:
            self.bars.append(tuple(rect))

    def note(
        self,
        text: str,
        size: int,
        rect: tuple[int, int, int, int],
        lang: str,
        bold: bool = False,
        main: bool = False,
        clipped: bool = False,
    ) -> None:
        """Record one run drawn at ``size`` (as asked of :meth:`render`) covering ``rect``."""
        run = TextRun(text, self.pixel_size(size), tuple(rect), lang, bold, main=main, clipped=clipped)
        (self._captures[-1] if self._captures else self.runs).append(run)

    @contextmanager
    def capture(self) -> Iterator[list[TextRun]]:
        """Collect the runs drawn inside the block into a list of their own instead of the frame's.

        A screen that paints a picture once and blits it again keeps the list with the picture and
        hands it to :meth:`replay` at every blit, so the record stays whole while the cache works.
        """
        captured: list[TextRun] = []
        self._captures.append(captured)
        try:
            yield captured
        finally:
            self._captures.remove(captured)

    def cover(self, rect: tuple[int, int, int, int]) -> None:
        """An opaque panel was drawn over ``rect`` (framebuffer coordinates): the runs it touches
        are hidden now, so they are marked ``covered``."""
        x, y, w, h = rect
        target = self._captures[-1] if self._captures else self.runs
        if not self._captures:  # a help bar under the panel is hidden with its text
            self.bars = [b for b in self.bars if not pygame.Rect(b).colliderect(rect)]
        for i, run in enumerate(target):
            rx, ry, rw, rh = run.rect
            if rx < x + w and x < rx + rw and ry < y + h and y < ry + rh and not run.covered:
                target[i] = run.moved(0, 0, covered=True)

    def replay(self, runs: list[TextRun], offset: tuple[int, int] = (0, 0), *, covered: bool = False) -> None:
        """Record ``runs`` (captured earlier) again, moved by ``offset`` (where the picture went);
        ``covered`` marks them as lying under a modal screen."""
        target = self._captures[-1] if self._captures else self.runs
        target.extend(run.moved(*offset, covered) for run in runs)

    def line_height(self, size: int, *, bold: bool = False) -> int:
        return self._font(size, bold, False).get_linesize()

    def size(
        self, text: str, size: int, *, bold: bool = False, lang: str | None = None, digits: bool = True
    ) -> tuple[int, int]:
        """Width and height in pixels that :meth:`render` would produce, without drawing."""
        text = clean_text(text)
        key = (text, size, bold, lang or i18n.current_language(), digits)
        cached = self._sizes.get(key)
        if cached is not None:
            self._sizes.move_to_end(key)
            return cached
        lang, lines, rtl = self._prepare(text, lang, digits)
        metrics = [self._line_size(line, size, bold, rtl) for line in lines]
        width = self._scaled(max(w for w, _ in metrics))
        if len(metrics) == 1:
            height = metrics[0][1]
        else:
            height = self._pitch(size, bold, [h for _, h in metrics]) * len(metrics)
        result = (width, height)
        self._sizes[key] = result
        if len(self._sizes) > self.cache_size * 4:
            self._sizes.popitem(last=False)
        return result

    def render(
        self,
        text: str,
        size: int,
        colour,
        *,
        bold: bool = False,
        lang: str | None = None,
        digits: bool = True,
    ) -> pygame.Surface:
        """``text`` as a transparent surface; lines split at ``\\n`` align to the reading side."""
        text = clean_text(text)
        rgba = tuple(pygame.Color(colour))
        key = (text, size, rgba, bold, lang or i18n.current_language(), digits)
        cached = self._surfaces.get(key)
        if cached is not None:
            self._surfaces.move_to_end(key)
            self.hits += 1
            return cached
        self.misses += 1
        lang, lines, rtl = self._prepare(text, lang, digits)
        rendered = [self._render_line(line, size, rgba, bold, rtl) for line in lines]
        if len(rendered) == 1:
            surface = rendered[0]
        else:
            line_height = self._pitch(size, bold, [s.get_height() for s in rendered])
            width = max(s.get_width() for s in rendered)
            surface = pygame.Surface((max(1, width), line_height * len(rendered)), pygame.SRCALPHA)
            for row, line_surface in enumerate(rendered):
                x = width - line_surface.get_width() if rtl else 0
                surface.blit(line_surface, (x, row * line_height))
        if self.x_scale != 1.0 and surface.get_width() > 0:
            surface = pygame.transform.smoothscale(
                surface, (self._scaled(surface.get_width()), surface.get_height())
            )
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        self._surfaces[key] = surface
        self._cached_bytes += _bytes(surface)
        while len(self._surfaces) > 1 and (
            len(self._surfaces) > self.cache_size or self._cached_bytes > self.cache_bytes
        ):
            self._cached_bytes -= _bytes(self._surfaces.popitem(last=False)[1])
        return surface

    def _scaled(self, width: int) -> int:
        return max(1, round(width * self.x_scale)) if width else 0

    def _pitch(self, size: int, bold: bool, heights: list[int]) -> int:
        """Distance between stacked lines: the font's line size, or more if a glyph reaches further."""
        return max([self.line_height(size, bold=bold), *heights])

    def _line_size(self, line: str, size: int, bold: bool, rtl: bool) -> tuple[int, int]:
        pieces = [self._font(size, bold, run.rtl).size(run.text) for run in visual_runs(line, rtl)]
        if not pieces:
            return 0, self.line_height(size, bold=bold)
        return sum(w for w, _ in pieces), max(h for _, h in pieces)

    def _render_line(self, line: str, size: int, rgba: tuple, bold: bool, rtl: bool) -> pygame.Surface:
        runs = visual_runs(line, rtl)
        if not runs:
            height = self.line_height(size, bold=bold)
            return pygame.Surface((0, height), pygame.SRCALPHA)
        pieces = [self._render_run(run, size, rgba, bold) for run in runs]
        if len(pieces) == 1:
            return pieces[0]
        width = sum(piece.get_width() for piece in pieces)
        height = max(piece.get_height() for piece in pieces)
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        x = 0
        for piece in pieces:
            surface.blit(piece, (x, 0))
            x += piece.get_width()
        return surface

    def _render_run(self, run: Run, size: int, rgba: tuple, bold: bool) -> pygame.Surface:
        font = self._font(size, bold, run.rtl)
        try:
            return font.render(run.text, True, rgba)
        except pygame.error:  # only zero-width characters (a lone ZWSP or mark): nothing to draw
            return pygame.Surface((0, font.get_linesize()), pygame.SRCALPHA)

    def wrap(
        self,
        text: str,
        size: int,
        width: int,
        *,
        bold: bool = False,
        lang: str | None = None,
        digits: bool = True,
    ) -> list[str]:
        """Break ``text`` at spaces (and at ``\\n``) into lines no wider than ``width`` pixels.

        Lines stay in logical order; render each one on its own and the bidi order of each line
        comes out right. A word wider than ``width`` on its own is broken between characters.
        """
        lines: list[str] = []
        # A paragraph is cut only by the whole text's bound: the lines it wraps into are each no
        # wider than ``width``, so none is measured at more than a line's length.
        text = clean_text(text, line_chars=MAX_TEXT_CHARS)
        for paragraph in text.split("\n"):
            current = ""
            for word in paragraph.split(" "):
                candidate = f"{current} {word}" if current else word
                if self.size(candidate, size, bold=bold, lang=lang, digits=digits)[0] <= width:
                    current = candidate
                    continue
                if current:
                    lines.append(current)
                current = word
                while (
                    len(current) > 1
                    and self.size(current[:MAX_LINE_CHARS], size, bold=bold, lang=lang, digits=digits)[0]
                    > width
                ):
                    # The longest head that fits (at least one character), found by bisection
                    # within a line's length, so a hostile 4,000-letter word costs no more per line.
                    low, high = 1, min(len(current), MAX_LINE_CHARS) - 1
                    while low < high:
                        middle = (low + high + 1) // 2
                        if self.size(current[:middle], size, bold=bold, lang=lang, digits=digits)[0] > width:
                            high = middle - 1
                        else:
                            low = middle
                    lines.append(current[:low])
                    current = current[low:]
            lines.append(current)
        return lines
