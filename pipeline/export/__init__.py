"""`export` and `verify`: the pool shipped to clients, and the check that it is intact.

    format.py   what an export folder holds: names, manifest fields, the board files' schema
    write.py    `export`: the board files, the fair sample, the manifest, its signature
    keys.py     Ed25519 keys: keygen, load
    verify.py   `verify`: small checks, each returning problems, one line each

The modules here import one another, never this face; the rest of the pipeline imports the face.
"""

from pipeline.export.format import FORMAT, MANIFEST, POOL_SCHEMA, SIGNATURE
from pipeline.export.keys import keygen, load_private_key, load_public_key
from pipeline.export.verify import verify_fair, verify_pool
from pipeline.export.write import export_pool

__all__ = [
    "FORMAT", "MANIFEST", "POOL_SCHEMA", "SIGNATURE", "export_pool", "keygen", "load_private_key",
    "load_public_key", "verify_fair", "verify_pool",
]  # fmt: skip
