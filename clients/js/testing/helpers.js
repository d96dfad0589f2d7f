// Shared by the kit's tests (outside test/, which node --test runs whole): the golden vectors (made from Python by clients/js/test/golden/make.py).
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const GOLDEN = fileURLToPath(new URL('../test/golden/', import.meta.url));

export function golden(name) {
  return JSON.parse(readFileSync(GOLDEN + name, 'utf8'));
}

export function hex(bytes) {
  return Buffer.from(bytes).toString('hex');
}

export function unhex(text) {
  return new Uint8Array(Buffer.from(text, 'hex'));
}

/** The golden signed pool as a Map name -> bytes (a fresh copy: tests change it). */
export function goldenPool() {
  const dir = GOLDEN + 'pool/';
  return new Map(readdirSync(dir).map((n) => [n, new Uint8Array(readFileSync(dir + n))]));
}

export const POOL_PUB = () => readFileSync(GOLDEN + 'pool.pub', 'utf8');

/** A referee's position as plain data: every field, bytes as hex (golden/make.py's state_doc). */
export function stateDoc(state) {
  const plain = (v) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : Array.isArray(v) ? v.map(plain) : v);
  return Object.fromEntries(Object.entries(state).map(([k, v]) => [k, plain(v)]));
}
