// Provably fair draws (seed 002), bit-exact with engine/fair.py and `dealpool fair`:
//
//   inputs  = server_seed, client_seed_1, ...     each as UTF-8 bytes, concatenated
//   digest  = SHA3-384(inputs ++ k as 4-byte big-endian)
//   block   = AES-256-CTR(key=digest[0:32], counter=digest[32:48]) keystream, first 16 bytes
//   acc     = XOR of the block's four little-endian uint32
//   r[k]    = 0.5 + int32(acc) / 0xFFFFFFFF
//
// SHA3-384 is the kit's own (src/sha3.js); AES-256 comes from WebCrypto, so these calls are async.
// The shoe is the published Fisher-Yates over 416 positions with trunc(r * (i + 1)); where dealpool
// picks an index itself (a committed sample, a player's draw) it uses `below`: the same words with
// rejection, exactly uniform.

import { BadInput } from './errors.js';
import { sha3_384 } from './sha3.js';
import { getSubtle, sha256Hex } from './webcrypto.js';

export const SCHEME = 'dealpool-fair/1';
export const DIVISOR = 0xffffffff;
const SHOE_RANKS = ['A', 'K', 'Q', 'J', '10', '9', '8', '7', '6', '5', '4', '3', '2'];
/** Our reading of the seed's fresh shoe "AC,KC,QC,…": 8 decks of C, D, H, S, each A K Q J 10 .. 2. */
export const FRESH_SHOE = Object.freeze(
  Array.from({ length: 8 }, () => [...'CDHS'].flatMap((s) => SHOE_RANKS.map((r) => r + s))).flat(),
);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const utf8 = new TextEncoder();

/** The scheme's input: the seeds (server seed first) as UTF-8, concatenated; an empty seed or one
 * that is not valid text is BadInput (it would hide in the mix). */
export function seedBytes(seeds, what = 'seed') {
  if (!Array.isArray(seeds) || !seeds.length) throw new BadInput(`no ${what}s given; give at least the server seed`);
  const parts = seeds.map((s, i) => {
    const label = what === 'seed' ? (i === 0 ? 'server seed' : `client seed ${i}`) : `${what} ${i + 1}`;
    if (typeof s !== 'string' || !s) throw new BadInput(`${label} is empty; a seed is any non-empty UTF-8 text`);
    if (LONE_SURROGATE.test(s)) throw new BadInput(`${label} is not valid UTF-8 text; a seed is any non-empty UTF-8 text`);
    return utf8.encode(s);
  });
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let k = 0;
  for (const p of parts) { out.set(p, k); k += p.length; }
  return out;
}

/** SHA-256 of the server seed's UTF-8 bytes, hex: what the operator publishes before play. */
export async function commitment(serverSeed) {
  return sha256Hex(seedBytes([serverSeed], 'server seed'));
}

/** BadInput unless the revealed seed hashes to the published commitment. */
export async function checkCommitment(serverSeed, published) {
  const got = await commitment(serverSeed);
  if (got !== String(published).trim().toLowerCase()) {
    throw new BadInput(`the revealed server seed hashes to ${got}, not to the commitment ${published}`);
  }
}

/** The 32-bit words acc of draws k = 0, 1, ... of one input (AES keys cached per k). */
export class Words {
  constructor(inputs) {
    this.inputs = inputs;
  }

  /** acc of draw k (0 <= k < 2^32). */
  async word(k) {
    const msg = new Uint8Array(this.inputs.length + 4);
    msg.set(this.inputs);
    const n = this.inputs.length;
    msg[n] = (k >>> 24) & 255;
    msg[n + 1] = (k >>> 16) & 255;
    msg[n + 2] = (k >>> 8) & 255;
    msg[n + 3] = k & 255;
    const digest = sha3_384(msg);
    const subtle = await getSubtle();
    const key = await subtle.importKey('raw', digest.subarray(0, 32), { name: 'AES-CTR' }, false, ['encrypt']);
    const block = new Uint8Array(
      await subtle.encrypt({ name: 'AES-CTR', counter: digest.slice(32, 48), length: 128 }, key, new Uint8Array(16)),
    );
    const v = new DataView(block.buffer);
    return (v.getUint32(0, true) ^ v.getUint32(4, true) ^ v.getUint32(8, true) ^ v.getUint32(12, true)) >>> 0;
  }

  /** acc of draws 0..count-1, computed concurrently. */
  async words(count) {
    return Promise.all(Array.from({ length: count }, (_, k) => this.word(k)));
  }
}

/** r of a word: 0.5 + int32(acc) / 0xFFFFFFFF. */
export function toFloat(acc) {
  return 0.5 + (acc | 0) / DIVISOR;
}

/** r[k] of the seeds (server seed first). */
export async function draw(seeds, k) {
  return toFloat(await new Words(seedBytes(seeds)).word(k));
}

/** r[0] .. r[count-1]. */
export async function draws(seeds, count) {
  return (await new Words(seedBytes(seeds)).words(count)).map(toFloat);
}

/** The published Fisher-Yates over positions 0..n-1: for i = n-1 down to 1, j = trunc(r[k++] * (i + 1)). */
export async function shuffle(seeds, n) {
  if (!(Number.isInteger(n) && n >= 1)) throw new BadInput(`cannot shuffle ${n} positions; give at least 1`);
  const r = (await new Words(seedBytes(seeds)).words(n - 1)).map(toFloat);
  const deck = Array.from({ length: n }, (_, i) => i);
  let k = 0;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.trunc(r[k++] * (i + 1));
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck;
}

/**
 * Seed 002's 8-deck shoe from the server seed and the client seeds, as `dealpool fair shoe`:
 * {commitment, positions (fresh-shoe positions, top first), cards (our reading of the fresh order)}.
 */
export async function shoe(serverSeed, clientSeeds = []) {
  const seeds = [serverSeed, ...clientSeeds];
  seedBytes(seeds);
  const positions = await shuffle(seeds, FRESH_SHOE.length);
  return { commitment: await commitment(serverSeed), positions, cards: positions.map((p) => FRESH_SHOE[p]) };
}

const TWO32 = 4294967296;

async function belowWords(words, n, from = 0) {
  if (!(Number.isInteger(n) && n >= 1 && n <= TWO32)) throw new BadInput(`cannot draw below ${n}; accepted: 1..2^32`);
  const limit = TWO32 - (TWO32 % n);
  for (let k = from; ; k++) {
    const w = await words.word(k);
    if (w < limit) return [w % n, k + 1];
  }
}

/** One unbiased index in 0..n-1 from the seeds' draw stream (words from k = 0 on). */
export async function below(seeds, n) {
  return (await belowWords(new Words(seedBytes(seeds)), n))[0];
}

/** `count` distinct indices of 0..population-1, in draw order: the first `count` steps of the
 * published Fisher-Yates, each j drawn by the unbiased below(i + 1) (engine.fair.sample). */
export async function sample(seeds, population, count) {
  if (!(Number.isInteger(count) && count >= 1 && count <= population)) {
    throw new BadInput(`cannot sample ${count} of ${population}; accepted: 1..${population}`);
  }
  const words = new Words(seedBytes(seeds));
  const moved = new Map();
  const out = [];
  let k = 0;
  for (let i = population - 1; i > population - 1 - count; i--) {
    let j;
    [j, k] = await belowWords(words, i + 1, k);
    const vi = moved.has(i) ? moved.get(i) : i;
    const vj = moved.has(j) ? moved.get(j) : j;
    moved.set(i, vj);
    moved.set(j, vi);
    out.push(vj);
  }
  return out;
}

/** The item a client's draw selects: items[below(len(items))]. */
export async function pick(seeds, items) {
  if (!items.length) throw new BadInput('cannot draw from an empty pool; export a pool with won deals first');
  return items[await below(seeds, items.length)];
}

