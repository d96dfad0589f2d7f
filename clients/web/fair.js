// Seed 002's manual verifier: the revealed server seed, the client seeds and what was dealt.
// The page hashes the seed (the commitment, SHA-256) and asks the kit for the shoe the seeds
// shuffle (kit.shoe: SHA3-384, AES-256-CTR, Fisher-Yates over 8 decks, as seed 002 publishes), then
// compares the dealt cards with the shoe's top, card by card.

const $ = (id) => document.getElementById(id);

/** SHA-256 of a text's UTF-8 bytes, hex (the commitment seed 002 publishes before betting). */
async function sha256hex(text) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Card names as pasted: commas or spaces between them, T for 10 accepted, any case. */
export function parseCards(text) {
  return text.split(/[\s,]+/).filter(Boolean).map((t) => t.toUpperCase().replace(/^T/, '10'));
}

function result(state, text) {
  const r = $('fair-result');
  r.className = `banner ${state}`;
  r.dataset.state = state;
  r.textContent = text;
}

function showShoe(shoe, drawn) {
  const box = $('fair-shoe');
  box.replaceChildren();
  shoe.forEach((name, i) => {
    const s = document.createElement('span');
    s.textContent = name;
    s.title = `card ${i + 1}`;
    const red = /[HD]$/.test(name);
    s.className = (red ? 'red ' : '') + (i < drawn.length ? (drawn[i] === name ? 'ok' : 'no') : '');
    box.append(s);
  });
}

/** Check the form: the commitment (if given) and the draw against the shoe's top. */
export async function check(kit) {
  const server = $('server-seed').value;
  const clients = $('client-seeds').value.split('\n').map((s) => s.replace(/\r$/, '')).filter((s) => s !== '');
  const published = $('commitment').value.trim().toLowerCase();
  const drawn = parseCards($('draw').value);
  if (!server) return result('bad', 'Give the server seed.');
  if (typeof kit.shoe !== 'function') return result('bad', 'This kit has no shoe() yet.');
  let shoe;
  try {
    shoe = (await kit.shoe(server, clients)).map(String);
  } catch (e) {
    return result('bad', `The kit refuses these seeds: ${e && e.message ? e.message : e}`);
  }
  const commitment = await sha256hex(server);
  showShoe(shoe, drawn);
  const lines = [`commitment SHA256(server seed) = ${commitment}`];
  let ok = true;
  if (published) {
    const same = published === commitment;
    ok = ok && same;
    lines.push(same ? 'it matches the published commitment' : `it does NOT match the published ${published}`);
  }
  if (drawn.length) {
    const at = drawn.findIndex((c, i) => c !== shoe[i]);
    if (drawn.length > shoe.length) {
      ok = false;
      lines.push(`${drawn.length} cards given, the shoe holds ${shoe.length}`);
    } else if (at >= 0) {
      ok = false;
      lines.push(`the draw differs at card ${at + 1}: ${drawn[at]} given, the shoe has ${shoe[at]}`);
    } else {
      lines.push(`the ${drawn.length} cards given are the shoe's top ${drawn.length}`);
    }
  } else {
    lines.push(`no draw given: the shoe's ${shoe.length} cards are shown, top first`);
  }
  result(ok && (published || drawn.length) ? 'good' : ok ? 'idle' : 'bad',
    (ok ? (published || drawn.length ? 'Matches. ' : '') : 'Does not match. ') + lines.join('; ') + '.');
}

export function setupFair(kit) {
  $('fair-form').addEventListener('submit', (e) => {
    e.preventDefault();
    check(kit).catch((err) => result('bad', String(err && err.message ? err.message : err)));
  });
}
