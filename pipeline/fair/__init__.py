"""Provably fair sampling and draws (issue 17, seed 002): the operator's side of the commit-reveal.
What a client checks, step by step: docs/fair.md. The draws themselves are engine.fair's.

    state.py    the operator's state under <data>/fair/: records, the secret until the reveal
    seed.py     the server seed's life: commit, reveal
    sample.py   committed samples (`sample --committed`)
    draw.py     player draws from an exported pool, and their check after the reveal
    ship.py     the export's sample.json and its check (called by pipeline/export/)

The export reads only state.json and the public records, never `fair/secret/`: the seed leaves the
data folder only through `reveal`, which writes `reveal-<commitment>.json` into the export after
the sample's verdicts are already shipped there. The modules here import one another, never this
face; the rest of the pipeline imports the face.
"""

from pipeline.fair.draw import draw, pool_codes, pool_digests, verify_draw
from pipeline.fair.sample import sample_committed, sample_numbers
from pipeline.fair.seed import commit, reveal
from pipeline.fair.ship import check_reveals, export_names, export_sample, verify_sample
from pipeline.fair.state import REVEAL_GLOB, SAMPLE_FILE, current, record, reveal_name, server_seed, state

__all__ = [
    "REVEAL_GLOB", "SAMPLE_FILE", "check_reveals", "commit", "current", "draw", "export_names", "export_sample", "pool_codes",
    "pool_digests", "record", "reveal", "reveal_name", "sample_committed", "sample_numbers", "server_seed",
    "state", "verify_draw", "verify_sample",
]  # fmt: skip
