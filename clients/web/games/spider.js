// Spider: the stock (ten cards a deal), the runs gone off, ten columns with their face-down cards.
// View: groups tableau[10], stock[1], off[runs] (each K..A); down.tableau, down.stock;
// info {dealsLeft, off}.
// Piles drawn: stock, off-1..off-8 (empty ones too), tableau-1..tableau-10.

import { el, info, pileEl } from '../cards.js';

export const size = { w: 10 * 1.14, h: 2.3 + 0.24 * 14 };

export function draw(v, { show }) {
  const { tableau, stock, off } = v.groups;
  const runs = Array.from({ length: 8 }, (_, i) => off[i] || []);
  return el('div', '',
    info(`deals left ${v.info.dealsLeft}`, `runs off ${v.info.off} of 8`),
    el('div', 'area',
      pileEl('stock', stock[0], { down: v.down.stock[0], fan: 'stack', count: true, show, label: 'stock' }),
      el('div', 'spacer'),
      ...runs.map((r, i) => pileEl(`off-${i + 1}`, r, { fan: 'stack' }))),
    el('div', 'area', ...tableau.map((p, i) => pileEl(`tableau-${i + 1}`, p, { down: v.down.tableau[i], show }))));
}
