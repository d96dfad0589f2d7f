// The Fair draw tab: seed 002's manual verifier and the check of a deal drawn from the open pool.
//
// The shoe: the kit's shoe(serverSeed, clientSeeds) (SHA3-384, AES-256-CTR, Fisher-Yates over eight
// decks, as seed 002 publishes) gives the commitment and the cards, top first; the page compares
// the published commitment and the cards dealt with them, card by card.
// A pool draw: the kit's verifyDraw(files, {...}) (as `dealpool fair verify-draw`) says which deal
// of the board's pool file the seeds must have drawn, and whether that file changed since.

const $ = (id) => document.getElementById(id);

/** Card names as pasted: commas or spaces between them, T for 10 accepted, any case. */
function parseCards(text) {
  return text.split(/[\s,]+/).filter(Boolean).map((t) => t.toUpperCase().replace(/^T/, '10'));
}

function result(id, state, text) {
  const r = $(id);
  r.className = `banner ${state}`;
  r.dataset.state = state;
  r.textContent = text;
}

function message(e) {
  return e && e.message ? e.message : String(e);
}

function showShoe(cards, drawn) {
  const box = $('fair-shoe');
  box.replaceChildren();
  cards.forEach((name, i) => {
    const s = document.createElement('span');
    s.textContent = name;
    s.title = `card ${i + 1}`;
    s.className = (/[HD]$/.test(name) ? 'red ' : '') + (i < drawn.length ? (drawn[i] === name ? 'ok' : 'no') : '');
    box.append(s);
  });
}

function clientSeeds() {
  return $('client-seeds').value.split('\n').map((s) => s.replace(/\r$/, '')).filter((s) => s !== '');
}

/** Check the shoe: the commitment (when given) and the cards dealt against the shoe's top. */
async function checkShoe(kit) {
  const server = $('server-seed').value;
  const published = $('commitment').value.trim().toLowerCase();
  const drawn = parseCards($('draw').value);
  if (!server) return result('fair-result', 'bad', 'Give the server seed.');
  let shoe;
  try {
    shoe = await kit.shoe(server, clientSeeds());
  } catch (e) {
    return result('fair-result', 'bad', `The kit refuses these seeds: ${message(e)}`);
  }
  showShoe(shoe.cards, drawn);
  const lines = [`commitment SHA256(server seed) = ${shoe.commitment}`];
  let ok = true;
  if (published) {
    ok = published === shoe.commitment;
    lines.push(ok ? 'it is the published commitment' : `it is NOT the published ${published}`);
  }
  if (drawn.length) {
    const at = drawn.findIndex((c, i) => c !== shoe.cards[i]);
    if (drawn.length > shoe.cards.length) {
      ok = false;
      lines.push(`${drawn.length} cards given, the shoe holds ${shoe.cards.length}`);
    } else if (at >= 0) {
      ok = false;
      lines.push(`the draw differs at card ${at + 1}: ${drawn[at]} given, the shoe has ${shoe.cards[at]}`);
    } else {
      lines.push(`the ${drawn.length} cards given are the shoe's top ${drawn.length}`);
    }
  } else {
    lines.push(`no cards given: the shoe's ${shoe.cards.length} cards are shown, top first`);
  }
  const checked = Boolean(published || drawn.length);
  result('fair-result', !ok ? 'bad' : checked ? 'good' : 'idle',
    (!ok ? 'Does not match. ' : checked ? 'Matches. ' : '') + lines.join('; ') + '.');
}

/** Check a pool draw with the kit's verifyDraw on the open pool's files. */
async function checkDraw(kit, files) {
  if (!files()) return result('draw-result', 'bad', 'Open a pool first (the Pool tab).');
  const options = { clientSeed: $('draw-client').value, board: $('draw-board').value || null };
  const server = $('server-seed').value;
  const published = $('commitment').value.trim().toLowerCase();
  if (server) options.serverSeed = server;
  if (published) options.commitment = published;
  const code = $('draw-code').value.trim();
  if (code) options.code = code;
  let d;
  try {
    d = await kit.verifyDraw(files(), options);
  } catch (e) {
    return result('draw-result', 'bad', `Cannot verify: ${message(e)}`);
  }
  const must = `the seeds hash to the commitment ${d.commitment}; the deal must be ${d.code} (deal ${d.index + 1} of ${d.count} in the ${d.board} pool)`;
  if (d.poolChanged) return result('draw-result', 'bad', `Does not match: ${must}, but the pool file changed since the draws (its SHA-256 is not the one pinned in the reveal).`);
  if (code && code !== d.code) return result('draw-result', 'bad', `Does not match: ${must}; the player was given ${code}.`);
  result('draw-result', code ? 'good' : 'idle', (code ? 'Matches: ' : '') + must + '.');
}

/** Wire the tab; `files()` is the open pool's files (or null), `boards()` its board ids. */
export function setupFair(kit, files, boards) {
  $('fair-form').addEventListener('submit', (e) => {
    e.preventDefault();
    checkShoe(kit).catch((err) => result('fair-result', 'bad', message(err)));
  });
  $('draw-form').addEventListener('submit', (e) => {
    e.preventDefault();
    checkDraw(kit, files).catch((err) => result('draw-result', 'bad', message(err)));
  });
  const fill = () => {
    const select = $('draw-board');
    const was = select.value;
    select.replaceChildren(...boards().map((b) => Object.assign(document.createElement('option'), { value: b, textContent: b })));
    if (boards().includes(was)) select.value = was;
  };
  document.querySelector('.tab[data-tab="fair"]').addEventListener('click', fill);
  fill();
}
