"""Ed25519 keys of signed pools (`cryptography`): `dealpool keygen`, `export --sign KEY`,
`verify --key KEY.pub`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import engine
from pipeline import files


MAX_KEY = 16 << 10
"""The most bytes of a key file read (an Ed25519 PEM key is about 120)."""


def keygen(path: Path) -> Path:
    """Write a new Ed25519 private key at `path` (PEM, mode 0600) and its public key at `path`.pub;
    return the public key's path. Refuses to overwrite a key."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    if not path.name or path.name in (".", ".."):
        raise engine.BadInput(f"bad key path {str(path)!r}: give a file name, e.g. keys/operator")
    pub = path.with_name(path.name + ".pub")
    for p in (path, pub):
        if p.exists():
            raise engine.BadInput(f"{str(p)!r} exists; accepted: a path with no key yet (keys are never overwritten)")
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    files.write_atomic(path, pem, mode=0o600)
    files.write_atomic(pub, key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    return pub


def _load_key(path: Path, private: bool) -> Any:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

    what = "private" if private else "public"
    try:
        data = files.read_capped(path, MAX_KEY, f"{what} key")  # a regular file, never /dev/zero
    except OSError as e:
        raise engine.BadInput(f"cannot read the {what} key {str(path)!r} ({e.strerror}); make one with `dealpool keygen KEY`") from None
    try:
        key = serialization.load_pem_private_key(data, None) if private else serialization.load_pem_public_key(data)
    except Exception:  # cryptography raises ValueError, TypeError, UnsupportedAlgorithm for bad keys
        key = None
    if not isinstance(key, Ed25519PrivateKey if private else Ed25519PublicKey):
        raise engine.BadInput(
            f"{str(path)!r} is not an Ed25519 {what} key in PEM; accepted: the "
            + ("KEY" if private else "KEY.pub") + " file `dealpool keygen KEY` writes"
        )
    return key


def load_private_key(path: Path) -> Any:
    return _load_key(path, True)


def load_public_key(path: Path) -> Any:
    return _load_key(path, False)
