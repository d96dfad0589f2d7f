// The differential tests' other side (tests/test_js_kit.py): reads a JSON batch on stdin and writes
// what the kit makes of it. {"deals": [code, ...], "walks": [{"code", "line"}, ...]} ->
// {"deals": [{code, seed, order, layout}], "walks": [{"legal": [[move, ...] per step], "state", "won"}]};
// "replays": [{"code", "line"}] -> the kit's replay(code, line) of each.
// A walk's line may hold undos (`u`): the kit takes back its last move there, as the referee does.
import { readFileSync } from 'node:fs';

import { deal, replay, rulesFor, toHex } from '../src/index.js';
import { stateDoc } from './helpers.js';

const batch = JSON.parse(readFileSync(0, 'utf8'));
const out = { deals: [], walks: [], replays: [] };
for (const code of batch.deals ?? []) {
  const d = deal(code);
  out.deals.push({ code: d.code, seed: d.seed ? toHex(d.seed) : null, order: d.order, layout: d.layout });
}
for (const w of batch.walks ?? []) {
  const d = deal(w.code);
  const rules = rulesFor(d.game);
  const state = rules.newState(d);
  const legal = [rules.legalMoves(state)];
  const done = [];
  for (const move of w.line) {
    if (move === 'u') rules.undo(state, done.pop());
    else done.push(rules.play(state, move));
    legal.push(rules.legalMoves(state));
  }
  out.walks.push({ legal, state: stateDoc(state), won: rules.isWon(state) });
}
for (const r of batch.replays ?? []) out.replays.push(replay(r.code, r.line));
process.stdout.write(JSON.stringify(out));
