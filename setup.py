"""The compiled parts of the package: the fast Monopoly simulator core (engines/monopoly/_fastsim.c),
the Monopoly Dice turn build's hot loops (engines/monopoly_dice/_turnkernel.c) and the Yahtzee
table build's row loops (engines/yahtzee/_turnkernel.c).

Everything else is in pyproject.toml. All three extensions are optional: if one cannot be built, the
install goes on and its Python path runs instead (``tvgames simulate monopoly`` plays through the
Python engine, ``tvgames solve monopoly-dice`` and ``tvgames solve yahtzee`` build in numpy; each
says so).
"""

from setuptools import Extension, setup

# No fused multiply-adds anywhere: the sums must round as Python's and numpy's do, on every machine.
# GCC fuses a*b + c by default where the CPU has the instruction (every arm64, so every Pi; x86-64 only
# with -mfma): built that way, 203 entries of the Monopoly Dice turn table came out one float32 step
# apart from the x86-64 build. No flag here is x86-only.
FLAGS = ["-O2", "-ffp-contract=off"]

setup(
    ext_modules=[
        Extension(
            "engines.monopoly._fastsim",
            ["engines/monopoly/_fastsim.c"],
            extra_compile_args=FLAGS,
            optional=True,
        ),
        Extension(
            "engines.monopoly_dice._turnkernel",
            ["engines/monopoly_dice/_turnkernel.c"],
            extra_compile_args=FLAGS,
            depends=["engines/_pybuffers.h"],
            optional=True,
        ),
        Extension(
            "engines.yahtzee._turnkernel",
            ["engines/yahtzee/_turnkernel.c"],
            extra_compile_args=FLAGS,
            depends=["engines/_pybuffers.h"],
            optional=True,
        ),
    ]
)
