// Seed 002's draws against engine/fair.py (golden/fair.json): commitments, r[k] and their words,
// the unbiased below / sample / pick, and the 8-deck shoe; the published example of docs/fair.md.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { BadInput, FRESH_SHOE, below, checkCommitment, commitment, draws, pick, sample, seedBytes, shoe, shoeShuffle } from '../src/index.js';
import { Words } from '../src/fair.js';
import { golden } from '../testing/helpers.js';

const fair = golden('fair.json');

test('commitments, words and draws equal the engine', async () => {
  for (const v of fair.seeds) {
    assert.equal(await commitment(v.seeds[0]), v.commitment);
    await checkCommitment(v.seeds[0], v.commitment.toUpperCase());
    await assert.rejects(checkCommitment(v.seeds[0] + 'x', v.commitment), BadInput);
    assert.deepEqual(await new Words(seedBytes(v.seeds)).words(20), v.words);
    assert.deepEqual(await draws(v.seeds, 20), v.draws);
  }
});

test('below, sample and pick equal the engine', async () => {
  for (const v of fair.seeds) {
    for (const [n, want] of Object.entries(v.below)) assert.equal(await below(v.seeds, Number(n)), want, `below(${n})`);
    assert.deepEqual(await sample(v.seeds, 1_000_000, 12), v.sample);
    assert.deepEqual(await sample(v.seeds, 10, 10), v.sample_all);
    assert.deepEqual([...v.sample_all].sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.equal(await pick(v.seeds, fair.items), v.pick);
  }
});

test('the shoe equals `dealpool fair shoe`, positions and cards', async () => {
  for (const v of fair.shoes) {
    const s = await shoe(v.seeds[0], v.seeds.slice(1));
    assert.deepEqual(s.positions, v.positions);
    assert.deepEqual(s.cards, v.cards);
    assert.deepEqual(await shoeShuffle(v.seeds, 416), v.positions);
  }
  // docs/fair.md's worked example
  const s = await shoe('server-seed-1', ['alice', 'bob']);
  assert.equal(s.commitment, 'a562d93d4bf3b40f7d2ed81c4c43334cc714f2d7d11691a1bec023153998f2e2');
  assert.deepEqual(s.positions.slice(0, 10), [41, 103, 230, 117, 138, 33, 130, 175, 364, 66]);
  assert.deepEqual(s.cards.slice(0, 5), ['QS', '2S', '5D', 'AD', '6H']);
  assert.deepEqual(FRESH_SHOE.slice(0, 3), ['AC', 'KC', 'QC']);
  assert.equal(new Set(FRESH_SHOE).size, 52);
});

test('seeds are concatenated, and empty or broken seeds are refused', async () => {
  assert.deepEqual(await draws(['ab', 'c'], 3), await draws(['a', 'bc'], 3));
  assert.throws(() => seedBytes([]), BadInput);
  assert.throws(() => seedBytes(['x', '']), /client seed 1 is empty/);
  assert.throws(() => seedBytes(['\ud800']), /server seed is not valid UTF-8/);
  await assert.rejects(shoe('', []), BadInput);
  await assert.rejects(pick(['x'], []), BadInput);
});
