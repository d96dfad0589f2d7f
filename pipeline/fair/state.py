"""The operator's fair state in the data folder (seed 002's commit-reveal; pipeline/fair/):

    fair/state.json            {"current": commitment of the unrevealed seed or null,
                                "sampled": commitment of the last committed sample or null}
    fair/<commitment>.json     the public record of one commitment: its committed sample (client
                               seeds, boards, count, the drawn numbers) and its player draws
    fair/secret/<commitment>   THE SERVER SEED, mode 0600 in a 0700 folder, until the reveal
    fair/<commitment>.reveal.json   after the reveal: what `reveal` wrote into the export as
                               reveal-<commitment>.json (one file a commitment, so reveals add up)

Every file is written atomically (pipeline/files.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import engine
from pipeline import files
from pipeline.store import Folder

FAIR = "fair"
SECRET = "secret"
SAMPLE_FILE = "sample.json"
REVEAL_GLOB = "reveal-*.json"


def reveal_name(commitment: str) -> str:
    """The export's file of one commitment's reveal."""
    return f"reveal-{commitment}.json"


def fair_dir(folder: Folder) -> Path:
    """The data folder's fair/ (state, records, the secret until the reveal)."""
    return folder.root / FAIR


def state_path(folder: Folder) -> Path:
    return fair_dir(folder) / "state.json"


def write_json(path: Path, doc: Any) -> None:
    """A state, record or reveal file: sorted keys, one space of indent, atomic."""
    files.write_atomic(path, (json.dumps(doc, indent=1, sort_keys=True) + "\n").encode())


def read_json(path: Path) -> Any:
    try:
        return json.loads(_read_capped(path))
    except FileNotFoundError:
        return None
    except (ValueError, RecursionError) as e:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise engine.BadInput(f"{str(path)!r} is not valid JSON ({type(e).__name__}); it is dealpool's fair state") from None


MAX_JSON = 64 << 20
"""The most bytes of a fair record, sample.json or a reveal read (refused past it)."""
MAX_SECRET = 4096
"""The most bytes of a server seed file read (a seed is 64 hex characters)."""


def _read_capped(path: Path) -> bytes:
    return files.read_capped(path, MAX_JSON, "fair file")  # never a symlink or a FIFO, never past MAX_JSON


def try_json(path: Path) -> tuple[Any, str]:
    """(document or None, problem or ''): for `verify`, where a bad file is a finding, not an error."""
    try:
        return json.loads(_read_capped(path)), ""
    except FileNotFoundError:
        return None, ""
    except engine.BadInput as e:
        return None, f"{path.name}: {e}"
    except (OSError, ValueError, RecursionError) as e:
        return None, f"{path.name}: not valid JSON ({type(e).__name__})"


def state(folder: Folder) -> dict[str, Any]:
    s = read_json(state_path(folder))
    return s if isinstance(s, dict) else {"current": None, "sampled": None}


def record(folder: Folder, commitment: str) -> dict[str, Any]:
    r = read_json(fair_dir(folder) / f"{commitment}.json")
    if not isinstance(r, dict):
        raise engine.BadInput(f"no record of commitment {commitment} in {str(fair_dir(folder))!r}")
    return r


def save_record(folder: Folder, rec: dict[str, Any]) -> None:
    write_json(fair_dir(folder) / f"{rec['commitment']}.json", rec)


FAIR_WAIT = 60.0
"""Seconds a fair step waits for the folder's lock (a draw is milliseconds; a solve holds it longer)."""


def locked(folder: Folder):  # type: ignore[no-untyped-def]
    """The folder's write lock, waited for: the fair records are read, changed and written under the
    same lock as the tables, so concurrent draws are all recorded and commits happen one at a time."""
    from pipeline.store import writer

    return writer(folder, wait=FAIR_WAIT)


def secret_path(folder: Folder, commitment: str) -> Path:
    return fair_dir(folder) / SECRET / commitment


def current(folder: Folder) -> str:
    """The commitment of the unrevealed server seed, or BadInput if there is none."""
    c = state(folder).get("current")
    if not c:
        raise engine.BadInput(
            f"no committed server seed in {str(folder.root)!r}: run `dealpool fair commit` first"
        )
    return str(c)


def server_seed(folder: Folder, commitment: str) -> str:
    """The secret, checked against its commitment (a changed secret file is refused)."""
    try:
        seed = files.read_capped(secret_path(folder, commitment), MAX_SECRET, "server seed").decode("utf-8")
    except UnicodeDecodeError:
        raise engine.BadInput(f"the server seed of commitment {commitment} is not text; refused") from None
    except FileNotFoundError:
        raise engine.BadInput(f"the server seed of commitment {commitment} is missing from fair/secret/") from None
    engine.fair.check_commitment(seed, commitment)
    return seed
