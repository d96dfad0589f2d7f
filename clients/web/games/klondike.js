// Klondike: stock and waste, the four foundations, seven piles with their face-down cards.
// View (the kit's rulesFor('klondike').view): groups tableau[7], stock[1], waste[1], foundation[4];
// down.tableau, down.stock; info {draw, redeals, redealsLeft (null: unlimited)}.
// Piles drawn: stock, waste, found-S..found-C, tableau-1..tableau-7.

import { el, foundationPiles, info, pileEl } from '../cards.js';

export const size = { w: 7 * 1.14, h: 2.3 + 0.24 * 12 };

export function draw(v, { show }) {
  const { tableau, stock, waste, foundation } = v.groups;
  const left = v.info.redealsLeft === null ? 'unlimited' : String(v.info.redealsLeft);
  return el('div', '',
    info(`draw ${v.info.draw}`, `redeals left ${left}`),
    el('div', 'area',
      pileEl('stock', stock[0], { down: v.down.stock[0], fan: 'stack', count: true, show, label: 'stock' }),
      pileEl('waste', waste[0], { fan: 'right', visible: v.info.draw === 3 ? 3 : 1, spread: v.info.draw === 3 ? 0.8 : 0, count: true, label: 'waste' }),
      el('div', 'spacer'),
      ...foundationPiles(foundation)),
    el('div', 'area', ...tableau.map((p, i) => pileEl(`tableau-${i + 1}`, p, { down: v.down.tableau[i], show }))));
}
