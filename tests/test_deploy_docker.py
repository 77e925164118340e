"""The self-hosting files agree with the code: the Dockerfile and .dockerignore
(docker-compose.yml in test_deploy_compose.py, the locks in test_deploy_locks.py)."""

from __future__ import annotations

import json
import re

from tests.deploy_helpers import ROOT, TOKEN_RE

DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"


# ------------------------------------------------------------------------------ Dockerfile
def dockerfile_instructions() -> list[tuple[str, str]]:
    text = DOCKERFILE.read_text(encoding="utf-8").replace("\\\n", " ")
    result = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            result.append((keyword.upper(), rest.strip()))
    return result


def final_stage() -> list[tuple[str, str]]:
    instructions = dockerfile_instructions()
    starts = [i for i, (keyword, _) in enumerate(instructions) if keyword == "FROM"]
    assert starts, "no FROM in the Dockerfile"
    return instructions[starts[-1] :]


def exec_form(rest: str) -> list[str]:
    value = json.loads(rest)
    assert isinstance(value, list), "use the exec form"
    return [str(v) for v in value]


def test_dockerfile_base_image() -> None:
    instructions = dockerfile_instructions()
    args = {}
    for keyword, rest in instructions:
        if keyword == "ARG" and "=" in rest:
            name, _, default = rest.partition("=")
            args[name] = default
    images = []
    for keyword, rest in instructions:
        if keyword == "FROM":
            image = rest.split()[0]
            images.append(re.sub(r"\$\{?(\w+)\}?", lambda m: args.get(m.group(1), ""), image))
    assert images and all(image.startswith("python:3.11-slim") for image in images), images


def test_dockerfile_runs_the_bot_as_non_root() -> None:
    users = [rest for keyword, rest in final_stage() if keyword == "USER"]
    assert users, "the image must switch to an unprivileged USER"
    assert users[-1].split(":")[0] not in ("root", "0")
    entry = [exec_form(rest) for keyword, rest in final_stage() if keyword == "ENTRYPOINT"]
    cmd = [exec_form(rest) for keyword, rest in final_stage() if keyword == "CMD"]
    assert (entry[-1] if entry else []) + (cmd[-1] if cmd else []) == ["kozel-discord", "run"]


def test_dockerfile_installs_from_the_lock() -> None:
    instructions = dockerfile_instructions()
    copies = [rest for keyword, rest in instructions if keyword == "COPY"]
    assert any(rest.split()[0] == "requirements.lock" for rest in copies)
    installs = [
        rest for keyword, rest in instructions if keyword == "RUN" and "pip install" in rest
    ]
    assert installs and all(re.search(r"-r \S*requirements\.lock", rest) for rest in installs)
    assert all("--no-deps" in rest for rest in installs)  # nothing that is not locked


def test_dockerfile_has_no_secret() -> None:
    for keyword, rest in dockerfile_instructions():
        if keyword in ("ENV", "ARG", "LABEL"):
            assert "DISCORD_TOKEN" not in rest and "PASSWORD" not in rest.upper()
    assert not TOKEN_RE.search(DOCKERFILE.read_text(encoding="utf-8"))


def context_sources() -> set[str]:
    """Every path any stage copies from the build context."""
    sources: set[str] = set()
    for keyword, rest in dockerfile_instructions():
        if keyword == "COPY" and not rest.startswith("--from"):
            sources.update(rest.split()[:-1])
    return sources


def test_dockerfile_installs_the_wheel_with_its_migrations() -> None:
    # The migrations are inside the package (kozel_discord.migrations): the image installs
    # the bot's wheel, built from the sources with migrations/, instead of running a tree.
    assert {"pyproject.toml", "setup.py", "migrations", "kozel_discord"} <= context_sources()
    runs = [rest for keyword, rest in dockerfile_instructions() if keyword == "RUN"]
    assert any("pip wheel" in rest for rest in runs)
    installs = [rest for rest in runs if "pip install" in rest]
    assert any(re.search(r"kozel_discord-\S*\.whl", rest) for rest in installs)
    envs = " ".join(rest for keyword, rest in final_stage() if keyword == "ENV")
    assert "PYTHONPATH" not in envs


def test_dockerignore_keeps_secrets_out_and_lets_copies_in() -> None:
    lines = [
        line.strip()
        for line in DOCKERIGNORE.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    allowlist = "*" in lines
    if allowlist:
        assert "!.env" not in lines
        for source in context_sources():
            assert f"!{source}" in lines, f".dockerignore leaves out {source}"
        assert "!requirements.lock" in lines
    assert "**/.env" in lines or ".env" in lines or allowlist


def test_dockerfile_has_a_healthcheck_and_a_data_volume() -> None:
    stage = final_stage()
    checks = [rest for keyword, rest in stage if keyword == "HEALTHCHECK"]
    assert len(checks) == 1
    assert exec_form(checks[0].split("CMD", 1)[1].strip()) == ["kozel-discord", "health"]
    volumes = [exec_form(rest) for keyword, rest in stage if keyword == "VOLUME"]
    assert ["/data"] in volumes
    workdirs = [rest for keyword, rest in stage if keyword == "WORKDIR"]
    assert workdirs[-1] == "/data"
