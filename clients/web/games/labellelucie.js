// La Belle Lucie: the foundations and the fans (all face up, six to a row), the redeals left.
// View: groups tableau[fans] (an emptied fan stays as []), foundation[4]; info {redeals, redealsLeft}.
// Piles drawn: found-S..found-C, fan-1..fan-n.

import { el, foundationPiles, info, pileEl } from '../cards.js';

export const size = { w: 6 * 2.24, h: 1.3 + 3 * 1.2 };

export function draw(v) {
  const { tableau, foundation } = v.groups;
  return el('div', '',
    info(`redeals left ${v.info.redealsLeft}`),
    el('div', 'area', el('div', 'spacer'), ...foundationPiles(foundation), el('div', 'spacer')),
    el('div', 'area', el('div', 'fans', ...tableau.map((f, i) => pileEl(`fan-${i + 1}`, f, { fan: 'right', spread: 1.1, label: String(i + 1) })))));
}
