"""The compiled parts of the package: the fast Monopoly simulator core (engines/monopoly/_fastsim.c)
and the Monopoly Dice turn build's hot loops (engines/monopoly_dice/_turnkernel.c).

Everything else is in pyproject.toml. Both extensions are optional: if one cannot be built, the
install goes on and its Python path runs instead (``tvgames simulate monopoly`` plays through the
Python engine, ``tvgames solve monopoly-dice`` builds in numpy; each says so).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "engines.monopoly._fastsim",
            ["engines/monopoly/_fastsim.c"],
            # no fused multiply-adds: the players' sums must round as Python's do
            extra_compile_args=["-O2", "-ffp-contract=off"],
            optional=True,
        ),
        Extension(
            "engines.monopoly_dice._turnkernel",
            ["engines/monopoly_dice/_turnkernel.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ]
)
