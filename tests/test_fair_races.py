"""Fair races (issue 31): the fair records are kept under the same lock as the tables, waited for.
On the code before the fix, of eight concurrent `fair draw`s only some were recorded (each read the
record, added its draw and wrote it back over the others'), and of four concurrent `fair commit`s
more than one succeeded. Everything a test writes is inside its tmp_path.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_fake import FakeSolver  # noqa: E402
from pipeline_helpers import env, run  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _cli(data: Path, *argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "pipeline", "--data", str(data), *argv], cwd=ROOT, env=env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip


def test_eight_concurrent_draws_are_all_recorded(capsys, tmp_path):
    data = tmp_path / "d"
    code, out, err = run(capsys, "--data", str(data), "build", "--boards", "klondike-1", "--numbers", "1-8",
                         "--budget", "20000", "--workers", "1", "--quiet", solver=FakeSolver())  # fmt: skip
    assert code == 0, err
    assert run(capsys, "--data", str(data), "export", solver=FakeSolver())[0] == 0
    code, out, err = run(capsys, "--data", str(data), "fair", "commit")
    assert code == 0, err
    c = out.split()[1]
    procs = [_cli(data, "fair", "draw", str(data / "pool"), "--client-seed", f"player {i}", "--json") for i in range(8)]
    results = [p.communicate(timeout=120) + (p.returncode,) for p in procs]
    assert all(rc == 0 for _, _, rc in results), [e for _, e, rc in results if rc]
    rec = json.loads((data / "fair" / f"{c}.json").read_text())
    assert sorted(d["client_seed"] for d in rec["draws"]) == [f"player {i}" for i in range(8)]


def test_four_concurrent_commits_make_one_commitment(tmp_path):
    data = tmp_path / "d"
    data.mkdir()
    procs = [_cli(data, "fair", "commit") for _ in range(4)]
    results = [p.communicate(timeout=120) + (p.returncode,) for p in procs]
    ok = [o for o, _, rc in results if rc == 0]
    assert len(ok) == 1, results
    refused = [e for _, e, rc in results if rc != 0]
    assert all("is not revealed yet" in e and e.count("\n") == 1 for e in refused), refused
    state = json.loads((data / "fair" / "state.json").read_text())
    assert state["current"] == ok[0].split()[1]
    assert len(list((data / "fair" / "secret").iterdir())) == 1
