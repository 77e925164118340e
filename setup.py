"""The package list (everything else is in pyproject.toml).

pyproject.toml cannot combine ``packages.find`` with packages that live outside the package
tree, so the list is made here: every ``kozel_discord*`` package, plus the top-level
``migrations/`` folder, shipped as ``kozel_discord.migrations`` (pyproject's package-dir).
"""

from setuptools import find_namespace_packages, setup

setup(
    packages=[
        *find_namespace_packages(include=["kozel_discord*"]),
        "kozel_discord.migrations",
        "kozel_discord.migrations.versions",
    ]
)
