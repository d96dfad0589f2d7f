// The peaks of TriPeaks and the rows of Pyramid: cards placed on the table by position p1..p28,
// each on the cards of the row below that overlap it (its `covers`), half a card lower.

import { el, pileEl } from '../cards.js';

const GAP = 1.06; // card widths from one bottom-row card to the next

/**
 * x of every position (in card widths): the bottom row side by side, every other card halfway
 * between the cards it sits on. `rows` are the row lengths, `covers[p]` the positions under p.
 */
export function places(rows, covers) {
  const x = new Array(covers.length);
  const starts = [];
  rows.reduce((at, n) => (starts.push(at), at + n), 0);
  for (let r = rows.length - 1; r >= 0; r--) {
    for (let i = 0; i < rows[r]; i++) {
      const p = starts[r] + i;
      x[p] = covers[p].length ? covers[p].reduce((a, q) => a + x[q], 0) / covers[p].length : i * GAP;
    }
  }
  const y = rows.flatMap((n, r) => Array(n).fill(r * 0.5));
  return { x, y };
}

/**
 * The table as piles p1..p28 (data-cards: the card, or -1 once gone; data-down 1 for a card drawn
 * face down), placed at `at` (from `places`).
 */
export function spreadEl(cards, faceDown, at, { show }) {
  const w = Math.max(...at.x) + 1;
  const h = Math.max(...at.y) + 1;
  const box = el('div', 'spread');
  box.style.width = `calc(var(--cw) * ${w.toFixed(3)})`;
  box.style.height = `calc(var(--ch) * ${h.toFixed(3)})`;
  cards.forEach((c, p) => {
    const pile = pileEl(`p${p + 1}`, c < 0 ? [] : [c], { fan: 'stack', down: faceDown[p] ? 1 : 0, show });
    pile.dataset.cards = String(c);
    pile.style.left = `calc(var(--cw) * ${at.x[p].toFixed(3)})`;
    pile.style.top = `calc(var(--ch) * ${at.y[p].toFixed(3)})`;
    pile.style.zIndex = String(Math.round(at.y[p] * 2) + 1);
    pile.title = `p${p + 1}`;
    box.append(pile);
  });
  return box;
}
