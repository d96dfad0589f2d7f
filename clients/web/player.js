// Stepping through a line with the kit's referee: forward plays the next move, back undoes it,
// `seek(k)` goes to the position after k moves. The kit's rules do the playing (the same rules
// `verifyPool` replays with); this module only keeps the tokens to go back with.
//
// A line may hold undos as seed 004's client posts them (`u`, `uN`: take back N moves); stepping
// back over an undo plays the moves it took back again. A move the rules refuse stops the line
// there: `refused` says at which move and why.

const UNDO = /^u([1-9][0-9]{0,8})?$/;

export class Player {
  /** `deal` is the kit's deal of the code, `rules` the kit's rulesFor(deal.game). */
  constructor(deal, rules, line) {
    this.deal = deal;
    this.rules = rules;
    this.line = line;
    this.reset();
  }

  reset() {
    this.state = this.rules.newState(this.deal);
    this.standing = []; // moves standing: {move, token}
    this.steps = []; // per move of the line played so far: null (a play) or the moves an undo took back
    this.k = 0;
    this.refused = null;
  }

  /** The position as the kit's view draws it. */
  view() {
    return this.rules.view(this.state);
  }

  won() {
    return this.rules.isWon(this.state);
  }

  /** Play line[k]; false at the end of the line or where the rules refuse it. */
  forward() {
    if (this.k >= this.line.length || this.refused) return false;
    const move = this.line[this.k];
    const undo = UNDO.exec(move);
    if (undo) {
      const n = Number(undo[1] || 1);
      if (n > this.standing.length) {
        this.refused = { at: this.k, move, reason: `nothing to undo: ${move} takes back ${n}, ${this.standing.length} standing` };
        return false;
      }
      const undone = this.standing.splice(this.standing.length - n, n);
      for (let i = undone.length - 1; i >= 0; i--) this.rules.undo(this.state, undone[i].token);
      this.steps.push(undone);
    } else {
      let token;
      try {
        token = this.rules.play(this.state, move);
      } catch (e) {
        this.refused = { at: this.k, move, reason: e && e.message ? e.message : String(e) };
        return false;
      }
      this.standing.push({ move, token });
      this.steps.push(null);
    }
    this.k += 1;
    return true;
  }

  /** Take back the last move played (an undo of the line: play again what it took back). */
  back() {
    if (this.k === 0) return false;
    this.refused = null;
    const step = this.steps.pop();
    if (step === null) {
      const { token } = this.standing.pop();
      this.rules.undo(this.state, token);
    } else {
      for (const s of step) {
        s.token = this.rules.play(this.state, s.move);
        this.standing.push(s);
      }
    }
    this.k -= 1;
    return true;
  }

  /** Go to the position after k moves of the line (as far as the rules allow). */
  seek(k) {
    const target = Math.max(0, Math.min(k, this.line.length));
    while (this.k > target) this.back();
    while (this.k < target && this.forward());
    return this.k;
  }
}
