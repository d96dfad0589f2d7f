// SHA-512 and SHA3-384, the kit's own: FIPS 180-4 / FIPS 202 examples and Python's hashlib on
// assorted lengths (every padding boundary of both block sizes).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { sha512 } from '../src/sha512.js';
import { sha3_256, sha3_384 } from '../src/sha3.js';
import { golden, hex, unhex } from '../testing/helpers.js';

const enc = (s) => new TextEncoder().encode(s);

test('SHA-512 on the FIPS 180-4 examples', () => {
  assert.equal(hex(sha512(enc('abc'))), 'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f');
  assert.equal(hex(sha512(enc(''))), 'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e');
  assert.equal(
    hex(sha512(enc('abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu'))),
    '8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909',
  );
  assert.equal(hex(sha512(enc('a'.repeat(1_000_000)))), 'e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b');
});

test('SHA-512 equals hashlib on every length around the block boundaries', () => {
  const { sha512: vectors } = golden('method.json');
  assert.ok(vectors.length >= 10);
  for (const v of vectors) assert.equal(hex(sha512(unhex(v.hex))), v.digest, `${v.hex.length / 2} bytes`);
});

test('SHA3-384 on the FIPS 202 examples', () => {
  assert.equal(hex(sha3_384(enc(''))), '0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004');
  assert.equal(hex(sha3_384(enc('abc'))), 'ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25');
  assert.equal(
    hex(sha3_384(enc('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))),
    '991c665755eb3a4b6bbdfb75c78a492e8c56a22c5c4d7e429bfdbc32b9d4ad5aa04a1f076e62fea19eef51acd0657c22',
  );
  assert.equal(hex(sha3_384(new Uint8Array(200).fill(0xa3))), '1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd76197a31fd55ee989f2d7050dd473e8f');
  assert.equal(hex(sha3_256(enc('abc'))), '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532');
});

test('SHA3-384 equals hashlib on every length around the rate (104 bytes)', () => {
  const { sha3_384: vectors } = golden('fair.json');
  assert.ok(vectors.length >= 10);
  for (const v of vectors) assert.equal(hex(sha3_384(unhex(v.hex))), v.digest, `${v.hex.length / 2} bytes`);
});
