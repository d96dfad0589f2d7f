// A Zstandard decompressor (RFC 8878), enough for the Parquet pages `dealpool export` writes
// (pyarrow, compression="zstd"): frames with raw, RLE and compressed blocks, Huffman literals (one or
// four streams, treeless reuse), FSE sequences (predefined, RLE, compressed, repeat). No
// dictionaries; the frame checksum is not checked (the manifest's SHA-256 covers the whole file).
//
// Why written here: the kit has no dependencies and neither Node 20's zlib nor the browser's
// DecompressionStream reads zstd, yet `verify` must compare the Parquet rows with the JSON ones.

const MAGIC = 0xfd2fb528;

class ZstdError extends Error {
  constructor(message) {
    super(`zstd: ${message}`);
    this.name = 'ZstdError';
  }
}

// ---------------------------------------------------------------- bit readers

/** `n` bits (n <= 32) of src starting at absolute bit `pos` (little-endian bit order); bits before 0 read as 0. */
function bitsAt(src, start, pos, n) {
  if (n === 0) return 0;
  if (pos < 0) {
    const keep = n + pos;
    if (keep <= 0) return 0;
    return bitsAt(src, start, 0, keep) * 2 ** -pos;
  }
  let byte = start + (pos >>> 3);
  const shift = pos & 7;
  let value = 0, mul = 1, got = 0;
  while (got < n + shift) {
    value += (src[byte++] ?? 0) * mul;
    mul *= 256;
    got += 8;
  }
  return Math.floor(value / 2 ** shift) % 2 ** n;
}

/** A backward bit stream (zstd's FSE and Huffman streams): read from the last byte toward the first. */
class BackReader {
  constructor(src, start, end) {
    if (end <= start) throw new ZstdError('empty bit stream');
    const last = src[end - 1];
    if (last === 0) throw new ZstdError('bit stream without its end mark');
    this.src = src;
    this.start = start;
    this.pos = (end - start) * 8 - (Math.clz32(last) - 24) - 1; // the end mark and the zeros above it dropped
  }

  read(n) {
    this.pos -= n;
    return bitsAt(this.src, this.start, this.pos, n);
  }

  peek(n) {
    return bitsAt(this.src, this.start, this.pos - n, n);
  }

  skip(n) {
    this.pos -= n;
  }

  /** More bits were read than the stream holds. */
  get overflow() {
    return this.pos < 0;
  }
}

// ---------------------------------------------------------------- FSE

const highBit = (x) => 31 - Math.clz32(x);

/** Read an FSE table description at src[pos]: {norm, accuracyLog, size (bytes read)}. */
function readNormalized(src, pos, maxSymbol, maxLog) {
  let bit = 0;
  const read = (n) => bitsAt(src, pos, bit, n);
  const accuracyLog = read(4) + 5;
  bit += 4;
  if (accuracyLog > maxLog) throw new ZstdError(`table accuracy ${accuracyLog} over ${maxLog}`);
  let remaining = (1 << accuracyLog) + 1;
  let threshold = 1 << accuracyLog;
  let nbBits = accuracyLog + 1;
  let symbol = 0;
  let previous0 = false;
  const norm = [];
  while (remaining > 1 && symbol <= maxSymbol) {
    if (previous0) {
      let n0 = symbol;
      while (read(16) === 0xffff) { n0 += 24; bit += 16; }
      while (read(2) === 3) { n0 += 3; bit += 2; }
      n0 += read(2);
      bit += 2;
      while (symbol < n0) norm[symbol++] = 0;
      if (symbol > maxSymbol) break;
    }
    const max = 2 * threshold - 1 - remaining;
    let count;
    const low = read(nbBits - 1);
    if (low < max) {
      count = low;
      bit += nbBits - 1;
    } else {
      count = read(nbBits);
      if (count >= threshold) count -= max;
      bit += nbBits;
    }
    count -= 1;
    remaining -= Math.abs(count);
    norm[symbol++] = count;
    previous0 = count === 0;
    while (remaining < threshold) {
      nbBits -= 1;
      threshold >>= 1;
    }
  }
  if (remaining !== 1) throw new ZstdError('corrupt FSE table description');
  return { norm, accuracyLog, size: (bit + 7) >> 3 };
}

/** The decoding table of a normalized distribution: {log, symbol[], nbBits[], base[]}. */
function buildFse(norm, log) {
  const size = 1 << log;
  const symbol = new Uint8Array(size);
  const nbBits = new Uint8Array(size);
  const base = new Uint16Array(size);
  const next = [];
  let high = size - 1;
  for (let s = 0; s < norm.length; s++) {
    if (norm[s] === -1) {
      symbol[high--] = s;
      next[s] = 1;
    } else next[s] = norm[s];
  }
  const step = (size >> 1) + (size >> 3) + 3;
  const mask = size - 1;
  let p = 0;
  for (let s = 0; s < norm.length; s++) {
    for (let i = 0; i < norm[s]; i++) {
      symbol[p] = s;
      do p = (p + step) & mask; while (p > high);
    }
  }
  if (p !== 0) throw new ZstdError('corrupt FSE distribution');
  for (let u = 0; u < size; u++) {
    const s = symbol[u];
    const state = next[s]++;
    const bits = log - highBit(state);
    nbBits[u] = bits;
    base[u] = (state << bits) - size;
  }
  return { log, symbol, nbBits, base };
}

function rleTable(s) {
  return { log: 0, symbol: Uint8Array.of(s), nbBits: Uint8Array.of(0), base: Uint16Array.of(0) };
}

// ---------------------------------------------------------------- Huffman

/** Read a Huffman tree description at src[pos]: {table: {maxBits, symbol[], nbBits[]}, size}. */
function readHuffman(src, pos) {
  const header = src[pos];
  const weights = [];
  let size;
  if (header < 128) {
    size = 1 + header;
    const { norm, accuracyLog, size: used } = readNormalized(src, pos + 1, 255, 6);
    const fse = buildFse(norm, accuracyLog);
    const r = new BackReader(src, pos + 1 + used, pos + 1 + header);
    let s1 = r.read(accuracyLog);
    let s2 = r.read(accuracyLog);
    for (;;) {
      if (weights.length > 255) throw new ZstdError('too many Huffman weights');
      weights.push(fse.symbol[s1]);
      s1 = fse.base[s1] + r.read(fse.nbBits[s1]);
      if (r.overflow) { weights.push(fse.symbol[s2]); break; }
      weights.push(fse.symbol[s2]);
      s2 = fse.base[s2] + r.read(fse.nbBits[s2]);
      if (r.overflow) { weights.push(fse.symbol[s1]); break; }
    }
  } else {
    const n = header - 127;
    size = 1 + ((n + 1) >> 1);
    for (let i = 0; i < n; i++) {
      const b = src[pos + 1 + (i >> 1)];
      weights.push(i % 2 === 0 ? b >> 4 : b & 15);
    }
  }
  let total = 0;
  for (const w of weights) if (w > 0) total += 1 << (w - 1);
  if (total === 0) throw new ZstdError('empty Huffman tree');
  const maxBits = highBit(total) + 1;
  const rest = (1 << maxBits) - total;
  if (rest & (rest - 1)) throw new ZstdError('corrupt Huffman weights');
  weights.push(highBit(rest) + 1);
  if (maxBits > 11) throw new ZstdError('Huffman codes over 11 bits');
  const counts = new Array(maxBits + 2).fill(0);
  for (const w of weights) counts[w] += 1;
  const start = new Array(maxBits + 2).fill(0);
  let next = 0;
  for (let w = 1; w <= maxBits; w++) {
    start[w] = next;
    next += counts[w] << (w - 1);
  }
  const tsize = 1 << maxBits;
  const symbol = new Uint8Array(tsize);
  const nbBits = new Uint8Array(tsize);
  weights.forEach((w, s) => {
    if (w === 0) return;
    const len = 1 << (w - 1);
    for (let i = start[w]; i < start[w] + len; i++) {
      symbol[i] = s;
      nbBits[i] = maxBits + 1 - w;
    }
    start[w] += len;
  });
  return { table: { maxBits, symbol, nbBits }, size };
}

function huffmanStream(table, src, start, end, out, at, count) {
  const r = new BackReader(src, start, end);
  for (let i = 0; i < count; i++) {
    const idx = r.peek(table.maxBits);
    out[at + i] = table.symbol[idx];
    r.skip(table.nbBits[idx]);
  }
  if (r.pos !== 0) throw new ZstdError('Huffman stream not consumed exactly');
}

// ---------------------------------------------------------------- sequences

const LL_BASE = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512,
  1024, 2048, 4096, 8192, 16384, 32768, 65536];
const LL_BITS = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
const ML_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32,
  33, 34, 35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771, 65539];
const ML_BITS = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2,
  3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
const LL_DEFAULT = buildFse([4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1], 6);
const ML_DEFAULT = buildFse([1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1], 6);
const OF_DEFAULT = buildFse([1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1], 5);

/** Growable output buffer. */
class Out {
  constructor(hint) {
    this.buf = new Uint8Array(Math.max(hint, 1024));
    this.len = 0;
  }

  room(n) {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const b = new Uint8Array(size);
    b.set(this.buf.subarray(0, this.len));
    this.buf = b;
  }

  push(bytes, from, to) {
    this.room(to - from);
    this.buf.set(bytes.subarray(from, to), this.len);
    this.len += to - from;
  }

  match(offset, length, frameStart) {
    if (offset > this.len - frameStart || offset <= 0) throw new ZstdError('match offset before the frame');
    this.room(length);
    const b = this.buf;
    let from = this.len - offset;
    for (let i = 0; i < length; i++) b[this.len++] = b[from++];
  }
}

/** The frame's state carried from block to block. */
function newFrameState() {
  return { huffman: null, ll: null, of: null, ml: null, rep: [1, 4, 8] };
}

function literalsSection(src, pos, st) {
  const b0 = src[pos];
  const type = b0 & 3;
  const format = (b0 >> 2) & 3;
  if (type === 0 || type === 1) {
    let regen, header;
    if (format === 0 || format === 2) { regen = b0 >> 3; header = 1; }
    else if (format === 1) { regen = (b0 >> 4) + (src[pos + 1] << 4); header = 2; }
    else { regen = (b0 >> 4) + (src[pos + 1] << 4) + (src[pos + 2] << 12); header = 3; }
    if (type === 0) return { literals: src.subarray(pos + header, pos + header + regen), size: header + regen };
    return { literals: new Uint8Array(regen).fill(src[pos + header]), size: header + 1 };
  }
  let regen, comp, header, streams;
  if (format <= 1) {
    const c = b0 | (src[pos + 1] << 8) | (src[pos + 2] << 16);
    regen = (c >> 4) & 0x3ff;
    comp = (c >> 14) & 0x3ff;
    header = 3;
    streams = format === 0 ? 1 : 4;
  } else if (format === 2) {
    const c = (b0 | (src[pos + 1] << 8) | (src[pos + 2] << 16) | (src[pos + 3] << 24)) >>> 0;
    regen = (c >>> 4) & 0x3fff;
    comp = (c >>> 18) & 0x3fff;
    header = 4;
    streams = 4;
  } else {
    regen = (b0 >> 4) | (src[pos + 1] << 4) | ((src[pos + 2] & 0x3f) << 12);
    comp = (src[pos + 2] >> 6) | (src[pos + 3] << 2) | (src[pos + 4] << 10);
    header = 5;
    streams = 4;
  }
  let at = pos + header;
  const end = at + comp;
  if (type === 2) {
    const h = readHuffman(src, at);
    st.huffman = h.table;
    at += h.size;
  } else if (!st.huffman) throw new ZstdError('treeless literals with no earlier tree');
  const literals = new Uint8Array(regen);
  if (streams === 1) huffmanStream(st.huffman, src, at, end, literals, 0, regen);
  else {
    const s1 = src[at] | (src[at + 1] << 8), s2 = src[at + 2] | (src[at + 3] << 8), s3 = src[at + 4] | (src[at + 5] << 8);
    const each = (regen + 3) >> 2;
    let p = at + 6;
    const sizes = [s1, s2, s3, end - at - 6 - s1 - s2 - s3];
    for (let k = 0; k < 4; k++) {
      const n = k < 3 ? each : regen - 3 * each;
      huffmanStream(st.huffman, src, p, p + sizes[k], literals, k * each, n);
      p += sizes[k];
    }
  }
  return { literals, size: end - pos };
}

function sequenceTable(src, pos, mode, dflt, maxSymbol, maxLog, previous) {
  if (mode === 0) return { table: dflt, size: 0 };
  if (mode === 1) return { table: rleTable(src[pos]), size: 1 };
  if (mode === 2) {
    const { norm, accuracyLog, size } = readNormalized(src, pos, maxSymbol, maxLog);
    return { table: buildFse(norm, accuracyLog), size };
  }
  if (!previous) throw new ZstdError('repeated sequence table with no earlier one');
  return { table: previous, size: 0 };
}

function compressedBlock(src, pos, end, out, st, frameStart) {
  const lit = literalsSection(src, pos, st);
  const literals = lit.literals;
  pos += lit.size;
  let nseq = src[pos++];
  if (nseq >= 128) {
    if (nseq < 255) nseq = ((nseq - 128) << 8) + src[pos++];
    else { nseq = src[pos] + (src[pos + 1] << 8) + 0x7f00; pos += 2; }
  }
  let litPos = 0;
  if (nseq > 0) {
    const modes = src[pos++];
    let t = sequenceTable(src, pos, modes >> 6, LL_DEFAULT, 35, 9, st.ll);
    st.ll = t.table; pos += t.size;
    t = sequenceTable(src, pos, (modes >> 4) & 3, OF_DEFAULT, 31, 8, st.of);
    st.of = t.table; pos += t.size;
    t = sequenceTable(src, pos, (modes >> 2) & 3, ML_DEFAULT, 52, 9, st.ml);
    st.ml = t.table; pos += t.size;
    const { ll, of, ml, rep } = st;
    const r = new BackReader(src, pos, end);
    let sl = r.read(ll.log), so = r.read(of.log), sm = r.read(ml.log);
    for (let i = 0; i < nseq; i++) {
      const ofCode = of.symbol[so], llCode = ll.symbol[sl], mlCode = ml.symbol[sm];
      if (ofCode > 31 || llCode > 35 || mlCode > 52) throw new ZstdError('bad sequence code');
      let offValue = 2 ** ofCode + r.read(ofCode);
      const matchLen = ML_BASE[mlCode] + r.read(ML_BITS[mlCode]);
      const litLen = LL_BASE[llCode] + r.read(LL_BITS[llCode]);
      let offset;
      if (offValue > 3) {
        offset = offValue - 3;
        rep[2] = rep[1]; rep[1] = rep[0]; rep[0] = offset;
      } else {
        if (litLen === 0) offValue += 1;
        if (offValue === 1) offset = rep[0];
        else if (offValue === 2) { offset = rep[1]; rep[1] = rep[0]; rep[0] = offset; }
        else if (offValue === 3) { offset = rep[2]; rep[2] = rep[1]; rep[1] = rep[0]; rep[0] = offset; }
        else { offset = rep[0] - 1; rep[2] = rep[1]; rep[1] = rep[0]; rep[0] = offset; }
      }
      if (litPos + litLen > literals.length) throw new ZstdError('literals overrun');
      out.push(literals, litPos, litPos + litLen);
      litPos += litLen;
      out.match(offset, matchLen, frameStart);
      if (i < nseq - 1) {
        sl = ll.base[sl] + r.read(ll.nbBits[sl]);
        sm = ml.base[sm] + r.read(ml.nbBits[sm]);
        so = of.base[so] + r.read(of.nbBits[so]);
      }
    }
    if (r.pos !== 0) throw new ZstdError('sequence stream not consumed exactly');
  }
  out.push(literals, litPos, literals.length);
}

/** Decompress every frame of `src` (skippable frames skipped). */
export function zstdDecompress(src, sizeHint = 0) {
  const out = new Out(sizeHint || src.length * 4);
  let pos = 0;
  while (pos < src.length) {
    if (pos + 4 > src.length) throw new ZstdError('truncated frame');
    const magic = (src[pos] | (src[pos + 1] << 8) | (src[pos + 2] << 16) | (src[pos + 3] << 24)) >>> 0;
    pos += 4;
    if ((magic & 0xfffffff0) >>> 0 === 0x184d2a50) {
      const n = (src[pos] | (src[pos + 1] << 8) | (src[pos + 2] << 16) | (src[pos + 3] << 24)) >>> 0;
      pos += 4 + n;
      continue;
    }
    if (magic !== MAGIC) throw new ZstdError('not a zstd frame');
    const fhd = src[pos++];
    const fcsFlag = fhd >> 6;
    const single = (fhd >> 5) & 1;
    const checksum = (fhd >> 2) & 1;
    const dictFlag = fhd & 3;
    if ((fhd >> 3) & 1) throw new ZstdError('reserved bit set');
    if (!single) pos += 1; // window descriptor: the whole output is kept, so the window needs no size
    const dictBytes = [0, 1, 2, 4][dictFlag];
    let dictId = 0;
    for (let i = 0; i < dictBytes; i++) dictId += src[pos + i] * 256 ** i;
    if (dictId !== 0) throw new ZstdError('frames with a dictionary are not supported');
    pos += dictBytes;
    pos += [single ? 1 : 0, 2, 4, 8][fcsFlag];
    const st = newFrameState();
    const frameStart = out.len;
    for (;;) {
      if (pos + 3 > src.length) throw new ZstdError('truncated block');
      const bh = src[pos] | (src[pos + 1] << 8) | (src[pos + 2] << 16);
      pos += 3;
      const last = bh & 1;
      const type = (bh >> 1) & 3;
      const size = bh >>> 3;
      if (type === 0) {
        if (pos + size > src.length) throw new ZstdError('truncated raw block');
        out.push(src, pos, pos + size);
        pos += size;
      } else if (type === 1) {
        out.room(size);
        out.buf.fill(src[pos], out.len, out.len + size);
        out.len += size;
        pos += 1;
      } else if (type === 2) {
        if (pos + size > src.length) throw new ZstdError('truncated compressed block');
        compressedBlock(src, pos, pos + size, out, st, frameStart);
        pos += size;
      } else throw new ZstdError('reserved block type');
      if (last) break;
    }
    if (checksum) pos += 4;
  }
  return out.buf.slice(0, out.len);
}
