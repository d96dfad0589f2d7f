// The referees against the engine's (golden/lines.json, made from engine/games/<game>/rules.py):
// the legal-move list at every step of a won line of every board (the same list, in the same
// order), the whole position (every field of the state) at a few steps, lines with undos, and
// refused lines with the referee's index and reason. Then properties of the kit alone: undo restores every position, and
// replaying any prefix of a won line is "not won" at its end.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { BOARDS, boardCode, deal, replay, rulesFor } from '../src/index.js';
import { golden, stateDoc } from '../testing/helpers.js';

const lines = golden('lines.json');

test('a won line of every board: the same legal moves at every step, the same positions', () => {
  assert.deepEqual(lines.boards.map((b) => b.board).sort(), Object.keys(BOARDS).sort());
  for (const b of lines.boards) {
    const d = deal(b.code);
    const rules = rulesFor(d.game);
    const state = rules.newState(d);
    for (let k = 0; k <= b.line.length; k++) {
      assert.deepEqual(rules.legalMoves(state), b.legal[k], `${b.board} step ${k}`);
      if (b.states[k]) assert.deepEqual(stateDoc(state), b.states[k], `${b.board} position at ${k}`);
      if (k < b.line.length) rules.play(state, b.line[k]);
    }
    assert.equal(rules.isWon(state), true, b.board);
    const r = replay(b.code, b.line);
    assert.deepEqual(r, { won: true, refused: null, moves: b.line.length, kept: b.line.length, undos: 0 });
  }
});

test('lines with undos count as the engine counts them (seed 004)', () => {
  assert.ok(lines.undos.length >= 30);
  for (const v of lines.undos) {
    const r = replay(v.code, v.line);
    assert.equal(r.won, v.ok, v.code);
    assert.equal(r.moves, v.moves);
    assert.equal(r.kept, v.kept);
    assert.equal(r.undos, v.undos);
  }
});

test('refused lines: the same index and the same reason as the engine', () => {
  assert.ok(lines.refusals.length >= 100);
  let refused = 0;
  for (const v of lines.refusals) {
    const r = replay(v.code, v.line);
    assert.equal(r.won, v.ok, `${v.code} ${JSON.stringify(v.line.slice(-2))}`);
    if (v.at === v.line.length) {
      assert.equal(r.refused, null, `${v.code}: not won`);
      assert.equal(v.error, 'not won');
    } else if (!v.ok) {
      refused += 1;
      assert.ok(r.refused, `${v.code} ${v.line[v.at]}`);
      assert.equal(r.refused.at, v.at, `${v.code} ${v.line[v.at]}`);
      assert.equal(r.refused.reason, v.error, `${v.code} ${v.line[v.at]}`);
      assert.equal(r.refused.move, v.line[v.at]);
    }
    assert.equal(r.moves, v.moves);
  }
  assert.ok(refused >= 80, `${refused} refused`);
});

/** A small seeded generator (the walks are the same on every run). */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

test('play then undo restores the position exactly, on random walks of every board', () => {
  const rand = rng(28);
  for (const b of Object.values(BOARDS)) {
    for (let w = 0; w < 6; w++) {
      const d = deal(boardCode(b.id, 1 + rand(1000)));
      const rules = rulesFor(d.game);
      const state = rules.newState(d);
      const tokens = [];
      for (let step = 0; step < 150; step++) {
        const moves = rules.legalMoves(state);
        if (!moves.length) break;
        const before = JSON.stringify(rules.view(state));
        const move = moves[rand(moves.length)];
        const token = rules.play(state, move);
        if (rand(4) === 0) {
          rules.undo(state, token);
          assert.equal(JSON.stringify(rules.view(state)), before, `${b.id} undo of ${move}`);
          rules.play(state, move);
        }
        tokens.push(token);
      }
      const after = JSON.stringify(rules.view(state));
      while (tokens.length) rules.undo(state, tokens.pop());
      assert.equal(JSON.stringify(rules.view(state)), JSON.stringify(rules.view(rules.newState(d))), `${b.id} all undone`);
      assert.notEqual(after, undefined);
    }
  }
});

test('every legal move is accepted and every move the list leaves out is refused', () => {
  const rand = rng(7);
  const probes = { klondike: ['d', 'r', 'w>f', 'w>3', '1>f', '2>5', '3:2>4', 'fS>2'], freecell: ['1h', '1a', 'a1', 'ah', 'b2'],
    canfield: ['d', 'r', 'w>f', 'x>1', '1>2', '2>f'], tripeaks: ['d', 'p1', 'p19', 'p28'], pyramid: ['d', 'r', 'p28', 's+w', 'p22+p23'],
    spider: ['d', '1>2', '2:2>3', '10>1'], labellelucie: ['r', '1>f', '1>2', '18>3'], gaps: ['r', '3S', '2H>1', 'KC'] };
  for (const b of Object.values(BOARDS)) {
    const d = deal(boardCode(b.id, 500 + rand(100)));
    const rules = rulesFor(d.game);
    const state = rules.newState(d);
    for (let step = 0; step < 60; step++) {
      const moves = rules.legalMoves(state);
      for (const p of probes[d.game]) {
        if (moves.includes(p)) continue;
        assert.throws(() => rules.play(state, p), { name: 'IllegalMove' }, `${b.id} ${p}`);
      }
      if (!moves.length) break;
      rules.play(state, moves[rand(moves.length)]);
    }
  }
});

/** The cards a view shows (groups and foundations), -1 (a gap, a card gone) aside. */
function shown(view) {
  return Object.values(view.groups).flat(2).filter((c) => c >= 0);
}

test("a view shows every card of the deal once, where the position holds it, at every step", () => {
  for (const b of lines.boards) {
    const d = deal(b.code);
    const rules = rulesFor(d.game);
    const state = rules.newState(d);
    // Gaps takes its aces out; Pyramid keeps its removed cards in `gone`; Spider's runs go `off`
    const out = d.game === 'gaps' ? [0, 13, 26, 39] : [];
    const want = d.order.filter((c) => !out.includes(c)).sort((x, y) => x - y);
    for (let k = 0; k <= b.line.length; k++) {
      const v = rules.view(state);
      assert.deepEqual(shown(v).sort((x, y) => x - y), want, `${b.board} step ${k}`);
      for (const [group, counts] of Object.entries(v.down)) {
        assert.ok(group in v.groups, `${b.board}: down.${group} names a group`);
        counts.forEach((n, i) => assert.ok(n >= 0 && n <= v.groups[group][i].length, `${b.board} ${group} ${i}`));
      }
      if (k < b.line.length) rules.play(state, b.line[k]);
    }
  }
});
