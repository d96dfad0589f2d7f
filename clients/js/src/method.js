// The published SiggySoft deal method (seed 000, version 1), as engine/deal.py writes it: the
// numbered seed, the SHA-512 stream, below(n), the Fisher-Yates shuffle, classic FreeCell numbering,
// the code's syntax and the base32 seed text. Everything is synchronous: SHA-512 is the kit's own.

import { BadInput, pyRepr } from './errors.js';
import { compress, digestInto, init } from './sha512.js';

export const NUMBERED_DOMAIN = 'SiggySoft Solitaire numbered deal v1';
export const STREAM_DOMAIN = 'SiggySoft Solitaire deal stream v1';
export const SEED_BYTES = 64;
export const SEED_CHARS = 103;
export const NUMBER_MIN = 1;
export const NUMBER_MAX = 1_000_000;
export const CLASSIC_MIN = 1;
export const CLASSIC_MAX = 2 ** 31 - 1;
export const CODE_PREFIX = 'SOL1';
export const SUITS = 'SHDC';
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

const utf8 = new TextEncoder();

/** UTF-8 bytes of a text. */
export function bytesOf(text) {
  return utf8.encode(text);
}

function concat(...parts) {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let k = 0;
  for (const p of parts) {
    out.set(p, k);
    k += p.length;
  }
  return out;
}

function be8(number) {
  const out = new Uint8Array(8);
  let hi = Math.floor(number / 4294967296);
  let lo = number >>> 0;
  for (let i = 7; i >= 4; i--) { out[i] = lo & 255; lo >>>= 8; }
  for (let i = 3; i >= 0; i--) { out[i] = hi & 255; hi >>>= 8; }
  return out;
}

/**
 * Hashes messages that differ only in their last 8 bytes (a big-endian counter), as the stream
 * does: the padded message is laid out once and only the counter bytes change per block.
 */
class CounterHash {
  constructor(prefix) {
    const n = prefix.length + 8;
    this.blocks = Math.floor((n + 17 + 127) / 128);
    this.buf = new Uint8Array(this.blocks * 128);
    this.buf.set(prefix);
    this.at = prefix.length;
    this.buf[n] = 0x80;
    const bits = n * 8;
    const end = this.buf.length;
    this.buf[end - 1] = bits & 255;
    this.buf[end - 2] = (bits >>> 8) & 255;
    this.buf[end - 3] = (bits >>> 16) & 255;
    this.buf[end - 4] = (bits >>> 24) & 255;
    this.h = new Int32Array(16);
    this.w = new Int32Array(160);
  }

  /** SHA-512(prefix || counter as 8 bytes BE) into out. */
  digest(counter, out) {
    const b = this.buf, at = this.at;
    let lo = counter >>> 0;
    let hi = Math.floor(counter / 4294967296);
    for (let i = 7; i >= 4; i--) { b[at + i] = lo & 255; lo >>>= 8; }
    for (let i = 3; i >= 0; i--) { b[at + i] = hi & 255; hi >>>= 8; }
    const h = init(this.h);
    for (let k = 0; k < this.blocks; k++) compress(h, this.w, b, k * 128);
    return digestInto(h, out, 0);
  }
}

/** SHA-512("SiggySoft Solitaire numbered deal v1" 0x00 dealKey 0x00 number as 8 bytes BE). */
export function numberedSeed(dealKey, number) {
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new BadInput(`deal number ${number} does not fit in 8 bytes`);
  }
  const prefix = concat(bytesOf(NUMBERED_DOMAIN), [0], bytesOf(dealKey), [0]);
  return new CounterHash(prefix).digest(number, new Uint8Array(64));
}

/** The domain of redeal n's stream: "SiggySoft Solitaire redeal <n> v1". */
export function redealDomain(n) {
  return `SiggySoft Solitaire redeal ${n} v1`;
}

/** Block i = SHA-512(domain 0x00 seed i as 8 bytes BE), read byte by byte. */
export class Stream {
  constructor(seed, domain = STREAM_DOMAIN) {
    this.hash = new CounterHash(concat(bytesOf(domain), [0], seed));
    this.block = new Uint8Array(64);
    this.pos = 64;
    this.index = 0;
  }

  /** The next 4 bytes as an unsigned big-endian number (blocks joined seamlessly). */
  word() {
    if (this.pos + 4 <= 64) {
      const b = this.block, p = this.pos;
      this.pos = p + 4;
      return ((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]) >>> 0;
    }
    let x = 0;
    for (let i = 0; i < 4; i++) x = x * 256 + this.byte();
    return x;
  }

  byte() {
    if (this.pos === 64) {
      this.hash.digest(this.index, this.block);
      this.index += 1;
      this.pos = 0;
    }
    return this.block[this.pos++];
  }

  /** The next k bytes of the stream. */
  read(k) {
    const out = new Uint8Array(k);
    for (let i = 0; i < k; i++) out[i] = this.byte();
    return out;
  }

  /** A whole number in 0..n-1 without bias: reject x >= floor(2^32/n)*n and read again. */
  below(n) {
    if (!(n >= 1 && n <= 4294967296)) throw new BadInput(`below(n) needs 1 <= n <= 2^32, got ${n}`);
    const limit = Math.floor(4294967296 / n) * n;
    for (;;) {
      const x = this.word();
      if (x < limit) return x % n;
    }
  }
}

/** Fisher-Yates from the end: for i = size-1 down to 1, swap i with below(i+1). A new array. */
export function shuffle(items, stream) {
  const out = Array.from(items);
  for (let i = out.length - 1; i > 0; i--) {
    const j = stream.below(i + 1);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}

/** Shuffle gathered cards for redeal n with the redeal stream of the same seed. */
export function redeal(seed, n, cards) {
  return shuffle(cards, new Stream(seed, redealDomain(n)));
}

// ---------------------------------------------------------------- 7. classic FreeCell

const CLASSIC_SUITS = [3, 2, 1, 0]; // the classic deck runs AC AD AH AS 2C ... KS

/** Classic FreeCell numbering: the cards in the classic generator's dealing order. */
export function classicFreecellOrder(number) {
  if (!(Number.isInteger(number) && number >= CLASSIC_MIN && number <= CLASSIC_MAX)) {
    throw new BadInput(`classic FreeCell number ${number} is out of range; accepted: ${CLASSIC_MIN}..${CLASSIC_MAX}`);
  }
  const deck = [];
  for (let i = 0; i < 52; i++) deck.push(CLASSIC_SUITS[i % 4] * 13 + Math.floor(i / 4));
  let state = number;
  const out = [];
  while (deck.length) {
    state = (state * 214013 + 2531011) % 2147483648; // < 2^53: exact in a double
    const j = Math.floor(state / 65536) % deck.length;
    const last = deck.length - 1;
    const t = deck[j];
    deck[j] = deck[last];
    deck[last] = t;
    out.push(deck.pop());
  }
  return out;
}

// ---------------------------------------------------------------- 6. codes (syntax)

const CODE_RE = /^([^-]*)-([^-]*)(?:-([^-]*))?-([A-Za-z])([^-]*)$/;
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The seed as 103 base32 characters (RFC 4648 alphabet, upper case, no padding). */
export function seedToText(seed) {
  if (seed.length !== SEED_BYTES) {
    throw new BadInput(`seed is ${seed.length} bytes; a seed is exactly ${SEED_BYTES} bytes`);
  }
  let out = '';
  let acc = 0, bits = 0;
  for (const b of seed) {
    acc = ((acc << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += B32[(acc >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(acc << (5 - bits)) & 31];
  return out;
}

/** Decode a 103-character base32 seed, any case; the unused low bits must be zero. */
export function seedFromText(text) {
  const up = text.toUpperCase();
  for (const c of up) {
    if (!B32.includes(c)) {
      throw new BadInput(`seed has the character ${pyRepr(c)}, not base32; accepted: A-Z and 2-7 (RFC 4648), no padding`);
    }
  }
  if (up.length !== SEED_CHARS) {
    throw new BadInput(`seed is ${up.length} base32 characters; accepted: exactly ${SEED_CHARS} (a ${SEED_BYTES}-byte seed)`);
  }
  const seed = new Uint8Array(SEED_BYTES);
  let acc = 0, bits = 0, k = 0;
  for (const c of up) {
    acc = ((acc << 5) | B32.indexOf(c)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      if (k < SEED_BYTES) seed[k] = (acc >>> (bits - 8)) & 255;
      k += 1;
      bits -= 8;
    }
  }
  if ((B32.indexOf(up[up.length - 1]) & 7) !== 0) {
    throw new BadInput(
      `seed's last character ${pyRepr(up[up.length - 1])} sets unused bits; accepted: a last character whose low 3 bits are 0 (A, I, Q or Y)`,
    );
  }
  return seed;
}

/** A deal number as written: ASCII digits without leading zeros (one text per number). */
export function parseNumber(text) {
  if (!/^[0-9]+$/.test(text)) {
    throw new BadInput(`deal number ${pyRepr(text)} is not a whole number; accepted: digits 0-9, e.g. 4711`);
  }
  if (text.length > 1 && text[0] === '0') {
    throw new BadInput(`deal number ${pyRepr(text)} has leading zeros; accepted: the number without them`);
  }
  if (text.length > 10) {
    throw new BadInput(
      `deal number ${text.slice(0, 12)}... (${text.length} digits) is out of range; accepted: ` +
        `${NUMBER_MIN}..${fmtInt(NUMBER_MAX)} (classic FreeCell ${CLASSIC_MIN}..${fmtInt(CLASSIC_MAX)})`,
    );
  }
  return Number(text);
}

/** Numbered deals run 1..1,000,000. */
export function checkNumber(number) {
  if (!(number >= NUMBER_MIN && number <= NUMBER_MAX)) {
    throw new BadInput(`deal number ${number} is out of range; accepted: ${NUMBER_MIN}..${fmtInt(NUMBER_MAX)}`);
  }
}

/** 1,000,000: an int with thousands separators, as Python's f"{n:,}". */
export function fmtInt(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Split a code `SOL1-<game>[-<options>]-<N|S|C><value>` into its parts (engine/deal.py's
 * split_code): {game, options: [[name, value], ...] as written, kind, value: number | Uint8Array}.
 * `games` is the list of game ids; `classicGame` the one dealt by classic numbers.
 */
export function splitCode(text, games, classicGame) {
  if (typeof text !== 'string') throw new BadInput(`a deal code is text, got ${text === null ? 'null' : typeof text}`);
  text = text.trim();
  const m = CODE_RE.exec(text);
  if (!m) {
    throw new BadInput(
      `malformed deal code ${pyRepr(text)}; accepted: SOL1-<game>-<name=value;...>-N<number>|S<103 base32 chars>|C<number>`,
    );
  }
  const [, prefix, gameText, optionsText, kindText, value] = m;
  if (prefix.toUpperCase() !== CODE_PREFIX) {
    throw new BadInput(`deal code ${pyRepr(text)} has rules version ${pyRepr(prefix)}; accepted: ${CODE_PREFIX}`);
  }
  const game = gameText.toLowerCase();
  if (!games.includes(game)) throw new BadInput(`unknown game ${pyRepr(game)}; accepted: ${games.join(', ')}`);
  const options = [];
  for (const part of (optionsText || '').split(';')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const val = eq < 0 ? '' : part.slice(eq + 1);
    if (eq < 0 || !name || !val) {
      throw new BadInput(`malformed option ${pyRepr(part)} in deal code; accepted: name=value pairs joined by ';'`);
    }
    options.push([name.toLowerCase(), val.toLowerCase()]);
  }
  const kind = kindText.toUpperCase();
  if (kind === 'S') return { game, options, kind, value: seedFromText(value) };
  if (kind !== 'N' && kind !== 'C') {
    throw new BadInput(`unknown deal kind ${pyRepr(kindText)} in deal code; accepted: N<number>, S<seed>, C<number>`);
  }
  const number = parseNumber(value);
  if (kind === 'C') {
    if (game !== classicGame) {
      throw new BadInput(
        `classic numbering (C) is for ${classicGame} only, not ${pyRepr(game)}; accepted: N<number> or S<seed>`,
      );
    }
    if (!(number >= CLASSIC_MIN && number <= CLASSIC_MAX)) {
      throw new BadInput(`classic FreeCell number ${number} is out of range; accepted: ${CLASSIC_MIN}..${CLASSIC_MAX}`);
    }
  } else {
    checkNumber(number);
  }
  return { game, options, kind, value: number };
}

// ---------------------------------------------------------------- printing

/** `7D`, `10S` (or `TS` with ten='T', as classic FreeCell deals print). */
export function cardName(card, ten = '10') {
  const rank = RANKS[card % 13];
  return (rank === '10' ? ten : rank) + SUITS[Math.floor(card / 13)];
}

/** Cards as the spec prints them: names separated by one space. */
export function orderText(order, ten = '10') {
  return order.map((c) => cardName(c, ten)).join(' ');
}

/** Hex text of bytes. */
export function toHex(bytes) {
  let s = '';
  for (const b of bytes) s += (b < 16 ? '0' : '') + b.toString(16);
  return s;
}

/** Bytes of hex text. */
export function fromHex(text) {
  if (!/^([0-9a-fA-F]{2})*$/.test(text)) throw new BadInput(`not hex text: ${pyRepr(text.slice(0, 40))}`);
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}
