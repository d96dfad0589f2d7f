// TriPeaks for the referee (engine/games/tripeaks/rules.py, move for move): 28 cards in three
// peaks, rows of 3, 6, 9 and 10, numbered p1..p28; a free card goes onto the waste when its rank is
// one above or below the waste's top card (K and A neighbours with wrap); `d` turns the stock's top
// card; no redeal; won when the 28 table cards are gone.

import { BadInput, IllegalMove, pyRepr } from '../errors.js';

const ROWS = [3, 6, 9, 10];
const TABLE = 28;

/** COVER[p]: the positions of the row below that overlap p. */
export const COVER = (() => {
  const cover = [];
  for (let peak = 0; peak < 3; peak++) cover.push([3 + 2 * peak, 4 + 2 * peak]);
  for (let k = 0; k < 6; k++) {
    const below = 9 + 3 * Math.floor(k / 2) + (k % 2);
    cover.push([below, below + 1]);
  }
  for (let i = 0; i < 9; i++) cover.push([18 + i, 19 + i]);
  for (let i = 0; i < 10; i++) cover.push([]);
  return cover;
})();

function wrapOption(options) {
  const value = String(options.wrap ?? 'yes').toLowerCase();
  if (value !== 'yes' && value !== 'no') throw new BadInput(`bad value wrap=${value} for tripeaks; accepted: wrap=yes|no`);
  return value === 'yes';
}

/** The dealt position of a Deal (or {layout, options}). */
export function newState(dealt) {
  const { layout, options = {} } = dealt;
  const rows = layout.rows;
  if (rows.length !== ROWS.length || rows.some((r, i) => r.length !== ROWS[i])) throw new BadInput('tripeaks layout: rows must hold 3, 6, 9 and 10 cards');
  const stock = layout.stock && layout.stock.length ? [...layout.stock[0]] : [];
  return { table: rows.flat(), stock, waste: [...layout.waste[0]], wrap: wrapOption(options) };
}

/** Whether position p holds a card no other card overlaps. */
export function free(s, p) {
  return s.table[p] !== null && COVER[p].every((q) => s.table[q] === null);
}

function fits(s, card) {
  if (!s.waste.length) return false;
  const gap = Math.abs((card % 13) - (s.waste[s.waste.length - 1] % 13));
  return gap === 1 || (s.wrap && gap === 12);
}

export function isWon(s) {
  return s.table.every((c) => c === null);
}

/** Every legal move (none once the deal is won). */
export function legalMoves(s) {
  if (isWon(s)) return [];
  const moves = [];
  for (let p = 0; p < TABLE; p++) if (free(s, p) && fits(s, s.table[p])) moves.push(`p${p + 1}`);
  if (s.stock.length) moves.push('d');
  return moves;
}

function position(move) {
  if (move.startsWith('p') && /^[0-9]+$/.test(move.slice(1)) && !move.slice(1).startsWith('0')) {
    const p = Number(move.slice(1)) - 1;
    if (p >= 0 && p < TABLE) return p;
  }
  throw new IllegalMove(`${pyRepr(move)} is not a TriPeaks move; accepted: d, p1..p28`);
}

/** Make `move` in place; IllegalMove (naming why) if it is not legal here. */
export function play(s, move) {
  if (isWon(s)) throw new IllegalMove(`${move}: the deal is already won`);
  if (move === 'd') {
    if (!s.stock.length) throw new IllegalMove('d: the stock is empty (no redeal)');
    const card = s.stock.pop();
    s.waste.push(card);
    return ['d', card, -1];
  }
  const p = position(move);
  const card = s.table[p];
  if (card === null) throw new IllegalMove(`${move}: that card is gone`);
  if (!free(s, p)) throw new IllegalMove(`${move}: that card is still overlapped`);
  if (!fits(s, card)) throw new IllegalMove(`${move}: its rank is not next to the waste's top card`);
  s.table[p] = null;
  s.waste.push(card);
  return ['p', p, card];
}

/** Take back the move that returned `token`. */
export function undo(s, token) {
  const [kind, a, card] = token;
  if (kind === 'd') s.stock.push(s.waste.pop());
  else {
    s.waste.pop();
    s.table[a] = card;
  }
}

/** What a viewer draws: the four rows (-1 where a card is gone), stock (face down), waste;
 * faceDown.rows marks the cards still overlapped, face down at the table. */
export function view(s) {
  const rows = [];
  const faceDown = [];
  let p = 0;
  for (const n of ROWS) {
    rows.push(s.table.slice(p, p + n).map((c) => (c === null ? -1 : c)));
    faceDown.push(Array.from({ length: n }, (_, i) => s.table[p + i] !== null && !free(s, p + i)));
    p += n;
  }
  return {
    groups: { rows, stock: [[...s.stock]], waste: [[...s.waste]] },
    down: { stock: [s.stock.length] },
    faceDown: { rows: faceDown },
    info: { wrap: s.wrap },
  };
}
