// A small Parquet reader for the pool files `dealpool export` writes (pyarrow): the footer (Thrift
// compact protocol), its key/value metadata and schema, and the rows of flat columns of strings and
// int64 and of list<string> columns, PLAIN or dictionary encoded, in data pages v1 or v2,
// uncompressed or zstd. Anything else is refused with an error naming it (never a wrong value).
//
// Why: `dealpool verify` compares every board's Parquet rows with its JSON rows and reads the
// board and versions from the Parquet metadata; the kit checks the same with no dependency.

import { zstdDecompress } from './zstd.js';

export class ParquetError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ParquetError';
  }
}

// ---------------------------------------------------------------- Thrift compact protocol

class Thrift {
  constructor(buf, pos = 0) {
    this.buf = buf;
    this.pos = pos;
  }

  byte() {
    if (this.pos >= this.buf.length) throw new ParquetError('truncated Thrift data');
    return this.buf[this.pos++];
  }

  varint() {
    let result = 0, mul = 1;
    for (let i = 0; i < 10; i++) {
      const b = this.byte();
      result += (b & 0x7f) * mul;
      if (!(b & 0x80)) return result;
      mul *= 128;
    }
    throw new ParquetError('bad varint');
  }

  zigzag() {
    const v = this.varint();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }

  binary() {
    const n = this.varint();
    if (this.pos + n > this.buf.length) throw new ParquetError('truncated Thrift binary');
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  value(type, depth) {
    if (depth > 64) throw new ParquetError('Thrift data nested too deeply');
    switch (type) {
      case 1: return true;
      case 2: return false;
      case 3: { const b = this.byte(); return b > 127 ? b - 256 : b; }
      case 4: case 5: case 6: return this.zigzag();
      case 7: { const v = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, 8).getFloat64(0, true); this.pos += 8; return v; }
      case 8: return this.binary();
      case 9: case 10: {
        const h = this.byte();
        let n = h >> 4;
        const et = h & 15;
        if (n === 15) n = this.varint();
        const out = [];
        for (let i = 0; i < n; i++) out.push(et === 1 || et === 2 ? this.byte() === 1 : this.value(et, depth + 1));
        return out;
      }
      case 11: {
        const n = this.varint();
        const out = new Map();
        if (n) {
          const kv = this.byte();
          for (let i = 0; i < n; i++) out.set(this.value(kv >> 4, depth + 1), this.value(kv & 15, depth + 1));
        }
        return out;
      }
      case 12: return this.struct(depth + 1);
      default: throw new ParquetError(`unknown Thrift type ${type}`);
    }
  }

  /** A struct as {fieldId: value}. */
  struct(depth = 0) {
    const out = {};
    let id = 0;
    for (;;) {
      const h = this.byte();
      if (h === 0) return out;
      const type = h & 15;
      const delta = h >> 4;
      id = delta ? id + delta : this.zigzag();
      out[id] = this.value(type, depth);
    }
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const text = (b) => (b instanceof Uint8Array ? utf8.decode(b) : b);

// ---------------------------------------------------------------- file metadata

const TYPES = ['BOOLEAN', 'INT32', 'INT64', 'INT96', 'FLOAT', 'DOUBLE', 'BYTE_ARRAY', 'FIXED_LEN_BYTE_ARRAY'];
const REPETITION = ['REQUIRED', 'OPTIONAL', 'REPEATED'];

/** The footer of a Parquet file: {schema, numRows, rowGroups, metadata: {key: value}}. */
export function readFooter(buf) {
  const magic = (at) => buf[at] === 0x50 && buf[at + 1] === 0x41 && buf[at + 2] === 0x52 && buf[at + 3] === 0x31;
  if (buf.length < 12 || !magic(0) || !magic(buf.length - 4)) throw new ParquetError('not a Parquet file (no PAR1 marks)');
  const n = new DataView(buf.buffer, buf.byteOffset + buf.length - 8, 4).getUint32(0, true);
  if (n + 12 > buf.length) throw new ParquetError('footer length past the file');
  const meta = new Thrift(buf.subarray(buf.length - 8 - n, buf.length - 8)).struct();
  const elements = (meta[2] || []).map((e) => ({
    type: e[1] === undefined ? null : TYPES[e[1]],
    repetition: e[3] === undefined ? 'REQUIRED' : REPETITION[e[3]],
    name: text(e[4]),
    children: e[5] || 0,
    converted: e[6] ?? null,
    logical: e[10] ? Number(Object.keys(e[10])[0]) : null,
  }));
  let k = 0;
  const build = () => {
    const e = elements[k++];
    if (!e) throw new ParquetError('schema ends early');
    const node = { ...e, maxDef: 0, maxRep: 0, path: [], kids: [] };
    for (let i = 0; i < e.children; i++) node.kids.push(build());
    return node;
  };
  const root = build();
  const levels = (node, def, rep, path) => {
    node.kids.forEach((kid) => {
      kid.maxDef = def + (kid.repetition === 'REQUIRED' ? 0 : 1);
      kid.maxRep = rep + (kid.repetition === 'REPEATED' ? 1 : 0);
      kid.path = [...path, kid.name];
      levels(kid, kid.maxDef, kid.maxRep, kid.path);
    });
  };
  levels(root, 0, 0, []); // the root's own repetition does not count
  const metadata = {};
  for (const kv of meta[5] || []) metadata[text(kv[1])] = kv[2] === undefined ? null : text(kv[2]);
  const rowGroups = (meta[4] || []).map((rg) => ({
    numRows: rg[3],
    columns: (rg[1] || []).map((cc) => {
      const md = cc[3];
      if (!md) throw new ParquetError('a column chunk without metadata (external files are not read)');
      return {
        type: TYPES[md[1]],
        path: (md[3] || []).map(text),
        codec: md[4],
        numValues: md[5],
        compressedSize: md[7],
        dataPageOffset: md[9],
        dictionaryPageOffset: md[11] ?? null,
      };
    }),
  }));
  return { schema: root, numRows: meta[3], rowGroups, metadata };
}

// ---------------------------------------------------------------- pages

function decompress(codec, data, size) {
  if (codec === 0) return data;
  if (codec === 6) {
    const out = zstdDecompress(data, size);
    if (out.length !== size) throw new ParquetError(`a zstd page of ${out.length} bytes, header says ${size}`);
    return out;
  }
  throw new ParquetError(`compression codec ${codec} is not read (dealpool writes zstd)`);
}

/** Values of the RLE / bit-packed hybrid encoding from buf[pos..end). */
function hybrid(buf, pos, end, width, count) {
  const out = new Array(count);
  let n = 0;
  const bytes = (width + 7) >> 3;
  while (n < count) {
    if (pos >= end) throw new ParquetError('RLE data ends early');
    let header = 0, mul = 1, b;
    do {
      b = buf[pos++];
      header += (b & 0x7f) * mul;
      mul *= 128;
    } while (b & 0x80);
    if (header % 2 === 1) {
      const groups = (header - 1) / 2;
      const total = groups * 8;
      let bit = 0;
      for (let i = 0; i < total; i++) {
        let v = 0;
        for (let j = 0; j < width; j++, bit++) v |= ((buf[pos + (bit >> 3)] >> (bit & 7)) & 1) << j;
        if (n < count) out[n++] = v;
      }
      pos += groups * width;
    } else {
      const run = header / 2;
      let v = 0;
      for (let i = 0; i < bytes; i++) v |= buf[pos + i] << (8 * i);
      pos += bytes;
      for (let i = 0; i < run && n < count; i++) out[n++] = v;
    }
  }
  return out;
}

const bitWidth = (max) => (max === 0 ? 0 : 32 - Math.clz32(max));

function plain(type, buf, pos, end, count) {
  const out = new Array(count);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.length);
  for (let i = 0; i < count; i++) {
    if (type === 'BYTE_ARRAY') {
      if (pos + 4 > end) throw new ParquetError('PLAIN strings end early');
      const n = view.getUint32(pos, true);
      if (pos + 4 + n > end) throw new ParquetError('PLAIN string past its page');
      out[i] = buf.subarray(pos + 4, pos + 4 + n);
      pos += 4 + n;
    } else if (type === 'INT64') {
      if (pos + 8 > end) throw new ParquetError('PLAIN int64 values end early');
      out[i] = view.getInt32(pos + 4, true) * 4294967296 + view.getUint32(pos, true);
      pos += 8;
    } else if (type === 'INT32') {
      out[i] = view.getInt32(pos, true);
      pos += 4;
    } else throw new ParquetError(`values of type ${type} are not read`);
  }
  return out;
}

/** Every level and value of one column chunk: {defs, reps, values} (values only where defined). */
function readChunk(buf, col, leaf) {
  let pos = col.dictionaryPageOffset !== null && col.dictionaryPageOffset < col.dataPageOffset ? col.dictionaryPageOffset : col.dataPageOffset;
  const end = pos + col.compressedSize;
  if (end > buf.length) throw new ParquetError('a column chunk past the end of the file');
  let dictionary = null;
  const defs = [], reps = [], values = [];
  let seen = 0;
  while (seen < col.numValues) {
    if (pos >= end) throw new ParquetError('a column chunk ends before its values');
    const t = new Thrift(buf, pos);
    const h = t.struct();
    pos = t.pos;
    const ptype = h[1], usize = h[2], csize = h[3];
    const raw = buf.subarray(pos, pos + csize);
    if (pos + csize > end) throw new ParquetError('a page past its column chunk');
    pos += csize;
    if (ptype === 2) {
      const dh = h[7];
      const data = decompress(col.codec, raw, usize);
      if (dh[2] !== 0 && dh[2] !== 2) throw new ParquetError(`dictionary encoding ${dh[2]} is not read`);
      dictionary = plain(col.type, data, 0, data.length, dh[1]);
      continue;
    }
    let n, encoding, data, p, repLevels, defLevels;
    if (ptype === 0) {
      const dh = h[5];
      n = dh[1];
      encoding = dh[2];
      data = decompress(col.codec, raw, usize);
      p = 0;
      const levels = (max) => {
        if (max === 0) return new Array(n).fill(0);
        const len = new DataView(data.buffer, data.byteOffset + p, 4).getUint32(0, true);
        const out = hybrid(data, p + 4, p + 4 + len, bitWidth(max), n);
        p += 4 + len;
        return out;
      };
      repLevels = levels(leaf.maxRep);
      defLevels = levels(leaf.maxDef);
    } else if (ptype === 3) {
      const dh = h[8];
      n = dh[1];
      encoding = dh[4];
      const dlen = dh[5], rlen = dh[6];
      repLevels = leaf.maxRep ? hybrid(raw, 0, rlen, bitWidth(leaf.maxRep), n) : new Array(n).fill(0);
      defLevels = leaf.maxDef ? hybrid(raw, rlen, rlen + dlen, bitWidth(leaf.maxDef), n) : new Array(n).fill(0);
      const body = raw.subarray(rlen + dlen);
      data = dh[7] === false ? body : decompress(col.codec, body, usize - rlen - dlen);
      p = 0;
    } else {
      throw new ParquetError(`page type ${ptype} is not read`);
    }
    const present = defLevels.filter((d) => d === leaf.maxDef).length;
    let vals;
    if (encoding === 0) vals = plain(col.type, data, p, data.length, present);
    else if (encoding === 2 || encoding === 8) {
      if (!dictionary) throw new ParquetError('dictionary-encoded values without a dictionary page');
      const width = data[p];
      const idx = present ? hybrid(data, p + 1, data.length, width, present) : [];
      vals = idx.map((i) => {
        if (i >= dictionary.length) throw new ParquetError('a dictionary index past the dictionary');
        return dictionary[i];
      });
    } else throw new ParquetError(`value encoding ${encoding} is not read`);
    for (let i = 0; i < n; i++) { defs.push(defLevels[i]); reps.push(repLevels[i]); }
    values.push(...vals);
    seen += n;
  }
  return { defs, reps, values };
}

function leaves(node) {
  return node.kids.length ? node.kids.flatMap(leaves) : [node];
}

/**
 * The rows of a Parquet file as objects {column: value}: a top-level leaf column gives its value
 * (strings decoded as UTF-8), a LIST column (group > repeated group > element) an array.
 * Returns {rows, metadata, columns: [{name, kind}]} where kind is 'string', 'int64' or 'list<string>'.
 */
export function readParquet(buf) {
  const footer = readFooter(buf);
  const columns = footer.schema.kids.map((kid) => {
    if (!kid.kids.length) {
      const kind = kid.type === 'BYTE_ARRAY' && (kid.converted === 0 || kid.logical === 1) ? 'string' : kid.type === 'INT64' && kid.converted === null && kid.logical === null ? 'int64' : `${kid.type}`;
      return { name: kid.name, kind, leaf: kid, list: false };
    }
    const inner = kid.kids.length === 1 ? kid.kids[0] : null;
    const el = inner && inner.repetition === 'REPEATED' && inner.kids.length === 1 ? inner.kids[0] : null;
    if ((kid.converted === 3 || kid.logical === 3) && el && !el.kids.length) {
      const ek = el.type === 'BYTE_ARRAY' && (el.converted === 0 || el.logical === 1) ? 'string' : el.type;
      return { name: kid.name, kind: `list<${ek}>`, leaf: el, list: true, listDef: inner.maxDef };
    }
    return { name: kid.name, kind: 'group', leaf: null, list: false };
  });
  const rows = [];
  for (const rg of footer.rowGroups) {
    const start = rows.length;
    for (let i = 0; i < rg.numRows; i++) rows.push({});
    for (const c of columns) {
      if (!c.leaf) throw new ParquetError(`column ${c.name} is not a flat or list column`);
      const chunk = rg.columns.find((cc) => cc.path.join('.') === c.leaf.path.join('.'));
      if (!chunk) throw new ParquetError(`no column chunk for ${c.leaf.path.join('.')}`);
      const { defs, reps, values } = readChunk(buf, chunk, c.leaf);
      const decode = c.kind.includes('string') ? text : (v) => v;
      let r = start - 1, v = 0;
      for (let i = 0; i < defs.length; i++) {
        if (reps[i] === 0) {
          r += 1;
          if (r - start >= rg.numRows) throw new ParquetError(`column ${c.name} has more rows than its row group`);
          rows[r][c.name] = c.list ? [] : null;
        }
        const present = defs[i] === c.leaf.maxDef;
        if (!c.list) {
          rows[r][c.name] = present ? decode(values[v++]) : null;
        } else if (defs[i] >= c.listDef) {
          rows[r][c.name].push(present ? decode(values[v++]) : null); // an element, or a null one
        } else if (defs[i] < c.listDef - 1) {
          rows[r][c.name] = null; // a null list (listDef - 1: an empty one)
        }
      }
      if (r - start + 1 !== rg.numRows) throw new ParquetError(`column ${c.name} has ${r - start + 1} rows, its row group ${rg.numRows}`);
    }
  }
  return { rows, metadata: footer.metadata, columns: columns.map(({ name, kind }) => ({ name, kind })) };
}
