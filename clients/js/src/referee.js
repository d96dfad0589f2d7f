// The referee: deal a code, play a line through the game's rules, say whether it wins
// (engine/referee.py). It trusts nothing it is given: every move must be legal where it is made, an
// undo (`u`, `uN`) cannot take back more than was played, nothing may follow the win, and the line
// must end won. The count is seed 004's: the moves still standing plus one for every undo entry.

import { deal } from './deal.js';
import { BadInput, IllegalMove, pyRepr } from './errors.js';
import { gameOf } from './games.js';
import { fmtInt } from './method.js';
import * as canfield from './rules/canfield.js';
import * as freecell from './rules/freecell.js';
import * as gaps from './rules/gaps.js';
import * as klondike from './rules/klondike.js';
import * as labellelucie from './rules/labellelucie.js';
import * as pyramid from './rules/pyramid.js';
import * as spider from './rules/spider.js';
import * as tripeaks from './rules/tripeaks.js';

const RULES = { klondike, freecell, canfield, tripeaks, pyramid, spider, labellelucie, gaps };

export const MAX_TOKEN = 32;
const UNDO_RE = /^u([1-9][0-9]{0,8})?\n?$/; // Python's re $ also matches before a final newline

/**
 * The referee's rules of a game: {newState(deal), legalMoves(state), play(state, move) -> undo token,
 * undo(state, token), isWon(state), view(state)}.
 */
export function rulesFor(game) {
  const g = gameOf(game);
  return RULES[g.id];
}

/**
 * Replay `line` from a position of `rules` (changed in place):
 * {won, refused: null | {at, move, reason}, moves, kept, undos}. `refused` is null for a line of
 * legal moves that ends without winning (won false) and for a win.
 */
export function replayState(rules, state, line) {
  const done = [];
  let undos = 0;
  const result = (won, refused) => ({ won, refused, moves: done.length + undos, kept: done.length, undos });
  if (!Array.isArray(line)) return result(false, { at: 0, move: '', reason: 'no moves: a line is a list of move strings' });
  for (let k = 0; k < line.length; k++) {
    const move = line[k];
    const refuse = (reason) => result(false, { at: k, move: typeof move === 'string' ? move : String(move), reason });
    if (rules.isWon(state)) return refuse('moves after the win');
    if (typeof move !== 'string') return refuse(`illegal move: ${pyRepr(move)} is not a string`);
    if (move.length > MAX_TOKEN) {
      return refuse(`illegal move: ${pyRepr(move.slice(0, 16))}... is ${fmtInt(move.length)} characters; a move has at most ${MAX_TOKEN}`);
    }
    const back = UNDO_RE.exec(move);
    if (back) {
      const n = Number(back[1] ?? 1);
      if (n > done.length) return refuse(`nothing to undo: ${move} takes back ${n}, ${done.length} standing`);
      for (let i = 0; i < n; i++) rules.undo(state, done.pop());
      undos += 1;
      continue;
    }
    try {
      done.push(rules.play(state, move));
    } catch (e) {
      if (e instanceof IllegalMove) return refuse(`illegal move: ${e.message}`);
      throw e;
    }
  }
  return result(rules.isWon(state), null);
}

/**
 * Deal `code` and replay `line` (tokens in the game's notation, undos included). A bad code throws
 * BadInput; a move the rules refuse gives `refused` with its index, token and reason.
 */
export function replay(code, line) {
  const d = typeof code === 'string' ? deal(code) : code;
  const rules = rulesFor(d.game);
  return replayState(rules, rules.newState(d), line);
}

/** A line from text: whitespace-separated tokens, or a JSON array of strings. */
export function parseLine(text) {
  const stripped = text.trim();
  if (stripped.startsWith('[')) {
    let value;
    try {
      value = JSON.parse(stripped);
    } catch (e) {
      throw new BadInput(`the line is not valid JSON (${e.message}); accepted: moves separated by spaces, or a JSON array of strings`);
    }
    if (!Array.isArray(value) || !value.every((m) => typeof m === 'string')) {
      throw new BadInput('the JSON line must be an array of strings, e.g. ["d", "w>f"]');
    }
    return value;
  }
  return stripped ? stripped.split(/\s+/) : [];
}
