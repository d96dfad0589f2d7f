#!/usr/bin/env node
// The kit on the command line (Node >= 18; Ed25519 signatures need Node >= 20):
//
//   node dealpool.mjs deal CODE [--layout]         the shuffled order (or the layout, JSON) of a code
//   node dealpool.mjs replay CODE < LINE            check a posted line as seed 004's server does
//   node dealpool.mjs verify POOL_DIR [--key PUB] [--not-before ISO] [--min-sequence N]   check an exported pool as `dealpool verify` does
//   node dealpool.mjs shoe SERVER_SEED [CLIENT_SEED ...] [--positions]
//   node dealpool.mjs verify-draw POOL_DIR --client-seed TEXT [--board B] [--server-seed S] [--commitment C] [--code CODE]
//
// Exit 0 when good (won, verified); 1 with one line naming what is wrong (not won, refused, a pool
// problem); 2 with one line on bad input (a bad code, an unreadable line, no such folder, a bad key).

import { lstatSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { BadInput, deal, orderText, parseLine, replay, shoe, verifyDraw, verifyPool } from '../src/index.js';

const PROG = 'dealpool-js';
const USAGE = `usage: node dealpool.mjs deal CODE [--layout] | replay CODE < LINE | verify POOL_DIR [--key PUB] [--not-before ISO] [--min-sequence N] | shoe SERVER_SEED [CLIENT_SEED ...] [--positions] | verify-draw POOL_DIR --client-seed TEXT [--board B] [--server-seed S] [--commitment C] [--code CODE]`;

class Failed extends Error {}

/** Split argv into positionals and --options (the names in `flags` take no value). */
function options(args, known, flags = []) {
  const pos = [];
  const opts = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--')) {
      const name = a.slice(2);
      if (flags.includes(name)) opts[name] = true;
      else if (known.includes(name)) {
        if (i + 1 >= args.length) throw new BadInput(`${a} needs a value; ${USAGE}`);
        opts[name] = args[++i];
      } else throw new BadInput(`unknown option ${a}; ${USAGE}`);
    } else pos.push(a);
  }
  return [pos, opts];
}

function readStdin() {
  try {
    return readFileSync(0, 'utf8');
  } catch (e) {
    throw new BadInput(`cannot read the line from stdin (${e.code || e.message})`);
  }
}

/** Every entry of an export folder: files as bytes, anything else as null (a folder is no file). */
function readPool(dir) {
  let names;
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
    names = readdirSync(dir);
  } catch {
    throw new BadInput(`export folder '${dir}' does not exist (make one with \`dealpool export --out DIR\`)`);
  }
  if (!names.includes('manifest.json')) throw new BadInput(`'${dir}' holds no manifest.json: not an exported pool`);
  const files = new Map();
  for (const n of names) {
    const p = join(dir, n);
    files.set(n, lstatSync(p).isFile() ? new Uint8Array(readFileSync(p)) : null); // a symlink is null: refused
  }
  return files;
}

function readKey(path) {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new BadInput(`cannot read the public key '${path}' (${e.code}); make one with \`dealpool keygen KEY\``);
  }
}

async function main(argv) {
  const [command, ...rest] = argv;
  if (command === 'deal') {
    const [pos, opts] = options(rest, [], ['layout']);
    if (pos.length !== 1) throw new BadInput(USAGE);
    const d = deal(pos[0]);
    if (opts.layout) console.log(JSON.stringify({ code: d.code, layout: d.layout }));
    else console.log(orderText(d.order, d.kind === 'C' ? 'T' : '10'));
    return 0;
  }
  if (command === 'replay') {
    const [pos] = options(rest, []);
    if (pos.length !== 1) throw new BadInput(USAGE);
    let dealt;
    try {
      dealt = deal(pos[0]);
    } catch (e) {
      if (e instanceof BadInput) throw new BadInput(`bad code: ${e.message}`);
      throw e;
    }
    const line = parseLine(readStdin());
    const r = replay(dealt, line);
    if (r.won) {
      console.log(`won in ${r.moves} moves (${r.kept} kept, ${r.undos} undos)`);
      return 0;
    }
    if (r.refused) {
      const token = r.refused.move.length <= 40 ? r.refused.move : r.refused.move.slice(0, 40) + '...';
      throw new Failed(`move ${r.refused.at} (${token}): ${r.refused.reason}`);
    }
    throw new Failed(`move ${line.length} (end of line): not won`);
  }
  if (command === 'verify') {
    const [pos, opts] = options(rest, ['key', 'not-before', 'min-sequence']);
    if (pos.length !== 1) throw new BadInput(USAGE);
    const key = opts.key !== undefined ? readKey(opts.key) : undefined;
    const files = readPool(pos[0]);
    let minSequence;
    if (opts['min-sequence'] !== undefined) {
      if (!/^[0-9]{1,15}$/.test(opts['min-sequence'])) throw new BadInput(`bad --min-sequence ${opts['min-sequence'].slice(0, 40)}: give 1 or more`);
      minSequence = Number(opts['min-sequence']);
    }
    const r = await verifyPool(files, {
      publicKey: key, keyName: opts.key !== undefined ? `'${opts.key}'` : undefined, notBefore: opts['not-before'], minSequence,
    });
    if (!r.ok) throw new Failed(`verify: FAILED, ${r.problems.length} problem(s) in ${pos[0]}: ${r.problems.slice(0, 5).join('; ')}`);
    console.log(`verify: OK, ${r.deals} deals re-dealt and replayed from ${pos[0]}${key ? `, signature by ${opts.key} good` : ''}`);
    if (r.fair) console.log(r.fair);
    return 0;
  }
  if (command === 'shoe') {
    const [pos, opts] = options(rest, [], ['positions']);
    if (pos.length < 1) throw new BadInput(USAGE);
    const s = await shoe(pos[0], pos.slice(1));
    console.log(`commitment ${s.commitment}`);
    console.log((opts.positions ? s.positions : s.cards).join(','));
    return 0;
  }
  if (command === 'verify-draw') {
    const [pos, opts] = options(rest, ['client-seed', 'board', 'server-seed', 'commitment', 'code']);
    if (pos.length !== 1 || opts['client-seed'] === undefined) throw new BadInput(USAGE);
    const d = await verifyDraw(readPool(pos[0]), {
      clientSeed: opts['client-seed'], board: opts.board ?? null, serverSeed: opts['server-seed'] ?? null,
      commitment: opts.commitment ?? null, code: opts.code ?? null,
    });
    console.log(`verify-draw: the seed hashes to the commitment ${d.commitment}; the deal must have been ${d.code} (deal ${d.index + 1} of ${d.count} in the ${d.board} pool)`);
    if (d.poolChanged) throw new Failed(`verify-draw: the ${d.board} pool file changed since the draws (SHA-256 differs from the one pinned in its reveal)`);
    if (!d.ok) throw new Failed(`verify-draw: FAILED, you were given ${opts.code}, the draw gives ${d.code}`);
    return 0;
  }
  throw new BadInput(command ? `unknown command ${command}; ${USAGE}` : USAGE);
}

/** Run the CLI on argv; resolves to the exit status (one line on stderr for 1 and 2). */
export async function run(argv) {
  try {
    return await main(argv);
  } catch (e) {
    const text = String(e && e.message !== undefined ? e.message : e).replace(/\s*\n\s*/g, ' ');
    if (e instanceof Failed) {
      process.stderr.write(`${PROG}: error: ${text}\n`);
      return 1;
    }
    if (e instanceof BadInput) {
      process.stderr.write(`${PROG}: error: ${text}\n`);
      return 2;
    }
    process.stderr.write(`${PROG}: internal error: ${e && e.name ? e.name + ': ' : ''}${text}\n`);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  run(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
