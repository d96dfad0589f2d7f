// Canfield for the referee (engine/games/canfield/rules.py, move for move): a 13-card reserve, a
// base card starting the first foundation, four tableau piles built down in alternating colours with
// ranks wrapping, whole piles moved, spaces filled at once from the reserve, the stock dealt three at
// a time with unlimited passes, nothing taken back from a foundation.

import { BadInput, IllegalMove, pyRepr } from '../errors.js';

const PILES = 4;
const PLAY = /^([wx1-4])>([f1-4])\n?$/;

const red = (c) => { const s = Math.floor(c / 13); return s === 1 || s === 2; };
const mod13 = (x) => ((x % 13) + 13) % 13;
const level = (s, card) => mod13((card % 13) - s.base);

function drawOption(options) {
  const draw = String(options.draw ?? 3);
  const passes = String(options.passes ?? 'unlimited');
  if (draw !== '1' && draw !== '3') throw new BadInput(`canfield: draw=${draw} is not accepted; use draw=3 (or draw=1)`);
  if (passes !== 'unlimited' && passes !== '0') throw new BadInput(`canfield: passes=${passes} is not accepted; use passes=unlimited`);
  return Number(draw);
}

/** The dealt position of a Deal (or {layout, options}). */
export function newState(dealt) {
  const { layout, options = {} } = dealt;
  const draw = drawOption(options);
  const one = (g) => {
    if (!Array.isArray(g) || g.length !== 1) throw new BadInput('canfield: layout needs reserve, foundation (the base card first), tableau, stock');
    return [...g[0]];
  };
  const reserve = one(layout.reserve);
  const stock = one(layout.stock);
  const waste = one(layout.waste ?? [[]]);
  const tableau = (layout.tableau ?? []).map((p) => [...p]);
  const foundations = (layout.foundation ?? []).map((f) => [...f]);
  if (!foundations.length || !foundations[0].length) throw new BadInput('canfield: layout needs reserve, foundation (the base card first), tableau, stock');
  const base = foundations[0][0] % 13;
  if (tableau.length !== PILES) throw new BadInput(`canfield: layout needs ${PILES} tableau piles, got ${tableau.length}`);
  const found = [0, 0, 0, 0];
  for (const f of foundations) {
    const st = Math.floor(f[0] / 13);
    if (f.length > 13 || f.some((c, i) => c !== st * 13 + ((base + i) % 13))) {
      throw new BadInput(`canfield: foundation [${f.join(', ')}] is not its suit's run from the base rank`);
    }
    found[st] = f.length;
  }
  const cards = [...reserve, ...stock, ...waste, ...tableau.flat(), ...foundations.flat()].sort((a, b) => a - b);
  if (cards.length !== 52 || cards.some((c, i) => c !== i)) throw new BadInput('canfield: the layout must hold each of the 52 cards once');
  const s = { reserve, tableau, stock, waste, found, base, draw };
  fill(s);
  return s;
}

function fill(s) {
  const filled = [];
  s.tableau.forEach((pile, i) => {
    if (!pile.length && s.reserve.length) {
      pile.push(s.reserve.pop());
      filled.push(i);
    }
  });
  return filled;
}

const fitsFoundation = (s, card) => level(s, card) === s.found[Math.floor(card / 13)];

function fitsPile(card, pile) {
  if (!pile.length) return false;
  const top = pile[pile.length - 1];
  return red(top) !== red(card) && top % 13 === ((card % 13) + 1) % 13;
}

/** Every legal move here, in the engine's order. */
export function legalMoves(s) {
  const out = [];
  if (s.stock.length) out.push('d');
  else if (s.waste.length) out.push('r');
  const sources = [['w', s.waste.length ? s.waste[s.waste.length - 1] : null], ['x', s.reserve.length ? s.reserve[s.reserve.length - 1] : null]];
  for (const [src, card] of sources) {
    if (card === null) continue;
    if (fitsFoundation(s, card)) out.push(`${src}>f`);
    s.tableau.forEach((pile, j) => {
      if (fitsPile(card, pile) || (src === 'w' && !pile.length && !s.reserve.length)) out.push(`${src}>${j + 1}`);
    });
  }
  s.tableau.forEach((pile, i) => {
    if (!pile.length) return;
    if (fitsFoundation(s, pile[pile.length - 1])) out.push(`${i + 1}>f`);
    s.tableau.forEach((other, j) => {
      if (j !== i && fitsPile(pile[0], other)) out.push(`${i + 1}>${j + 1}`);
    });
  });
  return out;
}

/** Make `move` in place and return its undo token; IllegalMove if it is not legal. */
export function play(s, move) {
  if (!legalMoves(s).includes(move)) throw new IllegalMove(`canfield: ${pyRepr(move)} is not legal here`);
  if (move === 'd') {
    const n = Math.min(s.draw, s.stock.length);
    for (let i = 0; i < n; i++) s.waste.push(s.stock.pop());
    return ['d', n];
  }
  if (move === 'r') {
    s.stock = [...s.waste].reverse();
    s.waste = [];
    return ['r'];
  }
  const [, src, dst] = PLAY.exec(move);
  let cards;
  if (src === 'w') cards = [s.waste.pop()];
  else if (src === 'x') cards = [s.reserve.pop()];
  else {
    const pile = s.tableau[Number(src) - 1];
    if (dst === 'f') cards = [pile.pop()];
    else cards = pile.splice(0, pile.length);
  }
  if (dst === 'f') s.found[Math.floor(cards[0] / 13)] += 1;
  else s.tableau[Number(dst) - 1].push(...cards);
  return ['p', src, dst, cards, fill(s)];
}

/** Take back the move that returned `token`. */
export function undo(s, token) {
  if (token[0] === 'd') {
    for (let i = 0; i < token[1]; i++) s.stock.push(s.waste.pop());
    return;
  }
  if (token[0] === 'r') {
    s.waste = [...s.stock].reverse();
    s.stock = [];
    return;
  }
  const [, src, dst, cards, filled] = token;
  for (const i of filled) s.reserve.push(s.tableau[i].pop());
  if (dst === 'f') s.found[Math.floor(cards[0] / 13)] -= 1;
  else {
    const pile = s.tableau[Number(dst) - 1];
    pile.splice(pile.length - cards.length, cards.length);
  }
  if (src === 'w') s.waste.push(...cards);
  else if (src === 'x') s.reserve.push(...cards);
  else s.tableau[Number(src) - 1].push(...cards);
}

export function isWon(s) {
  return s.found[0] + s.found[1] + s.found[2] + s.found[3] === 52;
}

/** What a viewer draws: reserve (top face up), tableau, stock (face down), waste, foundations from the base rank. */
export function view(s) {
  return {
    groups: {
      reserve: [[...s.reserve]],
      tableau: s.tableau.map((p) => [...p]),
      stock: [[...s.stock]],
      waste: [[...s.waste]],
      foundation: s.found.map((n, st) => Array.from({ length: n }, (_, i) => st * 13 + ((s.base + i) % 13))),
    },
    down: { reserve: [Math.max(0, s.reserve.length - 1)], stock: [s.stock.length] },
    found: [...s.found],
    info: { base: s.base + 1, draw: s.draw },
  };
}

