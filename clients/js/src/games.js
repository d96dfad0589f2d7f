// The games the method deals, as engine/games/<game>/__init__.py declares them: options in
// canonical order, boards, fresh deck, deal key and layout. The golden vectors (made from Python by
// `make golden`) check every field of this table against the engine's.

import { BadInput, pyRepr } from './errors.js';

const range = (lo, hi) => Array.from({ length: hi - lo }, (_, i) => lo + i);
const ONE_DECK = range(0, 52);

/** One option of a game: its accepted values (as written in codes) and its default. */
function option(name, values, dflt, extra = {}) {
  return { name, values, default: dflt, solving: extra.solving ?? true, deals: extra.deals ?? false };
}

function board(id, budget, label, options = {}, pooled = true) {
  return { id, budget, label, options, pooled };
}

/**
 * Deal cards across piles a row at a time, as seed 000 says: each row goes left to right over the
 * piles that still want cards (pile i wants sizes[i]). The piles, bottom first.
 */
export function dealRows(order, sizes) {
  const piles = sizes.map(() => []);
  let k = 0;
  const rows = sizes.length ? Math.max(...sizes) : 0;
  for (let row = 0; row < rows; row++) {
    for (let p = 0; p < sizes.length; p++) {
      if (row < sizes[p]) piles[p].push(order[k++]);
    }
  }
  return piles;
}

const klondike = {
  id: 'klondike',
  label: 'Klondike',
  options: [
    option('draw', ['1', '3'], '1'),
    option('passes', ['unlimited', '1', '3'], 'unlimited'),
    option('scoring', ['standard'], 'standard', { solving: false }),
  ],
  boards: [
    board('klondike-1', 33_500_000, 'Klondike · Draw 1', { draw: '1' }),
    board('klondike-3', 33_500_000, 'Klondike · Draw 3', { draw: '3' }),
  ],
  layOut: (order) => ({
    tableau: dealRows(order, [1, 2, 3, 4, 5, 6, 7]),
    down: [range(0, 7)],
    stock: [order.slice(28, 52)],
  }),
};

const freecell = {
  id: 'freecell',
  label: 'FreeCell',
  options: [option('cells', ['1', '2', '3', '4'], '4')],
  boards: [board('freecell', 2_000_000, 'FreeCell', { cells: '4' })],
  classic: true,
  layOut: (order) => ({ tableau: dealRows(order, [7, 7, 7, 7, 6, 6, 6, 6]) }),
};

const canfield = {
  id: 'canfield',
  label: 'Canfield',
  options: [],
  boards: [board('canfield', 32_000_000, 'Canfield')],
  layOut: (order) => ({
    reserve: [order.slice(0, 13)],
    foundation: [[order[13]]],
    tableau: order.slice(14, 18).map((c) => [c]),
    stock: [order.slice(18, 52)],
  }),
};

const tripeaks = {
  id: 'tripeaks',
  label: 'TriPeaks',
  options: [option('wrap', ['yes', 'no'], 'yes')],
  boards: [board('tripeaks', 2_000_000, 'TriPeaks')],
  layOut: (order) => ({
    rows: [order.slice(0, 3), order.slice(3, 9), order.slice(9, 18), order.slice(18, 28)],
    stock: [order.slice(28, 51)],
    waste: [[order[51]]],
  }),
};

const pyramid = {
  id: 'pyramid',
  label: 'Pyramid',
  options: [option('passes', ['3', '1', '2', 'unlimited'], '3'), option('goal', ['pyramid', 'all'], 'pyramid')],
  boards: [board('pyramid', 8_000_000, 'Pyramid')],
  layOut: (order) => ({
    rows: range(1, 8).map((r) => order.slice((r * (r - 1)) / 2, (r * (r + 1)) / 2)),
    stock: [order.slice(28, 52)],
  }),
};

const SPIDER_SIZES = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5];
const spider = {
  id: 'spider',
  label: 'Spider',
  options: [option('suits', ['1', '2', '4'], '4', { deals: true })],
  deckSize: 104,
  boards: [
    board('spider-1', 100_000, 'Spider · 1 suit', { suits: '1' }),
    board('spider-2', 400_000, 'Spider · 2 suits', { suits: '2' }),
    board('spider-4', 2_000_000, 'Spider · 4 suits', { suits: '4' }),
  ],
  /** suits=4: two fresh decks; suits=2: runs of spades and hearts in turn; suits=1: eight runs of spades. */
  deck: (options) => {
    const suits = options.suits ?? '4';
    if (suits === '2') {
      const out = [];
      for (let n = 0; n < 4; n++) for (const s of [0, 1]) for (let r = 0; r < 13; r++) out.push(s * 13 + r);
      return out;
    }
    if (suits === '1') return Array.from({ length: 104 }, (_, i) => i % 13);
    return [...ONE_DECK, ...ONE_DECK];
  },
  key: (options) => `spider-${options.suits ?? '4'}`,
  layOut: (order) => ({
    tableau: dealRows(order, SPIDER_SIZES),
    down: [SPIDER_SIZES.map((s) => s - 1)],
    stock: [order.slice(54, 104)],
  }),
};

const labellelucie = {
  id: 'labellelucie',
  label: 'La Belle Lucie',
  options: [],
  boards: [board('labellelucie', 1_000_000, 'La Belle Lucie')],
  seeded: true,
  layOut: (order) => ({ tableau: dealRows(order, [...Array(17).fill(3), 1]) }),
};

const gaps = {
  id: 'gaps',
  label: 'Gaps',
  options: [],
  boards: [board('gaps', 1_000_000, 'Gaps')],
  seeded: true,
  layOut: (order) => ({ rows: range(0, 4).map((r) => order.slice(r * 13, r * 13 + 13)) }),
};

/** The games by id, in the engine's order. */
export const GAMES = Object.freeze(
  Object.fromEntries(
    [klondike, freecell, canfield, tripeaks, pyramid, spider, labellelucie, gaps].map((g) => [
      g.id,
      Object.freeze({
        deckSize: 52,
        classic: false,
        seeded: false,
        deck: () => [...ONE_DECK],
        key: null,
        ...g,
      }),
    ]),
  ),
);
export const GAME_IDS = Object.keys(GAMES);
export const CLASSIC_GAME = GAME_IDS.find((id) => GAMES[id].classic);

/** The game of an id (any case), or BadInput listing the games. */
export function gameOf(id) {
  const key = String(id).toLowerCase();
  const g = Object.hasOwn(GAMES, key) ? GAMES[key] : null;
  if (!g) throw new BadInput(`unknown game ${pyRepr(String(id))}; accepted: ${GAME_IDS.join(', ')}`);
  return g;
}

/**
 * Every option of the game in listed order, defaults filled in; bad names or values refused.
 * `given` is [[name, value], ...] or {name: value}. Returns [[name, value], ...].
 */
export function canonicalOptions(game, given = []) {
  const pairs = Array.isArray(given) ? given : Object.entries(given);
  const seen = new Map();
  for (const [n, v] of pairs) {
    const name = String(n).toLowerCase();
    const value = String(v).toLowerCase();
    const opt = game.options.find((o) => o.name === name);
    if (!opt) {
      const accepted = game.options.map((o) => o.name).join(', ') || 'none';
      throw new BadInput(`unknown option ${pyRepr(name)} for ${game.id}; accepted: ${accepted}`);
    }
    if (seen.has(name)) throw new BadInput(`option ${pyRepr(name)} given twice for ${game.id}; accepted: each option once`);
    if (!opt.values.includes(value)) {
      throw new BadInput(`bad value ${name}=${value} for ${game.id}; accepted: ${name}=${opt.values.join('|')}`);
    }
    seen.set(name, value);
  }
  return game.options.map((o) => [o.name, seen.has(o.name) ? seen.get(o.name) : o.default]);
}

/** The boards dealpool knows, by id, in the engine's order (Python's `dealpool boards`). */
export const BOARDS = Object.freeze(
  Object.fromEntries(
    Object.values(GAMES).flatMap((g) =>
      g.boards.map((b) => [
        b.id,
        Object.freeze({
          id: b.id,
          game: g.id,
          options: Object.fromEntries(canonicalOptions(g, b.options)),
          budget: b.budget,
          label: b.label,
          pooled: b.pooled,
        }),
      ]),
    ),
  ),
);
