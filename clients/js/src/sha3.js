// SHA3-384 (FIPS 202) in 32-bit halves: WebCrypto has no SHA-3, and seed 002's fair draws hash
// with it. Keccak-f[1600] with each 64-bit lane as (low, high) 32-bit words; round constants and
// rotation offsets are computed from their definitions (the LFSR and the (x, y) walk), not copied.
// Checked on the FIPS 202 examples and against Python's hashlib (clients/js/test/sha.test.js).

const RC = new Int32Array(48); // round t: [low, high]
(() => {
  let r = 1;
  for (let t = 0; t < 24; t++) {
    let lo = 0, hi = 0;
    for (let j = 0; j < 7; j++) {
      r = ((r << 1) ^ ((r >> 7) * 0x71)) & 255;
      if (r & 2) {
        const bit = (1 << j) - 1;
        if (bit < 32) lo ^= 1 << bit;
        else hi ^= 1 << (bit - 32);
      }
    }
    RC[2 * t] = lo;
    RC[2 * t + 1] = hi;
  }
})();

// ROT[x + 5y]: the rho offsets; PI[x + 5y]: where pi moves lane (x, y): (y, 2x + 3y).
const ROT = new Int32Array(25);
const PI = new Int32Array(25);
(() => {
  let x = 1, y = 0;
  for (let t = 0; t < 24; t++) {
    ROT[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  for (let i = 0; i < 25; i++) {
    const px = i % 5, py = Math.floor(i / 5);
    PI[i] = py + 5 * ((2 * px + 3 * py) % 5);
  }
})();

/** Keccak-f[1600] on s (50 int32: lane i is s[2i] low, s[2i+1] high). */
export function keccakF(s) {
  const c = new Int32Array(10);
  const b = new Int32Array(50);
  for (let round = 0; round < 24; round++) {
    for (let x = 0; x < 5; x++) {
      c[2 * x] = s[2 * x] ^ s[2 * x + 10] ^ s[2 * x + 20] ^ s[2 * x + 30] ^ s[2 * x + 40];
      c[2 * x + 1] = s[2 * x + 1] ^ s[2 * x + 11] ^ s[2 * x + 21] ^ s[2 * x + 31] ^ s[2 * x + 41];
    }
    for (let x = 0; x < 5; x++) {
      const l1 = c[2 * ((x + 1) % 5)], h1 = c[2 * ((x + 1) % 5) + 1];
      const dl = c[2 * ((x + 4) % 5)] ^ ((l1 << 1) | (h1 >>> 31));
      const dh = c[2 * ((x + 4) % 5) + 1] ^ ((h1 << 1) | (l1 >>> 31));
      for (let y = 0; y < 25; y += 5) {
        s[2 * (x + y)] ^= dl;
        s[2 * (x + y) + 1] ^= dh;
      }
    }
    for (let i = 0; i < 25; i++) {
      const lo = s[2 * i], hi = s[2 * i + 1], n = ROT[i], to = PI[i];
      let rl, rh;
      if (n === 0) { rl = lo; rh = hi; }
      else if (n < 32) { rl = (lo << n) | (hi >>> (32 - n)); rh = (hi << n) | (lo >>> (32 - n)); }
      else if (n === 32) { rl = hi; rh = lo; }
      else { const m = n - 32; rl = (hi << m) | (lo >>> (32 - m)); rh = (lo << m) | (hi >>> (32 - m)); }
      b[2 * to] = rl;
      b[2 * to + 1] = rh;
    }
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const i = 2 * (x + y), j = 2 * (((x + 1) % 5) + y), k = 2 * (((x + 2) % 5) + y);
        s[i] = b[i] ^ (~b[j] & b[k]);
        s[i + 1] = b[i + 1] ^ (~b[j + 1] & b[k + 1]);
      }
    }
    s[0] ^= RC[2 * round];
    s[1] ^= RC[2 * round + 1];
  }
}

/** A SHA-3 digest: rate in bytes, output length in bytes. */
function sha3(msg, rate, outLen) {
  const s = new Int32Array(50);
  const padded = new Uint8Array((Math.floor(msg.length / rate) + 1) * rate);
  padded.set(msg);
  padded[msg.length] ^= 0x06;
  padded[padded.length - 1] ^= 0x80;
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate; i += 4) {
      s[i >> 2] ^= padded[off + i] | (padded[off + i + 1] << 8) | (padded[off + i + 2] << 16) | (padded[off + i + 3] << 24);
    }
    keccakF(s);
  }
  const out = new Uint8Array(outLen);
  for (let i = 0; i < outLen; i++) out[i] = (s[i >> 2] >>> (8 * (i & 3))) & 255;
  return out;
}

/** SHA3-384 of a message: the 48-byte digest. */
export function sha3_384(msg) {
  return sha3(msg, 104, 48);
}

/** SHA3-256 of a message (the same sponge; for tests against more FIPS 202 values). */
export function sha3_256(msg) {
  return sha3(msg, 136, 32);
}
