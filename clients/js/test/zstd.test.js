// The kit's zstd decompressor on pyarrow's frames (golden/zstd.json) and the Parquet reader on
// the golden pool's files (rows equal to the JSON files' rows).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';

import { readParquet, zstdDecompress } from '../src/index.js';
import { golden, goldenPool, unhex } from '../testing/helpers.js';

test('zstd frames of pyarrow at levels 1, 3 and 19 decompress to the original bytes', () => {
  const cases = golden('zstd.json');
  assert.ok(cases.length >= 18);
  for (const c of cases) {
    const out = zstdDecompress(unhex(c.zst));
    assert.equal(out.length, c.size);
    assert.equal(createHash('sha256').update(out).digest('hex'), c.sha256, `level ${c.level}, ${c.size} bytes`);
  }
});

test('a damaged zstd frame is refused, never decoded into something else silently', () => {
  const c = golden('zstd.json').find((x) => x.size > 10000 && x.level === 3);
  const bad = unhex(c.zst);
  bad[0] ^= 1;
  assert.throws(() => zstdDecompress(bad), /zstd/);
  const cut = unhex(c.zst).subarray(0, 20);
  assert.throws(() => zstdDecompress(cut));
});

test('the Parquet files of the golden pool read as their JSON twins', () => {
  const files = goldenPool();
  let n = 0;
  for (const [name, bytes] of files) {
    if (!name.endsWith('.parquet')) continue;
    const { rows, metadata, columns } = readParquet(bytes);
    const doc = JSON.parse(new TextDecoder().decode(files.get(name.replace('.parquet', '.json'))));
    assert.deepEqual(rows, doc.deals.map(({ code, nodes, budget, line, grade, wins, playouts }) => ({ code, nodes, budget, line, grade, wins, playouts })));
    assert.equal(metadata.board, doc.board);
    assert.equal(metadata.engine_version, doc.engine_version);
    assert.deepEqual(columns.map((c) => c.kind), ['string', 'int64', 'int64', 'list<string>', 'string', 'int64', 'int64']);
    n += rows.length;
  }
  assert.ok(n >= 20);
  assert.throws(() => readParquet(new Uint8Array(100)), /not a Parquet file/);
});
