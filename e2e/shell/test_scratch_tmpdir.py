"""`scripts/with-scratch-tmpdir`, which `make test` runs each phase through: the command gets a new
folder of its own as TMPDIR, the folder is gone when the command ends (whether it passed, failed or
was interrupted), and the command's exit status is the script's."""

import os
import signal
import subprocess

import pytest

import processes
from conftest import REPOSITORY
from waiting import wait_until

pytestmark = pytest.mark.no_server

SCRIPT = REPOSITORY / "scripts" / "with-scratch-tmpdir"


def test_a_failing_command_leaves_nothing_and_its_status_is_kept(tmp_path):
    run = subprocess.run(
        [SCRIPT, "sh", "-c", 'echo "$TMPDIR"; touch "$TMPDIR/file"; mkdir "$TMPDIR/folder"; exit 3'],
        env={"TMPDIR": str(tmp_path), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert run.returncode == 3, run.stderr
    scratch = run.stdout.strip()
    assert scratch.startswith(f"{tmp_path}/wishlist-tests."), scratch
    assert list(tmp_path.iterdir()) == []


def test_a_command_interrupted_from_the_terminal_leaves_nothing(tmp_path):
    """Ctrl-C: SIGINT to the whole foreground process group, the script and its command."""
    process = subprocess.Popen(
        [SCRIPT, "sleep", "60"], env={"TMPDIR": str(tmp_path), "PATH": "/usr/bin:/bin"}, start_new_session=True
    )
    try:
        # Until the command runs as itself: a signal that reaches it between fork and exec, while it
        # is still the shell with the shell's handler, is lost at exec, and the script then waits for it.
        wait_until(
            "the command is running",
            lambda: "sleep" in [processes.name(child) for child in processes.children(process.pid)],
            timeout=10,
        )
        assert any(tmp_path.iterdir()), "its scratch folder is made"
        os.killpg(process.pid, signal.SIGINT)
        assert process.wait(timeout=30) == 130
    finally:
        process.kill()
    assert list(tmp_path.iterdir()) == []
