"""The release pipeline: the workflow is valid (actionlint), builds on the three desktops, and every
step that runs something runs a command of the project, the same one .ci/run uses; the icons are
well-formed; the version is one and is printed."""
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
PROJECT_COMMAND = "python -m game.tools.package "


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def actionlint() -> str | None:
    found = shutil.which("actionlint") or (Path(sys.executable).parent / "actionlint")
    return str(found) if found and Path(found).exists() else None


@pytest.mark.skipif(actionlint() is None, reason="actionlint is installed by tests/requirements.txt")
def test_actionlint_finds_nothing_in_the_workflow():
    done = subprocess.run([actionlint(), str(WORKFLOW)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_matrix_names_the_three_desktops():
    matrix = workflow()["jobs"]["build"]["strategy"]["matrix"]["os"]
    assert {os.split("-")[0] for os in matrix} == {"ubuntu", "windows", "macos"}


def test_every_step_that_runs_something_is_a_project_command():
    for name, job in workflow()["jobs"].items():
        for step in job["steps"]:
            if "run" in step:
                assert step["run"].strip().startswith(PROJECT_COMMAND), (name, step)
                sub = step["run"].split()[3]
                from game.tools.package import COMMANDS
                assert sub in COMMANDS, (name, step)


def test_ci_builds_with_the_same_packaging_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "-m game.tools.package build" in ci
    assert "pyinstaller " not in ci.lower()           # no second way to build


def test_a_planted_shell_step_would_be_caught():
    bad = {"steps": [{"run": "pip install foo"}]}
    assert not bad["steps"][0]["run"].startswith(PROJECT_COMMAND)


def test_the_icons_are_well_formed(tmp_path):
    from game.tools.icons import write_icons
    out = write_icons(tmp_path)
    png = out["png"].read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (512, 512)
    ico = out["ico"].read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 5
    for k in range(count):
        w, h, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * k: 22 + 16 * k])
        assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + size <= len(ico)
    icns = out["icns"].read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert b"ic10" in icns and b"ic07" in icns


def test_the_version_is_printed_by_main():
    from game import __version__
    done = subprocess.run([sys.executable, "main.py", "--version"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"Anthology {__version__}"


def test_archive_names_carry_version_and_platform():
    from game.tools.package import platform_tag, version
    tag = platform_tag()
    assert tag.split("-")[0] in ("linux", "windows", "macos") and version().count(".") == 2
