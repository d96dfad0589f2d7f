// Klondike as played, for the referee (engine/games/klondike/rules.py, move for move): draw 1 or 3,
// passes unlimited / 1 / 3, kings only to empty piles, any face-up run may move, cards may come back
// down from the foundations, a face-down card turns up by itself. legalMoves lists canonical tokens,
// sorted as Python sorts them (code-unit order, the same for these ASCII tokens).

import { BadInput, IllegalMove, pyRepr } from '../errors.js';
import { RANKS, SUITS, cardName as name } from '../method.js';

const PILES = 7;
const KING = 13;
const DRAW = 0, REDEAL = 1, W_F = 2, W_P = 3, P_F = 4, P_P = 5, F_P = 6;
const MOVE_RE = /^(?:(d)|(r)|w>(f|[1-7])|([1-7])(?::(\d+))?>(f|[1-7])|f([SHDC])>([1-7]))\n?$/;
const ACCEPTED = 'd, r, w>f, w>N, N>f, N>M, N:K>M (K >= 2) or fX>N, with piles N, M in 1..7 and X in S H D C';

const rank = (c) => (c % 13) + 1;
const red = (c) => { const s = Math.floor(c / 13); return s === 1 || s === 2; };
const fits = (card, onto) => rank(card) + 1 === rank(onto) && red(card) !== red(onto);

function drawOption(options) {
  const v = options.draw ?? '1';
  if (String(v) !== '1' && String(v) !== '3') throw new BadInput(`klondike option draw=${pyRepr(v)} is not accepted (draw=1 or draw=3)`);
  return Number(v);
}

function passesOption(options) {
  const text = String(options.passes ?? 'unlimited').trim().toLowerCase();
  if (text === 'unlimited' || text === '0') return 0;
  if (text === '1' || text === '3') return Number(text);
  throw new BadInput(`klondike option passes=${pyRepr(options.passes)} is not accepted (passes=unlimited, 1 or 3)`);
}

/** The dealt position of a Deal (or {layout, options}). */
export function newState(dealt) {
  const { layout, options = {} } = dealt;
  const piles = layout.tableau.map((p) => [...p]);
  if (piles.length !== PILES) throw new BadInput(`a klondike layout has ${PILES} piles, not ${piles.length}`);
  const down = [...(layout.down ?? [Array(PILES).fill(0)])[0]];
  const stock = [...(layout.stock ?? [[]])[0]];
  const waste = layout.waste && layout.waste.length ? [...layout.waste[0]] : [];
  const found = [0, 0, 0, 0];
  (layout.foundation ?? [[], [], [], []]).forEach((cards, s) => {
    if (cards.some((c, i) => c !== s * 13 + i)) throw new BadInput(`foundation ${SUITS[s]} must hold its suit from the ace up`);
    found[s] = cards.length;
  });
  const passes = passesOption(options);
  const state = { piles, down, stock, waste, found, draw: drawOption(options), maxRedeals: passes === 0 ? null : passes - 1, redeals: 0 };
  const cards = [...piles.flat(), ...stock, ...waste];
  found.forEach((n, s) => { for (let r = 0; r < n; r++) cards.push(s * 13 + r); });
  cards.sort((a, b) => a - b);
  if (cards.length !== 52 || cards.some((c, i) => c !== i)) throw new BadInput('a klondike position must hold the 52 cards once each');
  if (down.length !== PILES || down.some((d, i) => !(d >= 0 && d <= piles[i].length))) {
    throw new BadInput('klondike `down` must give each pile\'s face-down count (0..pile size)');
  }
  piles.forEach((p, i) => {
    const up = p.slice(down[i]);
    for (let k = 1; k < up.length; k++) if (!fits(up[k], up[k - 1])) throw new BadInput(`pile ${i + 1}'s face-up cards are not a built run`);
  });
  piles.forEach((p, i) => { if (p.length && down[i] >= p.length) down[i] = p.length - 1; });
  return state;
}

export function isWon(s) {
  return s.found[0] + s.found[1] + s.found[2] + s.found[3] === 52;
}

const canRedeal = (s) => !s.stock.length && s.waste.length > 0 && (s.maxRedeals === null || s.redeals < s.maxRedeals);
const toFound = (s, card) => s.found[Math.floor(card / 13)] === rank(card) - 1;
function toPile(s, card, m) {
  const pile = s.piles[m];
  return pile.length ? fits(card, pile[pile.length - 1]) : rank(card) === KING;
}

/** Every legal move here as canonical tokens, sorted. */
export function legalMoves(s) {
  const out = [];
  if (s.stock.length) out.push('d');
  else if (canRedeal(s)) out.push('r');
  if (s.waste.length) {
    const w = s.waste[s.waste.length - 1];
    if (toFound(s, w)) out.push('w>f');
    for (let m = 0; m < PILES; m++) if (toPile(s, w, m)) out.push(`w>${m + 1}`);
  }
  s.piles.forEach((pile, n) => {
    if (!pile.length) return;
    if (toFound(s, pile[pile.length - 1])) out.push(`${n + 1}>f`);
    const up = pile.length - s.down[n];
    for (let m = 0; m < PILES; m++) {
      if (m === n) continue;
      const dest = s.piles[m];
      for (let k = 1; k <= up; k++) {
        const base = pile[pile.length - k];
        if (dest.length ? fits(base, dest[dest.length - 1]) : rank(base) === KING) {
          out.push(k === 1 ? `${n + 1}>${m + 1}` : `${n + 1}:${k}>${m + 1}`);
          break;
        }
      }
    }
  });
  s.found.forEach((height, st) => {
    if (!height) return;
    const card = st * 13 + height - 1;
    for (let m = 0; m < PILES; m++) if (toPile(s, card, m)) out.push(`f${SUITS[st]}>${m + 1}`);
  });
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function ontoReason(s, card, m) {
  const pile = s.piles[m];
  if (!pile.length) return `only a king may go to empty pile ${m + 1}, not ${name(card)}`;
  const top = pile[pile.length - 1];
  const want = !red(top) ? 'red' : 'black';
  return rank(top) > 1
    ? `${name(card)} cannot go on ${name(top)} in pile ${m + 1} (it takes a ${want} ${RANKS[rank(top) - 2]})`
    : `${name(card)} cannot go on ${name(top)} in pile ${m + 1} (nothing goes on an ace)`;
}

function foundReason(s, card) {
  const st = Math.floor(card / 13);
  const height = s.found[st];
  const held = height === 0 ? 'is empty' : `holds up to ${name(st * 13 + height - 1)}`;
  return `${name(card)} cannot go to the foundation: ${SUITS[st]} ${held}`;
}

function flip(s, n) {
  if (s.piles[n].length && s.down[n] === s.piles[n].length) {
    s.down[n] -= 1;
    return true;
  }
  return false;
}

/** Make `move` in place and return its undo token; IllegalMove (with the reason) if not legal. */
export function play(s, move) {
  const m = typeof move === 'string' ? MOVE_RE.exec(move) : null;
  if (!m) throw new IllegalMove(`${pyRepr(move)} is not a Klondike move (expected ${ACCEPTED})`);
  const [, d, r, wto, srcText, kText, to, fs, fto] = m;
  if (d) {
    if (!s.stock.length) throw new IllegalMove('the stock is empty' + (s.waste.length ? ' (turn the waste over with r)' : ''));
    const n = Math.min(s.draw, s.stock.length);
    for (let i = 0; i < n; i++) s.waste.push(s.stock.pop());
    return [DRAW, n, 0, n, false];
  }
  if (r) {
    if (s.stock.length) throw new IllegalMove(`the waste can only be turned over when the stock is empty (${s.stock.length} left)`);
    if (!s.waste.length) throw new IllegalMove('the stock and the waste are both empty');
    if (s.maxRedeals !== null && s.redeals >= s.maxRedeals) {
      throw new IllegalMove(`no pass left: passes=${s.maxRedeals + 1} allows ${s.maxRedeals} redeal(s), all used`);
    }
    s.waste.reverse();
    [s.stock, s.waste] = [s.waste, s.stock];
    s.redeals += 1;
    return [REDEAL, 0, 0, 0, false];
  }
  if (wto) {
    if (!s.waste.length) throw new IllegalMove('the waste is empty');
    const card = s.waste[s.waste.length - 1];
    if (wto === 'f') {
      if (!toFound(s, card)) throw new IllegalMove(foundReason(s, card));
      s.waste.pop();
      s.found[Math.floor(card / 13)] += 1;
      return [W_F, 0, Math.floor(card / 13), 1, false];
    }
    const dst = Number(wto) - 1;
    if (!toPile(s, card, dst)) throw new IllegalMove(ontoReason(s, card, dst));
    s.piles[dst].push(s.waste.pop());
    return [W_P, 0, dst, 1, false];
  }
  if (fs) {
    const st = SUITS.indexOf(fs);
    const dst = Number(fto) - 1;
    if (s.found[st] === 0) throw new IllegalMove(`foundation ${fs} is empty`);
    const card = st * 13 + s.found[st] - 1;
    if (!toPile(s, card, dst)) throw new IllegalMove(ontoReason(s, card, dst));
    s.found[st] -= 1;
    s.piles[dst].push(card);
    return [F_P, st, dst, 1, false];
  }
  const src = Number(srcText) - 1;
  const pile = s.piles[src];
  if (!pile.length) throw new IllegalMove(`pile ${src + 1} is empty`);
  if (to === 'f') {
    if (kText !== undefined) throw new IllegalMove(`only one card at a time goes to the foundation (write ${src + 1}>f)`);
    const card = pile[pile.length - 1];
    if (!toFound(s, card)) throw new IllegalMove(foundReason(s, card));
    pile.pop();
    s.found[Math.floor(card / 13)] += 1;
    return [P_F, src, Math.floor(card / 13), 1, flip(s, src)];
  }
  const dst = Number(to) - 1;
  let k = 1;
  if (kText !== undefined) {
    const value = Number(kText);
    if (kText !== String(value) || value < 2) {
      throw new IllegalMove(`${pyRepr(move)}: K must be a number from 2 up without leading zeros (one card is ${src + 1}>${dst + 1})`);
    }
    k = value;
  }
  if (dst === src) throw new IllegalMove(`pile ${src + 1} cannot move onto itself`);
  const up = pile.length - s.down[src];
  if (k > up) throw new IllegalMove(`pile ${src + 1} has ${up} face-up card${up !== 1 ? 's' : ''}, not ${k}`);
  const base = pile[pile.length - k];
  if (!toPile(s, base, dst)) throw new IllegalMove(ontoReason(s, base, dst));
  const moved = pile.splice(pile.length - k, k);
  s.piles[dst].push(...moved);
  return [P_P, src, dst, k, flip(s, src)];
}

/** Take back the move that returned `token` (the last move not yet taken back). */
export function undo(s, token) {
  const [kind, a, b, k, flipped] = token;
  if (kind === DRAW) {
    for (let i = 0; i < a; i++) s.stock.push(s.waste.pop());
  } else if (kind === REDEAL) {
    s.stock.reverse();
    [s.stock, s.waste] = [s.waste, s.stock];
    s.redeals -= 1;
  } else if (kind === W_F) {
    s.found[b] -= 1;
    s.waste.push(b * 13 + s.found[b]);
  } else if (kind === W_P) {
    s.waste.push(s.piles[b].pop());
  } else if (kind === F_P) {
    s.piles[b].pop();
    s.found[a] += 1;
  } else {
    if (flipped) s.down[a] += 1;
    if (kind === P_F) {
      s.found[b] -= 1;
      s.piles[a].push(b * 13 + s.found[b]);
    } else {
      const dest = s.piles[b];
      s.piles[a].push(...dest.splice(dest.length - k, k));
    }
  }
}

/** What a viewer draws: piles with their face-down counts, stock (face down), waste, foundations. */
export function view(s) {
  return {
    groups: {
      tableau: s.piles.map((p) => [...p]),
      stock: [[...s.stock]],
      waste: [[...s.waste]],
      foundation: s.found.map((n, st) => Array.from({ length: n }, (_, r) => st * 13 + r)),
    },
    down: { tableau: [...s.down], stock: [s.stock.length] },
    found: [...s.found],
    info: { draw: s.draw, redeals: s.redeals, redealsLeft: s.maxRedeals === null ? null : s.maxRedeals - s.redeals },
  };
}
