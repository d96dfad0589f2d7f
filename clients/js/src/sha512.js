// SHA-512 (FIPS 180-4) in 32-bit halves: no BigInt, so dealing stays fast in every engine.
//
// Why written here and not WebCrypto: crypto.subtle.digest is async and costs a promise per block,
// and a deal needs about ten blocks; the published method (seed 000) is SHA-512 throughout, so the
// kit deals synchronously with this one function. Checked on the FIPS 180-4 examples and on seed
// 000's test values (clients/js/test/sha.test.js).

/** The 80 round constants, each as (high 32 bits, low 32 bits). */
const K = new Int32Array([
  0x428a2f98, 0xd728ae22, 0x71374491, 0x23ef65cd, 0xb5c0fbcf, 0xec4d3b2f, 0xe9b5dba5, 0x8189dbbc,
  0x3956c25b, 0xf348b538, 0x59f111f1, 0xb605d019, 0x923f82a4, 0xaf194f9b, 0xab1c5ed5, 0xda6d8118,
  0xd807aa98, 0xa3030242, 0x12835b01, 0x45706fbe, 0x243185be, 0x4ee4b28c, 0x550c7dc3, 0xd5ffb4e2,
  0x72be5d74, 0xf27b896f, 0x80deb1fe, 0x3b1696b1, 0x9bdc06a7, 0x25c71235, 0xc19bf174, 0xcf692694,
  0xe49b69c1, 0x9ef14ad2, 0xefbe4786, 0x384f25e3, 0x0fc19dc6, 0x8b8cd5b5, 0x240ca1cc, 0x77ac9c65,
  0x2de92c6f, 0x592b0275, 0x4a7484aa, 0x6ea6e483, 0x5cb0a9dc, 0xbd41fbd4, 0x76f988da, 0x831153b5,
  0x983e5152, 0xee66dfab, 0xa831c66d, 0x2db43210, 0xb00327c8, 0x98fb213f, 0xbf597fc7, 0xbeef0ee4,
  0xc6e00bf3, 0x3da88fc2, 0xd5a79147, 0x930aa725, 0x06ca6351, 0xe003826f, 0x14292967, 0x0a0e6e70,
  0x27b70a85, 0x46d22ffc, 0x2e1b2138, 0x5c26c926, 0x4d2c6dfc, 0x5ac42aed, 0x53380d13, 0x9d95b3df,
  0x650a7354, 0x8baf63de, 0x766a0abb, 0x3c77b2a8, 0x81c2c92e, 0x47edaee6, 0x92722c85, 0x1482353b,
  0xa2bfe8a1, 0x4cf10364, 0xa81a664b, 0xbc423001, 0xc24b8b70, 0xd0f89791, 0xc76c51a3, 0x0654be30,
  0xd192e819, 0xd6ef5218, 0xd6990624, 0x5565a910, 0xf40e3585, 0x5771202a, 0x106aa070, 0x32bbd1b8,
  0x19a4c116, 0xb8d2d0c8, 0x1e376c08, 0x5141ab53, 0x2748774c, 0xdf8eeb99, 0x34b0bcb5, 0xe19b48a8,
  0x391c0cb3, 0xc5c95a63, 0x4ed8aa4a, 0xe3418acb, 0x5b9cca4f, 0x7763e373, 0x682e6ff3, 0xd6b2b8a3,
  0x748f82ee, 0x5defb2fc, 0x78a5636f, 0x43172f60, 0x84c87814, 0xa1f0ab72, 0x8cc70208, 0x1a6439ec,
  0x90befffa, 0x23631e28, 0xa4506ceb, 0xde82bde9, 0xbef9a3f7, 0xb2c67915, 0xc67178f2, 0xe372532b,
  0xca273ece, 0xea26619c, 0xd186b8c7, 0x21c0c207, 0xeada7dd6, 0xcde0eb1e, 0xf57d4f7f, 0xee6ed178,
  0x06f067aa, 0x72176fba, 0x0a637dc5, 0xa2c898a6, 0x113f9804, 0xbef90dae, 0x1b710b35, 0x131c471b,
  0x28db77f5, 0x23047d84, 0x32caab7b, 0x40c72493, 0x3c9ebe0a, 0x15c9bebc, 0x431d67c4, 0x9c100d4c,
  0x4cc5d4be, 0xcb3e42b6, 0x597f299c, 0xfc657e2a, 0x5fcb6fab, 0x3ad6faec, 0x6c44198c, 0x4a475817,
]);
/** The initial hash value H(0). */
const IV = new Int32Array([0x6a09e667, 0xf3bcc908, 0xbb67ae85, 0x84caa73b, 0x3c6ef372, 0xfe94f82b, 0xa54ff53a, 0x5f1d36f1, 0x510e527f, 0xade682d1, 0x9b05688c, 0x2b3e6c1f, 0x1f83d9ab, 0xfb41bd6b, 0x5be0cd19, 0x137e2179]);

/**
 * One compression of a 128-byte block at bytes[off..off+128) into h (16 int32: hi, lo of H0..H7).
 * w is scratch of 160 int32.
 */
export function compress(h, w, bytes, off) {
  for (let i = 0; i < 32; i++) {
    const o = off + 4 * i;
    w[i] = (bytes[o] << 24) | (bytes[o + 1] << 16) | (bytes[o + 2] << 8) | bytes[o + 3];
  }
  for (let i = 32; i < 160; i += 2) {
    // sigma0(w[t-15]) = rotr1 ^ rotr8 ^ shr7 ; sigma1(w[t-2]) = rotr19 ^ rotr61 ^ shr6
    let xh = w[i - 30], xl = w[i - 29];
    const s0h = ((xh >>> 1) | (xl << 31)) ^ ((xh >>> 8) | (xl << 24)) ^ (xh >>> 7);
    const s0l = ((xl >>> 1) | (xh << 31)) ^ ((xl >>> 8) | (xh << 24)) ^ ((xl >>> 7) | (xh << 25));
    xh = w[i - 4]; xl = w[i - 3];
    const s1h = ((xh >>> 19) | (xl << 13)) ^ ((xl >>> 29) | (xh << 3)) ^ (xh >>> 6);
    const s1l = ((xl >>> 19) | (xh << 13)) ^ ((xh >>> 29) | (xl << 3)) ^ ((xl >>> 6) | (xh << 26));
    const l = (s0l >>> 0) + (s1l >>> 0) + (w[i - 13] >>> 0) + (w[i - 31] >>> 0);
    w[i] = (s0h + s1h + w[i - 14] + w[i - 32] + ((l / 4294967296) | 0)) | 0;
    w[i + 1] = l | 0;
  }
  let ah = h[0], al = h[1], bh = h[2], bl = h[3], ch = h[4], cl = h[5], dh = h[6], dl = h[7];
  let eh = h[8], el = h[9], fh = h[10], fl = h[11], gh = h[12], gl = h[13], hh = h[14], hl = h[15];
  for (let i = 0; i < 160; i += 2) {
    // Sigma1(e) = rotr14 ^ rotr18 ^ rotr41
    const S1h = ((eh >>> 14) | (el << 18)) ^ ((eh >>> 18) | (el << 14)) ^ ((el >>> 9) | (eh << 23));
    const S1l = ((el >>> 14) | (eh << 18)) ^ ((el >>> 18) | (eh << 14)) ^ ((eh >>> 9) | (el << 23));
    const chh = (eh & fh) ^ (~eh & gh);
    const chl = (el & fl) ^ (~el & gl);
    const t1l = (hl >>> 0) + (S1l >>> 0) + (chl >>> 0) + (K[i + 1] >>> 0) + (w[i + 1] >>> 0);
    const t1h = (hh + S1h + chh + K[i] + w[i] + ((t1l / 4294967296) | 0)) | 0;
    // Sigma0(a) = rotr28 ^ rotr34 ^ rotr39
    const S0h = ((ah >>> 28) | (al << 4)) ^ ((al >>> 2) | (ah << 30)) ^ ((al >>> 7) | (ah << 25));
    const S0l = ((al >>> 28) | (ah << 4)) ^ ((ah >>> 2) | (al << 30)) ^ ((ah >>> 7) | (al << 25));
    const mjh = (ah & bh) ^ (ah & ch) ^ (bh & ch);
    const mjl = (al & bl) ^ (al & cl) ^ (bl & cl);
    const t2l = (S0l >>> 0) + (mjl >>> 0);
    const t2h = S0h + mjh + ((t2l / 4294967296) | 0);
    hh = gh; hl = gl; gh = fh; gl = fl; fh = eh; fl = el;
    let l = (dl >>> 0) + (t1l >>> 0);
    eh = (dh + t1h + ((l / 4294967296) | 0)) | 0; el = l | 0;
    dh = ch; dl = cl; ch = bh; cl = bl; bh = ah; bl = al;
    l = (t1l >>> 0) + (t2l >>> 0);
    ah = (t1h + t2h + ((l / 4294967296) | 0)) | 0; al = l | 0;
  }
  add(h, 0, ah, al); add(h, 2, bh, bl); add(h, 4, ch, cl); add(h, 6, dh, dl);
  add(h, 8, eh, el); add(h, 10, fh, fl); add(h, 12, gh, gl); add(h, 14, hh, hl);
}

function add(h, i, xh, xl) {
  const l = (h[i + 1] >>> 0) + (xl >>> 0);
  h[i] = (h[i] + xh + ((l / 4294967296) | 0)) | 0;
  h[i + 1] = l | 0;
}

/** Write the 64-byte digest of h into out[off..off+64). */
export function digestInto(h, out, off = 0) {
  for (let i = 0; i < 16; i++) {
    const v = h[i];
    out[off + 4 * i] = v >>> 24;
    out[off + 4 * i + 1] = (v >>> 16) & 255;
    out[off + 4 * i + 2] = (v >>> 8) & 255;
    out[off + 4 * i + 3] = v & 255;
  }
  return out;
}

/** Reset h to the initial hash value. */
export function init(h) {
  h.set(IV);
  return h;
}

/**
 * SHA-512 of a message in one call.
 * @param {Uint8Array} msg
 * @returns {Uint8Array} the 64-byte digest
 */
export function sha512(msg) {
  const n = msg.length;
  const blocks = Math.floor((n + 17 + 127) / 128);
  const buf = new Uint8Array(blocks * 128);
  buf.set(msg);
  buf[n] = 0x80;
  // the length in bits, 128 bits big-endian (messages here are far below 2^53 bits)
  const bits = n * 8;
  const end = buf.length;
  buf[end - 1] = bits & 255;
  buf[end - 2] = (bits >>> 8) & 255;
  buf[end - 3] = (bits >>> 16) & 255;
  buf[end - 4] = (bits >>> 24) & 255;
  const hi = Math.floor(bits / 4294967296);
  buf[end - 5] = hi & 255;
  buf[end - 6] = (hi >>> 8) & 255;
  buf[end - 7] = (hi >>> 16) & 255;
  buf[end - 8] = (hi >>> 24) & 255;
  const h = init(new Int32Array(16));
  const w = new Int32Array(160);
  for (let off = 0; off < end; off += 128) compress(h, w, buf, off);
  return digestInto(h, new Uint8Array(64));
}
