// Gaps for the referee (engine/games/gaps/rules.py, move for move): four rows of 13 places, the aces
// taken out leaving four gaps; a gap takes the card one higher in suit than its left neighbour (any 2
// at a row's left end); won when each row holds 2..K of one suit. With no move left the player may
// redeal, twice: the cards not in place are dealt back in the order of the deal's redeal stream n.

import { BadInput, IllegalMove, pyRepr } from '../errors.js';
import { cardName as name, redeal as shuffleForRedeal } from '../method.js';

export const GAP = -1;
export const REDEALS = 2;
const ROWS = 4, PLACES = 13;

/** The first step of Gaps: the four aces are taken out, leaving four gaps. */
export function removeAces(rows) {
  return rows.map((row) => row.map((c) => (c !== GAP && c % 13 === 0 ? GAP : c)));
}

/** How many cards at the row's left are in place: a 2, then the same suit's 3, 4, ... */
export function run(row) {
  let k = 0;
  while (k < row.length && row[k] !== GAP && row[k] % 13 === k + 1 && Math.floor(row[k] / 13) === Math.floor(row[0] / 13)) k += 1;
  return k;
}

/** Redeal n (1, 2): gather the cards not in place, shuffle with redeal stream n, deal them back
 * row by row right of each row's run, one gap just after the run. */
export function redeal(seed, n, rows) {
  if (!(n >= 1 && n <= REDEALS)) throw new BadInput(`gaps has no redeal ${n}; accepted: 1..${REDEALS}`);
  const runs = rows.map(run);
  const gathered = rows.flatMap((row, r) => row.slice(runs[r]).filter((c) => c !== GAP));
  const cards = shuffleForRedeal(seed, n, gathered);
  let k = 0;
  const out = rows.map((row, r) => [...row.slice(0, runs[r]), GAP, ...Array.from({ length: row.length - runs[r] - 1 }, () => cards[k++])]);
  if (k !== cards.length || out.some((row) => row.some((c) => c === undefined))) {
    throw new BadInput('gaps redeal: more cards than places; accepted: 4 rows of 13 with the 4 aces out');
  }
  return out;
}

/** The dealt position of a Deal (its layout, options and 64-byte seed). */
export function newState(dealt) {
  const { layout, options = {}, seed } = dealt;
  const names = Object.keys(options);
  if (names.length) throw new BadInput(`gaps has no options, got ${names.join(', ')}; accepted: none`);
  const rows = layout.rows;
  const cards = rows.flat().sort((a, b) => a - b);
  if (rows.length !== ROWS || rows.some((r) => r.length !== PLACES) || cards.length !== 52 || cards.some((c, i) => c !== i)) {
    throw new BadInput('gaps layout: `rows` must be 4 rows of 13 holding the 52 cards once each');
  }
  if (!seed || seed.length !== 64) throw new BadInput('gaps: no 64-byte seed (the redeals need the deal\'s seed)');
  return { rows: removeAces(rows), redeals: 0, seed: Uint8Array.from(seed) };
}

function where(s) {
  const out = new Map();
  s.rows.forEach((row, r) => row.forEach((c, p) => { if (c !== GAP) out.set(c, [r, p]); }));
  return out;
}

function fills(s) {
  const out = [];
  s.rows.forEach((row, r) => {
    row.forEach((c, p) => {
      if (c !== GAP) return;
      if (p === 0) {
        for (let st = 0; st < 4; st++) out.push(`${name(st * 13 + 1)}>${r + 1}`);
        return;
      }
      const left = row[p - 1];
      if (left !== GAP && left % 13 !== 12) out.push(name(left + 1));
    });
  });
  return out;
}

const CARD_OF = new Map(Array.from({ length: 52 }, (_, c) => [name(c), c]));

export function isWon(s) {
  return s.rows.every((row) => run(row) === PLACES - 1);
}

/** Every fill of a gap; `r` only when none is left (and a redeal is). */
export function legalMoves(s) {
  if (isWon(s)) return [];
  const moves = fills(s);
  if (!moves.length && s.redeals < REDEALS) moves.push('r');
  return moves;
}

/** Make `move` in place; IllegalMove (naming why) if it is not legal here. */
export function play(s, move) {
  if (isWon(s)) throw new IllegalMove(`${move}: the deal is already won`);
  if (move === 'r') {
    if (s.redeals >= REDEALS) throw new IllegalMove(`r: no redeal left (the game allows ${REDEALS})`);
    if (fills(s).length) throw new IllegalMove('r: a redeal only when no gap can be filled');
    const old = s.rows;
    s.redeals += 1;
    s.rows = redeal(s.seed, s.redeals, old);
    return ['r', old, null];
  }
  let text = '', arrow = '', dest = '';
  if (typeof move === 'string') {
    const i = move.indexOf('>');
    if (i < 0) text = move;
    else { text = move.slice(0, i); arrow = '>'; dest = move.slice(i + 1); }
  }
  const card = CARD_OF.has(text) ? CARD_OF.get(text) : -1;
  if (card < 0 || card % 13 === 0 || (arrow && (card % 13 !== 1 || !['1', '2', '3', '4'].includes(dest))) || (card % 13 === 1 && !arrow)) {
    throw new IllegalMove(`${pyRepr(move)} is not a Gaps move; accepted: a card 3..K (e.g. 7H), a 2 to a row's left end (2H>3), r`);
  }
  const places = where(s);
  const src = places.get(card);
  let to;
  if (arrow) {
    to = [Number(dest) - 1, 0];
    if (s.rows[to[0]][0] !== GAP) throw new IllegalMove(`${move}: row ${dest}'s left end is not a gap`);
  } else {
    const [r, p] = places.get(card - 1) ?? [-1, -1];
    if (r < 0 || p + 1 >= PLACES || s.rows[r][p + 1] !== GAP) {
      throw new IllegalMove(`${move}: no gap just right of ${name(card - 1)} (a gap takes the card one higher in suit than its left neighbour)`);
    }
    to = [r, p + 1];
  }
  s.rows[to[0]][to[1]] = card;
  s.rows[src[0]][src[1]] = GAP;
  return ['m', src, to];
}

/** Take back the move that returned `token` (a redeal too: the old rows come back). */
export function undo(s, token) {
  const [kind, a, b] = token;
  if (kind === 'r') {
    s.rows = a;
    s.redeals -= 1;
    return;
  }
  s.rows[a[0]][a[1]] = s.rows[b[0]][b[1]];
  s.rows[b[0]][b[1]] = GAP;
}

/** What a viewer draws: the four rows (-1 for a gap; the aces are out of play). */
export function view(s) {
  return {
    groups: { rows: s.rows.map((r) => [...r]) },
    down: {},
    info: { redeals: s.redeals, redealsLeft: REDEALS - s.redeals },
  };
}
