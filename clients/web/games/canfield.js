// Canfield: stock and waste (three at a time), the foundations from the base rank, the reserve of
// 13 (its top face up) and four tableau piles.
// View: groups reserve[1], tableau[4], stock[1], waste[1], foundation[4] (from the base rank up);
// down.reserve, down.stock; info {base (rank 1..13), draw}.
// Piles drawn: stock, waste, found-S..found-C, reserve, tableau-1..tableau-4.

import { el, foundationPiles, info, pileEl, RANKS } from '../cards.js';

export const size = { w: 8.2, h: 2.3 + 0.24 * 12 };

export function draw(v, { show }) {
  const { reserve, tableau, stock, waste, foundation } = v.groups;
  return el('div', '',
    info(`foundations from ${RANKS[v.info.base - 1]}`, `draw ${v.info.draw}`, `reserve ${reserve[0].length}`),
    el('div', 'area',
      pileEl('stock', stock[0], { down: v.down.stock[0], fan: 'stack', count: true, show, label: 'stock' }),
      pileEl('waste', waste[0], { fan: 'right', visible: 3, count: true, label: 'waste' }),
      el('div', 'spacer'),
      ...foundationPiles(foundation)),
    el('div', 'area',
      pileEl('reserve', reserve[0], { down: v.down.reserve[0], fan: 'stack', count: true, show, label: 'reserve' }),
      el('div', 'spacer'),
      ...tableau.map((p, i) => pileEl(`tableau-${i + 1}`, p)),
      el('div', 'spacer')));
}
