// WebCrypto in both homes: the browser's and Node's `globalThis.crypto` (Node >= 19), or Node 18's
// `node:crypto` webcrypto. Only SHA-256, AES-CTR and Ed25519 are taken from it.

let subtle = null;

/** The SubtleCrypto of this engine. */
export async function getSubtle() {
  if (subtle) return subtle;
  if (globalThis.crypto && globalThis.crypto.subtle) subtle = globalThis.crypto.subtle;
  else subtle = (await import('node:crypto')).webcrypto.subtle;
  return subtle;
}

/** SHA-256 of bytes (WebCrypto, native speed). */
export async function sha256(bytes) {
  const s = await getSubtle();
  return new Uint8Array(await s.digest('SHA-256', bytes));
}

/** SHA-256 as lower-case hex text. */
export async function sha256Hex(bytes) {
  const d = await sha256(bytes);
  let out = '';
  for (const b of d) out += (b < 16 ? '0' : '') + b.toString(16);
  return out;
}
