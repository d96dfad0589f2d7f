// Cards and piles as DOM (CSS cards: rank and suit as text, so they stay sharp at any size).
//
// Every place on the table is a `.pile` element carrying what it holds as data, so a test (or a
// person with the inspector) reads the position from the page, not from a picture:
//   data-pile  its name (tableau-3, found-H, stock, p12, row-2, ...; each game's module says which)
//   data-cards its cards bottom first, as the kit's ints (suit * 13 + rank - 1); -1 an empty place
//   data-down  how many of them, from the bottom, lie face down
// The drawing shows only what a player would see of a pile (a stock's top, a waste's last three);
// the data always lists every card.

const SUITS = 'SHDC';
const GLYPHS = ['♠', '♥', '♦', '♣'];
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** A card's name as the engine writes it: AS, 10H, KC. */
function cardName(card) {
  return RANKS[card % 13] + SUITS[Math.floor(card / 13)];
}

function isRed(card) {
  const s = Math.floor(card / 13);
  return s === 1 || s === 2;
}

/** A DOM element of a tag with a class; strings among the children become text. */
export function el(tag, cls = '', ...children) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const c of children) if (c !== null && c !== undefined && c !== '') e.append(c);
  return e;
}

/**
 * One card. `down`: face down (drawn as a back unless `show`, the page's toggle, when it is drawn
 * face up but marked as face down).
 */
export function cardEl(card, { down = false, show = false } = {}) {
  const e = el('div', 'card' + (isRed(card) ? ' red' : '') + (down ? ' down' : '') + (down && show ? ' shown' : ''));
  e.dataset.card = String(card);
  e.title = down && !show ? 'face down' : cardName(card);
  const corner = el('span', 'corner', RANKS[card % 13]);
  corner.append(el('b', '', GLYPHS[Math.floor(card / 13)]));
  e.append(corner, el('span', 'pip', GLYPHS[Math.floor(card / 13)]));
  return e;
}

/**
 * A pile: its cards drawn as `fan` says and its data attributes set.
 *   fan 'down'   cards overlap downwards (a tableau column); face-down ones closer together
 *   fan 'right'  the last `visible` cards overlap to the right within `spread` card widths (a waste, a fan)
 *   fan 'stack'  only the top card drawn (a stock, a foundation), with a count when > 1
 * `down`: face-down cards at the bottom; `visible`: how many to draw at most (from the top).
 */
export function pileEl(name, cards, { down = 0, fan = 'down', visible = Infinity, spread = 0.8, show = false,
  count = false, label = '', cls = '' } = {}) {
  const p = el('div', 'pile' + (cls ? ' ' + cls : ''));
  p.dataset.pile = name;
  p.dataset.cards = cards.join(' ');
  p.dataset.down = String(down);
  const real = cards.map((c, i) => [c, i]).filter(([c]) => c >= 0);
  if (fan === 'stack') {
    const [top] = real.slice(-1);
    if (top) p.append(cardEl(top[0], { down: top[1] < down, show }));
    if (count && real.length > 1) p.append(el('span', 'count', String(real.length)));
  } else if (fan === 'right') {
    const shown = real.slice(-Math.min(visible, real.length));
    const step = shown.length > 1 ? Math.min(0.4, spread / (shown.length - 1)) : 0;
    shown.forEach(([c, i], k) => {
      const e = cardEl(c, { down: i < down, show });
      e.style.left = `calc(var(--cw) * ${(step * k).toFixed(3)})`;
      p.append(e);
    });
    p.style.width = `calc(var(--cw) * ${(1 + spread).toFixed(3)})`;
    p.classList.add('right');
    if (shown.length > 1) p.classList.add('fanned');
    if (count && real.length > shown.length) p.append(el('span', 'count', String(real.length)));
  } else {
    let off = 0;
    real.forEach(([c, i], k) => {
      const e = cardEl(c, { down: i < down, show });
      e.style.top = `calc(var(--ch) * ${off.toFixed(3)})`;
      p.append(e);
      if (k < real.length - 1) off += i < down ? (show ? 0.2 : 0.1) : 0.24;
    });
    p.style.height = `calc(var(--ch) * ${(1 + off).toFixed(3)})`;
    if (real.length > 1) p.classList.add('fanned');
  }
  if (!label) return p;
  return el('div', 'place', '', p, el('div', 'label', label));
}

/** The four foundations, S H D C, each its cards bottom first (the kit's view lists them). */
export function foundationPiles(lists, { label = (s) => GLYPHS[s] } = {}) {
  return lists.map((cards, s) => pileEl(`found-${SUITS[s]}`, cards, { fan: 'stack', label: label(s) }));
}

/** A line of small text over the table (passes left, deals left, ...). */
export function info(...parts) {
  return el('div', 'info', parts.filter(Boolean).join(' · '));
}

export { RANKS };
