// Pyramid for the referee (engine/games/pyramid/rules.py, move for move): 28 cards in 7 rows,
// p1..p28; a table card is free when both cards below it are gone; the stock's top (`s`) and the
// waste's top (`w`) are free too. Remove a free king alone or two free cards summing to 13; `d`
// turns the stock's top card; `r` turns the waste over while a pass remains.

import { BadInput, IllegalMove, pyRepr } from '../errors.js';

const TABLE = 28;
const PASSES = ['1', '2', '3', 'unlimited'];
const GOALS = ['pyramid', 'all'];
const pos = (r, j) => (r * (r + 1)) / 2 + j;

/** COVER[p]: the two positions below p (both must be gone for p to be free). */
export const COVER = (() => {
  const out = [];
  for (let r = 0; r < 7; r++) for (let j = 0; j <= r; j++) out.push(r < 6 ? [pos(r + 1, j), pos(r + 1, j + 1)] : []);
  return out;
})();

function readOptions(options) {
  const passes = String(options.passes ?? '3').toLowerCase();
  const goal = String(options.goal ?? 'pyramid').toLowerCase();
  if (!PASSES.includes(passes)) throw new BadInput(`bad value passes=${passes} for pyramid; accepted: passes=${PASSES.join('|')}`);
  if (!GOALS.includes(goal)) throw new BadInput(`bad value goal=${goal} for pyramid; accepted: goal=${GOALS.join('|')}`);
  return [passes === 'unlimited' ? 0 : Number(passes), goal === 'all'];
}

/** The dealt position of a Deal (or {layout, options}). */
export function newState(dealt) {
  const { layout, options = {} } = dealt;
  const rows = layout.rows;
  if (rows.length !== 7 || rows.some((r, i) => r.length !== i + 1)) throw new BadInput('pyramid layout: rows must hold 1..7 cards');
  const stock = layout.stock && layout.stock.length ? [...layout.stock[0]] : [];
  const [passes, goalAll] = readOptions(options);
  return { table: rows.flat(), stock, waste: [], passes, goalAll, recycles: 0, gone: [] };
}

/** Whether table position p holds a card with both cards below it gone. */
export function free(s, p) {
  return s.table[p] !== null && COVER[p].every((q) => s.table[q] === null);
}

const rank = (c) => (c % 13) + 1;

function freeCards(s) {
  const out = [];
  for (let p = 0; p < TABLE; p++) if (free(s, p)) out.push([`p${p + 1}`, s.table[p]]);
  if (s.stock.length) out.push(['s', s.stock[s.stock.length - 1]]);
  if (s.waste.length) out.push(['w', s.waste[s.waste.length - 1]]);
  return out;
}

export function isWon(s) {
  return s.table.every((c) => c === null) && (!s.goalAll || !(s.stock.length || s.waste.length));
}

function canRecycle(s) {
  return !s.stock.length && s.waste.length > 0 && (s.passes === 0 || s.recycles + 1 < s.passes);
}

/** Every legal move (none once the deal is won); pairs in canonical order (table, s, w). */
export function legalMoves(s) {
  if (isWon(s)) return [];
  const fc = freeCards(s);
  const moves = fc.filter(([, c]) => rank(c) === 13).map(([t]) => t);
  for (let i = 0; i < fc.length; i++) {
    for (let j = i + 1; j < fc.length; j++) if (rank(fc[i][1]) + rank(fc[j][1]) === 13) moves.push(`${fc[i][0]}+${fc[j][0]}`);
  }
  if (s.stock.length) moves.push('d');
  if (canRecycle(s)) moves.push('r');
  return moves;
}

function source(s, token, move) {
  if (token === 's') {
    if (!s.stock.length) throw new IllegalMove(`${move}: the stock is empty`);
    return s.stock[s.stock.length - 1];
  }
  if (token === 'w') {
    if (!s.waste.length) throw new IllegalMove(`${move}: the waste is empty`);
    return s.waste[s.waste.length - 1];
  }
  const digits = token.slice(1);
  if (token.startsWith('p') && /^[0-9]+$/.test(digits) && !digits.startsWith('0') && Number(digits) >= 1 && Number(digits) <= TABLE) {
    const p = Number(digits) - 1;
    if (s.table[p] === null) throw new IllegalMove(`${move}: ${token} is gone`);
    if (!free(s, p)) throw new IllegalMove(`${move}: ${token} is still covered`);
    return s.table[p];
  }
  throw new IllegalMove(`${pyRepr(move)} is not a Pyramid move; accepted: d, r, p1..p28, s, w, X+Y`);
}

function take(s, token) {
  let where, card;
  if (token === 's') { card = s.stock.pop(); where = ['s', -1, card]; }
  else if (token === 'w') { card = s.waste.pop(); where = ['w', -1, card]; }
  else {
    const p = Number(token.slice(1)) - 1;
    card = s.table[p];
    s.table[p] = null;
    where = ['p', p, card];
  }
  s.gone.push(card);
  return where;
}

/** Make `move` in place; IllegalMove (naming why) if it is not legal here. */
export function play(s, move) {
  if (isWon(s)) throw new IllegalMove(`${move}: the deal is already won`);
  if (move === 'd') {
    if (!s.stock.length) throw new IllegalMove('d: the stock is empty');
    s.waste.push(s.stock.pop());
    return ['d', []];
  }
  if (move === 'r') {
    if (!canRecycle(s)) throw new IllegalMove('r: only when the stock is empty, the waste is not, and a pass remains');
    s.stock = [...s.waste].reverse();
    s.waste = [];
    s.recycles += 1;
    return ['r', []];
  }
  const parts = move.split('+');
  if (parts.length > 2 || new Set(parts).size !== parts.length) {
    throw new IllegalMove(`${pyRepr(move)} is not a Pyramid move; accepted: d, r, p1..p28, s, w, X+Y`);
  }
  const ranks = parts.map((t) => rank(source(s, t, move)));
  if (parts.length === 1 && ranks[0] !== 13) throw new IllegalMove(`${move}: only a king goes alone`);
  const sum = ranks.reduce((a, b) => a + b, 0);
  if (parts.length === 2 && sum !== 13) throw new IllegalMove(`${move}: the ranks sum to ${sum}, not 13`);
  return ['x', parts.map((t) => take(s, t))];
}

/** Take back the move that returned `token`. */
export function undo(s, token) {
  const [kind, taken] = token;
  if (kind === 'd') s.stock.push(s.waste.pop());
  else if (kind === 'r') {
    s.waste = [...s.stock].reverse();
    s.stock = [];
    s.recycles -= 1;
  } else {
    for (const [where, p, card] of [...taken].reverse()) {
      s.gone.pop();
      if (where === 's') s.stock.push(card);
      else if (where === 'w') s.waste.push(card);
      else s.table[p] = card;
    }
  }
}

/** What a viewer draws: the seven rows (-1 where a card is gone), stock (face down), waste, the cards removed. */
export function view(s) {
  const rows = [];
  for (let r = 1; r <= 7; r++) rows.push(s.table.slice((r * (r - 1)) / 2, (r * (r + 1)) / 2).map((c) => (c === null ? -1 : c)));
  return {
    groups: { rows, stock: [[...s.stock]], waste: [[...s.waste]], gone: [[...s.gone]] },
    down: { stock: [s.stock.length] },
    info: { passes: s.passes === 0 ? null : s.passes, recycles: s.recycles, goal: s.goalAll ? 'all' : 'pyramid' },
  };
}
