// Gaps: four rows of 13 places (an empty place is a gap), the aces out of play, the redeals left.
// View: groups rows[4] (-1 a gap); info {redeals, redealsLeft}.
// Piles drawn: row-1..row-4 (data-cards with -1 for a gap; each place drawn as a slot), out (the aces).

import { el, info, pileEl } from '../cards.js';

export const size = { w: 13 * 1.08, h: 4 * 1.1 + 1.4 };

export function draw(v) {
  const rows = v.groups.rows.map((row, r) => {
    const places = row.map((c, i) => {
      const slot = pileEl(`row-${r + 1}-${i + 1}`, c < 0 ? [] : [c], { fan: 'stack' });
      delete slot.dataset.pile; // the row carries the data; a place is a slot of it
      delete slot.dataset.cards;
      delete slot.dataset.down;
      return slot;
    });
    const e = el('div', 'grid', '', ...places);
    e.dataset.pile = `row-${r + 1}`;
    e.dataset.cards = row.join(' ');
    e.dataset.down = '0';
    return e;
  });
  return el('div', '',
    info(`redeals left ${v.info.redealsLeft}`),
    ...rows.map((r) => el('div', 'area', '', r)),
    el('div', 'area', pileEl('out', [0, 13, 26, 39], { fan: 'right', spread: 1.2, label: 'aces out' })));
}
