"""The background-work service: results as events, progress, cancellation, errors, child processes."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

import engines.runtime
from app.work import ProcessFailed, Task, WorkService, run_in_process


def test_results_arrive_as_events_and_the_return_value_is_the_result():
    def work(task: Task) -> str:
        task.progress = 0.5
        task.post("odds", [1, 2])
        task.post("choice", "roll")
        return "done"

    task = Task(work, "test").start()
    assert task.wait(10) and task.done and not task.running
    assert task.result == "done" and task.error is None and task.progress == 0.5
    assert [(e.name, e.value) for e in task.events()] == [("odds", [1, 2]), ("choice", "roll")]
    assert task.events() == []  # taken once
    assert task.get("odds") == [1, 2] and task.get("missing", 7) == 7


def test_a_task_waits_to_be_started_and_can_run_inline():
    task = Task(lambda t: 1, "later")
    assert not task.started and task.running
    assert Task(lambda t: 2, "now", inline=True).result == 2


def test_cancellation_is_seen_by_the_work():
    go = threading.Event()

    def work(task: Task) -> str:
        go.wait(10)
        return "stopped" if task.cancelled else "finished"

    service = WorkService()
    task = service.submit(work, "test")
    assert service.tasks == [task]
    service.cancel_all()
    go.set()
    assert task.wait(10) and task.result == "stopped"
    assert service.tasks == []


def test_an_error_ends_the_work_as_one_line():
    def work(task: Task) -> None:
        raise MemoryError("out of memory")

    task = Task(work, "test").start()
    assert task.wait(10)
    assert task.error == "MemoryError: out of memory"


def write_marker(report, name: str) -> None:
    """In the child: report progress and leave a file in the engines' cache directory."""
    report(1.0)
    (engines.runtime.cache_dir() / name).write_text("built")


def fail(report) -> None:
    raise SystemExit(3)


def test_a_child_process_gets_the_cache_directory_and_reports_progress(tmp_path: Path, engine_runtime):
    engine_runtime.set_cache_dir(tmp_path)
    seen: list[float] = []
    assert run_in_process(write_marker, "marker", progress=seen.append, poll_s=0.02)
    assert (tmp_path / "marker").read_text() == "built"
    assert seen[-1] == 1.0
    with pytest.raises(ProcessFailed, match="exit code 3"):
        run_in_process(fail)
