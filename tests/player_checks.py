"""The checks every visible-information player passes (issue 33), written once: a game's test file
subclasses `PlayerChecks` and names its game, board, player and rules modules, and how to hide its
hidden cards differently.

What they check: the native player and its Python twin make the same moves on the same seeds (a
range of deals, then hypothesis over any deal and seed); the native player's won playouts replay in
the twin and the referee; many playouts at once equal the twin's one by one; the policy never reads a
hidden card (HiddenCardChecks: two deals that differ only there are played alike while the views
are equal); playouts
are deterministic and their seeds reach the policy; the twin's moves are legal and a win is a
referee win; an unknown policy is one clear error.
"""

from __future__ import annotations

import hashlib
import random
from types import ModuleType
from typing import Callable, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine import native
from engine.gamekit.playout import code_seed, playout_seed, playouts

Hide = Callable[[engine.Deal, random.Random], dict]


class PlayerChecks:
    GAME: ClassVar[str]
    BOARD: ClassVar[str]
    player: ClassVar[ModuleType]
    rules: ClassVar[ModuleType]
    DIFF_DEALS: ClassVar[int] = 40
    """Deals 1..DIFF_DEALS in the differential test (fewer for the slower games)."""
    REDEALS: ClassVar[bool] = False
    """The game redeals by the deal's seed: the playouts are handed it (the policy never reads it)."""

    def _deal(self, n: int) -> engine.Deal:
        return engine.deal(engine.board_code(self.BOARD, n))

    def _seeded(self, d: engine.Deal, deal_seed: bytes | None = None) -> dict:
        return {"deal_seed": deal_seed or d.seed} if self.REDEALS else {}

    def _line(self, layout: dict, d: engine.Deal, seed: int, policy: int, deal_seed: bytes | None = None) -> tuple[bool, list[str]]:
        opts = self.rules.native_options(d.options)
        return native.playout_line(self.GAME, layout, opts, seed=seed, policy=policy, **self._seeded(d, deal_seed))

    def _playouts(self, d: engine.Deal, base: int, policy: int, count: int) -> list[tuple[bool, int]]:
        opts = self.rules.native_options(d.options)
        return native.playouts(self.GAME, d.layout, opts, base=base, policy=policy, count=count, **self._seeded(d))

    def _twin(self, layout: dict, d: engine.Deal, seed: int, policy: int, deal_seed: bytes | None = None) -> tuple[bool, list[str]]:
        extra = (deal_seed or d.seed,) if self.REDEALS else ()
        return self.player.playout(layout, d.options, seed, policy, *extra)

    def test_native_and_twin_make_the_same_moves(self) -> None:
        """A differential test over DIFF_DEALS deals x 2 seeds x each policy: the same line, the same result."""
        lengths = set()
        for policy in self.player.POLICIES:
            for n in range(1, self.DIFF_DEALS + 1):
                d = self._deal(n)
                for i in range(2):
                    seed = playout_seed(code_seed(d.code), policy, i)
                    won, line = self._twin(d.layout, d, seed, policy)
                    assert self._line(d.layout, d, seed, policy) == (won, line), (d.code, policy, i)
                    lengths.add(len(line))
        assert len(lengths) > 5  # the lines differ from deal to deal: the test compares real play

    # One method run by a subclass a game: hypothesis warns (differing_executors) because its example
    # database keys examples by the method, so a replay could cross games; `make test` runs
    # derandomized with no database (tests/conftest.py), and each game's examples are drawn afresh.
    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.differing_executors])
    @given(number=st.integers(1, 1_000_000), seed=st.integers(0, 2**64 - 1), which=st.integers(0, 1))
    def test_native_and_twin_agree_on_any_deal_and_seed(self, number: int, seed: int, which: int) -> None:
        policy = self.player.POLICIES[which % len(self.player.POLICIES)]
        d = self._deal(number)
        assert self._line(d.layout, d, seed, policy) == self._twin(d.layout, d, seed, policy)

    def test_won_playouts_agree_with_the_twin(self) -> None:
        """Wins are rare for some deals: the native player finds won playouts, the twin replays them."""
        checked = 0
        for n in range(1, 41):
            d = self._deal(n)
            base = code_seed(d.code)
            for i, (won, moves) in enumerate(self._playouts(d, base, 0, 100)):
                if won:
                    twin_won, line = self._twin(d.layout, d, playout_seed(base, 0, i), 0)
                    assert (twin_won, len(line)) == (won, moves) and engine.replay(d, line).ok
                    checked += 1
                    break
            if checked >= 2:
                break
        assert checked >= 2

    def test_many_playouts_agree_with_the_twin_one_by_one(self) -> None:
        d = self._deal(7)
        base = code_seed(d.code)
        deal_seed = d.seed if self.REDEALS else None
        assert self._playouts(d, base, 0, 12) == playouts(self.player.playout, d.layout, d.options, base, 0, 12, deal_seed)

    def test_playouts_are_deterministic_and_the_seeds_reach_the_policy(self) -> None:
        varied = 0
        for n in range(1, 6):
            d = self._deal(n)
            first = self._playouts(d, code_seed(d.code), 0, 50)
            assert first == self._playouts(d, code_seed(d.code), 0, 50)
            varied += len(set(first)) > 1
        assert varied  # different playouts of a deal do differ somewhere (the seeds reach the policy)

    def test_the_twins_moves_are_legal_and_a_win_is_a_referee_win(self) -> None:
        for n in range(1, 21):
            d = self._deal(n)
            for policy in self.player.POLICIES:
                won, line = self._twin(d.layout, d, playout_seed(code_seed(d.code), policy, 0), policy)
                assert engine.replay(d, line).ok == won, d.code

    def test_a_refused_policy_is_one_clear_error(self) -> None:
        d = self._deal(1)
        with pytest.raises(ValueError, match="policies"):
            self._playouts(d, 1, 9, 1)


class HiddenCardChecks(PlayerChecks):
    """The checks of a game with hidden cards: PlayerChecks and the policy's blindness to them."""

    hide: ClassVar[Hide]
    """The deal's layout with its hidden cards shuffled among their places (what a player sees at the
    start unchanged)."""

    def test_the_policy_never_reads_a_hidden_card(self) -> None:
        """Two deals differing only in their hidden cards, played with the same seed: while the
        player's views are equal, the moves are equal, in the twin and in the native player."""
        hide = type(self).hide
        rng = random.Random(33)
        compared = 0
        for n in range(1, 31):
            d = self._deal(n)
            other = hide(d, rng)
            assert other != d.layout
            seed = playout_seed(code_seed(d.code), 0, 0)
            la = self.player.playout(d.layout, d.options, seed, 0)[1]
            lb = self.player.playout(other, d.options, seed, 0)[1]
            a, b = self.rules.new_state(d.layout, d.options), self.rules.new_state(other, d.options)
            steps = 0
            while steps < min(len(la), len(lb)) and self.player.view(a) == self.player.view(b):
                assert la[steps] == lb[steps], (d.code, steps)
                self.rules.play(a, la[steps])
                self.rules.play(b, lb[steps])
                steps += 1
            compared += steps
            na, nb = self._line(d.layout, d, seed, 0)[1], self._line(other, d, seed, 0)[1]
            assert na[:steps] == nb[:steps] == la[:steps]
        assert compared > 30  # views stayed equal for some moves: the check had something to compare


class RedealChecks(PlayerChecks):
    """The checks of a game that redeals by the deal's seed: PlayerChecks and the policy's blindness
    to the next redeal."""

    REDEALS = True

    def test_the_policy_never_reads_the_next_redeal(self) -> None:
        """The same layout with another seed (other redeals): the moves are equal up to the first
        redeal, in the twin and in the native player; after it they differ (the seed does reach the game)."""
        differ = 0
        for n in range(1, 31):
            d = self._deal(n)
            other = hashlib.sha512(d.seed).digest()
            seed = playout_seed(code_seed(d.code), 0, 0)
            la = self._twin(d.layout, d, seed, 0)[1]
            lb = self._twin(d.layout, d, seed, 0, other)[1]
            upto = la.index("r") + 1 if "r" in la else len(la)
            assert la[:upto] == lb[:upto], d.code
            na, nb = self._line(d.layout, d, seed, 0)[1], self._line(d.layout, d, seed, 0, other)[1]
            assert na[:upto] == nb[:upto] == la[:upto]
            differ += la != lb
        assert differ > 10
