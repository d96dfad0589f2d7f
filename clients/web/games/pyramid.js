// Pyramid: seven rows of 28 cards, all face up, the stock (its top card shown face up: it is free,
// engine/games/pyramid/README.md), the waste and the cards removed so far.
// View: groups rows[7] (-1 where a card is gone), stock[1], waste[1], gone[1];
// info {passes (null: unlimited), recycles, goal}.
// Piles drawn: p1..p28 (data-cards the card or -1), stock, waste, gone.

import { el, info, pileEl } from '../cards.js';
import { places, spreadEl } from './spread.js';

const ROWS = [1, 2, 3, 4, 5, 6, 7];
const COVERS = ROWS.flatMap((n, r) => Array.from({ length: n }, (_, j) => {
  const next = ((r + 1) * (r + 2)) / 2 + j;
  return r < 6 ? [next, next + 1] : [];
}));
const AT = places(ROWS, COVERS);

export const size = { w: 7 * 1.06 + 0.2, h: 4 + 1.5 };

export function draw(v, { show }) {
  const { rows, stock, waste, gone } = v.groups;
  const passes = v.info.passes === null ? 'unlimited passes' : `pass ${v.info.recycles + 1} of ${v.info.passes}`;
  return el('div', '',
    info(passes, v.info.goal === 'all' ? 'clear every card' : 'clear the pyramid'),
    el('div', 'area', spreadEl(rows.flat(), rows.flat().map(() => false), AT, { show })),
    el('div', 'area',
      el('div', 'spacer'),
      pileEl('stock', stock[0], { down: Math.max(0, stock[0].length - 1), fan: 'stack', count: true, show, label: 'stock' }),
      pileEl('waste', waste[0], { fan: 'stack', count: true, label: 'waste' }),
      pileEl('gone', gone[0], { fan: 'stack', count: true, label: 'removed' }),
      el('div', 'spacer')));
}
