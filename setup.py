"""The compiled part of the package: the fast Monopoly simulator core (engines/monopoly/_fastsim.c).

Everything else is in pyproject.toml. The extension is optional: if it cannot be built, the
install goes on and ``tvgames simulate monopoly`` plays through the Python engine (it says so).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "engines.monopoly._fastsim",
            ["engines/monopoly/_fastsim.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
