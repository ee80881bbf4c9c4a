/**
 * The page script's create and rotate dialogs, and the dialog that shows a new key once: copied
 * to the clipboard when the browser allows, with a Copy button, and forgotten on Done.
 */
export const SCRIPT_CREATE = String.raw`
const DAY_MS = 86400000;
/** The full key while its dialog is open; null at every other time. */
let revealedKey = null;

function openCreate(event) {
  byId('create-form').reset();
  formError('create-error', '', byId('create-name'));
  // An administrator may create a key for any owner; an owner's keys are its own.
  byId('create-owner-field').hidden = config.signIn !== 'token' || session.owner !== null;
  openDialog(byId('create-dialog'), event.currentTarget, byId('create-name'));
}

/** The create body from the form, or what is wrong with it. */
function createBody() {
  const name = byId('create-name').value.trim();
  if (!name) return { error: 'Enter a name for the key.', field: byId('create-name') };
  const body = { name: name, sandbox: byId('create-sandbox').checked };
  const days = Number(byId('create-expiry').value);
  if (days > 0) body.expiresAt = new Date(Date.now() + days * DAY_MS).toISOString();
  const scopes = byId('create-scopes').value.split(/[\s,]+/).filter(Boolean);
  if (scopes.length > 0) body.scopes = [...new Set(scopes)];
  const owner = byId('create-owner').value.trim();
  if (owner && !byId('create-owner-field').hidden) {
    const problem = ownerProblem(owner);
    if (problem) return { error: problem, field: byId('create-owner') };
    body.ownerId = owner;
  }
  return { body: body };
}

async function submitCreate(event) {
  event.preventDefault();
  const checked = createBody();
  if (checked.error) return formError('create-error', checked.error, checked.field);
  formError('create-error', '', byId('create-name'));
  try {
    const payload = await busy(byId('create-submit'), () => dashboard('POST', '/api-keys', checked.body));
    handOver(byId('create-dialog'), (opener) => showKey(payload.data, 'Key created', '', opener));
  } catch (error) {
    formError('create-error', describeFailure(error));
  }
}

/** Closes a dialog and opens the next one, which returns focus where the first came from. */
function handOver(dialog, next) {
  const opener = openers.get(dialog);
  dialog.close();
  next(opener);
}

function keyDetails(record) {
  const rows = [['Name', record.name], ['Type', typeBadge(record.keyType)], ['Expires', timeCell(record.expiresAt, 'soon')]];
  rows.push(['Scopes', Array.isArray(record.scopes) ? record.scopes.join(', ') || 'None' : 'Every scope']);
  if (record.ownerId) rows.push(['Owner', record.ownerId]);
  return rows.flatMap(([term, value]) => [el('dt', { text: term }), el('dd', {}, [value])]);
}

/** The one time the page holds a full key: until Done. */
function showKey(data, title, note, opener) {
  revealedKey = data.key;
  delete data.key;
  byId('reveal-title').textContent = title;
  byId('reveal-key').textContent = revealedKey;
  byId('reveal-details').replaceChildren(...keyDetails(data));
  byId('reveal-note').textContent = note;
  byId('reveal-copied').textContent = '';
  openDialog(byId('reveal-dialog'), opener, byId('reveal-copy'));
  copyKey(true);
}

async function copyKey(automatic) {
  if (revealedKey === null) return;
  let copied = false;
  try {
    await navigator.clipboard.writeText(revealedKey);
    copied = true;
  } catch {
    copied = !automatic && copyBySelection();
  }
  if (revealedKey === null) return;
  const refused = automatic ? 'Not copied automatically: use Copy.' : 'The browser did not allow copying: select the key and copy it.';
  byId('reveal-copied').textContent = copied ? 'Copied to the clipboard.' : refused;
}

/** Copying where the clipboard API is missing (a page served over plain HTTP to another host). */
function copyBySelection() {
  const selection = getSelection();
  const range = document.createRange();
  range.selectNodeContents(byId('reveal-key'));
  selection.removeAllRanges();
  selection.addRange(range);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  selection.removeAllRanges();
  return copied;
}

function forgetKey() {
  revealedKey = null;
  byId('reveal-key').textContent = '';
  byId('reveal-copied').textContent = '';
  byId('reveal-details').replaceChildren();
}

let rotating = null;

function openRotate(record, opener) {
  rotating = record;
  byId('rotate-name').textContent = record.name;
  byId('rotate-grace').value = String(DAY_MS / 1000);
  formError('rotate-error', '');
  openDialog(byId('rotate-dialog'), opener, byId('rotate-grace'));
}

async function submitRotate(event) {
  event.preventDefault();
  const record = rotating;
  const gracePeriodSeconds = Number(byId('rotate-grace').value);
  try {
    const path = '/api-keys/' + encodeURIComponent(record.id) + '/rotate';
    const payload = await busy(byId('rotate-submit'), () => dashboard('POST', path, { gracePeriodSeconds: gracePeriodSeconds }));
    const previous = payload.data.previous;
    delete payload.data.previous;
    const note = !previous || previous.status === 'revoked' || !previous.expiresAt
      ? 'The old key "' + record.name + '" is revoked.'
      : 'The old key keeps working until ' + dateTime.format(new Date(previous.expiresAt)) + '.';
    handOver(byId('rotate-dialog'), (opener) => showKey(payload.data, 'Key rotated', note, opener));
  } catch (error) {
    formError('rotate-error', describeFailure(error));
  }
}

function setupCreate() {
  byId('create-open').addEventListener('click', openCreate);
  byId('create-form').addEventListener('submit', submitCreate);
  byId('rotate-form').addEventListener('submit', submitRotate);
  byId('reveal-copy').addEventListener('click', () => copyKey(false));
  const reveal = byId('reveal-dialog');
  byId('reveal-done').addEventListener('click', () => reveal.close());
  // Escape must not throw the key away by accident: Done is the one way out. A browser closes a
  // dialog on a second Escape without asking (no cancel event), so Escape is stopped at keydown.
  reveal.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') event.preventDefault();
  });
  reveal.addEventListener('cancel', (event) => event.preventDefault());
  reveal.addEventListener('close', () => {
    forgetKey();
    if (!active) return;
    resetPaging();
    loadKeys().finally(() => restoreFocus(reveal));
  });
}
`
