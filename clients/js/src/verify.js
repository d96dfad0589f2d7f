// verifyPool: everything `dealpool verify` checks (pipeline/export.py's verify_pool and
// pipeline/fairness.py's verify_sample), from the exported files alone: the manifest's shape and
// names, every file's SHA-256, every manifest field against the board files (JSON and Parquet), the
// Ed25519 signature, every deal re-dealt and its line replayed to a win, and the committed sample
// and its reveal. Problems are one line each, worded as the Python ones.
//
// Also verifyDraw: a player's fair draw from the pool re-done from the revealed seed
// (`dealpool fair verify-draw`).

import { board as boardOf, boardCode, boardFor, canonicalCode, deal } from './deal.js';
import { BadInput, pyRepr } from './errors.js';
import { checkCommitment, pick, sample, seedBytes } from './fair.js';
import { GAMES } from './games.js';
import { readParquet } from './parquet.js';
import { replay } from './referee.js';
import { getSubtle, sha256Hex } from './webcrypto.js';

export const FORMAT = 'dealpool-pool/3';
export const GRADES = ['easy', 'medium', 'hard', 'expert'];
export const MANIFEST = 'manifest.json';
export const SIGNATURE = 'manifest.json.sig';
export const SAMPLE_FILE = 'sample.json';
export const RULES_VERSION = '1';
const MANIFEST_KEYS = ['boards', 'created', 'engine_version', 'files', 'format', 'grade', 'rules_version', 'sequence'];
const CREATED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const BOARD_KEYS = ['budgets', 'count', 'grading', 'json', 'parquet', 'redeals_foreseen'];
const SHIPPED_VERDICTS = ['won', 'lost', 'unknown'];
const MAX_NUMBER = 1_000_000;
const HEX64 = /^[0-9a-f]{64}$/;
const POOL_COLUMNS = [['code', 'string'], ['nodes', 'int64'], ['budget', 'int64'], ['line', 'list<string>'],
  ['grade', 'string'], ['wins', 'int64'], ['playouts', 'int64']];

const utf8 = new TextDecoder('utf-8', { fatal: true });
const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const isInt = (x) => typeof x === 'number' && Number.isInteger(x);
const sortedKeys = (o) => Object.keys(o).sort();
const setEq = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A plain file name inside the export folder: no folder part, not hidden, not `..`. */
export function plainName(name) {
  return typeof name === 'string' && !!name && !name.includes('/') && !name.includes('\\') && !name.startsWith('.') && !name.includes('\0');
}

function short(e) {
  const text = String(e && e.message !== undefined ? e.message : e).split('\n')[0];
  const type = (e && e.name) || 'Error';
  return text ? `${type}: ${text.slice(0, 200)}` : type;
}

/** Files as a Map name -> Uint8Array (null: a name that is no file, e.g. a folder). */
export function fileMap(files) {
  const entries = files instanceof Map ? [...files.entries()] : Object.entries(files || {});
  const enc = new TextEncoder();
  return new Map(
    entries.map(([name, v]) => {
      if (v === null || v === undefined) return [name, null];
      if (typeof v === 'string') return [name, enc.encode(v)];
      if (v instanceof Uint8Array) return [name, v];
      if (v instanceof ArrayBuffer) return [name, new Uint8Array(v)];
      if (ArrayBuffer.isView(v)) return [name, new Uint8Array(v.buffer, v.byteOffset, v.byteLength)];
      throw new BadInput(`file ${name}: not bytes (Uint8Array, ArrayBuffer or text)`);
    }),
  );
}

function parseJson(bytes) {
  return JSON.parse(utf8.decode(bytes));
}

/** (document or undefined, problem or ''): a bad file is a finding, not an error. */
function tryJson(files, name) {
  const bytes = files.get(name);
  if (bytes === undefined) return [undefined, ''];
  if (bytes === null) return [undefined, `${name}: not valid JSON (IsADirectoryError)`];
  try {
    return [parseJson(bytes), ''];
  } catch (e) {
    return [undefined, `${name}: not valid JSON (${e.name || 'Error'})`];
  }
}

// ---------------------------------------------------------------- keys and the signature

function base64Decode(text, strict) {
  const t = strict ? text : text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(t) || t.length % 4 !== 0) return null;
  const bin = atob(t);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const ED25519_SPKI = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];
const KEY_HELP = 'accepted: the KEY.pub file `dealpool keygen KEY` writes (an Ed25519 public key in PEM)';

/**
 * An Ed25519 public key as WebCrypto takes it, from what `dealpool keygen` writes (KEY.pub: PEM,
 * SubjectPublicKeyInfo), as text or bytes; or its DER, or the 32 raw bytes. BadInput otherwise.
 */
export async function importPublicKey(key) {
  let der = null;
  let text = null;
  if (typeof key === 'string') text = key;
  else if (key instanceof Uint8Array || key instanceof ArrayBuffer) {
    const bytes = key instanceof Uint8Array ? key : new Uint8Array(key);
    if (bytes.length === 32) der = Uint8Array.from([...ED25519_SPKI, ...bytes]);
    else if (bytes.length === 44 && bytes[0] === 0x30) der = bytes;
    else {
      try {
        text = utf8.decode(bytes);
      } catch {
        throw new BadInput(`the public key is not an Ed25519 public key in PEM; ${KEY_HELP}`);
      }
    }
  } else throw new BadInput(`the public key is not text or bytes; ${KEY_HELP}`);
  if (text !== null) {
    if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) {
      throw new BadInput(`the key given is a private key, not a public one; ${KEY_HELP} (never the private KEY)`);
    }
    const m = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/.exec(text);
    der = m ? base64Decode(m[1], false) : null;
  }
  const prefixOk = der && der.length === 44 && ED25519_SPKI.every((b, i) => der[i] === b);
  if (!prefixOk) throw new BadInput(`the public key is not an Ed25519 public key in PEM; ${KEY_HELP}`);
  const subtle = await getSubtle();
  try {
    return await subtle.importKey('spki', der, { name: 'Ed25519' }, false, ['verify']);
  } catch (e) {
    throw new BadInput(`this engine's WebCrypto cannot verify Ed25519 (${short(e)}); Node >= 20 or a current browser can`);
  }
}

async function checkSignature(files, publicKey, keyName) {
  const sig = files.get(SIGNATURE);
  if (!sig) return [`${SIGNATURE}: missing (the pool is not signed; export it with --sign KEY)`];
  const bad = [`${SIGNATURE}: not a signature of this manifest by the key ${keyName} (tampered or another operator's)`];
  let text;
  try {
    text = utf8.decode(sig).trim();
  } catch {
    return bad;
  }
  const raw = base64Decode(text, true);
  const manifest = files.get(MANIFEST);
  if (!raw || !manifest) return bad;
  try {
    const subtle = await getSubtle();
    return (await subtle.verify({ name: 'Ed25519' }, publicKey, raw, manifest)) ? [] : bad;
  } catch {
    return bad;
  }
}

// ---------------------------------------------------------------- the manifest

function checkShape(m) {
  const p = [];
  if (!setEq(sortedKeys(m), MANIFEST_KEYS)) p.push(`manifest fields ${pyRepr(sortedKeys(m))} differ from ${pyRepr(MANIFEST_KEYS)}`);
  for (const k of ['engine_version', 'rules_version']) if (typeof m[k] !== 'string') p.push(`manifest ${k} is not text`);
  if (!(isInt(m.sequence) && m.sequence >= 1)) p.push('manifest sequence is not a whole number >= 1');
  if (!(typeof m.created === 'string' && CREATED.test(m.created))) p.push('manifest created is not a UTC time YYYY-MM-DDTHH:MM:SSZ');
  if (m.grade !== null && m.grade !== undefined && !GRADES.includes(m.grade)) p.push(`manifest grade is not null or one of ${GRADES.join(', ')}`);
  const { boards, files } = m;
  if (!isObject(boards)) p.push('manifest boards is not an object {board: {count, budgets, json, parquet}}');
  else {
    for (const [b, info] of Object.entries(boards)) {
      if (!isObject(info) || !setEq(sortedKeys(info), BOARD_KEYS)) {
        p.push(`manifest board ${pyRepr(b)} is not an object with exactly ${pyRepr(BOARD_KEYS)}`);
        continue;
      }
      if (!(isInt(info.count) && info.count >= 1)) p.push(`${b}: count is not a whole number >= 1`);
      const bs = info.budgets;
      if (!(Array.isArray(bs) && bs.length && bs.every(isInt))) p.push(`${b}: budgets is not a list of whole numbers`);
      if (info.json !== `${b}.json` || info.parquet !== `${b}.parquet`) p.push(`${b}: its files must be named ${b}.json and ${b}.parquet`);
      p.push(...checkGradingShape(b, info));
    }
  }
  if (!isObject(files) || !Object.entries(files).every(([, v]) => typeof v === 'string' && HEX64.test(v))) {
    p.push('manifest files is not an object {file name: SHA-256 hex}');
  }
  return p;
}

/** (listed, unlisted) names the fair scheme adds: sample.json (hashed), reveal-<commitment>.json (not). */
function fairNames(files) {
  const listed = new Set(files.has(SAMPLE_FILE) ? [SAMPLE_FILE] : []);
  const unlisted = new Set(
    [...files.keys()].filter((n) => n.startsWith('reveal-') && n.endsWith('.json') && n.length === 'reveal-.json'.length + 64),
  );
  return [listed, unlisted];
}

function checkNames(files, m) {
  const p = [];
  const listed = Object.keys(m.files);
  for (const name of [...listed].sort()) if (!plainName(name)) p.push(`${pyRepr(name)}: not a plain file name in the folder (refused)`);
  const want = new Set(Object.values(m.boards).flatMap((info) => [info.json, info.parquet]));
  const [fairListed, fairUnlisted] = fairNames(files);
  const have = new Set(listed);
  for (const name of [...want].filter((n) => !have.has(n)).sort()) p.push(`${name}: a board's file not covered by the manifest's hashes`);
  for (const name of listed.filter((n) => !want.has(n) && !fairListed.has(n) && n !== SAMPLE_FILE).sort()) {
    p.push(`${name}: listed in files but no board's file`);
  }
  const extra = [...files.keys()].filter((n) => !have.has(n) && n !== MANIFEST && n !== SIGNATURE && !fairUnlisted.has(n));
  for (const name of extra.sort()) p.push(`${name}: in the folder but not in the manifest (unlisted file)`);
  for (const [name, bytes] of [...files.entries()].sort()) if (bytes === null) p.push(`${name}: not a regular file in the pool (refused)`);
  return p;
}

/** Each reveal-<commitment>.json beside the pool must be one: naming that commitment, its seed hashing to it. */
async function checkReveals(files) {
  const p = [];
  const [, unlisted] = fairNames(files);
  for (const name of [...unlisted].sort()) {
    const c = name.slice('reveal-'.length, -'.json'.length);
    const [doc, bad] = tryJson(files, name);
    if (bad || !isObject(doc)) {
      p.push(bad || `${name}: not a reveal (not a JSON object)`);
      continue;
    }
    try {
      if (doc.commitment !== c) throw new BadInput(`it names commitment ${String(doc.commitment ?? 'None').slice(0, 70)}`);
      if (!('server_seed' in doc)) throw new BadInput('no server_seed');
      await checkCommitment(String(doc.server_seed), c);
    } catch (e) {
      if (!(e instanceof BadInput)) throw e;
      p.push(`${name}: not the reveal of commitment ${c} (${e.message.split('\n')[0].slice(0, 120)})`);
    }
  }
  return p;
}

/** An older pool than the client has seen: below options.minSequence, or created before options.notBefore. */
function checkFresh(m, notBefore, minSequence) {
  const p = [];
  if (minSequence !== undefined && minSequence !== null && m.sequence < minSequence) {
    p.push(`manifest sequence ${m.sequence} is below --min-sequence ${minSequence} (an older pool)`);
  }
  if (notBefore !== undefined && notBefore !== null && m.created < notBefore) {
    p.push(`manifest created ${m.created} is before --not-before ${notBefore} (an older pool)`);
  }
  return p;
}

/** --not-before in the manifest's form (a date means its midnight UTC); else BadInput. */
export function checkNotBefore(text) {
  let t = String(text).trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) t += 'T00:00:00Z';
  if (!CREATED.test(t)) throw new BadInput(`bad --not-before ${pyRepr(String(text).slice(0, 40))}: give a UTC time YYYY-MM-DDTHH:MM:SSZ or a date YYYY-MM-DD`);
  return t;
}

const canon = (code) => {
  try {
    return canonicalCode(code);
  } catch {
    return code;
  }
};

async function checkHashes(files, m) {
  const p = [];
  for (const [name, digest] of Object.entries(m.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!plainName(name)) continue;
    const bytes = files.get(name);
    if (!bytes) p.push(`${name}: missing`);
    else if ((await sha256Hex(bytes)) !== digest) p.push(`${name}: SHA-256 differs from the manifest (changed)`);
  }
  return p;
}

// ---------------------------------------------------------------- the boards

function readBoard(files, info) {
  const jbytes = files.get(info.json);
  if (!jbytes) throw Object.assign(new Error(`${info.json} is missing`), { name: 'FileNotFoundError' });
  const doc = parseJson(jbytes);
  const pbytes = files.get(info.parquet);
  if (!pbytes) throw Object.assign(new Error(`${info.parquet} is missing`), { name: 'FileNotFoundError' });
  const table = readParquet(pbytes);
  const got = table.columns.map((c) => [c.name, c.kind]);
  if (JSON.stringify(got) !== JSON.stringify(POOL_COLUMNS)) {
    throw Object.assign(new Error(`columns ${pyRepr(got.map((c) => c[0]))}, expected ${pyRepr(POOL_COLUMNS.map((c) => c[0]))}`), { name: 'ValueError' });
  }
  if (!(isObject(doc) && Array.isArray(doc.deals))) throw Object.assign(new Error('not a {board, deals} document'), { name: 'ValueError' });
  return { doc, rows: table.rows, meta: table.metadata };
}

function dealsShaped(deals) {
  return deals.every((d) => isObject(d) && typeof d.code === 'string' && Array.isArray(d.line) && d.line.every((x) => typeof x === 'string'));
}

function checkBoard(m, board, doc, rows, meta) {
  const p = [];
  const info = m.boards[board];
  const deals = doc.deals;
  const key = (d) => JSON.stringify([d.code ?? null, d.nodes ?? null, d.budget ?? null, d.grade ?? null, d.wins ?? null, d.playouts ?? null, d.line]);
  if (deals.length !== rows.length || deals.some((d, i) => key(d) !== key(rows[i]))) {
    p.push(`${board}: the JSON and Parquet files list different deals or lines`);
  }
  const canonical = deals.map((d) => canon(d.code));
  if (new Set(canonical).size !== deals.length) {
    const twice = canonical.find((c, i) => canonical.indexOf(c) !== i);
    p.push(`${board}: a deal is listed twice (canonical code ${twice.slice(0, 80)}, under any spelling)`);
  }
  if (deals.length !== info.count) p.push(`${board}: ${deals.length} deals, manifest says count ${info.count}`);
  const budgets = [...new Set(deals.map((d) => d.budget).filter(isInt))].sort((a, b) => a - b);
  if (JSON.stringify(budgets) !== JSON.stringify(info.budgets)) {
    p.push(`${board}: deals were solved at budgets ${pyRepr(budgets)}, manifest says ${pyRepr(info.budgets)}`);
  }
  for (const k of ['engine_version', 'rules_version']) {
    const found = [...new Set([doc[k], meta[k] ?? ''])];
    if (!(found.length === 1 && found[0] === m[k])) {
      const shown = found.map((x) => (x === undefined || x === null ? 'None' : String(x))).sort();
      p.push(`${board}: files say ${k} ${pyRepr(shown)}, manifest says ${pyRepr(m[k])}`);
    }
  }
  if (doc.board !== board || meta.board !== board) p.push(`${board}: its files are of board ${pyRepr(doc.board)}`);
  if (m.rules_version !== RULES_VERSION) {
    p.push(`${board}: made under rules ${pyRepr(m.rules_version)}; this engine's referee is ${pyRepr(RULES_VERSION)}`);
  }
  return p;
}

function checkReplays(board, deals) {
  const p = [];
  for (const d of deals) {
    let dealt;
    try {
      dealt = deal(d.code);
    } catch (e) {
      if (!(e instanceof BadInput)) throw e;
      p.push(`${board} ${d.code.slice(0, 80)}: does not deal (${e.message})`);
      continue;
    }
    const b = boardFor(dealt.code).id;
    if (b !== board) p.push(`${board} ${d.code}: is a ${b} deal`);
    const r = replay(dealt, d.line);
    if (!r.won) {
      const why = r.refused ? `refused at ${r.refused.at}: ${r.refused.reason}` : `refused at ${d.line.length}: not won`;
      p.push(`${board} ${d.code}: the referee ${why}`);
    }
  }
  return p;
}

// ---------------------------------------------------------------- the grades (format 3)

const isShare = (x) => typeof x === 'number' && x >= 0 && x <= 1;

/** A board entry's `grading` (null or {version, playouts, thresholds {easy >= medium >= hard}}) and `redeals_foreseen`. */
function checkGradingShape(board, info) {
  const p = [];
  const g = info.grading;
  if (g !== null) {
    const t = isObject(g) ? g.thresholds : null;
    const ok = isObject(g) && setEq(sortedKeys(g), ['playouts', 'thresholds', 'version']) && typeof g.version === 'string'
      && isInt(g.playouts) && g.playouts >= 1 && isObject(t) && setEq(sortedKeys(t), ['easy', 'hard', 'medium'])
      && Object.values(t).every(isShare) && t.easy >= t.medium && t.medium >= t.hard;
    if (!ok) p.push(`${board}: grading is not null or {version, playouts >= 1, thresholds {easy >= medium >= hard, shares}}`);
  }
  if (typeof info.redeals_foreseen !== 'boolean') p.push(`${board}: redeals_foreseen is not true or false`);
  return p;
}

/** The grade of `wins` out of `playouts` on a manifest's thresholds: the least share won for easy, medium, hard, else expert. */
export function gradeOf(thresholds, wins, playouts) {
  const share = wins / playouts;
  for (const name of GRADES.slice(0, 3)) if (share >= thresholds[name]) return name;
  return GRADES[3];
}

function seededBoard(board) {
  try {
    return GAMES[boardOf(board).game].seeded;
  } catch (e) {
    if (e instanceof BadInput) return null;
    throw e;
  }
}

/** Each deal's grade against its wins, playouts and the manifest's thresholds; the `grade` filter; redeals_foreseen. */
function checkDealGrades(m, board, deals) {
  const p = [];
  const info = m.boards[board];
  const g = info.grading;
  const want = m.grade ?? null;
  const seeded = seededBoard(board);
  const py = (x) => (x === true ? 'True' : x === false ? 'False' : String(x));
  if (seeded !== null && info.redeals_foreseen !== seeded) {
    p.push(`${board}: redeals_foreseen is ${py(info.redeals_foreseen)}, the engine says ${py(seeded)}`);
  }
  if (want !== null && g === null) p.push(`${board}: the manifest keeps only ${want} deals but the board is not graded`);
  for (const d of deals) {
    const code = String(d.code).slice(0, 80);
    const grade = d.grade ?? null, wins = d.wins ?? null, n = d.playouts ?? null;
    if (g === null) {
      if (grade !== null || wins !== null || n !== null) p.push(`${board} ${code}: a grade on a board the manifest does not grade`);
      continue;
    }
    if (!GRADES.includes(grade) || !isInt(wins) || !isInt(n) || !(wins >= 0 && wins <= n)) {
      p.push(`${board} ${code}: grade ${pyRepr(grade)} with wins ${pyRepr(wins)} of playouts ${pyRepr(n)} is not a grade`);
      continue;
    }
    if (n !== g.playouts) p.push(`${board} ${code}: ${n} playouts, the board's grading has ${g.playouts}`);
    else if (grade !== gradeOf(g.thresholds, wins, n)) {
      p.push(`${board} ${code}: grade ${grade} is not ${wins}/${n} on the board's thresholds (${gradeOf(g.thresholds, wins, n)})`);
    }
    if (want !== null && grade !== want) p.push(`${board} ${code}: grade ${grade} in a pool of only ${want} deals`);
  }
  return p;
}

// ---------------------------------------------------------------- the committed sample

/** The numbered deals (1..1,000,000) a committed sample of `count` draws, in draw order. */
export async function sampleNumbers(serverSeed, clientSeeds, count) {
  return (await sample([serverSeed, ...clientSeeds], MAX_NUMBER, count)).map((i) => i + 1);
}

/** (problems, one-line summary) of the export's committed sample and its reveal (verify_sample). */
export async function verifySample(files, manifest) {
  const listedFiles = isObject(manifest.files) ? manifest.files : {};
  if (!Object.hasOwn(listedFiles, SAMPLE_FILE)) {
    return files.has(SAMPLE_FILE) ? [[`${SAMPLE_FILE} is not covered by the manifest's hashes`], ''] : [[], ''];
  }
  let doc, boards, shipped, count;
  try {
    if (!files.get(SAMPLE_FILE)) throw Object.assign(new Error(`No such file: '${SAMPLE_FILE}'`), { name: 'FileNotFoundError' });
    doc = parseJson(files.get(SAMPLE_FILE));
    boards = doc.boards;
    if (!isObject(boards)) throw Object.assign(new Error("'boards'"), { name: 'KeyError' });
    shipped = {};
    for (const [b, info] of Object.entries(boards)) {
      shipped[b] = new Map();
      for (const d of info.deals) {
        if (!isObject(d) || !('code' in d)) throw Object.assign(new Error("'code'"), { name: 'KeyError' });
        shipped[b].set(d.code, d);
      }
    }
    count = Number.parseInt(doc.count, 10);
    if (!Number.isFinite(count)) throw Object.assign(new Error(`invalid count ${pyRepr(doc.count)}`), { name: 'ValueError' });
  } catch (e) {
    return [[`${SAMPLE_FILE}: unreadable (${short(e)})`], ''];
  }
  const problems = [];
  for (const [b, info] of Object.entries(boards)) {
    const listed = info.deals.map((d) => (d.verdict === undefined ? null : d.verdict));
    if (listed.length !== shipped[b].size) problems.push(`${b}: a sampled deal is listed twice in ${SAMPLE_FILE}`);
    const want = Object.fromEntries(SHIPPED_VERDICTS.map((v) => [v, listed.filter((x) => x === v).length]));
    const counts = info.counts;
    const same = isObject(counts) && setEq(sortedKeys(counts), sortedKeys(want)) && SHIPPED_VERDICTS.every((v) => counts[v] === want[v]);
    if (!same) problems.push(`${b}: the counts in ${SAMPLE_FILE} differ from its deals' verdicts`);
  }
  for (const [b, deals] of Object.entries(shipped)) {
    const poolRows = new Map(); // the board's pool, by canonical code
    const info = isObject(manifest.boards) && Object.hasOwn(manifest.boards, b) ? manifest.boards[b] : undefined;
    if (isObject(info)) {
      const [pdoc] = tryJson(files, String(info.json));
      if (isObject(pdoc) && Array.isArray(pdoc.deals)) {
        for (const d of pdoc.deals) if (isObject(d) && typeof d.code === 'string') poolRows.set(canon(d.code), d);
      } // a bad pool file is verify_pool's finding
    }
    for (const [code, d] of deals) {
      const row = typeof code === 'string' ? poolRows.get(canon(code)) : undefined;
      if (!SHIPPED_VERDICTS.includes(d.verdict)) problems.push(`sampled deal ${b} ${code} has no verdict shipped (${pyRepr(d.verdict ?? null)})`);
      else if (d.verdict === 'won' && row === undefined) problems.push(`sampled deal ${b} ${code} is shipped as won but is not in the pool with its line`);
      else if (d.verdict !== 'won' && row !== undefined) {
        problems.push(`sampled deal ${b} ${code} is shipped as ${d.verdict} but the pool lists it won with its line (contradiction)`);
      } else if (row !== undefined && (d.nodes !== row.nodes || d.budget !== row.budget)) {
        problems.push(`sampled deal ${b} ${code}: ${SAMPLE_FILE} says ${d.nodes ?? 'None'} nodes at budget ${d.budget ?? 'None'}, the pool ${row.nodes ?? 'None'} at ${row.budget ?? 'None'} (contradiction)`);
      }
      try {
        if (!isInt(d.number) || boardCode(b, d.number) !== code) problems.push(`sampled deal ${b} ${code} is not the deal numbered ${d.number ?? 'None'} of ${b}`);
      } catch (e) {
        if (!(e instanceof BadInput)) throw e;
        problems.push(`sampled deal ${b} ${code}: ${e.message}`);
      }
    }
  }
  const rname = `reveal-${doc.commitment ?? 'None'}.json`;
  const [rev, bad] = tryJson(files, rname);
  if (bad || (rev !== undefined && !isObject(rev))) return [[...problems, bad || `${rname}: not a reveal`], ''];
  if (rev === undefined) {
    const n = Object.values(shipped).reduce((a, d) => a + d.size, 0);
    return [problems, `fair: committed sample of ${n} deals, commitment ${doc.commitment}, not revealed yet`];
  }
  if (!('server_seed' in rev)) return [[...problems, `${rname} lacks 'server_seed'`], ''];
  if (!('commitment' in doc)) return [[...problems, `${rname} lacks 'commitment'`], ''];
  try {
    await checkCommitment(String(rev.server_seed), String(doc.commitment));
  } catch (e) {
    if (e instanceof BadInput) return [[...problems, `${rname}: ${e.message}`], ''];
    throw e;
  }
  const revBoards = (isObject(rev.sample) && rev.sample.boards) || [];
  if (JSON.stringify(Object.keys(boards).sort()) !== JSON.stringify(Array.isArray(revBoards) ? [...revBoards].sort() : revBoards)) {
    problems.push(`${rname}: the sampled boards ${pyRepr(isObject(rev.sample) ? rev.sample.boards ?? null : null)} differ from ${SAMPLE_FILE}'s ${pyRepr(Object.keys(boards).sort())}`);
  }
  if (JSON.stringify(rev.client_seeds) !== JSON.stringify(doc.client_seeds)) {
    problems.push(`${rname}: the client seeds ${pyRepr(rev.client_seeds ?? null)} differ from the committed sample's ${pyRepr(doc.client_seeds ?? null)}`);
  }
  let numbers;
  try {
    if (!Array.isArray(rev.client_seeds)) throw new BadInput("'client_seeds'");
    numbers = await sampleNumbers(String(rev.server_seed), rev.client_seeds, count);
  } catch (e) {
    if (e instanceof BadInput) return [[...problems, `cannot re-derive the sample: ${e.message}`], ''];
    throw e;
  }
  for (const [b, deals] of Object.entries(shipped)) {
    let want;
    try {
      want = numbers.map((n) => boardCode(b, n));
    } catch (e) {
      if (!(e instanceof BadInput)) throw e;
      problems.push(`${SAMPLE_FILE}: ${e.message}`);
      continue;
    }
    const wantSet = new Set(want);
    const missing = want.filter((c) => !deals.has(c));
    const extra = [...deals.keys()].filter((c) => !wantSet.has(c)).sort();
    if (missing.length) problems.push(`${b}: ${missing.length} deal(s) of the committed sample have no verdict shipped (dropped), first ${missing[0]}`);
    if (extra.length) problems.push(`${b}: ${extra.length} deal(s) in ${SAMPLE_FILE} are not in the committed sample (changed), first ${extra[0]}`);
  }
  const counts = Object.fromEntries(
    SHIPPED_VERDICTS.map((v) => [v, Object.values(shipped).reduce((a, ds) => a + [...ds.values()].filter((d) => d.verdict === v).length, 0)]),
  );
  const line =
    `fair: committed sample re-derived from the revealed seed: ${numbers.length} deals of each of ${Object.keys(shipped).sort().join(',')}, ` +
    `won ${counts.won}, lost ${counts.lost}, unknown ${counts.unknown} ` +
    `(commitment ${doc.commitment}, client seeds [${rev.client_seeds.map((x) => JSON.stringify(x)).join(', ')}])`;
  return [problems, line];
}

// ---------------------------------------------------------------- verifyPool

/**
 * Verify an exported pool from its files alone, as `dealpool verify` does.
 * files: Map or object {file name: bytes} of the export folder (every file in it).
 * options.publicKey: the operator's KEY.pub (PEM text or bytes, DER, or 32 raw bytes): then the
 * signature manifest.json.sig must be its signature of manifest.json. options.minSequence (a whole
 * number) and options.notBefore (UTC YYYY-MM-DDTHH:MM:SSZ or a date): an older pool is a problem.
 * Resolves to {ok, problems: string[], deals (replayed), fair (the committed sample's summary line or '')}.
 * Bad input (no manifest.json, a bad key) rejects with BadInput.
 */
export async function verifyPool(files, options = {}) {
  const fm = fileMap(files);
  const publicKey = options.publicKey !== undefined && options.publicKey !== null ? await importPublicKey(options.publicKey) : null;
  const keyName = options.keyName ?? 'given';
  const notBefore = options.notBefore !== undefined && options.notBefore !== null ? checkNotBefore(options.notBefore) : null;
  const minSequence = options.minSequence ?? null;
  if (minSequence !== null && !(isInt(minSequence) && minSequence >= 1)) throw new BadInput(`bad --min-sequence ${minSequence}: give 1 or more`);
  if (!fm.has(MANIFEST)) throw new BadInput('the files hold no manifest.json: not an exported pool');
  const problems = [];
  let manifest = null;
  try {
    manifest = parseJson(fm.get(MANIFEST) ?? new Uint8Array());
  } catch (e) {
    problems.push(`manifest.json is not valid JSON (${short(e)})`);
  }
  if (manifest !== null && !(isObject(manifest) && manifest.format === FORMAT)) {
    problems.push(`manifest.json is not a ${FORMAT} manifest`);
    manifest = null;
  }
  if (publicKey) problems.push(...(await checkSignature(fm, publicKey, keyName)));
  let replayed = 0;
  if (manifest !== null) {
    const shape = checkShape(manifest);
    if (shape.length) problems.push(...shape);
    else {
      problems.push(...checkFresh(manifest, notBefore, minSequence));
      problems.push(...checkNames(fm, manifest));
      problems.push(...(await checkReveals(fm)));
      problems.push(...(await checkHashes(fm, manifest)));
      for (const board of Object.keys(manifest.boards).sort()) {
        const info = manifest.boards[board];
        if (!(plainName(info.json) && plainName(info.parquet))) continue;
        let doc, rows, meta;
        try {
          ({ doc, rows, meta } = readBoard(fm, info));
        } catch (e) {
          problems.push(`${board}: unreadable pool file (${short(e)})`);
          continue;
        }
        if (!dealsShaped(doc.deals)) {
          problems.push(`${board}: the JSON deals are not {code, nodes, budget, line} objects`);
          continue;
        }
        problems.push(...checkBoard(manifest, board, doc, rows, meta));
        replayed += doc.deals.length;
        problems.push(...checkReplays(board, doc.deals));
        problems.push(...checkDealGrades(manifest, board, doc.deals));
      }
    }
  }
  let fair = '';
  if (isObject(manifest)) {
    const [p, line] = await verifySample(fm, manifest);
    problems.push(...p);
    fair = line;
  }
  return { ok: problems.length === 0, problems, deals: replayed, fair };
}

// ---------------------------------------------------------------- a player's draw

/**
 * Re-do a player's draw from the revealed seed (`dealpool fair verify-draw`): which deal of the
 * board's pool file it must have been. options: {clientSeed, board?, serverSeed?, commitment?, code?}.
 * With no serverSeed, the pool's reveal-<commitment>.json gives it (with no commitment either, the
 * pool's one reveal). Resolves to {board, code, index, count, poolSha256, commitment, poolChanged,
 * ok} (ok: the pool file unchanged and, with options.code, the draw gives that code). Bad input
 * (a seed that does not hash to the commitment, no such board) rejects with BadInput.
 */
export async function verifyDraw(files, options) {
  const fm = fileMap(files);
  const { clientSeed } = options;
  let { board = null, serverSeed = null, commitment = null } = options;
  seedBytes([clientSeed], 'client seed');
  if (commitment === null && serverSeed === null) {
    const found = [...fm.keys()].filter((n) => /^reveal-.*\.json$/.test(n)).sort();
    if (found.length !== 1) {
      const why = found.length ? `${found.length} reveals` : 'no reveal';
      throw new BadInput(`the pool holds ${why}: give the commitment (the one your draw printed)`);
    }
    commitment = found[0].slice('reveal-'.length, -'.json'.length);
  }
  if (commitment === null) throw new BadInput('with the server seed give the commitment: the SHA-256 published before your draw');
  const [rev] = tryJson(fm, `reveal-${commitment}.json`);
  if (serverSeed === null) {
    if (!isObject(rev)) throw new BadInput(`the pool holds no reveal-${commitment}.json (not revealed yet): give the server seed`);
    serverSeed = String(rev.server_seed);
  }
  await checkCommitment(serverSeed, commitment);
  const [manifest] = tryJson(fm, MANIFEST);
  if (!isObject(manifest)) throw new BadInput('the files are not an exported pool (no manifest.json)');
  const boards = isObject(manifest.boards) ? manifest.boards : {};
  const names = Object.keys(boards).sort();
  if (!names.length) throw new BadInput('cannot draw from an empty pool: it holds no won deals');
  if (board === null) {
    if (names.length !== 1) throw new BadInput(`the pool holds several boards: give the board, one of ${names.join(', ')}`);
    board = names[0];
  }
  if (!Object.hasOwn(boards, board)) throw new BadInput(`board ${pyRepr(board)} is not in the pool (boards: ${names.join(', ')})`);
  const file = boards[board].json;
  const [doc] = tryJson(fm, file);
  const codes = isObject(doc) && Array.isArray(doc.deals) ? doc.deals.map((d) => d.code) : [];
  if (!codes.length) throw new BadInput(`cannot draw from an empty pool: ${pyRepr(file)} lists no deals`);
  const code = await pick([serverSeed, clientSeed], codes);
  const poolSha256 = await sha256Hex(fm.get(file));
  let poolChanged = false;
  if (isObject(rev) && rev.commitment === commitment) {
    const pinned = isObject(rev.pools) ? rev.pools[board] : null;
    poolChanged = Boolean(pinned && pinned !== poolSha256);
  }
  const given = options.code ?? null;
  return {
    board, code, index: codes.indexOf(code), count: codes.length, poolSha256, commitment, poolChanged,
    ok: !poolChanged && (given === null || given === code),
  };
}
