// Spider for the referee (engine/games/spider/rules.py, move for move): ten columns, the bottom
// down[c] cards face down; a card goes on one a rank higher of any suit or into an empty column; the
// top K cards move as a unit when face up, one suit, in sequence; `d` deals ten when no column is
// empty. A complete K..A run of one suit goes off by itself; a face-down top card turns up by itself.

import { BadInput, IllegalMove, pyRepr } from '../errors.js';

const COLS = 10;
const MOVE_RE = /^(10|[1-9])(?::([1-9][0-9]*))?>(10|[1-9])\n?$/;
const SUITS = ['1', '2', '4'];

const rank = (c) => (c % 13) + 1;
const suit = (c) => Math.floor(c / 13);

function suitsOption(options) {
  const value = String(options.suits ?? '4').toLowerCase();
  if (!SUITS.includes(value)) throw new BadInput(`bad value suits=${value} for spider; accepted: suits=1|2|4`);
  return value;
}

/** The dealt position of a Deal (or {layout, options}). */
export function newState(dealt) {
  const { layout, options = {} } = dealt;
  suitsOption(options);
  const cols = layout.tableau.map((c) => [...c]);
  const down = [...layout.down[0]];
  const stock = layout.stock && layout.stock.length ? [...layout.stock[0]] : [];
  if (cols.length !== COLS || down.length !== COLS) throw new BadInput('spider layout: tableau and down must have 10 columns');
  return { cols, down, stock, off: [] };
}

/** How many top cards of column c move as a unit: face up, one suit, in sequence. */
export function runLength(s, c) {
  const col = s.cols[c];
  const up = col.length - s.down[c];
  let n = up > 0 ? 1 : 0;
  while (n < up && suit(col[col.length - n - 1]) === suit(col[col.length - n]) && rank(col[col.length - n - 1]) === rank(col[col.length - n]) + 1) n += 1;
  return n;
}

function fits(s, card, to) {
  const dest = s.cols[to];
  return !dest.length || rank(dest[dest.length - 1]) === rank(card) + 1;
}

const token = (src, n, to) => (n === 1 ? `${src + 1}>${to + 1}` : `${src + 1}:${n}>${to + 1}`);

export function isWon(s) {
  return s.off.length === 8;
}

/** Every legal move, each once (none once the deal is won). */
export function legalMoves(s) {
  if (isWon(s)) return [];
  const moves = [];
  for (let src = 0; src < COLS; src++) {
    const col = s.cols[src];
    const run = runLength(s, src);
    for (let n = 1; n <= run; n++) {
      const card = col[col.length - n];
      for (let to = 0; to < COLS; to++) if (to !== src && fits(s, card, to)) moves.push(token(src, n, to));
    }
  }
  if (s.stock.length && s.cols.every((c) => c.length)) moves.push('d');
  return moves;
}

function parse(move) {
  const m = typeof move === 'string' ? MOVE_RE.exec(move) : null;
  if (!m || m[2] === '1') throw new IllegalMove(`${pyRepr(move)} is not a Spider move; accepted: d, N>M, N:K>M (columns 1..10, K >= 2)`);
  return [Number(m[1]) - 1, Number(m[2] ?? 1), Number(m[3]) - 1];
}

function turnUp(s, c) {
  if (s.down[c] > 0 && s.cols[c].length === s.down[c]) s.down[c] -= 1;
}

function settle(s, c) {
  const col = s.cols[c];
  if (col.length - s.down[c] >= 13 && rank(col[col.length - 1]) === 1 && runLength(s, c) >= 13) {
    s.off.push(suit(col[col.length - 1]));
    col.splice(col.length - 13, 13);
  }
  turnUp(s, c);
}

function copy(s) {
  return { cols: s.cols.map((c) => [...c]), down: [...s.down], stock: [...s.stock], off: [...s.off] };
}

/** Make `move` in place; IllegalMove (naming why) if it is not legal here. */
export function play(s, move) {
  if (isWon(s)) throw new IllegalMove(`${move}: the deal is already won`);
  const before = copy(s);
  if (move === 'd') {
    if (!s.stock.length) throw new IllegalMove('d: the stock is empty');
    const empty = s.cols.findIndex((c) => !c.length);
    if (empty >= 0) throw new IllegalMove(`d: no deal while a column is empty (column ${empty + 1})`);
    for (let c = 0; c < COLS; c++) s.cols[c].push(s.stock.pop());
    for (let c = 0; c < COLS; c++) settle(s, c);
    return before;
  }
  const [src, n, to] = parse(move);
  if (src === to) throw new IllegalMove(`${move}: a column cannot move onto itself`);
  const col = s.cols[src];
  if (!col.length) throw new IllegalMove(`${move}: column ${src + 1} is empty`);
  if (n > col.length - s.down[src]) throw new IllegalMove(`${move}: column ${src + 1} has only ${col.length - s.down[src]} face-up cards`);
  if (n > runLength(s, src)) throw new IllegalMove(`${move}: the top ${n} cards of column ${src + 1} are not one suit in sequence`);
  if (!fits(s, col[col.length - n], to)) throw new IllegalMove(`${move}: the run's deepest card is not one rank below column ${to + 1}'s top card`);
  const moved = col.splice(col.length - n, n);
  s.cols[to].push(...moved);
  turnUp(s, src);
  settle(s, to);
  return before;
}

/** Take back the move that returned `token` (the position before it). */
export function undo(s, token) {
  const t = copy(token);
  s.cols = t.cols;
  s.down = t.down;
  s.stock = t.stock;
  s.off = t.off;
}

/** What a viewer draws: columns with face-down counts, stock (face down), the runs gone off (K..A each). */
export function view(s) {
  return {
    groups: {
      tableau: s.cols.map((c) => [...c]),
      stock: [[...s.stock]],
      off: s.off.map((st) => Array.from({ length: 13 }, (_, i) => st * 13 + 12 - i)),
    },
    down: { tableau: [...s.down], stock: [s.stock.length] },
    info: { dealsLeft: Math.floor(s.stock.length / 10), off: s.off.length },
  };
}
