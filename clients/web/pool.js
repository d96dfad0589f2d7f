// A pool's files, from the user's pick or from a URL, and what the page reads of them: the
// manifest, each board's deals (from its JSON file) and which file or deal each problem names.
//
// The files go to the kit's verifyPool as they are (name -> bytes); nothing here decides whether a
// pool is good, this module only finds the files and reads them for browsing.

const decoder = new TextDecoder();

/** The last part of a path: the name a file has in the pool folder. */
function baseName(path) {
  return path.split('/').pop();
}

/**
 * The pool's files from an <input type=file> pick (a folder or loose files): name -> bytes.
 * A picked folder may hold the pool one level down (the data folder picked instead of data/pool):
 * the folder of the shallowest manifest.json is the pool, files in other folders are left out.
 */
export async function filesFromPick(fileList) {
  const all = [...fileList].map((f) => ({ f, path: f.webkitRelativePath || f.name }));
  const manifests = all.filter(({ path }) => baseName(path) === 'manifest.json')
    .sort((a, b) => a.path.split('/').length - b.path.split('/').length);
  const dir = manifests.length ? manifests[0].path.slice(0, -'manifest.json'.length) : null;
  const files = new Map();
  for (const { f, path } of all) {
    if (dir !== null && (!path.startsWith(dir) || path.slice(dir.length).includes('/'))) continue;
    files.set(baseName(path), new Uint8Array(await f.arrayBuffer()));
  }
  return files;
}

/** The names a folder URL lists: a JSON array, or the links of a directory page (http.server's). */
async function listing(url) {
  const r = await fetch(url, { cache: 'no-store' });
  if (!r.ok) return null;
  const text = await r.text();
  if ((r.headers.get('content-type') || '').includes('json')) {
    const names = JSON.parse(text);
    return Array.isArray(names) ? names.map(String) : null;
  }
  const doc = new DOMParser().parseFromString(text, 'text/html');
  const names = [...doc.querySelectorAll('a[href]')].map((a) => decodeURIComponent(a.getAttribute('href')))
    .filter((h) => h && !h.includes('/') && !h.startsWith('?') && !h.startsWith('#'));
  return names.length ? names : null;
}

/**
 * The pool's files from a folder URL (e.g. ../pool/ beside the page, as `dealpool serve` has it).
 * With a folder listing every file in it is fetched, so the kit sees files the manifest does not
 * list; without one, the manifest's files and the signature (and `listed` is false: say so).
 */
export async function filesFromUrl(url) {
  const base = new URL(url.endsWith('/') ? url : url + '/', location.href);
  let names = null;
  try {
    names = await listing(base);
  } catch {
    names = null;
  }
  const listed = names !== null;
  if (!listed) {
    const r = await fetch(new URL('manifest.json', base), { cache: 'no-store' });
    if (!r.ok) throw new Error(`no manifest.json at ${base.href} (HTTP ${r.status})`);
    const manifest = JSON.parse(decoder.decode(new Uint8Array(await r.arrayBuffer())));
    names = ['manifest.json', 'manifest.json.sig', ...Object.keys((manifest && manifest.files) || {})];
  }
  const files = new Map();
  await Promise.all(names.map(async (name) => {
    const r = await fetch(new URL(encodeURIComponent(name), base), { cache: 'no-store' });
    if (r.ok) files.set(name, new Uint8Array(await r.arrayBuffer()));
    else if (name !== 'manifest.json.sig' || listed) files.set(name, null);
  }));
  for (const [name, bytes] of files) if (bytes === null) files.delete(name);
  if (!files.has('manifest.json')) throw new Error(`no manifest.json at ${base.href}`);
  return { files, listed, base: base.href };
}

/** A file's bytes as JSON, or null when it is not JSON. */
function json(files, name) {
  const bytes = files.get(name);
  if (!bytes) return null;
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch {
    return null;
  }
}

/** The number of an N or C code (for sorting and a short name), or null for a seed code. */
function numberOf(code) {
  const m = /-([NC])([0-9]+)$/.exec(code);
  return m ? Number(m[2]) : null;
}

/** A deal's short name in the list: N17, C11982, or the start of its seed. */
export function shortName(code) {
  const m = /-([NCS])([0-9A-Z]+)$/.exec(code);
  if (!m) return code;
  return m[1] === 'S' ? 'S' + m[2].slice(0, 8) + '…' : m[1] + m[2];
}

/**
 * What the page browses: the manifest and, per board it lists, the deals of its JSON file
 * ({code, nodes, budget, line, moves, number, grade, wins, playouts}; grade null on a board not graded). A board whose file cannot be read has deals = null
 * and `error` (the kit's verification says why in its own words too).
 */
export function readPool(files) {
  const manifest = json(files, 'manifest.json');
  if (!manifest || typeof manifest !== 'object' || typeof manifest.boards !== 'object' || !manifest.boards) {
    return { manifest: null, boards: {} };
  }
  const boards = {};
  for (const [id, info] of Object.entries(manifest.boards)) {
    const doc = info && typeof info.json === 'string' ? json(files, info.json) : null;
    const ok = doc && Array.isArray(doc.deals) && doc.deals.every((d) => d && typeof d.code === 'string' && Array.isArray(d.line));
    boards[id] = {
      id,
      count: info && info.count,
      deals: ok ? doc.deals.map((d) => ({
        code: d.code, nodes: d.nodes, budget: d.budget, line: d.line.map(String), moves: d.line.length, number: numberOf(d.code),
        grade: typeof d.grade === 'string' ? d.grade : null, wins: d.wins ?? null, playouts: d.playouts ?? null,
      })) : null,
      error: ok ? '' : `${(info && info.json) || id}: not a readable board file`,
    };
  }
  return { manifest, boards };
}

/**
 * Where a problem line points: {file, board, code} as far as it says. The kit's lines read as
 * `dealpool verify`'s: "<file>: ...", "<board> <code>: ...", "<board>: ...".
 */
export function blame(problem, boards) {
  const code = (/SOL1-[^\s:]+/.exec(problem) || [])[0] || null;
  const file = (/^([^\s:]+\.(?:json|parquet|sig))\b/.exec(problem) || [])[1] || null;
  const first = (/^([^\s:]+)/.exec(problem) || [])[1] || '';
  const board = boards[first] ? first : file && boards[file.replace(/\.(json|parquet)$/, '')] ? file.replace(/\.(json|parquet)$/, '') : null;
  return { file, board, code };
}
