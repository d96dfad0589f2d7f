// La Belle Lucie for the referee (engine/games/labellelucie/rules.py, move for move): 18 fans, all
// face up; a top card goes to its foundation or onto the top card of another fan of its suit one rank
// higher; an emptied fan is never refilled. With no such move left the player may redeal, twice: the
// fans are gathered and dealt again in fans of three in the order of the deal's redeal stream n.

import { BadInput, IllegalMove, pyRepr } from '../errors.js';
import { redeal as shuffleForRedeal } from '../method.js';
import { dealRows } from '../games.js';

export const REDEALS = 2;
const MOVE = /^([1-9][0-9]*)>(f|[1-9][0-9]*)$/;

/** Redeal n (1, 2): gather the fans (fan 1 first, bottom to top), shuffle with redeal stream n, deal fans of three. */
export function redeal(seed, n, fans) {
  if (!(n >= 1 && n <= REDEALS)) throw new BadInput(`labellelucie has no redeal ${n}; accepted: 1..${REDEALS}`);
  const cards = shuffleForRedeal(seed, n, fans.flat());
  const k = cards.length;
  const sizes = Array(Math.floor(k / 3)).fill(3);
  if (k % 3) sizes.push(k % 3);
  return dealRows(cards, sizes);
}

/** The dealt position of a Deal (its layout, options and 64-byte seed). */
export function newState(dealt) {
  const { layout, options = {}, seed } = dealt;
  const names = Object.keys(options);
  if (names.length) throw new BadInput(`labellelucie has no options, got ${names.join(', ')}; accepted: none`);
  const fans = layout.tableau.map((f) => [...f]);
  if (!seed || seed.length !== 64) throw new BadInput('labellelucie: no 64-byte seed (the redeals need the deal\'s seed)');
  const cards = fans.flat().sort((a, b) => a - b);
  if (cards.length !== 52 || cards.some((c, i) => c !== i)) throw new BadInput('labellelucie layout: the fans must hold the 52 cards once each');
  return { fans, found: [1, 1, 1, 1], redeals: 0, seed: Uint8Array.from(seed) };
}

const fitsFoundation = (s, card) => (card % 13) + 1 === s.found[Math.floor(card / 13)];

function builds(s) {
  const out = [];
  const tops = s.fans.map((f) => (f.length ? f[f.length - 1] : -1));
  tops.forEach((c, i) => {
    if (c < 0) return;
    if (fitsFoundation(s, c)) out.push(`${i + 1}>f`);
    tops.forEach((d, j) => {
      if (j !== i && d >= 0 && Math.floor(d / 13) === Math.floor(c / 13) && d % 13 === (c % 13) + 1) out.push(`${i + 1}>${j + 1}`);
    });
  });
  return out;
}

export function isWon(s) {
  return s.found.every((n) => n === 14);
}

/** Every legal move: foundation moves and builds; `r` only when none is left (and a redeal is). */
export function legalMoves(s) {
  if (isWon(s)) return [];
  const moves = builds(s);
  if (!moves.length && s.redeals < REDEALS) moves.push('r');
  return moves;
}

function fan(s, text, move) {
  const i = Number(text) - 1;
  if (i >= s.fans.length) throw new IllegalMove(`${move}: there is no fan ${i + 1}; accepted: fans 1..${s.fans.length}`);
  return i;
}

/** Make `move` in place; IllegalMove (naming why) if it is not legal here. */
export function play(s, move) {
  if (isWon(s)) throw new IllegalMove(`${move}: the deal is already won`);
  if (move === 'r') {
    if (s.redeals >= REDEALS) throw new IllegalMove(`r: no redeal left (the game allows ${REDEALS})`);
    if (builds(s).length) throw new IllegalMove('r: a redeal only when no other move is left');
    const old = s.fans;
    s.redeals += 1;
    s.fans = redeal(s.seed, s.redeals, old);
    return ['r', old, -1];
  }
  const m = typeof move === 'string' ? MOVE.exec(move) : null;
  if (!m) throw new IllegalMove(`${pyRepr(move)} is not a La Belle Lucie move; accepted: N>f, N>M (fans N, M), r`);
  const i = fan(s, m[1], move);
  if (!s.fans[i].length) throw new IllegalMove(`${move}: fan ${i + 1} is empty`);
  const card = s.fans[i][s.fans[i].length - 1];
  if (m[2] === 'f') {
    if (!fitsFoundation(s, card)) throw new IllegalMove(`${move}: the foundation does not take that card yet`);
    s.fans[i].pop();
    s.found[Math.floor(card / 13)] += 1;
    return ['f', i, card];
  }
  const j = fan(s, m[2], move);
  if (j === i) throw new IllegalMove(`${move}: a fan cannot build on itself`);
  if (!s.fans[j].length) throw new IllegalMove(`${move}: fan ${j + 1} is empty and is not refilled`);
  const top = s.fans[j][s.fans[j].length - 1];
  if (Math.floor(top / 13) !== Math.floor(card / 13) || top % 13 !== (card % 13) + 1) throw new IllegalMove(`${move}: builds go down in suit, one rank at a time`);
  s.fans[j].push(s.fans[i].pop());
  return ['b', i, j];
}

/** Take back the move that returned `token` (a redeal too: the old fans come back). */
export function undo(s, token) {
  const [kind, a, b] = token;
  if (kind === 'r') {
    s.fans = a;
    s.redeals -= 1;
  } else if (kind === 'f') {
    s.found[Math.floor(b / 13)] -= 1;
    s.fans[a].push(b);
  } else {
    s.fans[a].push(s.fans[b].pop());
  }
}

/** What a viewer draws: the fans (all face up), the foundations. */
export function view(s) {
  return {
    groups: {
      tableau: s.fans.map((f) => [...f]),
      foundation: s.found.map((n, st) => Array.from({ length: n - 1 }, (_, r) => st * 13 + r)),
    },
    down: {},
    found: s.found.map((n) => n - 1),
    info: { redeals: s.redeals, redealsLeft: REDEALS - s.redeals },
  };
}
