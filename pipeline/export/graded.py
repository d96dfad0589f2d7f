"""The grades an export carries (format 3): each board's `grading` and `redeals_foreseen` for the
manifest, each deal's grade, wins and playouts, and the `--grade G` filter.

A board's deals carry grades only when every one of its won deals has a current grade row
(pipeline/grades.py): a pool built with `--no-grade` exports its graded boards with `grading: null`
rather than half graded. `redeals_foreseen` is the engine's fact (a seeded game's redeals shuffle
with the deal's seed, which the search knows and a player does not), never a list of names here.
"""

from __future__ import annotations

from typing import Any

import engine
from pipeline import grades
from pipeline.store import Folder

NO_GRADE = {"grade": None, "wins": None, "playouts": None}


def check_grade(grade: str | None) -> None:
    """`export --grade`: one of engine.GRADES, else BadInput."""
    if grade is not None and grade not in engine.GRADES:
        raise engine.BadInput(f"unknown grade {grade!r}; accepted: {', '.join(engine.GRADES)}")


def redeals_foreseen(board: str) -> bool:
    """Whether "won" on `board` foresees the redeals (its game is seeded: engine.Game.seeded)."""
    return bool(engine.game(engine.board(board).game).seeded)


def grading_entry(g: engine.Grading) -> dict[str, Any]:
    """A board's `grading` in the manifest."""
    return {"version": g.version, "playouts": g.playouts, "thresholds": g.thresholds}


def board_grades(folder: Folder, won: dict[str, list[str]]) -> dict[str, tuple[engine.Grading, dict[str, dict[str, Any]]]]:
    """{board: (grading, {code: grade row})} of the boards of `won` ({board: codes}) whose every won
    deal has a current grade; the other boards ship ungraded."""
    have = grades.current_rows(folder)
    out = {}
    for b, codes in won.items():
        g = engine.board_grading(b)
        if g is not None and all((b, c) in have for c in codes):
            out[b] = (g, {c: have[(b, c)] for c in codes})
    return out


def deal_grade(row: dict[str, Any] | None) -> dict[str, Any]:
    """The grade fields of a deal in the board files (nulls when its board ships ungraded)."""
    if row is None:
        return dict(NO_GRADE)
    return {"grade": row["grade"], "wins": row["wins"], "playouts": row["playouts"]}


# ---------------------------------------------------------------- what `verify` checks of them

REGRADE = 3
"""Deals a board whose grades `verify` plays again (the first by code): the playouts are seeded by
the code, so a stored grade the engine's player does not reproduce is a changed one."""


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _share(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x <= 1


def check_grading_shape(board: str, info: dict[str, Any]) -> list[str]:
    """A board entry's `grading` (null or {version, playouts, thresholds {easy, medium, hard}}, the
    thresholds shares from high to low) and `redeals_foreseen` (a boolean)."""
    p: list[str] = []
    g = info.get("grading")
    if g is not None:
        t = g.get("thresholds") if isinstance(g, dict) else None
        if not (isinstance(g, dict) and set(g) == {"version", "playouts", "thresholds"} and isinstance(g["version"], str)
                and _whole(g["playouts"]) and g["playouts"] >= 1 and isinstance(t, dict)
                and set(t) == {"easy", "medium", "hard"} and all(_share(v) for v in t.values())
                and t["easy"] >= t["medium"] >= t["hard"]):  # fmt: skip
            p.append(f"{board}: grading is not null or {{version, playouts >= 1, thresholds {{easy >= medium >= hard, shares}}}}")
    if not isinstance(info.get("redeals_foreseen"), bool):
        p.append(f"{board}: redeals_foreseen is not true or false")
    return p


def grade_of(thresholds: dict[str, float], wins: int, playouts: int) -> str:
    """The grade of `wins` out of `playouts` on a manifest's thresholds (engine.Grading.grade's rule,
    written again from the manifest alone)."""
    share = wins / playouts
    for name in engine.GRADES[:3]:
        if share >= thresholds[name]:
            return name
    return engine.GRADES[-1]


def check_deal_grades(manifest: dict[str, Any], board: str, deals: list[dict[str, Any]]) -> list[str]:
    """Each deal's grade against its wins, its playouts and the manifest's thresholds; nulls on an
    ungraded board; the manifest's `grade` filter; `redeals_foreseen` against the engine's fact."""
    p: list[str] = []
    info = manifest["boards"][board]
    g, want = info["grading"], manifest.get("grade")
    if board in engine.BOARDS and info["redeals_foreseen"] != redeals_foreseen(board):
        p.append(f"{board}: redeals_foreseen is {info['redeals_foreseen']}, the engine says {redeals_foreseen(board)}")
    if want is not None and g is None:
        p.append(f"{board}: the manifest keeps only {want} deals but the board is not graded")
    for d in deals:
        code = str(d.get("code"))[:80]
        grade, wins, n = d.get("grade"), d.get("wins"), d.get("playouts")
        if g is None:
            if (grade, wins, n) != (None, None, None):
                p.append(f"{board} {code}: a grade on a board the manifest does not grade")
            continue
        if grade not in engine.GRADES or not _whole(wins) or not _whole(n) or not 0 <= wins <= n:
            p.append(f"{board} {code}: grade {grade!r} with wins {wins!r} of playouts {n!r} is not a grade")
            continue
        if n != g["playouts"]:
            p.append(f"{board} {code}: {n} playouts, the board's grading has {g['playouts']}")
        elif grade != grade_of(g["thresholds"], wins, n):
            p.append(f"{board} {code}: grade {grade} is not {wins}/{n} on the board's thresholds "
                     f"({grade_of(g['thresholds'], wins, n)})")  # fmt: skip
        if want is not None and grade != want:
            p.append(f"{board} {code}: grade {grade} in a pool of only {want} deals")
    return p


def check_regrade(manifest: dict[str, Any], board: str, deals: list[dict[str, Any]], sample: int = REGRADE) -> tuple[int, list[str]]:
    """(deals played again, problems): the first `sample` deals by code of a graded board graded
    again by the engine's player, when the manifest's grading is this engine's (same version, K and
    thresholds); a pool graded by another player version is not played again."""
    g = manifest["boards"][board]["grading"]
    mine = engine.board_grading(board) if board in engine.BOARDS else None
    if g is None or mine is None or grading_entry(mine) != g:
        return 0, []
    p: list[str] = []
    n = 0
    for d in sorted((d for d in deals if isinstance(d.get("code"), str)), key=lambda d: d["code"])[:sample]:
        try:
            again = engine.grade(d["code"])
        except engine.BadInput:
            continue  # check_replays reports a code that does not deal
        n += 1
        if (again.grade, again.wins, again.playouts) != (d.get("grade"), d.get("wins"), d.get("playouts")):
            p.append(f"{board} {d['code']}: played again it grades {again.grade} {again.wins}/{again.playouts}, "
                     f"the pool says {d.get('grade')} {d.get('wins')}/{d.get('playouts')}")  # fmt: skip
    return n, p
