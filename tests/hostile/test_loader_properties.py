"""Every loader, fed random bytes and random JSON and YAML structures, fails only with its own
one-line error (or a quiet fallback), never with anything else."""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hostile_files import mdice_payload, save_file, wrapped, yahtzee_payload
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.profiles import ProfileError, load_profile
from app.saves import HighScores, SaveStore
from app.settings import Settings
from app.storage import Storage
from engines.core import SaveFormatError, load_state, rng_from_state
from remote.sources import LogFormatError, parse_log, read_log

EXAMPLES = settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=25,
)
raw_bytes = st.binary(max_size=400) | json_values.map(lambda v: json.dumps(v).encode())


def _one_line(exc: BaseException) -> None:
    assert "\n" not in str(exc), str(exc)[:300]


def _in_fresh_dir(files: dict[str, bytes]) -> tuple[tempfile.TemporaryDirectory, Storage]:
    folder = tempfile.TemporaryDirectory()
    root = Path(folder.name)
    for name, content in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(content)
    return folder, Storage(root)


# -- the data directory: settings, saves, high scores ---------------------------------------------------


@EXAMPLES
@given(content=raw_bytes | json_values.map(wrapped))
def test_settings_load_never_fails(content):
    folder, storage = _in_fresh_dir({"settings.json": content})
    with folder:
        loaded = Settings.load(storage, ["hd-720", "sd-pal"])
        assert isinstance(loaded, Settings)
        assert all("\n" not in line for line in storage.messages)


@EXAMPLES
@given(content=raw_bytes | json_values.map(wrapped), slot=st.sampled_from(["a", "monopoly-dice"]))
def test_saves_list_and_load_never_fail(content, slot):
    folder, storage = _in_fresh_dir({f"saves/{slot}.json": content})
    with folder:
        store = SaveStore(storage)
        for info in store.list():
            assert isinstance(info.title, str) and info.saved_datetime.tzinfo is not None
        payload = store.load(slot)
        assert payload is None or isinstance(payload, dict)


@EXAMPLES
@given(content=raw_bytes | json_values.map(lambda v: wrapped({"modes": v})), name=st.text(max_size=30))
def test_high_scores_never_fail(content, name):
    folder, storage = _in_fresh_dir({"highscores.json": content})
    with folder:
        scores = HighScores(storage)
        for mode in scores.modes():
            assert all(isinstance(e.score, int) for e in scores.load(mode))
        scores.add("yahtzee-classic", name, 123)
        assert any(e.score == 123 for e in scores.load("yahtzee-classic"))


# -- saved games: the payload a game screen rebuilds ------------------------------------------------


@st.composite
def damaged(draw, original: Any) -> Any:
    """``original`` with one part, found by a random walk, replaced by a random JSON value."""
    document = copy.deepcopy(original)
    parent, key = None, None
    node = document
    while isinstance(node, dict | list) and node and draw(st.booleans()):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, draw(st.sampled_from(keys))
        node = node[key]
    replacement = draw(json_values)
    if parent is None:
        return replacement
    parent[key] = replacement
    return document


MDICE = mdice_payload()
YAHTZEE = yahtzee_payload()


@EXAMPLES
@given(payload=damaged(MDICE))
def test_monopoly_dice_resume_refuses_with_value_error(payload):
    from app.screens.monopoly_dice.board import BoardScreen

    try:
        BoardScreen.from_payload(payload)
    except ValueError as exc:
        _one_line(exc)


@EXAMPLES
@given(payload=damaged(YAHTZEE))
def test_yahtzee_resume_refuses_with_value_error(payload):
    from app.screens.yahtzee.game import GameScreen

    try:
        GameScreen.from_payload(payload)
    except ValueError as exc:
        _one_line(exc)


@EXAMPLES
@given(data=json_values | damaged(MDICE["engine"]) | damaged(YAHTZEE["engine"]))
def test_load_state_refuses_with_save_format_error(data):
    try:
        load_state(data if isinstance(data, dict) else {"game": data, "state": data})
    except SaveFormatError as exc:
        _one_line(exc)


@EXAMPLES
@given(data=json_values | damaged(MDICE["rngs"]["chance"]))
def test_generator_state_refuses_with_save_format_error(data):
    try:
        rng_from_state(data)
    except SaveFormatError as exc:
        _one_line(exc)


@EXAMPLES
@given(payload=damaged(MDICE))
def test_a_damaged_save_in_the_data_directory_never_crashes_the_store(payload):
    folder, storage = _in_fresh_dir({"saves/monopoly-dice.json": save_file("monopoly-dice", "t", payload)})
    with folder:
        store = SaveStore(storage)
        assert len(store.list()) <= 1


# -- profiles ----------------------------------------------------------------------------------------

yaml_documents = (
    st.binary(max_size=400)
    | json_values.map(lambda v: yaml.safe_dump(v).encode())
    | json_values.map(
        lambda v: yaml.safe_dump({"extends": "hd-720", "display": v, "remotes": {"keyboard": v}}).encode()
    )
)


@EXAMPLES
@given(content=yaml_documents)
def test_profiles_refuse_with_one_line_profile_error(content):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "random.yaml"
        path.write_bytes(content)
        try:
            load_profile(path)
        except ProfileError as exc:
            _one_line(exc)


# -- replay logs ---------------------------------------------------------------------------------------

log_lines = st.lists(
    st.text(max_size=60)
    | st.tuples(
        st.floats(min_value=0, max_value=1e12, allow_nan=False),
        st.sampled_from(["EV_KEY", "EV_MSC", "X"]),
        st.sampled_from(["KEY_OK", "KEY_UP", "BTN_0", "KEY_NOPE"]),
        st.integers(-3, 3) | st.integers(),
    ).map(lambda e: f"{e[0]:.3f} {e[1]} {e[2]} {e[3]}"),
    max_size=12,
)


@EXAMPLES
@given(lines=log_lines)
def test_log_parsing_refuses_with_one_line_log_format_error(lines):
    from app.profiles import load_profile as profile
    from remote.replay import replay

    try:
        events = parse_log(lines, "random.log")
    except LogFormatError as exc:
        _one_line(exc)
        return
    hd = profile("hd-720")
    assert len(replay(events, hd.input, hd.remotes)) < 10_000


@EXAMPLES
@given(content=st.binary(max_size=400))
def test_reading_a_log_file_refuses_with_log_format_error(content):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "random.log"
        path.write_bytes(content)
        try:
            read_log(path)
        except LogFormatError as exc:
            _one_line(exc)


# -- text from files ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def renderer():
    import pygame

    from app.text import TextRenderer

    pygame.font.init()
    return TextRenderer()


@EXAMPLES
@given(text=st.text(max_size=80) | st.text(alphabet=st.characters(categories=["Cf", "Cc", "Zl", "Zp", "Mn"])))
def test_any_text_from_a_file_can_be_measured_and_drawn(renderer, text):
    renderer.size(text, 20)
    renderer.render(text, 20, (255, 255, 255))
    renderer.wrap(text, 20, 200)
