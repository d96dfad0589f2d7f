// FreeCell: the free cells (1 to 4, by the code's option), the foundations, eight columns.
// View: groups tableau[8], cells[n] (each [] or [card]), foundation[4].
// Piles drawn: cell-a.., found-S..found-C, tableau-1..tableau-8.

import { el, foundationPiles, info, pileEl } from '../cards.js';

export const size = { w: 8 * 1.14, h: 2.3 + 0.24 * 12 };

export function draw(v) {
  const { tableau, cells, foundation } = v.groups;
  return el('div', '',
    info(`${cells.length} free cell${cells.length === 1 ? '' : 's'}`),
    el('div', 'area',
      ...cells.map((c, i) => pileEl(`cell-${'abcd'[i]}`, c, { fan: 'stack', label: `cell ${'abcd'[i]}` })),
      el('div', 'spacer'),
      ...foundationPiles(foundation)),
    el('div', 'area', ...tableau.map((p, i) => pileEl(`tableau-${i + 1}`, p))));
}
