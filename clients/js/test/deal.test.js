// deal(code) against the engine: seed 000's test values, every game and board as engine.GAMES and
// engine.BOARDS declare them, code spellings and refusals, and codes of every board and option
// combination (N, random S, classic C) with seed, order and layout (golden/deals.json).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  BOARDS, BadInput, GAMES, Stream, board, boardCode, boardFor, canonicalCode, classicFreecellOrder, deal, numberedSeed, orderText,
  redeal, seedCode,
} from '../src/index.js';
import { dealKey } from '../src/deal.js';
import { seedFromText, seedToText } from '../src/method.js';
import { golden, hex, unhex } from '../testing/helpers.js';

const SEED_000 = {
  klondike1: '63101e8dcee7da1a831e6d7f1732cddf183fb22f6aed7dcfca95cccda9072d1b39ca8b57d089e319359d83b77df8f2955bf4811331d78ae9e9714ec984cc4efc',
  klondike4711: 'dc4e02e1719dcfa0783c164b04ff65d80ce6a12d6fb3d21aec825360ff9859aec42e5ac282b0ec79f71a5d66c88f856906ef01e3b63dc5ec2dd094a8050b00e2',
  freecell1: '0ffe30f6c8b093e74cff461b0cce2ad31cd0da0f1004e76d9f64ea8415937e8e6c01ba536925a5221b1c41f1c06a43b42bf2e76341445aa73c108a478be17f2f',
};

test("seed 000's published test values", () => {
  assert.equal(hex(numberedSeed('klondike', 1)), SEED_000.klondike1);
  assert.equal(hex(numberedSeed('klondike', 4711)), SEED_000.klondike4711);
  assert.equal(hex(numberedSeed('freecell', 1)), SEED_000.freecell1);
  const s = new Stream(unhex(SEED_000.klondike1));
  assert.deepEqual(Array.from({ length: 8 }, () => s.below(52)), [51, 7, 41, 3, 5, 46, 47, 35]);
  assert.equal(
    orderText(deal('SOL1-klondike-draw=1;passes=unlimited;scoring=standard-N1').order),
    '7D 10S KH QS 8S KD JC AH 10D 3C 3S 4S 10H 5S 7S JD 2D QD 5C AS 9H JS 8H 6H JH 2C 10C KS 9D AD 3D QC 4C 4H QH 6S 6D 3H 5D 7C 8D 8C 6C 2H 7H AC 5H 2S 4D 9C 9S KC',
  );
  const k4711 = 'JS 6H KH 5S 10H 5D 10C 8S JC 4H QS 7D 4S 3S 2C KS 6S AC 8C QC 6C 9S 7S JH 8D 2S 10D 8H 2D 4D 7C 5C AS 4C 2H KD QH 3H 9D 9C 7H 10S QD AD 6D 5H KC 9H AH JD 3C 3D';
  assert.equal(orderText(deal('SOL1-klondike-draw=3;passes=unlimited;scoring=standard-N4711').order), k4711);
  assert.equal(orderText(deal('SOL1-klondike-draw=1-N4711').order), k4711, 'draw 1 and draw 3 share the deal key');
  assert.equal(
    orderText(deal('SOL1-freecell-cells=2-N1').order),
    '9C QD 6H 3H 7S AH 2C 7H 5S 6S KC 6C 10S 5D AC 6D AS 5C JC 10H 8D 3C 10C AD KH JS 8S 2H 4S 9H QS 9D JD 7C 2D 9S JH KD 4C 4H 10D 2S 3D 7D 3S KS 8H QH 5H 4D QC 8C',
  );
  assert.equal(
    orderText(classicFreecellOrder(1), 'T'),
    'JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH 3C 4C 5C TS QH 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H',
  );
});

test('the method against Python: numbered seeds, below(n), redeal streams, base32, published orders', () => {
  const m = golden('method.json');
  for (const v of m.numbered_seeds) assert.equal(hex(numberedSeed(v.key, v.number)), v.seed, `${v.key} ${v.number}`);
  const s = new Stream(numberedSeed('klondike', 1));
  assert.deepEqual(Array.from({ length: 8 }, () => s.below(52)), m.below52);
  for (const v of m.below) {
    const st = new Stream(unhex(v.seed));
    assert.deepEqual(Array.from({ length: 20 }, () => st.below(v.n)), v.values, `below(${v.n})`);
  }
  for (const v of m.redeal) assert.deepEqual(redeal(unhex(v.seed), v.n, v.cards), v.out);
  for (const v of m.base32) {
    assert.equal(seedToText(unhex(v.seed)), v.text);
    assert.equal(hex(seedFromText(v.text.toLowerCase())), v.seed);
  }
  for (const [code, order] of Object.entries(m.published)) assert.deepEqual(deal(code).order, order, code);
});

test('games and boards as the engine declares them', () => {
  const { games, boards } = golden('games.json');
  assert.deepEqual(Object.keys(GAMES), games.map((g) => g.id));
  for (const g of games) {
    const js = GAMES[g.id];
    assert.equal(js.label, g.label);
    assert.equal(js.deckSize, g.deck_size);
    assert.equal(js.classic, g.classic);
    assert.equal(js.seeded, g.seeded);
    assert.deepEqual(js.options, g.options);
    for (const c of g.combos) {
      assert.equal(dealKey(g.id, c.options), c.key);
      assert.deepEqual(js.deck(c.options), c.deck);
    }
  }
  assert.deepEqual(Object.values(BOARDS), boards);
});

test('code spellings, refusals and derived boards', () => {
  const { bad, spellings, board_for: derived } = golden('codes.json');
  for (const v of spellings) assert.equal(canonicalCode(v.code), v.canonical, v.code);
  assert.ok(bad.length >= 20);
  for (const v of bad) {
    assert.throws(() => deal(v.code), (e) => e instanceof BadInput && e.message === v.error, `${v.code}: ${v.error}`);
  }
  for (const v of derived) assert.deepEqual(boardFor(v.code), v.board, v.code);
  for (const b of Object.values(BOARDS)) {
    assert.equal(boardFor(boardCode(b.id, 17)), b);
    assert.equal(boardFor(seedCode(b.id, new Uint8Array(64).fill(7))).id, b.id);
  }
  assert.throws(() => board('klondike-2'), BadInput);
  assert.throws(() => boardCode('klondike-1', 0), BadInput);
});

test('every board and option combination: seed, order and layout bit-exact with Python', () => {
  const deals = golden('deals.json');
  const kinds = new Set(deals.map((d) => d.kind));
  assert.deepEqual([...kinds].sort(), ['C', 'N', 'S']);
  assert.ok(deals.length >= 150, `${deals.length} deals`);
  for (const want of deals) {
    const d = deal(want.code);
    assert.equal(d.code, want.canonical);
    assert.equal(d.kind, want.kind);
    assert.equal(d.number, want.number);
    assert.equal(d.seed === null ? null : hex(d.seed), want.seed, want.code);
    assert.deepEqual(d.order, want.order, want.code);
    assert.deepEqual(d.layout, want.layout, want.code);
    assert.equal(Object.keys(d.layout).includes('seed'), false);
  }
});

test('a code deals the same cards in every spelling, and the deal is a permutation of the deck', () => {
  for (const b of Object.values(BOARDS)) {
    const code = boardCode(b.id, 123);
    const d = deal(code);
    const again = deal(code.toLowerCase().replace('sol1', 'SoL1'));
    assert.deepEqual(again.order, d.order);
    const deck = GAMES[b.game].deck(b.options);
    assert.deepEqual([...d.order].sort((x, y) => x - y), [...deck].sort((x, y) => x - y));
    assert.notDeepEqual(deal(boardCode(b.id, 124)).order, d.order);
  }
});
