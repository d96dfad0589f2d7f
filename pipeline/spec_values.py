"""The deal method's published test values (seed 000, section 8), checked by `dealpool check`.

Copied from the spec as data: they are what the app's own engine printed, so a pool dealt by an
engine that no longer reproduces them must not be trusted.
"""

from __future__ import annotations

from dataclasses import dataclass

SHA512_ABC = (
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
)


@dataclass(frozen=True)
class SpecValue:
    name: str
    game: str
    number: int
    classic: bool
    seed_hex: str | None
    order: str


VALUES = (
    SpecValue(
        "Klondike deal 1", "klondike", 1, False,
        "63101e8dcee7da1a831e6d7f1732cddf183fb22f6aed7dcfca95cccda9072d1b"
        "39ca8b57d089e319359d83b77df8f2955bf4811331d78ae9e9714ec984cc4efc",
        "7D 10S KH QS 8S KD JC AH 10D 3C 3S 4S 10H 5S 7S JD 2D QD 5C AS 9H JS 8H 6H JH 2C 10C KS 9D AD "
        "3D QC 4C 4H QH 6S 6D 3H 5D 7C 8D 8C 6C 2H 7H AC 5H 2S 4D 9C 9S KC",
    ),
    SpecValue(
        "Klondike deal 4711", "klondike", 4711, False,
        "dc4e02e1719dcfa0783c164b04ff65d80ce6a12d6fb3d21aec825360ff9859ae"
        "c42e5ac282b0ec79f71a5d66c88f856906ef01e3b63dc5ec2dd094a8050b00e2",
        "JS 6H KH 5S 10H 5D 10C 8S JC 4H QS 7D 4S 3S 2C KS 6S AC 8C QC 6C 9S 7S JH 8D 2S 10D 8H 2D 4D "
        "7C 5C AS 4C 2H KD QH 3H 9D 9C 7H 10S QD AD 6D 5H KC 9H AH JD 3C 3D",
    ),
    SpecValue(
        "FreeCell deal 1 (SiggySoft numbering)", "freecell", 1, False,
        "0ffe30f6c8b093e74cff461b0cce2ad31cd0da0f1004e76d9f64ea8415937e8e"
        "6c01ba536925a5221b1c41f1c06a43b42bf2e76341445aa73c108a478be17f2f",
        "9C QD 6H 3H 7S AH 2C 7H 5S 6S KC 6C 10S 5D AC 6D AS 5C JC 10H 8D 3C 10C AD KH JS 8S 2H 4S 9H "
        "QS 9D JD 7C 2D 9S JH KD 4C 4H 10D 2S 3D 7D 3S KS 8H QH 5H 4D QC 8C",
    ),
    SpecValue(
        "Classic FreeCell deal 1", "freecell", 1, True, None,
        "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH 3C 4C 5C TS QH 4H AC "
        "4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H",
    ),
)  # fmt: skip
