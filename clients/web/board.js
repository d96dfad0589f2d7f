// The table: a game's drawing module draws the kit's view; this module sizes the cards to the
// space there is and marks the cards the last step moved.

import { DRAW } from './games/index.js';

const MAX_CW = 96;
const MIN_CW = 28;

/** Where each card lies: "card#n" (the n-th copy, for Spider's two decks) -> pile name. */
function places(root) {
  const out = new Map();
  for (const pile of root.querySelectorAll('[data-pile]')) {
    const seen = new Map();
    for (const c of (pile.dataset.cards || '').split(' ').filter((x) => x !== '' && x !== '-1')) {
      const n = (seen.get(c) || 0) + 1;
      seen.set(c, n);
      out.set(`${c}#${n}`, pile.dataset.pile);
    }
  }
  return out;
}

/** The card width that fits the game's table in the board's width (and, on a wide screen, height). */
function cardWidth(board, size) {
  const inner = board.clientWidth - 4;
  let cw = inner / (size.w + 0.5);
  if (window.innerWidth > 820) {
    const top = board.getBoundingClientRect().top + window.scrollY;
    const room = Math.max(320, window.innerHeight - top - 150);
    cw = Math.min(cw, room / (size.h * 1.4 + 0.4));
  }
  return Math.max(MIN_CW, Math.min(MAX_CW, Math.floor(cw)));
}

/**
 * Draw `view` of `game` into `board`; with `mark`, outline the cards that changed place since the
 * last drawing (the move just made or taken back).
 */
export function render(board, game, view, { show = false, mark = false } = {}) {
  const before = mark ? places(board) : null;
  const mod = DRAW[game];
  if (!mod) throw new Error(`no drawing for game ${game}`);
  board.dataset.game = game;
  board.style.setProperty('--cw', `${cardWidth(board, mod.size)}px`);
  board.replaceChildren(mod.draw(view, { show }));
  if (!before) return;
  for (const pile of board.querySelectorAll('[data-pile]')) {
    const seen = new Map();
    for (const card of pile.querySelectorAll('.card')) {
      const c = card.dataset.card;
      const n = (seen.get(c) || 0) + 1;
      seen.set(c, n);
      const was = before.get(`${c}#${n}`);
      if (was !== undefined && was !== pile.dataset.pile) card.classList.add('moved');
    }
  }
}

/** Size the cards again (the window was resized) without drawing anew. */
export function refit(board) {
  const mod = DRAW[board.dataset.game];
  if (mod) board.style.setProperty('--cw', `${cardWidth(board, mod.size)}px`);
}
