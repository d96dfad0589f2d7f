// TriPeaks: three peaks of 28 cards (a card overlapped by the row below lies face down), the stock
// and the waste.
// View: groups rows[4] (-1 where a card is gone), stock[1], waste[1]; down.stock;
// faceDown.rows (per row, whether each card is still overlapped); info {wrap}.
// Piles drawn: p1..p28 (data-cards the card or -1), stock, waste.

import { el, info, pileEl } from '../cards.js';
import { places, spreadEl } from './spread.js';

const ROWS = [3, 6, 9, 10];
// The positions of the row below that overlap each position (engine/games/tripeaks/rules.py).
const COVERS = (() => {
  const c = [];
  for (let peak = 0; peak < 3; peak++) c.push([3 + 2 * peak, 4 + 2 * peak]);
  for (let k = 0; k < 6; k++) {
    const below = 9 + 3 * Math.floor(k / 2) + (k % 2);
    c.push([below, below + 1]);
  }
  for (let i = 0; i < 9; i++) c.push([18 + i, 19 + i]);
  for (let i = 0; i < 10; i++) c.push([]);
  return c;
})();
const AT = places(ROWS, COVERS);

export const size = { w: 10 * 1.06 + 0.2, h: 2.5 + 1.5 };

export function draw(v, { show }) {
  const { rows, stock, waste } = v.groups;
  return el('div', '',
    info(v.info.wrap ? 'K and A are neighbours' : 'no wrap from K to A'),
    el('div', 'area', spreadEl(rows.flat(), v.faceDown.rows.flat(), AT, { show })),
    el('div', 'area',
      el('div', 'spacer'),
      pileEl('stock', stock[0], { down: v.down.stock[0], fan: 'stack', count: true, show, label: 'stock' }),
      pileEl('waste', waste[0], { fan: 'right', visible: 3, count: true, label: 'waste' }),
      el('div', 'spacer')));
}
