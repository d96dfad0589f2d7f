// bin/dealpool.mjs: exit 0 when good, 1 with one line naming what is wrong, 2 with one line on bad
// input; `verify` prints what `dealpool verify` printed for the golden pool.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { GOLDEN, golden } from '../testing/helpers.js';

const BIN = fileURLToPath(new URL('../bin/dealpool.mjs', import.meta.url));

function cli(args, input = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function oneLine(r, code, says) {
  assert.equal(r.code, code, JSON.stringify(r));
  assert.equal(r.err.trim().split('\n').length, 1, r.err);
  assert.ok(r.err.includes(says), `${says} not in ${r.err}`);
}

test('replay: won 0, not won 1, refused 1, bad code or line 2', () => {
  const b = golden('lines.json').boards.find((x) => x.board === 'klondike-3');
  let r = cli(['replay', b.code], b.line.join(' '));
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out.trim(), `won in ${b.line.length} moves (${b.line.length} kept, 0 undos)`);
  assert.equal(cli(['replay', b.code], JSON.stringify(b.line)).code, 0);
  oneLine(cli(['replay', b.code], b.line.slice(0, -1).join('\n')), 1, `move ${b.line.length - 1} (end of line): not won`);
  oneLine(cli(['replay', b.code], ['7>1', ...b.line].join(' ')), 1, 'move 0 (7>1): illegal move:');
  oneLine(cli(['replay', b.code], 'u'), 1, 'nothing to undo');
  oneLine(cli(['replay', 'SOL1-klondike-N0'], 'd'), 2, 'bad code: deal number 0 is out of range');
  oneLine(cli(['replay', b.code], '["d", 3]'), 2, 'JSON line must be an array of strings');
  oneLine(cli(['replay']), 2, 'usage');
  oneLine(cli(['nonsense']), 2, 'unknown command');
});

test('verify: the golden pool is good; tampered 1; bad input 2', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dealpool-js-'));
  try {
    const pool = join(dir, 'pool');
    cpSync(join(GOLDEN, 'pool'), pool, { recursive: true });
    const key = join(GOLDEN, 'pool.pub');
    const r = cli(['verify', pool, '--key', key]);
    assert.equal(r.code, 0, r.err);
    const want = readFileSync(join(GOLDEN, 'pool-verify.txt'), 'utf8').replaceAll('POOL', pool).replaceAll('KEY', key);
    assert.equal(r.out, want);
    const m = JSON.parse(readFileSync(join(pool, 'manifest.json'), 'utf8'));
    m.boards.freecell.count += 1;
    writeFileSync(join(pool, 'manifest.json'), JSON.stringify(m));
    oneLine(cli(['verify', pool]), 1, 'verify: FAILED, 1 problem(s)');
    oneLine(cli(['verify', pool, '--key', key]), 1, 'manifest.json.sig: not a signature');
    oneLine(cli(['verify', join(dir, 'nothing')]), 2, 'does not exist');
    oneLine(cli(['verify', dir]), 2, 'holds no manifest.json');
    oneLine(cli(['verify', pool, '--key', join(dir, 'nokey')]), 2, 'cannot read the public key');
    writeFileSync(join(dir, 'bad.pub'), 'hello');
    oneLine(cli(['verify', pool, '--key', join(dir, 'bad.pub')]), 2, 'not an Ed25519 public key');
    oneLine(cli(['verify', pool, '--key']), 2, '--key needs a value');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('deal, shoe and verify-draw print what dealpool prints', () => {
  assert.equal(cli(['deal', 'SOL1-freecell-C1']).out.trim().split(' ').slice(0, 8).join(' '), 'JD 2D 9H JC 5D 7H 7C 5H');
  const s = cli(['shoe', 'server-seed-1', 'alice', 'bob', '--positions']);
  assert.equal(s.code, 0, s.err);
  assert.ok(s.out.startsWith('commitment a562d93d4bf3b40f7d2ed81c4c43334cc714f2d7d11691a1bec023153998f2e2\n41,103,230,117,138,'));
  const pool = join(GOLDEN, 'pool');
  for (const v of golden('pool-draws.json')) {
    const r = cli(['verify-draw', pool, '--board', v.board, '--client-seed', v.client_seed]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out.trim(), v.printed);
  }
  oneLine(cli(['verify-draw', pool, '--board', 'gaps', '--client-seed', 'p', '--code', 'SOL1-gaps-N999']), 1, 'verify-draw: FAILED');
  oneLine(cli(['shoe', '']), 2, 'server seed is empty');
});
