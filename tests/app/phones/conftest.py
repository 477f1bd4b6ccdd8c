"""One headless Chromium per test module (Debian's ``chromium``; playwright's own download cannot
work on the box). The Makefile installs it with apt; where even that failed, the browser tests
skip and say why."""

from __future__ import annotations

import shutil

import pytest

CHROMIUM_ARGS = [
    "--no-sandbox",  # the tests may run as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def chromium():
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        pytest.skip(
            "chromium is not installed and `make` could not install it with apt: browser tests skipped"
        )
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(chromium):
    """A fresh phone (its own storage) at 390x844; more with ``phone.new()``."""
    contexts = []

    class Phones:
        def new(self):
            context = chromium.new_context(viewport=PHONE, device_scale_factor=1, locale="en-US")
            contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(10_000)
            return page

    yield Phones()
    for context in contexts:
        context.close()
