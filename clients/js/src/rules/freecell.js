// FreeCell for the referee (engine/games/freecell/rules.py, move for move): 8 columns, 1..4 free
// cells, single-card moves plus the usual multi-card shorthand when that many cards could really be
// carried: (free cells + 1) * 2^(empty columns), the target not counted when it is an empty column.

import { BadInput, IllegalMove, pyRepr } from '../errors.js';

const COLUMNS = 8;
const CELL_NAMES = 'abcd';
const TOKEN = /^([1-8a-d])([1-8a-dh])(?:v([1-9][0-9]?))?$/;

const rank = (c) => (c % 13) + 1;
const suit = (c) => Math.floor(c / 13);
const isRed = (c) => suit(c) === 1 || suit(c) === 2;
const fits = (card, on) => rank(on) === rank(card) + 1 && isRed(on) !== isRed(card);
const isDigit = (loc) => loc >= '1' && loc <= '9';

function cellsOption(options) {
  const raw = options && options.cells !== undefined ? options.cells : 4;
  const n = /^\s*[0-9]+\s*$/.test(String(raw)) ? Number(raw) : -1;
  if (!(n >= 1 && n <= 4)) throw new BadInput(`freecell option cells=${pyRepr(raw)} is not accepted; use 1, 2, 3 or 4`);
  return n;
}

/** The dealt position of a Deal (or {layout, options}). */
export function newState(dealt) {
  const { layout, options = {} } = dealt;
  const columns = layout.tableau.map((c) => [...c]);
  if (columns.length !== COLUMNS) throw new BadInput(`freecell layout needs 8 columns, got ${columns.length}`);
  const n = cellsOption(options);
  const held = layout.cells && layout.cells.length ? [...layout.cells[0]] : [];
  if (held.length > n && held.slice(n).some((c) => c >= 0)) throw new BadInput(`the position fills ${held.length} cells; the game has ${n}`);
  const cells = held.slice(0, n).map((c) => (c >= 0 ? c : null));
  while (cells.length < n) cells.push(null);
  const foundations = [0, 0, 0, 0];
  const home = [];
  (layout.foundation ?? [[], [], [], []]).forEach((f, s) => {
    if (f.some((c, i) => c !== s * 13 + i)) throw new BadInput('each foundation must hold one suit from its ace up');
    foundations[s] = f.length;
    home.push(...f);
  });
  const cards = [...columns.flat(), ...cells.filter((c) => c !== null), ...home].sort((a, b) => a - b);
  if (cards.length !== 52 || cards.some((c, i) => c !== i)) throw new BadInput('freecell layout must hold each of the 52 cards once');
  return { columns, cells, foundations };
}

function cardAt(s, loc) {
  if (isDigit(loc)) {
    const col = s.columns[Number(loc) - 1];
    return col.length ? col[col.length - 1] : null;
  }
  return s.cells[CELL_NAMES.indexOf(loc)];
}

const goesHome = (s, card) => s.foundations[suit(card)] + 1 === rank(card);

/** Cards one move may carry: (free cells + 1) * 2^(empty columns), less the empty target. */
export function capacity(s, toEmpty) {
  const free = s.cells.filter((c) => c === null).length;
  const empty = s.columns.filter((c) => !c.length).length - (toEmpty ? 1 : 0);
  return (free + 1) * 2 ** empty;
}

function topRun(col) {
  let n = col.length ? 1 : 0;
  while (n < col.length && fits(col[col.length - n], col[col.length - n - 1])) n += 1;
  return n;
}

function parse(s, move) {
  const m = typeof move === 'string' ? TOKEN.exec(move) : null;
  if (!m) throw new IllegalMove(`${pyRepr(move)} is not a FreeCell move (e.g. 3h, 3a, a3, ah, 36, 36v3)`);
  const [, src, dst, count] = m;
  for (const loc of [src, dst]) {
    if (CELL_NAMES.includes(loc) && CELL_NAMES.indexOf(loc) >= s.cells.length) {
      throw new IllegalMove(`${move}: there is no free cell ${loc} with ${s.cells.length} cells`);
    }
  }
  return [src, dst, count === undefined ? null : Number(count)];
}

function check(s, move) {
  let [src, dst, count] = parse(s, move);
  const card = cardAt(s, src);
  if (card === null) throw new IllegalMove(`${move}: ${src} is empty`);
  if (src === dst) throw new IllegalMove(`${move}: a move needs two different places`);
  if (count !== null && (!isDigit(src) || !isDigit(dst))) throw new IllegalMove(`${move}: only column-to-column moves carry several cards`);
  if (dst === 'h') {
    if (!goesHome(s, card)) throw new IllegalMove(`${move}: the card is not next on its foundation`);
    return [src, dst, 1, card];
  }
  if (CELL_NAMES.includes(dst)) {
    if (!isDigit(src)) throw new IllegalMove(`${move}: a card moves from a cell only to a column or the foundation`);
    if (s.cells[CELL_NAMES.indexOf(dst)] !== null) throw new IllegalMove(`${move}: free cell ${dst} is taken`);
    return [src, dst, 1, card];
  }
  const target = s.columns[Number(dst) - 1];
  if (!isDigit(src)) {
    if (target.length && !fits(card, target[target.length - 1])) throw new IllegalMove(`${move}: the card does not go on column ${dst}`);
    return [src, dst, 1, card];
  }
  const col = s.columns[Number(src) - 1];
  const run = topRun(col);
  if (count === null) {
    if (!target.length) count = 1;
    else {
      count = rank(target[target.length - 1]) - rank(col[col.length - 1]);
      if (!(count >= 1 && count <= run)) throw new IllegalMove(`${move}: no card of column ${src}'s top run goes on column ${dst}`);
    }
  }
  if (count > run) throw new IllegalMove(`${move}: the top ${count} cards of column ${src} are not a run`);
  const base = col[col.length - count];
  if (target.length && !fits(base, target[target.length - 1])) throw new IllegalMove(`${move}: the cards do not go on column ${dst}`);
  const room = capacity(s, !target.length);
  if (count > room) throw new IllegalMove(`${move}: ${count} cards need more room; free cells and empty columns carry ${room}`);
  return [src, dst, count, base];
}

/** Every legal single-card move, in the engine's order (a multi-card move is shorthand for these). */
export function legalMoves(s) {
  const out = [];
  const sources = [...Array.from({ length: COLUMNS }, (_, i) => String(i + 1)), ...CELL_NAMES.slice(0, s.cells.length)];
  for (const src of sources) {
    const card = cardAt(s, src);
    if (card === null) continue;
    if (goesHome(s, card)) out.push(src + 'h');
    if (isDigit(src)) s.cells.forEach((c, k) => { if (c === null) out.push(src + CELL_NAMES[k]); });
    s.columns.forEach((col, j) => {
      const dst = String(j + 1);
      if (dst !== src && (!col.length || fits(card, col[col.length - 1]))) out.push(src + dst);
    });
  }
  return out;
}

/** Make `move` in place (IllegalMove if it is not legal) and return its undo token. */
export function play(s, move) {
  const [src, dst, count, base] = check(s, move);
  let cards;
  if (isDigit(src)) {
    const col = s.columns[Number(src) - 1];
    cards = col.splice(col.length - count, count);
  } else {
    cards = [s.cells[CELL_NAMES.indexOf(src)]];
    s.cells[CELL_NAMES.indexOf(src)] = null;
  }
  if (dst === 'h') s.foundations[suit(base)] += 1;
  else if (CELL_NAMES.includes(dst)) s.cells[CELL_NAMES.indexOf(dst)] = cards[0];
  else s.columns[Number(dst) - 1].push(...cards);
  return { src, dst, count, card: base };
}

/** Take back the move that returned `token`. */
export function undo(s, token) {
  let cards;
  if (token.dst === 'h') {
    s.foundations[suit(token.card)] -= 1;
    cards = [token.card];
  } else if (CELL_NAMES.includes(token.dst)) {
    const k = CELL_NAMES.indexOf(token.dst);
    cards = [s.cells[k]];
    s.cells[k] = null;
  } else {
    const col = s.columns[Number(token.dst) - 1];
    cards = col.splice(col.length - token.count, token.count);
  }
  if (isDigit(token.src)) s.columns[Number(token.src) - 1].push(...cards);
  else s.cells[CELL_NAMES.indexOf(token.src)] = cards[0];
}

export function isWon(s) {
  return s.foundations.every((n) => n === 13);
}

/** What a viewer draws: columns, the free cells (each a pile of 0 or 1 card), foundations. */
export function view(s) {
  return {
    groups: {
      tableau: s.columns.map((c) => [...c]),
      cells: s.cells.map((c) => (c === null ? [] : [c])),
      foundation: s.foundations.map((n, st) => Array.from({ length: n }, (_, r) => st * 13 + r)),
    },
    down: {},
    found: [...s.foundations],
    info: {},
  };
}
