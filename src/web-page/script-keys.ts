/**
 * The page script's "API Keys" table: a page of records at a time (the list route's cursor), the
 * status and type filters, each row's actions, and revoking with a confirmation.
 */
export const SCRIPT_KEYS = String.raw`
const PAGE_SIZE = 20;
/** The cursors of the pages seen so far (the first page has none), and the page shown. */
const keys = { cursors: [null], page: 0, nextCursor: null, records: [] };
/** Names and masked values of the keys seen, for the usage table and its filter. */
const knownKeys = new Map();

function remember(record) {
  knownKeys.set(record.id, { name: record.name, maskedKey: record.maskedKey });
}

function keysQuery() {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  const cursor = keys.cursors[keys.page];
  if (cursor) query.set('cursor', cursor);
  const status = byId('filter-status').value;
  const keyType = byId('filter-type').value;
  if (status) query.set('status', status);
  if (keyType) query.set('keyType', keyType);
  return query.toString();
}

/** Reads the page of keys shown; rejects with the dashboard's refusal. */
async function fetchKeys() {
  const payload = await dashboard('GET', '/api-keys?' + keysQuery());
  keys.records = Array.isArray(payload.data) ? payload.data : [];
  keys.nextCursor = (payload.meta && payload.meta.nextCursor) || null;
  keys.records.forEach(remember);
  renderKeys();
}

/** Reads the page of keys shown, telling the user when it fails. */
async function loadKeys() {
  const table = byId('keys-table');
  table.setAttribute('aria-busy', 'true');
  byId('keys-error').textContent = '';
  try {
    await fetchKeys();
  } catch (error) {
    byId('keys-error').textContent = describeFailure(error);
  } finally {
    table.removeAttribute('aria-busy');
  }
}

function resetPaging() {
  keys.cursors = [null];
  keys.page = 0;
  keys.nextCursor = null;
}

function goToPage(step) {
  if (step > 0) keys.cursors[keys.page + 1] = keys.nextCursor;
  keys.page += step;
  loadKeys();
}

function renderKeys() {
  const count = keys.records.length;
  byId('keys-body').replaceChildren(...keys.records.map(keyRow));
  byId('keys-table').hidden = count === 0;
  const filtered = byId('filter-status').value !== '' || byId('filter-type').value !== '';
  byId('keys-empty').hidden = count > 0;
  byId('keys-empty-title').textContent = filtered ? 'No keys match these filters' : 'No keys yet';
  byId('keys-empty-text').textContent = filtered ? 'Choose "All" to see every key.' : 'Create a key to start calling the API.';
  byId('page-previous').disabled = keys.page === 0;
  byId('page-next').disabled = keys.nextCursor === null;
  byId('page-label').textContent = 'Page ' + (keys.page + 1);
  byId('page-previous').parentElement.hidden = keys.page === 0 && keys.nextCursor === null;
  const first = keys.page * PAGE_SIZE + 1;
  byId('keys-summary').textContent = count === 0 ? '' : 'Keys ' + first + '–' + (first + count - 1) + (keys.nextCursor ? ', more on the next page' : '');
}

function keyRow(record) {
  const owner = record.ownerId && !session.owner ? el('span', { class: 'key-owner', text: 'Owner: ' + record.ownerId }) : null;
  return el('tr', { 'data-key-id': record.id, class: record.status === 'revoked' ? 'row-revoked' : null }, [
    el('th', { scope: 'row' }, [el('span', { class: 'key-name', text: record.name }), owner]),
    el('td', { 'data-label': 'Key' }, [el('code', { class: 'masked', text: record.maskedKey })]),
    el('td', { 'data-label': 'Type' }, [typeBadge(record.keyType)]),
    el('td', { 'data-label': 'Status' }, [statusBadge(record.status)]),
    el('td', { 'data-label': 'Created' }, [timeCell(record.createdAt)]),
    el('td', { 'data-label': 'Last used' }, [timeCell(record.lastUsedAt, 'relative')]),
    el('td', { 'data-label': 'Expires' }, [timeCell(record.expiresAt, 'soon')]),
    el('td', { class: 'cell-actions' }, [el('div', { class: 'actions' }, rowActions(record))]),
  ]);
}

/** Test and Usage for every key; Rotate and Revoke only while it can still be used. */
function rowActions(record) {
  const button = (text, open, variant) =>
    el('button', { type: 'button', class: 'btn btn-secondary btn-small' + (variant || ''), text: text, onclick: (event) => open(record, event.currentTarget) });
  const actions = [];
  if (config.authTest) actions.push(button('Test', openTest));
  actions.push(button('Usage', showKeyUsage));
  if (record.status !== 'revoked') actions.push(button('Rotate', openRotate), button('Revoke', openRevoke, ' btn-link-danger'));
  return actions;
}

function rowOf(id) {
  for (const row of byId('keys-body').rows) if (row.dataset.keyId === id) return row;
  return null;
}

function replaceRecord(record) {
  keys.records = keys.records.map((shown) => (shown.id === record.id ? record : shown));
  remember(record);
  renderKeys();
}

let revoking = null;

function openRevoke(record, opener) {
  revoking = record;
  byId('revoke-name').textContent = record.name;
  formError('revoke-error', '');
  const dialog = byId('revoke-dialog');
  // Cancel first: the safe choice is the one a stray Enter takes.
  openDialog(dialog, opener, dialog.querySelector('[data-close]'));
}

async function confirmRevoke() {
  const record = revoking;
  try {
    const path = '/api-keys/' + encodeURIComponent(record.id) + '/revoke';
    const payload = await busy(byId('revoke-confirm'), () => dashboard('POST', path));
    replaceRecord(payload.data);
    byId('revoke-dialog').close();
    toast('Key "' + record.name + '" revoked.');
  } catch (error) {
    formError('revoke-error', describeFailure(error));
  }
}

function setupKeys() {
  byId('page-previous').addEventListener('click', () => goToPage(-1));
  byId('page-next').addEventListener('click', () => goToPage(1));
  for (const id of ['filter-status', 'filter-type']) {
    byId(id).addEventListener('change', () => {
      resetPaging();
      loadKeys();
    });
  }
  byId('revoke-confirm').addEventListener('click', confirmRevoke);
}
`
