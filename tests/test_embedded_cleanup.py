"""An embedded PostgreSQL leaves nothing behind: a process that starts one in a temporary
directory and stops it leaves no directory (pgserver's lock directory included) once it has
exited."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = textwrap.dedent("""
    import contextlib, sys, tempfile
    from pathlib import Path
    from shared.embedded import start_postgres

    with tempfile.TemporaryDirectory(prefix="yourai-cleanup-", dir=sys.argv[1]) as tmp, \\
            contextlib.ExitStack() as stack:
        print(start_postgres(stack, Path(tmp) / "pg"), flush=True)
""")


def test_a_stopped_postgres_leaves_no_directory_behind() -> None:
    with tempfile.TemporaryDirectory(prefix="yourai-cleanup-parent-") as parent:
        env = {k: v for k, v in os.environ.items() if k != "XDG_RUNTIME_DIR"}
        done = subprocess.run([sys.executable, "-c", SCRIPT, parent], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        assert "postgresql://" in done.stdout
        assert list(Path(parent).iterdir()) == []
