// deal(code) -> Deal: a code's seed, order and layout, bit-exact with engine/dealer.py. Codes are
// parsed and written as engine/codes.py does (canonical options in listed order, any case in).

import { BadInput, pyRepr } from './errors.js';
import { BOARDS, CLASSIC_GAME, GAME_IDS, canonicalOptions, gameOf } from './games.js';
import {
  CODE_PREFIX, SEED_BYTES, Stream, checkNumber, classicFreecellOrder, numberedSeed, parseNumber, seedToText,
  shuffle, splitCode,
} from './method.js';

/**
 * A code's parts: {game, options: {name: value} (canonical: every option, listed order),
 * kind: 'N'|'S'|'C', number: number|null, seed: Uint8Array|null}.
 */
export function parseCode(text) {
  const { game, options, kind, value } = splitCode(text, GAME_IDS, CLASSIC_GAME);
  const g = gameOf(game);
  const opts = Object.fromEntries(canonicalOptions(g, options));
  if (kind === 'S') return { game: g.id, options: opts, kind, number: null, seed: value };
  return { game: g.id, options: opts, kind, number: value, seed: null };
}

/** The one canonical text of a code's parts. */
export function formatCode({ game, options, kind, number, seed }) {
  const g = gameOf(game);
  const opts = canonicalOptions(g, options || {}).map(([n, v]) => `${n}=${v}`).join(';');
  const head = `${CODE_PREFIX}-${g.id}` + (opts ? `-${opts}` : '');
  if (kind === 'S') return `${head}-S${seedToText(seed)}`;
  if (kind === 'N') checkNumber(number);
  else if (kind !== 'C') throw new BadInput(`unknown deal kind ${kind}; accepted: N, S, C`);
  return `${head}-${kind}${number}`;
}

/** The canonical text of a code given in any accepted spelling. */
export function canonicalCode(text) {
  return formatCode(parseCode(text));
}

/** The numbered seed's dealKey: the game id unless the options deal other cards (Spider). */
export function dealKey(game, options) {
  const g = gameOf(game);
  return g.key ? g.key(options) : g.id;
}

/** The 64-byte seed of parsed code parts (numbered: SHA-512 of its deal key and number); null for C. */
export function seedOf(parts) {
  if (parts.kind === 'S') return parts.seed;
  if (parts.kind === 'N') return numberedSeed(dealKey(parts.game, parts.options), parts.number);
  return null;
}

/** The shuffled order of a game's fresh deck for a 64-byte seed. */
export function dealOrder(game, options, seed) {
  if (seed.length !== SEED_BYTES) throw new BadInput(`seed is ${seed.length} bytes; a seed is exactly ${SEED_BYTES} bytes`);
  return shuffle(gameOf(game).deck(options), new Stream(seed));
}

/** The dealt layout of a game from its shuffled order (Python's Game.layout, no `seed` group). */
export function layoutOf(game, options, order) {
  const g = gameOf(game);
  if (order.length !== g.deckSize) throw new BadInput(`${g.id} deals ${g.deckSize} cards, got an order of ${order.length}`);
  return g.layOut(order, options);
}

/**
 * Deal a code (text in any accepted spelling): {code (canonical), game, options, kind, number,
 * seed, order, layout}. Synchronous; throws BadInput for a bad code.
 */
export function deal(code) {
  const parts = parseCode(code);
  const seed = seedOf(parts);
  const order = parts.kind === 'C' ? classicFreecellOrder(parts.number) : dealOrder(parts.game, parts.options, seed);
  return {
    code: formatCode(parts),
    game: parts.game,
    options: parts.options,
    kind: parts.kind,
    number: parts.number,
    seed,
    order,
    layout: layoutOf(parts.game, parts.options, order),
  };
}

/** The board of an id (any case), or BadInput listing the boards. */
export function board(id) {
  const key = String(id).toLowerCase();
  const b = Object.hasOwn(BOARDS, key) ? BOARDS[key] : null;
  if (!b) throw new BadInput(`unknown board ${pyRepr(String(id))}; accepted: ${Object.keys(BOARDS).join(', ')}`);
  return b;
}

/** A board's canonical numbered code, e.g. SOL1-klondike-draw=3;passes=unlimited;scoring=standard-N4711. */
export function boardCode(boardId, number) {
  const b = board(boardId);
  return formatCode({ game: b.game, options: b.options, kind: 'N', number });
}

/** A board's canonical code of the deal of a 64-byte seed. */
export function seedCode(boardId, seed) {
  const b = board(boardId);
  return formatCode({ game: b.game, options: b.options, kind: 'S', seed });
}

/**
 * The board a code belongs to (its game and options; the number or seed aside), as engine.board_for:
 * a listed board when the options are exactly its options; otherwise a derived board, the listed
 * board of the game sharing the most options, its id followed by `+` and the differing options.
 */
export function boardFor(code) {
  const parts = typeof code === 'string' ? parseCode(code) : code;
  const candidates = Object.values(BOARDS).filter((b) => b.game === parts.game);
  if (!candidates.length) throw new BadInput(`no board for game '${parts.game}'; accepted games: ${GAME_IDS.join(', ')}`);
  const opts = Object.entries(parts.options);
  const score = (b) => opts.filter(([n, v]) => b.options[n] === v).length;
  let best = candidates[0];
  for (const b of candidates) if (score(b) > score(best)) best = b;
  const diff = opts.filter(([n, v]) => best.options[n] !== v);
  if (!diff.length) return best;
  const extra = diff.map(([n, v]) => `${n}=${v}`).join(';');
  return {
    id: `${best.id}+${extra}`,
    game: parts.game,
    options: { ...parts.options },
    budget: best.budget,
    label: `${best.label} (${extra})`,
    pooled: true,
  };
}

export { parseNumber };
