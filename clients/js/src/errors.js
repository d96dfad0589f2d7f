// The kit's two errors, as the Python engine's (engine/errors.py): bad input says in one line what
// was wrong and what is accepted; an illegal move says why the rules refuse it where it stands.

/** Bad input: a bad code, option, key or file. The message is one line. */
export class BadInput extends Error {
  constructor(message) {
    super(message);
    this.name = 'BadInput';
  }
}

/** A move the rules refuse where it is made; the message is the referee's reason. */
export class IllegalMove extends BadInput {
  constructor(message) {
    super(message);
    this.name = 'IllegalMove';
  }
}

/**
 * A string as Python's repr() writes it, so the kit's messages read as the engine's do
 * (`'x' is not a Klondike move`). Covers the quoting and escapes the referee's messages meet.
 */
export function pyRepr(value) {
  if (typeof value !== 'string') {
    if (value === null || value === undefined) return 'None';
    if (value === true) return 'True';
    if (value === false) return 'False';
    if (Array.isArray(value)) return '[' + value.map(pyRepr).join(', ') + ']';
    if (typeof value === 'object') return '{' + Object.entries(value).map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`).join(', ') + '}';
    return String(value);
  }
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of value) {
    const c = ch.codePointAt(0);
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += '\\' + quote;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
    else if (c >= 0x80 && c < 0xa0) out += '\\x' + c.toString(16).padStart(2, '0');
    else out += ch;
  }
  return out + quote;
}
