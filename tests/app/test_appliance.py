"""The box as an appliance: systemd's notify protocol and watchdog, stopping on SIGTERM with the game
saved, the unit and udev rule of ``deploy/``, and the build prerequisites check."""

from __future__ import annotations

import configparser
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from app.app import FakeClock, Headless
from app.appliance import Notifier, StopRequested, save_game_in_progress, stopping_gently

REPO = Path(__file__).resolve().parents[2]
GAME_KEYS = "SELECT,SELECT,2:hold=500,DOWN,SELECT,2"
"""Home -> Yahtzee set-up -> a solo Classic game -> roll, hold the second die, roll again."""


# -- the notify protocol ------------------------------------------------------------------------------


@pytest.fixture
def notify_socket(tmp_path):
    """A datagram socket standing in for systemd's; yields (path, receive(timeout) -> message|None)."""
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)

    def receive(timeout: float) -> str | None:
        sock.settimeout(timeout)
        try:
            return sock.recv(4096).decode()
        except TimeoutError:
            return None

    yield path, receive
    sock.close()


def test_notifier_sends_ready_then_pings_at_half_the_interval(notify_socket):
    path, receive = notify_socket
    clock = FakeClock(0.0)
    notifier = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"}, clock=clock)
    notifier.ping()  # nothing before READY=1
    notifier.ready("home")
    assert receive(1) == "READY=1\nSTATUS=home"
    for _ in range(3):  # 0.25 s turns of the loop: a ping every second (half of 2 s)
        clock.advance(0.25)
        notifier.ping()
    assert receive(0.05) is None
    clock.advance(0.25)
    notifier.ping()
    assert receive(1) == "WATCHDOG=1"
    notifier.close()


def test_notifier_without_systemd_does_nothing():
    notifier = Notifier({})
    assert not notifier.enabled and not notifier.send("READY=1")
    notifier.ready()
    notifier.ping()


def test_notifier_ignores_a_watchdog_meant_for_another_process(notify_socket):
    path, _ = notify_socket
    notifier = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "1"})
    assert notifier.interval is None
    assert Notifier({"NOTIFY_SOCKET": "@abstract"}).address == b"\0abstract"


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["TVGAMES_HOME"] = str(tmp_path / "home")
    env.update(extra)
    return env


STALLING_APP = textwrap.dedent(
    """
    import sys, time
    from app.app import App
    from app.profiles import load_profile
    from app.screens.home import HomeScreen

    class Stall(HomeScreen):
        '''The home screen, whose loop turn hangs (as a deadlock would) a while after it is shown.'''
        ticking = True
        shown = None
        def update(self, dt):
            self.shown = self.shown or time.monotonic()
            if time.monotonic() > self.shown + float(sys.argv[1]):
                time.sleep(60)

    app = App(load_profile("sd-pal"), display_mode="window", lang="en", data_dir=sys.argv[2], sound=False)
    app.push(Stall())
    app.run()
    """
)


def test_real_loop_says_ready_then_pings_and_a_stalled_loop_stops_pinging(tmp_path, notify_socket):
    path, receive = notify_socket
    env = _env(tmp_path, NOTIFY_SOCKET=path, WATCHDOG_USEC="400000")  # a ping every 0.2 s
    proc = subprocess.Popen(
        [sys.executable, "-c", STALLING_APP, "3.0", str(tmp_path / "data")], env=env, cwd=REPO
    )
    try:
        assert receive(30) == "READY=1"
        pings = []
        while (message := receive(2.0)) is not None:  # the stall: no ping for 2 s (10 intervals)
            assert message == "WATCHDOG=1"
            pings.append(time.monotonic())
        assert len(pings) >= 5
        gaps = [b - a for a, b in zip(pings, pings[1:], strict=False)]
        assert max(gaps) < 1.0  # regular: never more than a few intervals apart
        assert proc.poll() is None  # still there, but silent: systemd would restart it now
    finally:
        proc.kill()
        proc.wait()


# -- stopping on a signal ---------------------------------------------------------------------------


def _saved_payload(data_dir: Path) -> dict:
    (save,) = (data_dir / "saves").glob("yahtzee-*.json")  # the game's own save, the only one
    record = json.loads(save.read_text())
    return record["data"]["payload"]


def _menu_save_payload(tmp_path: Path) -> dict:
    """The same game played in-process, then MENU -> Save and quit: what SIGTERM must save."""
    h = Headless(profile="sd-pal", data_dir=tmp_path / "reference", seed=3)
    h.keys(GAME_KEYS)
    h.keys("MENU,DOWN,SELECT")
    h.close()
    return _saved_payload(tmp_path / "reference")


def test_sigterm_mid_game_saves_it_exactly_as_save_and_quit_and_resume_continues(tmp_path, notify_socket):
    path, receive = notify_socket
    data = tmp_path / "box"
    cmd = [sys.executable, "-m", "app", "--data-dir", str(data), "run", "--windowed", "--profile", "sd-pal"]
    cmd += ["--seed", "3", "--no-remote", "--keys", GAME_KEYS]
    proc = subprocess.Popen(cmd, env=_env(tmp_path, NOTIFY_SOCKET=path), cwd=REPO, stderr=subprocess.PIPE)
    try:
        while (message := receive(60)) != "STATUS=keys done":
            assert message is not None, "the key script never finished"
        assert not (data / "saves").exists()
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert b"game saved" in err
    saved = _saved_payload(data)
    assert saved == _menu_save_payload(tmp_path)
    # Resume: the game comes back at that point, its dice generator included, and plays on alike.
    rolls = []
    for where in (data, tmp_path / "reference"):
        h = Headless(profile="sd-pal", data_dir=where)
        h.top.select_tile("resume")
        h.keys("SELECT,SELECT")
        assert h.top.save_payload() == saved  # the cursors too
        h.keys("2")
        rolls.append(h.top.state.numbers())
        h.close()
    assert rolls[0] == rolls[1]


def test_sigterm_stops_tvgames_bench_with_status_0(tmp_path):
    cmd = [sys.executable, "-m", "app", "bench", "--profile", "sd-pal", "--scene", "home", "--starts", "1"]
    proc = subprocess.Popen(cmd, env=_env(tmp_path), cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stderr.readline().startswith(b"bench: sd-pal ")  # past start-up, into the demo
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0
    assert b"stopped by SIGTERM" in err


def test_a_signal_inside_the_loop_only_asks_it_to_stop():
    from app import appliance

    stops: list[int] = []
    with stopping_gently(stops.append):
        appliance.on_stop_signal(signal.SIGTERM, None)
    assert stops == [signal.SIGTERM]


def test_outside_the_loop_a_signal_unwinds():
    from app import appliance

    with pytest.raises(StopRequested) as raised:  # no loop is running: nothing stops gently
        appliance.on_stop_signal(signal.SIGINT, None)
    assert raised.value.signum == signal.SIGINT


def test_nothing_to_save_on_the_home_screen():
    h = Headless(profile="sd-pal")
    assert save_game_in_progress(h.app) is False
    h.close()


# -- deploy/ ---------------------------------------------------------------------------------------------


def _unit(tmp_path: Path, user: str = "nobody") -> Path:
    cmd = [sys.executable, "-m", "app", "install", "--systemd", "--user", user, "--root", str(tmp_path)]
    subprocess.run(cmd, check=True, env=_env(tmp_path), cwd=REPO, capture_output=True)
    return tmp_path / "etc/systemd/system/tvgames.service"


def test_the_unit_has_the_keys_an_appliance_needs(tmp_path):
    unit = _unit(tmp_path)
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read(unit)
    service = parser["Service"]
    assert service["Type"] == "notify"
    assert int(service["WatchdogSec"]) > 0
    assert service["Restart"] == "always"
    assert service["TTYPath"] == "/dev/tty1"
    assert service["User"] == "nobody"
    assert set(service["SupplementaryGroups"].split()) == {"input", "video", "render"}
    assert "SDL_VIDEODRIVER=kmsdrm" in unit.read_text()
    assert "--fullscreen" in service["ExecStart"] and "@" not in service["ExecStart"]
    assert "systemd-udev-trigger.service" in parser["Unit"]["After"]
    assert (tmp_path / "etc/udev/rules.d/70-tvgames-input.rules").read_text().count('GROUP="input"') == 1


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd is not installed here")
def test_systemd_analyze_verify_accepts_the_unit(tmp_path):
    unit = _unit(tmp_path)
    proc = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_install_print_writes_nothing_and_refuses_root(tmp_path, capsys):
    from app.cli import main

    assert main(["install", "--systemd", "--print", "--user", "pi", "--root", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "User=pi" in out and 'SUBSYSTEM=="input"' in out
    assert not (tmp_path / "etc").exists()
    assert main(["install", "--systemd", "--print", "--user", "root"]) == 2


def test_prereqs_name_the_package_to_install():
    from app.prereqs import Need, missing

    found = [
        Need("the Python headers", "python3-dev", lambda: False),
        Need("venv", "python3-venv", lambda: True),
    ]
    assert missing(found, (3, 11)) == ["missing the Python headers: sudo apt install python3-dev"]
    assert missing([], (3, 9)) == ["Python 3.9 is too old: 3.11 or newer is needed"]


def test_prereqs_are_all_here_on_the_machine_that_runs_the_tests():
    from app.prereqs import missing

    assert missing() == []


def test_pressing_keys_from_a_script_goes_through_the_pipeline():
    from app.appliance import KeyScript
    from app.screens.yahtzee.setup import SetupScreen

    h = Headless(profile="sd-pal")
    script = KeyScript(h.app, "RIGHT,wait=100,SELECT", delay=0.0)
    h.app.tickers.append(script)
    h.advance(1000)
    assert script.done
    assert isinstance(h.top, SetupScreen) and h.top.family == "dice-party"
    h.close()


RESTART_LOOP = (
    'first=1; while :; do if [ $first = 1 ]; then first=0; "$@" --keys "$KEYS"; else "$@"; fi; done'
)
"""Restart=always in a shell: the first run plays the key script, every later one starts plain."""


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc: a bare Debian has no pgrep)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def test_kill_9_mid_game_comes_back_home_under_a_restart_loop_with_the_save_intact(tmp_path, notify_socket):
    path, receive = notify_socket
    data = tmp_path / "box"
    cmd = [sys.executable, "-m", "app", "--data-dir", str(data), "run", "--windowed", "--profile", "sd-pal"]
    cmd += ["--seed", "3", "--no-remote"]
    # a game saved with MENU -> Save and quit, then another one started and left mid-turn
    keys = f"{GAME_KEYS},MENU,DOWN,SELECT,wait=300,RIGHT,SELECT,SELECT,2:hold=400"
    env = _env(tmp_path, NOTIFY_SOCKET=path, KEYS=keys)
    loop = subprocess.Popen(
        ["sh", "-c", RESTART_LOOP, "loop", *cmd], env=env, cwd=REPO, start_new_session=True
    )
    try:
        assert receive(60) == "READY=1"
        while (message := receive(60)) != "STATUS=keys done":
            assert message is not None, "the key script never finished"
        (save,) = (data / "saves").glob("*.json")
        before = save.read_bytes()
        child = _children(loop.pid)
        assert len(child) == 1
        os.kill(child[0], signal.SIGKILL)
        while (message := receive(60)) != "READY=1":  # the new process: its first frame is home
            assert message is not None, "it never came back"
        assert save.read_bytes() == before
        assert list((data / "saves").glob("*.json")) == [save]  # killed: nothing more was saved
    finally:
        os.killpg(loop.pid, signal.SIGKILL)
        loop.wait()


def test_a_game_leaving_the_screen_gives_its_memory_back(sd_box, monkeypatch):
    """Quit, Save and quit or the results: the game's garbage is collected and malloc's free pages
    go back (without it malloc keeps the pages each game freed)."""
    from dice_screen_helpers import open_tile, save_and_quit

    import app.appliance
    from remote.buttons import Button

    released: list[int] = []
    monkeypatch.setattr(app.appliance, "release_memory", lambda: released.append(1) or True)
    open_tile(sd_box, "yahtzee")
    sd_box.press(Button.SELECT)  # the set-up's Start: the game
    assert released == []
    save_and_quit(sd_box)
    assert type(sd_box.top).__name__ == "HomeScreen" and released == [1]


def test_release_memory_collects_and_trims_where_the_c_library_can(monkeypatch):
    import gc

    import app.appliance as appliance

    class Cycle:
        def __init__(self) -> None:
            self.me = self

    gc.disable()
    try:
        Cycle()
        garbage = [object() for _ in range(1000)]
        del garbage
        assert appliance.release_memory() is (appliance._malloc_trim() is not None)  # True on glibc
        assert not any(type(o) is Cycle for o in gc.get_objects())
        monkeypatch.setattr(appliance, "_malloc_trim", lambda: None)
        assert appliance.release_memory() is False
    finally:
        gc.enable()
