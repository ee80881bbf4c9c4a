/**
 * The page script's Usage tab: the recent requests of every key or of one (time, method, path,
 * status, address, country), to spot an address or a country nobody expects.
 */
export const SCRIPT_USAGE = String.raw`
const USAGE_LIMIT = 100;
const usageTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The key filter: every key seen so far, the chosen one kept. */
function fillUsageKeys(selected) {
  const options = [el('option', { value: '', text: 'All keys' })];
  for (const [id, key] of knownKeys) options.push(el('option', { value: id, text: key.name + ' · ' + key.maskedKey }));
  const select = byId('usage-key');
  select.replaceChildren(...options);
  select.value = knownKeys.has(selected) ? selected : '';
}

function usageRow(entry) {
  const key = knownKeys.get(entry.keyId);
  const dash = () => el('span', { class: 'never', text: '—' });
  return el('tr', {}, [
    el('td', { 'data-label': 'Time' }, [el('time', { datetime: entry.timestamp, text: usageTime.format(new Date(entry.timestamp)) })]),
    el('td', { 'data-label': 'Key', class: 'usage-key', title: entry.keyId, text: key ? key.name : entry.keyId }),
    el('td', { 'data-label': 'Method', text: entry.method }),
    el('td', { 'data-label': 'Path', class: 'usage-path', text: entry.path }),
    el('td', { 'data-label': 'Status' }, [el('span', { class: 'status-code ' + statusClass(entry.status), text: String(entry.status) })]),
    el('td', { 'data-label': 'IP' }, [entry.ip ? el('code', { text: entry.ip }) : dash()]),
    el('td', { 'data-label': 'Country' }, [entry.country ? document.createTextNode(entry.country) : dash()]),
  ]);
}

async function loadUsage() {
  const query = new URLSearchParams({ limit: String(USAGE_LIMIT) });
  const keyId = byId('usage-key').value;
  if (keyId) query.set('keyId', keyId);
  const body = byId('usage-body');
  body.parentElement.setAttribute('aria-busy', 'true');
  byId('usage-error').textContent = '';
  try {
    const payload = await dashboard('GET', '/api-keys/usage?' + query.toString());
    const entries = Array.isArray(payload.data) ? payload.data : [];
    body.replaceChildren(...entries.map(usageRow));
    body.parentElement.hidden = entries.length === 0;
    byId('usage-empty').hidden = entries.length > 0;
    const latest = entries.length === 1 ? 'The latest request' : 'The latest ' + entries.length + ' requests';
    byId('usage-summary').textContent = entries.length === 0 ? '' : latest + ' of ' + (keyId ? 'this key' : 'all keys') + ', newest first';
  } catch (error) {
    byId('usage-error').textContent = describeFailure(error);
  } finally {
    body.parentElement.removeAttribute('aria-busy');
  }
}

/** A row's Usage button: the Usage tab, filtered to that key. */
function showKeyUsage(record) {
  remember(record);
  fillUsageKeys(record.id);
  selectTab('usage', true);
  loadUsage();
}

function setupUsage() {
  byId('usage-key').addEventListener('change', loadUsage);
  byId('usage-refresh').addEventListener('click', loadUsage);
}
`
