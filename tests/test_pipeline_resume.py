"""Resume and determinism: a run killed with SIGKILL resumes to the same tables, row for row, as an
uninterrupted run; 1 and 2 workers give identical tables; a dying worker is recorded, not fatal."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline_fake import FakeSolver, RefusingSolver  # noqa: E402
from pipeline_helpers import env, fake_cli, part_names, run, table_rows  # noqa: E402

NODES = "20000"


def test_workers_1_and_2_give_identical_tables(capsys, tmp_path, monkeypatch):
    from pipeline import store

    monkeypatch.setattr(store, "SLICE", 5)  # several parts, so part boundaries matter
    tables = []
    for workers in ("1", "2"):
        data = tmp_path / f"w{workers}"
        code, out, err = run(capsys, "--data", str(data), "build", "--boards", "klondike-1,klondike-3",
                             "--numbers", "1-12", "--budget", NODES, "--workers", workers, "--quiet")  # fmt: skip
        assert code == 0, err
        tables.append((part_names(data, "verdicts"), table_rows(data, "deals"), table_rows(data, "verdicts")))
    assert len(tables[0][0]) == 6  # 12 deals in slices of 5, per board
    assert tables[0] == tables[1]


def test_sigkill_mid_run_then_resume_equals_uninterrupted(tmp_path):
    """kill -9 the solving process mid-run, resume, and compare with a run never interrupted."""
    cli = fake_cli()  # the real engine slowed down, so the run can be caught midway
    e = env() | {"DEALPOOL_SLICE": "4", "DEALPOOL_FAKE_SLEEP": "0.03", "DEALPOOL_FAKE_MODE": "real"}
    numbers = "1-60"
    args = ["--boards", "klondike-3", "--budget", NODES, "--workers", "2", "--quiet"]

    whole, killed = tmp_path / "whole", tmp_path / "killed"
    for data in (whole, killed):
        subprocess.run(cli + ["--data", str(data), "sample", "--boards", "klondike-3", "--numbers", numbers],
                       check=True, env=e, capture_output=True)  # fmt: skip
    subprocess.run(cli + ["--data", str(whole), "solve"] + args, check=True, env=e, capture_output=True)
    total_parts = len(part_names(whole, "verdicts"))
    assert total_parts == 15

    proc = subprocess.Popen(cli + ["--data", str(killed), "solve"] + args, env=e,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + 60
    while len(part_names(killed, "verdicts")) < 2 and time.monotonic() < deadline:
        time.sleep(0.005)
    assert proc.poll() is None, "the run ended before it could be killed: make it longer"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    done = len(part_names(killed, "verdicts"))
    assert 2 <= done < total_parts
    time.sleep(0.3)  # the workers die with their parent (PR_SET_PDEATHSIG)

    r = subprocess.run(cli + ["--data", str(killed), "solve"] + args, env=e, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert part_names(killed, "verdicts") == part_names(whole, "verdicts")
    assert table_rows(killed, "verdicts") == table_rows(whole, "verdicts")
    assert table_rows(killed, "deals") == table_rows(whole, "deals")
    # nothing half-written is left where a reader looks, and a further resume has nothing to do
    r = subprocess.run(cli + ["--data", str(killed), "solve"] + args, env=e, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("solve: 0 deals")


def test_sample_twice_duplicates_nothing(capsys, tmp_path):
    data = tmp_path / "d"
    assert run(capsys, "--data", str(data), "sample", "--boards", "klondike-1", "--numbers", "1-10")[0] == 0
    code, out, _ = run(capsys, "--data", str(data), "sample", "--boards", "klondike-1", "--numbers", "5-15")
    assert code == 0 and "klondike-1 +5" in out
    rows = table_rows(data, "deals")
    assert sorted(r["number"] for r in rows) == list(range(1, 16))
    code, out, _ = run(capsys, "--data", str(data), "sample", "--boards", "klondike-1", "--random", "3")
    assert code == 0
    rows = table_rows(data, "deals")
    rnd = [r for r in rows if r["number"] is None]
    assert len(rnd) == 3 and len({r["seed"] for r in rnd}) == 3 and all(len(r["seed"]) == 64 for r in rnd)


def test_a_dying_worker_is_retried_in_a_fresh_worker(capsys, tmp_path, monkeypatch):
    """Fake engine: the worker solving deal 7 exits abruptly twice, as a kill -9 would; the third
    try (TRIES) in a fresh worker solves it, so no error row is left."""
    from pipeline import retry

    data = tmp_path / "d"
    monkeypatch.setenv("DEALPOOL_FAKE_CRASH", "-N7")
    monkeypatch.setenv("DEALPOOL_FAKE_CRASH_DIR", str(tmp_path / "marks"))
    monkeypatch.setenv("DEALPOOL_FAKE_CRASH_TIMES", str(retry.TRIES - 1))
    code, out, err = run(capsys, "--data", str(data), "build", "--boards", "klondike-1",
                         "--numbers", "1-10", "--budget", NODES, "--workers", "2", "--quiet", solver=FakeSolver())  # fmt: skip
    assert code == 0, err
    assert f"({retry.TRIES - 1} retried)" in out
    rows = {r["code"].rsplit("-", 1)[1]: r for r in table_rows(data, "verdicts")}
    assert len(rows) == 10 and all(r["verdict"] != "error" for r in rows.values())


def test_a_deal_that_keeps_dying_fails_the_run_and_check_until_retried(capsys, tmp_path, monkeypatch):
    """A deal whose worker dies on every try leaves an `error` row: the run and `check` fail; the next
    run retries it (here it succeeds) and then `check` passes."""
    from pipeline import retry

    data = tmp_path / "d"
    monkeypatch.setenv("DEALPOOL_FAKE_CRASH", "-N7")
    monkeypatch.setenv("DEALPOOL_FAKE_CRASH_DIR", str(tmp_path / "marks"))
    monkeypatch.setenv("DEALPOOL_FAKE_CRASH_TIMES", str(retry.TRIES))
    code, out, err = run(capsys, "--data", str(data), "build", "--boards", "klondike-1",
                         "--numbers", "1-10", "--budget", NODES, "--workers", "2", "--quiet", solver=FakeSolver())  # fmt: skip
    assert code == 1 and "still error" in err and "dealpool solve" in err
    rows = {r["code"].rsplit("-", 1)[1]: r for r in table_rows(data, "verdicts")}
    assert len(rows) == 10
    assert rows["N7"]["verdict"] == "error" and rows["N7"]["reason"].startswith("worker died")
    assert all(r["verdict"] != "error" for k, r in rows.items() if k != "N7")
    code, out, err = run(capsys, "--data", str(data), "check", "--solves", "0", solver=FakeSolver())
    assert code == 1 and "error row(s) remain" in err
    code, out, err = run(capsys, "--data", str(data), "solve", "--budget", NODES, "--quiet", solver=FakeSolver())
    assert code == 0 and "solve: 1 deals" in out, (out, err)
    rows = {r["code"].rsplit("-", 1)[1]: r for r in table_rows(data, "verdicts")}
    assert len(rows) == 10 and rows["N7"]["verdict"] != "error"
    code, out, err = run(capsys, "--data", str(data), "check", "--solves", "0", solver=FakeSolver())
    assert code == 0, err


def test_a_refused_line_is_recorded_and_fails_loudly(capsys, tmp_path):
    data = tmp_path / "d"
    code, out, err = run(capsys, "--data", str(data), "build", "--boards", "klondike-1",
                         "--numbers", "1-10", "--budget", NODES, "--workers", "1", "--quiet", solver=RefusingSolver())  # fmt: skip
    assert code == 1 and "REFEREE REFUSED" in err
    rows = table_rows(data, "verdicts")
    assert not any(r["verdict"] == "won" for r in rows)
    assert any(r["referee"].startswith("refused") and r["verdict"] == "error" for r in rows)
    code, out, err = run(capsys, "--data", str(data), "check", "--solves", "0")
    assert code == 1 and "REFEREE REFUSED" in err
