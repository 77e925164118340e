"""The package list and the one C extension (everything else is in pyproject.toml).

pyproject.toml cannot combine ``packages.find`` with packages that live outside the package
tree, so the list is made here: every ``kozel_discord*`` package, plus the top-level
``migrations/`` folder, shipped as ``kozel_discord.migrations`` (pyproject's package-dir).

``kozel_discord.ai._csim`` is a game simulator in C for the searching computer candidates of
``benchmarks/candidates.py`` (plain C99 against the CPython API, no other library; the exact
endgame in ``_csim_exact.h``, part of the same file). It is optional: without a C compiler the
package installs without it, and the bot does not use it (the candidates, their benchmarks
and ``tests/ai/test_csim*.py`` do: a development machine needs the compiler).
"""

from setuptools import Extension, find_namespace_packages, setup

setup(
    packages=[
        *find_namespace_packages(include=["kozel_discord*"]),
        "kozel_discord.migrations",
        "kozel_discord.migrations.versions",
    ],
    ext_modules=[
        Extension(
            "kozel_discord.ai._csim",
            ["kozel_discord/ai/_csim.c"],
            depends=["kozel_discord/ai/_csim_exact.h"],
            extra_compile_args=["-O2", "-std=c99"],
            optional=True,
        )
    ],
)
