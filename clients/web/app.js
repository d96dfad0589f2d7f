// The pool viewer's page: open a pool, verify it with the kit, browse its boards and deals, play
// any deal's line on the drawn table, and seed 002's manual verifier (fair.js).
//
// Everything a person is told comes from the kit (clients/js): its verifyPool says whether the
// pool is good, its deal and rules deal and play, its view says what to draw. Nothing here judges
// a pool or a move by itself.

import * as kit from '../js/src/index.js';
import { render, refit } from './board.js';
import { setupFair } from './fair.js';
import { Player } from './player.js';
import { blame, filesFromPick, filesFromUrl, readPool, shortName } from './pool.js';

const $ = (id) => document.getElementById(id);
const PAGE = 200; // deal rows shown at a time

const app = {
  files: null, // Map name -> bytes of the open pool
  source: '', // where it came from (said in the banner)
  listed: true, // whether every file of the folder was seen (a URL without a listing: not)
  pool: { manifest: null, boards: {} },
  verdict: null, // the kit's {ok, problems, deals}, plus where each problem points
  board: null, // the board listed
  sort: { key: 'number', dir: 1 },
  shown: PAGE,
  player: null,
  code: '',
  timer: null,
};

// ---------------------------------------------------------------- the banner and the problems

function banner(state, text, detail = '') {
  const b = $('banner');
  b.className = `banner ${state}`;
  b.dataset.state = state;
  b.textContent = text;
  if (detail) b.append(Object.assign(document.createElement('small'), { textContent: detail }));
}

function showProblems(problems) {
  const box = $('problems');
  const body = box.querySelector('tbody');
  body.replaceChildren();
  for (const p of problems) {
    const { file, code, board } = blame(p, app.pool.boards);
    const tr = document.createElement('tr');
    tr.dataset.file = file || '';
    tr.dataset.code = code || '';
    const where = code ? `${board || ''} ${shortName(code)}`.trim() : file || board || 'pool';
    tr.append(Object.assign(document.createElement('td'), { textContent: where, title: code || file || '' }),
      Object.assign(document.createElement('td'), { textContent: p }));
    if (code) {
      tr.style.cursor = 'pointer';
      tr.addEventListener('click', () => showDeal(code));
    }
    body.append(tr);
  }
  box.hidden = problems.length === 0;
}

/** The codes and boards some problem names (marked in the lists). */
function failed() {
  const codes = new Set();
  const boards = new Set();
  for (const p of (app.verdict && app.verdict.problems) || []) {
    const { code, board } = blame(p, app.pool.boards);
    if (code) codes.add(code);
    if (board) boards.add(board);
  }
  return { codes, boards };
}

// ---------------------------------------------------------------- opening and verifying

function publicKey() {
  const text = $('key').value.trim();
  return text || undefined;
}

async function verify() {
  if (!app.files) return;
  const key = publicKey();
  banner('busy', `Verifying ${app.files.size} files with the kit…`);
  await new Promise((r) => setTimeout(r, 20)); // let the banner paint: replaying a big pool holds the page a moment
  const t0 = performance.now();
  let result;
  try {
    result = await kit.verifyPool(app.files, key ? { publicKey: key } : {});
  } catch (e) {
    result = { ok: false, problems: [`the kit could not verify: ${e && e.message ? e.message : e}`], deals: 0 };
  }
  const ms = performance.now() - t0;
  const took = ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
  app.verdict = result;
  const nBoards = Object.keys(app.pool.boards).length;
  const where = `${app.source}: ${result.deals} deals of ${nBoards} boards re-dealt and replayed in ${took}`;
  if (!result.ok) {
    const n = result.problems.length;
    banner('bad', `FAILED: ${n} problem${n === 1 ? '' : 's'} — do not trust this pool.`, where);
  } else if (key) {
    banner('good', 'Good: the pool is intact and signed by this key.', where + '; manifest, SHA-256s, signature, sample and reveal checked'
      + (result.fair ? `; ${result.fair}` : ''));
  } else {
    const unlisted = app.listed ? '' : ' (no folder listing: files the manifest does not list were not looked for)';
    banner('warn', 'Good, but the signature is not checked: paste the operator\'s public key.',
      where + '; manifest, SHA-256s, sample and reveal checked' + (result.fair ? `; ${result.fair}` : '') + unlisted);
  }
  showProblems(result.problems);
  listBoards();
}

async function openFiles(files, source, listed = true) {
  stop();
  app.files = files;
  app.source = source;
  app.listed = listed;
  app.pool = readPool(files);
  app.verdict = null;
  showProblems([]);
  if (!app.pool.manifest) {
    banner('bad', 'Not a pool: no readable manifest.json among the files.', source);
    $('boards-box').hidden = true;
    $('deals-box').hidden = true;
    return;
  }
  const first = Object.keys(app.pool.boards).sort()[0] || null;
  app.board = app.board && app.pool.boards[app.board] ? app.board : first;
  listBoards();
  listDeals();
  await verify();
}

async function openUrl(url, { quiet = false } = {}) {
  try {
    banner('busy', `Reading ${url}…`);
    const { files, listed, base } = await filesFromUrl(url);
    await openFiles(files, base, listed);
  } catch (e) {
    if (quiet) banner('idle', `No pool open (none at ${url}). Pick the pool folder, or give its URL.`);
    else banner('bad', `Cannot open ${url}: ${e && e.message ? e.message : e}`);
  }
}

// ---------------------------------------------------------------- boards and deals

function listBoards() {
  const ul = $('boards');
  ul.replaceChildren();
  const bad = failed().boards;
  for (const id of Object.keys(app.pool.boards).sort()) {
    const b = app.pool.boards[id];
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.board = id;
    button.className = (id === app.board ? 'on' : '') + (bad.has(id) ? ' failed' : '');
    button.append(Object.assign(document.createElement('span'), { textContent: id }),
      Object.assign(document.createElement('span'), { textContent: b.deals ? b.deals.length.toLocaleString('en') : '?' }));
    button.addEventListener('click', () => {
      app.board = id;
      app.shown = PAGE;
      listBoards();
      listDeals();
    });
    const li = document.createElement('li');
    li.append(button);
    ul.append(li);
  }
  $('boards-box').hidden = ul.children.length === 0;
  listDeals();
}

function bound(id) {
  const v = $(id).value.trim();
  return v === '' ? null : Number(v);
}

function filtered() {
  const b = app.pool.boards[app.board];
  if (!b || !b.deals) return [];
  const [n0, n1, m0, m1] = ['f-nodes-min', 'f-nodes-max', 'f-len-min', 'f-len-max'].map(bound);
  const rows = b.deals.filter((d) => (n0 === null || d.nodes >= n0) && (n1 === null || d.nodes <= n1)
    && (m0 === null || d.moves >= m0) && (m1 === null || d.moves <= m1));
  const { key, dir } = app.sort;
  const GRADE_ORDER = ['easy', 'medium', 'hard', 'expert'];
  const val = (d) => (key === 'number' ? (d.number ?? Infinity) : key === 'grade' ? (d.grade === null ? Infinity : GRADE_ORDER.indexOf(d.grade)) : d[key]);
  rows.sort((a, b) => (val(a) < val(b) ? -dir : val(a) > val(b) ? dir : a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return rows;
}

function listDeals() {
  const b = app.pool.boards[app.board];
  $('deals-box').hidden = !b;
  if (!b) return;
  $('deals-title').textContent = `Deals of ${b.id}`;
  for (const th of document.querySelectorAll('#deals th')) {
    th.className = th.dataset.sort === app.sort.key ? (app.sort.dir > 0 ? 'asc' : 'desc') : '';
  }
  const body = document.querySelector('#deals tbody');
  body.replaceChildren();
  if (!b.deals) {
    $('deals-count').textContent = b.error;
    $('more').hidden = true;
    return;
  }
  const rows = filtered();
  const bad = failed().codes;
  $('deals-count').textContent = `${rows.length.toLocaleString('en')} of ${b.deals.length.toLocaleString('en')} deals`;
  for (const d of rows.slice(0, app.shown)) {
    const tr = document.createElement('tr');
    tr.dataset.code = d.code;
    tr.className = (d.code === app.code ? 'on' : '') + (bad.has(d.code) ? ' failed' : '');
    tr.title = d.code;
    for (const text of [shortName(d.code), fmt(d.nodes), fmt(d.moves), fmt(d.budget)]) {
      tr.append(Object.assign(document.createElement('td'), { textContent: text }));
    }
    // the grade: how hard for a player who cannot see the face-down cards (wins of the playouts in its title)
    tr.append(Object.assign(document.createElement('td'), {
      textContent: d.grade ?? '–', title: d.grade ? `${d.wins} of ${d.playouts} playouts won` : 'board not graded',
    }));
    tr.addEventListener('click', async () => {
      await showDeal(d.code, d.line);
      if (window.innerWidth <= 820) $('viewer').scrollIntoView({ block: 'start' }); // the table is below the list
    });
    body.append(tr);
  }
  $('more').hidden = rows.length <= app.shown;
}

function fmt(n) {
  return typeof n === 'number' ? n.toLocaleString('en') : String(n ?? '');
}

/** The line the open pool gives a code, or null. */
function poolLine(code) {
  for (const b of Object.values(app.pool.boards)) {
    const d = b.deals && b.deals.find((x) => x.code === code);
    if (d) return d.line;
  }
  return null;
}

// ---------------------------------------------------------------- the viewer

function status(text, state = '') {
  const s = $('deal-status');
  s.textContent = text;
  s.className = state;
  s.dataset.state = state;
}

let shown = 0; // the latest showDeal call: an older one that finishes later draws nothing

async function showDeal(code, line = null, { at = 0 } = {}) {
  const mine = ++shown;
  code = code.trim();
  line = line ?? poolLine(code) ?? [];
  let deal;
  try {
    deal = await kit.deal(code);
  } catch (e) {
    if (mine === shown) status(`Not a deal code: ${e && e.message ? e.message : e}`, 'bad');
    return;
  }
  const replayed = line.length ? await kit.replay(deal.code, line) : null;
  if (mine !== shown) return;
  stop();
  app.code = deal.code;
  app.player = new Player(deal, kit.rulesFor(deal.game), line);
  let board = deal.game;
  try {
    board = kit.boardFor(deal.code).id;
  } catch {
    board = deal.game;
  }
  $('deal-title').textContent = `${board} · ${deal.code}`;
  $('deal-title').title = deal.code;
  if (!replayed) {
    status('No line: the dealt board.');
  } else {
    const r = replayed;
    const problems = ((app.verdict && app.verdict.problems) || []).filter((p) => p.includes(deal.code));
    if (r.refused) status(`Refused at move ${r.refused.at + 1} (${r.refused.move}): ${r.refused.reason}`, 'bad');
    else if (!r.won) status(`Not won: the line ends after ${r.moves} moves without the win.`, 'bad');
    else if (problems.length) status(`Won in ${r.moves} moves, but the pool check failed here: ${problems.join('; ')}`, 'bad');
    else status(`Won in ${r.moves} moves (the kit's referee replayed the line).`, 'good');
  }
  $('controls').hidden = false;
  $('scrub').max = String(line.length);
  $('jump').max = String(line.length);
  $('of').textContent = `of ${line.length}`;
  listMoves();
  app.player.seek(at);
  draw(false);
  $('board').dataset.code = deal.code;
  listDeals();
}

function listMoves() {
  const box = $('moves');
  box.replaceChildren();
  const line = app.player ? app.player.line : [];
  line.forEach((m, i) => {
    const s = document.createElement('span');
    s.textContent = m;
    s.title = `move ${i + 1}`;
    s.dataset.k = String(i + 1);
    s.addEventListener('click', () => seek(i + 1));
    box.append(s, ' ');
  });
  box.hidden = line.length === 0;
}

/** Draw the player's position; set the controls and the move list to its step. */
function draw(mark = true) {
  const p = app.player;
  if (!p) return;
  render($('board'), p.deal.game, p.view(), { show: $('show-down').checked, mark });
  $('board').dataset.k = String(p.k);
  $('board').dataset.won = String(p.won());
  $('scrub').value = String(p.k);
  $('jump').value = String(p.k);
  const spans = $('moves').querySelectorAll('span');
  spans.forEach((s, i) => {
    s.className = i < p.k - 1 ? 'done' : i === p.k - 1 ? 'now' : '';
    if (p.refused && i === p.refused.at) s.className = 'bad';
  });
  if (spans[p.k - 1]) {
    const box = $('moves');
    const s = spans[p.k - 1];
    if (s.offsetTop < box.scrollTop || s.offsetTop > box.scrollTop + box.clientHeight - 20) box.scrollTop = s.offsetTop - 30;
  }
  $('play').textContent = app.timer ? 'pause' : 'play';
  history.replaceState(null, '', `#deal=${encodeURIComponent(p.deal.code)}&move=${p.k}`);
}

function seek(k) {
  if (!app.player) return;
  const from = app.player.k;
  app.player.seek(k);
  draw(Math.abs(app.player.k - from) === 1);
}

function step(d) {
  if (!app.player) return false;
  const moved = d > 0 ? app.player.forward() : app.player.back();
  draw(true);
  return moved;
}

function stop() {
  if (app.timer) clearInterval(app.timer);
  app.timer = null;
  $('play').textContent = 'play';
}

function play() {
  if (app.timer) return stop();
  if (!app.player) return;
  if (app.player.k >= app.player.line.length) app.player.seek(0);
  const tick = () => {
    if (!step(1)) stop();
  };
  app.timer = setInterval(tick, 1000 / Number($('speed').value));
  draw(false);
}

// ---------------------------------------------------------------- wiring

function wire() {
  for (const t of document.querySelectorAll('.tab')) {
    t.addEventListener('click', () => {
      for (const u of document.querySelectorAll('.tab')) u.classList.toggle('on', u === t);
      $('tab-pool').hidden = t.dataset.tab !== 'pool';
      $('tab-fair').hidden = t.dataset.tab !== 'fair';
    });
  }
  const pick = async (input) => {
    if (!input.files.length) return;
    const files = await filesFromPick(input.files);
    await openFiles(files, input.files.length === 1 ? input.files[0].name : `${files.size} files picked`);
    input.value = '';
  };
  $('pick-folder').addEventListener('change', (e) => pick(e.target));
  $('pick-files').addEventListener('change', (e) => pick(e.target));
  $('url-form').addEventListener('submit', (e) => {
    e.preventDefault();
    openUrl($('pool-url').value.trim() || '../pool/');
  });
  $('pick-key').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    $('key').value = await f.text();
    e.target.value = '';
    await verify();
  });
  $('reverify').addEventListener('click', () => verify());
  for (const id of ['f-nodes-min', 'f-nodes-max', 'f-len-min', 'f-len-max']) {
    $(id).addEventListener('input', () => {
      app.shown = PAGE;
      listDeals();
    });
  }
  for (const th of document.querySelectorAll('#deals th')) {
    th.addEventListener('click', () => {
      const key = th.dataset.sort;
      app.sort = { key, dir: app.sort.key === key ? -app.sort.dir : key === 'number' ? 1 : -1 };
      listDeals();
    });
  }
  $('more').addEventListener('click', () => {
    app.shown += PAGE;
    listDeals();
  });
  $('code-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const code = $('code').value.trim();
    if (!code) return;
    const text = $('line').value.trim();
    let line = null;
    try {
      line = text ? kit.parseLine(text) : null;
    } catch (err) {
      status(`Not a line: ${err.message}`, 'bad');
      return;
    }
    showDeal(code, line);
  });
  $('first').addEventListener('click', () => seek(0));
  $('last').addEventListener('click', () => seek(Infinity));
  $('prev').addEventListener('click', () => step(-1));
  $('next').addEventListener('click', () => step(1));
  $('play').addEventListener('click', () => play());
  $('scrub').addEventListener('input', (e) => seek(Number(e.target.value)));
  $('jump-form').addEventListener('submit', (e) => {
    e.preventDefault();
    seek(Number($('jump').value));
  });
  $('jump').addEventListener('change', () => seek(Number($('jump').value)));
  $('speed').addEventListener('input', () => {
    if (app.timer) {
      stop();
      play();
    }
  });
  $('show-down').addEventListener('change', () => draw(false));
  document.addEventListener('keydown', (e) => {
    if (!app.player || e.target.closest('input, textarea, select')) return;
    if (e.key === ' ' && e.target.closest('button, summary, label')) return; // space presses what has the focus
    const keys = { ArrowRight: () => step(1), ArrowLeft: () => step(-1), ' ': () => play(), Home: () => seek(0), End: () => seek(Infinity) };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
  window.addEventListener('resize', () => refit($('board')));
}

async function start() {
  wire();
  setupFair(kit, () => app.files, () => Object.keys(app.pool.boards).sort());
  const params = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  const served = location.protocol === 'http:' || location.protocol === 'https:';
  const url = params.get('pool') || (served ? '../pool/' : '');
  $('pool-url').value = url || '../pool/';
  if (url) await openUrl(url, { quiet: !params.get('pool') });
  if (hash.get('deal')) await showDeal(hash.get('deal'), null, { at: Number(hash.get('move') || 0) });
  document.body.dataset.ready = 'true';
}

window.dealpoolViewer = app;
start();
