// verifyPool on the golden signed pool (made by `dealpool export --sign` with a committed sample
// and its reveal): good as it is, with the same summary as `dealpool verify`; then every tampering
// `dealpool verify` refuses in tests/test_pipeline_*.py and tests/test_fair.py, and more, each
// refused with a one-line problem naming it. And verifyDraw against `dealpool fair verify-draw`.
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';

import { BadInput, boardCode, verifyDraw, verifyPool } from '../src/index.js';
import { GOLDEN, POOL_PUB, golden, goldenPool } from '../testing/helpers.js';
import { readFileSync } from 'node:fs';

const enc = new TextEncoder();
const dec = new TextDecoder();
const json = (files, name) => JSON.parse(dec.decode(files.get(name)));
const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
const revealName = (files) => [...files.keys()].find((n) => n.startsWith('reveal-'));

/** Edit a JSON file of the pool; re-hash it in the manifest when listed (so only a deeper check can tell). */
function rewrite(files, name, edit, rehash = true) {
  const doc = json(files, name);
  const out = edit(doc) ?? doc;
  files.set(name, enc.encode(JSON.stringify(out)));
  const m = json(files, 'manifest.json');
  if (rehash && name in m.files) {
    m.files[name] = sha(files.get(name));
    files.set('manifest.json', enc.encode(JSON.stringify(m)));
  }
}

const editManifest = (files, edit) => rewrite(files, 'manifest.json', edit, false);

async function fails(files, says, options = {}) {
  const r = await verifyPool(files, options);
  assert.equal(r.ok, false, `expected a problem with ${says}`);
  assert.ok(r.problems.length >= 1);
  for (const p of r.problems) assert.ok(!p.includes('\n'), `one line: ${p}`);
  assert.ok(r.problems.some((p) => p.includes(says)), `${says} not in ${JSON.stringify(r.problems)}`);
  return r;
}

test('the golden pool verifies, signature and committed sample too, as `dealpool verify` says', async () => {
  const r = await verifyPool(goldenPool(), { publicKey: POOL_PUB() });
  assert.deepEqual(r.problems, []);
  assert.equal(r.ok, true);
  const printed = readFileSync(GOLDEN + 'pool-verify.txt', 'utf8').trim().split('\n');
  assert.equal(printed[0], `verify: OK, ${r.deals} deals re-dealt and replayed from POOL, signature by KEY good`);
  assert.equal(r.fair, printed[1]);
  // an object of files works as a Map does, and the key as bytes as text does
  const obj = Object.fromEntries(goldenPool());
  assert.equal((await verifyPool(obj, { publicKey: enc.encode(POOL_PUB()) })).ok, true);
});

const TAMPERS = {
  engine_version: [(m) => { m.engine_version = '9.9.9'; }, 'engine_version'],
  rules_version: [(m) => { m.rules_version = 'SOL0'; }, 'rules_version'],
  budgets: [(m) => { m.boards['klondike-1'].budgets = [1]; }, 'budgets'],
  count: [(m) => { m.boards['klondike-1'].count = 1; }, 'count'],
  'board removed': [(m) => { delete m.boards['klondike-1']; }, 'klondike-1.json'],
  'path outside': [(m) => { m.boards['klondike-1'].json = '../../x'; }, 'named klondike-1.json'],
  'file outside': [(m) => { m.files['../../x'] = '0'.repeat(64); }, 'not a plain file name'],
  'board not an object': [(m) => { m.boards['klondike-3'] = 'x'; }, 'klondike-3'],
  'files a list': [(m) => { m.files = ['a']; }, 'manifest files'],
  'extra field': [(m) => { m.signed_by = 'me'; }, 'manifest fields'],
  'count zero': [(m) => { m.boards.freecell.count = 0; }, 'freecell: count is not a whole number >= 1'],
  'hash not hex': [(m) => { m.files['freecell.json'] = 'abc'; }, 'manifest files is not an object'],
  'another format': [(m) => { m.format = 'dealpool-pool/2'; }, 'is not a dealpool-pool/3 manifest'],
  'grading without thresholds': [(m) => { m.boards['klondike-1'].grading.thresholds = {}; }, 'klondike-1: grading is not null'],
  'thresholds out of order': [(m) => { m.boards['klondike-1'].grading.thresholds.hard = 0.99; }, 'klondike-1: grading is not null'],
  'redeals_foreseen missing': [(m) => { delete m.boards.gaps.redeals_foreseen; }, "manifest board 'gaps' is not an object with exactly"],
  'redeals_foreseen denied': [(m) => { m.boards.gaps.redeals_foreseen = false; }, 'gaps: redeals_foreseen is False, the engine says True'],
  'grade not a grade': [(m) => { m.grade = 'trivial'; }, 'manifest grade is not null or one of easy, medium, hard, expert'],
  'a grade filter the deals do not keep': [(m) => { m.grade = 'expert'; }, 'in a pool of only expert deals'],

  'a hash swapped': [(m) => { m.files['freecell.json'] = m.files['gaps.json']; }, 'freecell.json: SHA-256 differs'],
};

for (const [name, [edit, says]] of Object.entries(TAMPERS)) {
  test(`a manifest tampered (${name}) is refused`, async () => {
    const files = goldenPool();
    editManifest(files, edit);
    await fails(files, says);
  });
}

test('unlisted files, a missing file and a manifest that is no JSON are refused', async () => {
  let files = goldenPool();
  files.set('notes.txt', enc.encode('hello'));
  await fails(files, 'notes.txt: in the folder but not in the manifest');
  files = goldenPool();
  files.set('.hidden', enc.encode('x'));
  await fails(files, '.hidden: in the folder but not in the manifest');
  files = goldenPool();
  files.delete('gaps.parquet');
  await fails(files, 'gaps.parquet: missing');
  files = goldenPool();
  files.set('manifest.json', enc.encode('['.repeat(100_000) + ']'.repeat(100_000)));
  await fails(files, 'manifest.json is not'); // Python: not valid JSON (RecursionError); V8 parses it: not a manifest
  files.set('manifest.json', enc.encode('{"format": '));
  await fails(files, 'manifest.json is not valid JSON');
  files.delete('manifest.json');
  await assert.rejects(verifyPool(files), BadInput);
});

test('a line changed (re-hashed) is caught by the replay and the Parquet twin', async () => {
  const files = goldenPool();
  rewrite(files, 'klondike-1.json', (doc) => { doc.deals[0].line = doc.deals[0].line.slice(0, -1); });
  const r = await fails(files, 'klondike-1: the JSON and Parquet files list different deals or lines');
  assert.ok(r.problems.some((p) => /klondike-1 SOL1-\S+: the referee refused at \d+: not won/.test(p)), r.problems.join('\n'));
  // a move changed into an illegal one: refused where it stands, with the reason
  const again = goldenPool();
  rewrite(again, 'freecell.json', (doc) => { doc.deals[0].line[0] = '1h'; });
  const r2 = await fails(again, 'freecell SOL1-freecell');
  assert.ok(r2.problems.some((p) => /the referee refused at 0: illegal move: /.test(p)), r2.problems.join('\n'));
});

test('a grade tampered (re-hashed) is refused: against its wins and thresholds, and against the Parquet twin', async () => {
  let files = goldenPool();
  const m = json(files, 'manifest.json');
  const graded = Object.keys(m.boards).filter((b) => m.boards[b].grading !== null);
  assert.ok(graded.length >= 1, 'the golden pool has a graded board');
  const b = graded[0];
  const first = json(files, `${b}.json`).deals[0];
  const other = ['easy', 'medium', 'hard', 'expert'].find((g) => g !== first.grade);
  rewrite(files, `${b}.json`, (doc) => { doc.deals[0].grade = other; });
  await fails(files, `${b} ${first.code}: grade ${other} is not ${first.wins}/${first.playouts} on the board's thresholds (${first.grade})`);
  await fails(files, `${b}: the JSON and Parquet files list different deals or lines`);
  // wins beyond the playouts, and playouts other than the board's K
  files = goldenPool();
  rewrite(files, `${b}.json`, (doc) => { doc.deals[0].wins = doc.deals[0].playouts + 1; });
  await fails(files, `${b} ${first.code}: grade '${first.grade}' with wins ${first.playouts + 1} of playouts ${first.playouts} is not a grade`);
  files = goldenPool();
  rewrite(files, `${b}.json`, (doc) => { doc.deals[0].playouts += 1; });
  await fails(files, `${b} ${first.code}: ${first.playouts + 1} playouts, the board's grading has ${first.playouts}`);
  // a grade on a board the manifest does not grade
  const ungraded = Object.keys(m.boards).find((x) => m.boards[x].grading === null);
  files = goldenPool();
  rewrite(files, `${ungraded}.json`, (doc) => { Object.assign(doc.deals[0], { grade: 'easy', wins: 1, playouts: 1 }); });
  await fails(files, `: a grade on a board the manifest does not grade`);
});

test('a byte changed in a Parquet file is caught by its SHA-256', async () => {
  const files = goldenPool();
  const pq = files.get('spider-1.parquet').slice();
  pq[pq.length >> 1] ^= 0xff;
  files.set('spider-1.parquet', pq);
  await fails(files, 'spider-1.parquet: SHA-256 differs from the manifest (changed)');
});

test('board files tampered and re-hashed: another board, a code twice, bad shapes, unreadable files', async () => {
  let files = goldenPool();
  const other = json(files, 'gaps.json').deals[0];
  rewrite(files, 'pyramid.json', (doc) => { doc.deals.push(other); });
  await fails(files, `pyramid ${other.code}: is a gaps deal`);
  await fails(files, 'pyramid: the JSON and Parquet files list different deals or lines');

  files = goldenPool();
  rewrite(files, 'spider-2.json', (doc) => { doc.deals.push(doc.deals[0]); });
  await fails(files, 'spider-2: a deal is listed twice');
  await fails(files, 'spider-2: 3 deals, manifest says count 2');

  files = goldenPool();
  rewrite(files, 'tripeaks.json', (doc) => { doc.deals = [1, 2]; });
  await fails(files, 'tripeaks: the JSON deals are not {code, nodes, budget, line} objects');

  files = goldenPool();
  files.set('gaps.json', enc.encode('{"deals": ['));
  editManifest(files, (m) => { m.files['gaps.json'] = sha(files.get('gaps.json')); });
  await fails(files, 'gaps: unreadable pool file (SyntaxError');

  files = goldenPool();
  files.set('gaps.parquet', files.get('labellelucie.parquet'));
  editManifest(files, (m) => { m.files['gaps.parquet'] = sha(files.get('gaps.parquet')); });
  await fails(files, "gaps: its files are of board 'gaps'");
  await fails(files, 'gaps: the JSON and Parquet files list different deals or lines');

  files = goldenPool();
  files.set('gaps.parquet', enc.encode('PAR1 not really PAR1'));
  editManifest(files, (m) => { m.files['gaps.parquet'] = sha(files.get('gaps.parquet')); });
  await fails(files, 'gaps: unreadable pool file');

  files = goldenPool();
  rewrite(files, 'freecell.json', (doc) => { doc.engine_version = 'other'; });
  await fails(files, "freecell: files say engine_version [");

  files = goldenPool();
  rewrite(files, 'freecell.json', (doc) => { doc.deals[0].code = 'SOL1-freecell-Z1'; });
  await fails(files, 'freecell SOL1-freecell-Z1: does not deal (unknown deal kind');

  files = goldenPool();
  for (const name of [...files.keys()].filter((n) => /\.(json|parquet)$/.test(n) && !['manifest.json', 'sample.json'].includes(n) && !n.startsWith('reveal-'))) {
    if (name.endsWith('.json')) rewrite(files, name, (doc) => { doc.rules_version = '2'; });
  }
  editManifest(files, (m) => { m.rules_version = '2'; });
  await fails(files, "made under rules '2'; this engine's referee is '1'");
});

test('the signature: good with the operator key, refused with another, after an edit, or missing', async () => {
  const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' });
  let files = goldenPool();
  await fails(files, "manifest.json.sig: not a signature of this manifest by the key given (tampered or another operator's)", { publicKey: other });
  editManifest(files, (m) => { m.engine_version += ' '; });
  await fails(files, 'manifest.json.sig: not a signature', { publicKey: POOL_PUB() });
  files = goldenPool();
  files.delete('manifest.json.sig');
  await fails(files, 'manifest.json.sig: missing (the pool is not signed', { publicKey: POOL_PUB() });
  files = goldenPool();
  files.set('manifest.json.sig', enc.encode('not base64 at all!\n'));
  await fails(files, 'manifest.json.sig: not a signature', { publicKey: POOL_PUB() });
  // the raw 32-byte key works as the PEM does
  const der = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
  assert.equal(der.length, 44);
  const pemBody = POOL_PUB().split('\n').filter((l) => l && !l.startsWith('-----')).join('');
  const raw = new Uint8Array(Buffer.from(pemBody, 'base64')).subarray(12);
  assert.equal((await verifyPool(goldenPool(), { publicKey: raw })).ok, true);
});

test('a bad key is bad input, before any work', async () => {
  const priv = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
  await assert.rejects(verifyPool(goldenPool(), { publicKey: priv }), (e) => e instanceof BadInput && /private key/.test(e.message));
  await assert.rejects(verifyPool(goldenPool(), { publicKey: 'hello' }), BadInput);
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' });
  await assert.rejects(verifyPool(goldenPool(), { publicKey: rsa }), /not an Ed25519 public key/);
});

// ---------------------------------------------------------------- the committed sample

const sampleDeals = (doc, board) => doc.boards[board].deals;

test('the revealed server seed, client seeds and sample: each change refused', async () => {
  let files = goldenPool();
  const rname = revealName(files);
  rewrite(files, rname, (d) => { d.server_seed += '0'; });
  await fails(files, `${rname}: the revealed server seed hashes to`);

  files = goldenPool();
  rewrite(files, rname, (d) => { d.client_seeds = ['alice', 'eve']; });
  await fails(files, "client seeds ['alice', 'eve'] differ from the committed sample's ['alice', 'bob']");

  files = goldenPool();
  rewrite(files, rname, (d) => { d.client_seeds = ['alice', 'eve']; });
  rewrite(files, 'sample.json', (d) => { d.client_seeds = ['alice', 'eve']; });
  await fails(files, 'deal(s) in sample.json are not in the committed sample (changed)');

  files = goldenPool();
  const swapped = boardCode('klondike-1', 999_999);
  rewrite(files, 'sample.json', (d) => { sampleDeals(d, 'klondike-1')[3].code = swapped; });
  await fails(files, `klondike-1: 1 deal(s) in sample.json are not in the committed sample (changed), first ${swapped}`);

  files = goldenPool();
  let gone;
  rewrite(files, 'sample.json', (d) => {
    const deals = sampleDeals(d, 'klondike-1');
    const i = Math.max(0, deals.findIndex((x) => x.verdict !== 'won'));
    gone = deals[i];
    deals.splice(i, 1);
    d.boards['klondike-1'].counts[gone.verdict] -= 1;
  });
  await fails(files, `klondike-1: 1 deal(s) of the committed sample have no verdict shipped (dropped), first ${gone.code}`);

  files = goldenPool();
  rewrite(files, 'sample.json', (d) => {
    const x = sampleDeals(d, 'klondike-1').find((y) => y.verdict !== 'won') ?? sampleDeals(d, 'freecell').find((y) => y.verdict !== 'won');
    x.verdict = 'won';
  });
  await fails(files, 'is shipped as won but is not in the pool with its line');

  files = goldenPool();
  rewrite(files, 'sample.json', (d) => { sampleDeals(d, 'freecell')[0].verdict = null; });
  await fails(files, 'has no verdict shipped (None)');

  files = goldenPool();
  rewrite(files, 'sample.json', (d) => { d.boards = {}; });
  await fails(files, "differ from sample.json's []");

  files = goldenPool();
  rewrite(files, 'sample.json', (d) => { d.boards['klondike-1'].counts.won += 1; });
  await fails(files, 'klondike-1: the counts in sample.json differ from its deals\' verdicts');

  files = goldenPool();
  rewrite(files, 'sample.json', (d) => { sampleDeals(d, 'freecell').push(sampleDeals(d, 'freecell')[0]); });
  await fails(files, 'freecell: a sampled deal is listed twice in sample.json');
});

test('sample.json edited without re-hashing, unreadable fair files: findings, never a crash', async () => {
  let files = goldenPool();
  files.set('sample.json', enc.encode(dec.decode(files.get('sample.json')).replace('"won"', '"lost"')));
  await fails(files, 'sample.json: SHA-256 differs from the manifest');

  files = goldenPool();
  const rname = revealName(files);
  files.set(rname, enc.encode('['.repeat(100_000) + ']'.repeat(100_000)));
  await fails(files, `${rname}: not`);
  files.set(rname, enc.encode('[1]'));
  await fails(files, `${rname}: not a reveal`);

  files = goldenPool();
  files.set('sample.json', enc.encode('{'));
  await fails(files, 'sample.json: unreadable (SyntaxError');

  files = goldenPool();
  editManifest(files, (m) => { delete m.files['sample.json']; });
  await fails(files, 'sample.json is not covered by the manifest');

  files = goldenPool();
  files.delete(rname);
  const r = await verifyPool(files);
  assert.equal(r.ok, true);
  assert.match(r.fair, /^fair: committed sample of 10 deals, commitment [0-9a-f]{64}, not revealed yet$/);
});

// ---------------------------------------------------------------- a player's draw

test('verifyDraw gives the deal `dealpool fair verify-draw` printed', async () => {
  const files = goldenPool();
  for (const v of golden('pool-draws.json')) {
    const d = await verifyDraw(files, { board: v.board, clientSeed: v.client_seed });
    assert.equal(v.printed, `verify-draw: the seed hashes to the commitment ${d.commitment}; the deal must have been ${d.code} (deal ${d.index + 1} of ${d.count} in the ${d.board} pool)`);
    assert.equal(d.ok, true);
    const wrong = await verifyDraw(files, { board: v.board, clientSeed: v.client_seed, code: 'SOL1-gaps-N3' });
    assert.equal(wrong.ok, false);
  }
  const seed = json(files, revealName(files)).server_seed;
  const c = revealName(files).slice(7, -5);
  await assert.rejects(verifyDraw(files, { board: 'gaps', clientSeed: 'p', serverSeed: seed + 'x', commitment: c }), /hashes to/);
  await assert.rejects(verifyDraw(files, { clientSeed: 'p' }), /several boards/);
  await assert.rejects(verifyDraw(files, { board: 'nope', clientSeed: 'p' }), /not in the pool/);
  await assert.rejects(verifyDraw(files, { board: 'gaps', clientSeed: '' }), /empty/);
  // a pool file changed since the draws it pinned
  rewrite(files, revealName(files), (d) => { d.pools = { gaps: '0'.repeat(64) }; });
  const changed = await verifyDraw(files, { board: 'gaps', clientSeed: 'p' });
  assert.equal(changed.poolChanged, true);
  assert.equal(changed.ok, false);
});

// ---------------------------------------------------------------- issue 31: what verify did not expect

test('a file named like a reveal but no reveal, and a non-file entry, are refused', async () => {
  let files = goldenPool();
  const fake = '0'.repeat(64);
  files.set(`reveal-${fake}.json`, enc.encode(JSON.stringify({ commitment: fake, server_seed: 'x' })));
  await fails(files, `reveal-${fake}.json: not the reveal of commitment ${fake}`);
  files = goldenPool();
  files.set('notes', null); // a symlink or a folder, as the CLI reads the folder
  await fails(files, 'notes: not a regular file in the pool (refused)');
});

test('a deal listed twice under another spelling of its code is refused', async () => {
  const files = goldenPool();
  rewrite(files, 'spider-2.json', (doc) => { doc.deals.push({ ...doc.deals[0], code: doc.deals[0].code.toLowerCase() }); });
  await fails(files, 'spider-2: a deal is listed twice (canonical code');
});

test('a sample.json that contradicts the pool is refused', async () => {
  let files = goldenPool();
  const poolCodes = new Set(json(files, 'klondike-1.json').deals.map((d) => d.code));
  rewrite(files, 'sample.json', (d) => {
    const x = sampleDeals(d, 'klondike-1').find((y) => poolCodes.has(y.code));
    x.verdict = 'lost';
    d.boards['klondike-1'].counts = { won: d.boards['klondike-1'].counts.won - 1, lost: d.boards['klondike-1'].counts.lost + 1, unknown: d.boards['klondike-1'].counts.unknown };
  });
  await fails(files, 'is shipped as lost but the pool lists it won with its line (contradiction)');
  files = goldenPool();
  rewrite(files, 'sample.json', (d) => {
    const x = sampleDeals(d, 'klondike-1').find((y) => poolCodes.has(y.code));
    x.nodes += 1;
  });
  await fails(files, 'the pool');
});

test('the manifest sequence and creation time: an older pool is refused when asked', async () => {
  const files = goldenPool();
  const m = json(files, 'manifest.json');
  assert.ok(Number.isInteger(m.sequence) && m.sequence >= 1 && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(m.created));
  assert.equal((await verifyPool(files, { minSequence: m.sequence, notBefore: m.created })).ok, true);
  await fails(files, `is below --min-sequence ${m.sequence + 1}`, { minSequence: m.sequence + 1 });
  await fails(files, 'is before --not-before 2999-01-01T00:00:00Z', { notBefore: '2999-01-01' });
  await assert.rejects(verifyPool(files, { notBefore: 'yesterday' }), BadInput);
  for (const edit of [{ sequence: 0 }, { sequence: '7' }, { created: 'today' }]) {
    const f = goldenPool();
    editManifest(f, (x) => ({ ...x, ...edit }));
    await fails(f, 'manifest');
  }
});
