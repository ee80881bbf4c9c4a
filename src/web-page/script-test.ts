/**
 * The page script's Test dialog: sends the key the user pastes to the auth test endpoint and shows
 * the request (the key masked), the response's status, headers and body, failures included.
 */
export const SCRIPT_TEST = String.raw`
const REASONS = { 200: 'OK', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable' };
let testing = null;

function clearTest() {
  byId('test-key').value = '';
  byId('test-result').hidden = true;
  byId('test-mismatch').hidden = true;
  for (const id of ['test-status', 'test-request', 'test-response-headers', 'test-response-body']) byId(id).replaceChildren();
  formError('test-error', '', byId('test-key'));
}

function openTest(record, opener) {
  testing = record;
  byId('test-name').textContent = record.name;
  clearTest();
  openDialog(byId('test-dialog'), opener, byId('test-key'));
}

/** A pasted key that cannot be the row's own: said, not refused (the server decides). */
function showMismatch(key) {
  const note = byId('test-mismatch');
  const ending = testing.maskedKey.slice(-4);
  note.hidden = key.slice(-4) === ending;
  note.textContent = 'This key does not end in "' + ending + '" like the key of this row: the answer is about another key.';
}

/** GET on the auth test endpoint with the key alone: no cookie, no dashboard token. Bounded in time. */
async function callAuthTest(key) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(config.authTest, {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: 'Bearer ' + key },
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
      signal: controller.signal,
    });
    return { response: response, text: await response.text() };
  } catch {
    // The browser's own message can quote the header it refused: it is not shown.
    return { error: controller.signal.aborted ? 'The server did not answer in time.' : 'The request failed before any answer: the server cannot be reached, or the key holds characters a header cannot carry.' };
  } finally {
    clearTimeout(timer);
  }
}

async function sendTest(event) {
  event.preventDefault();
  const field = byId('test-key');
  const key = field.value.trim();
  if (!key) return formError('test-error', 'Paste the full key to test.', field);
  formError('test-error', '', field);
  showMismatch(key);
  const request = ['GET ' + config.authTest + ' HTTP/1.1', 'Host: ' + location.host, 'Accept: application/json', 'Authorization: Bearer ' + maskKey(key)];
  const started = performance.now();
  const outcome = await busy(byId('test-send'), () => callAuthTest(key));
  renderTestResult(request.join('\n'), outcome, Math.round(performance.now() - started));
}

function statusClass(status) {
  return status < 300 ? 'status-ok' : status < 500 ? 'status-client' : 'status-server';
}

function prettyBody(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text || '(empty)';
  }
}

function renderTestResult(request, outcome, ms) {
  byId('test-result').hidden = false;
  byId('test-request').textContent = request;
  const status = byId('test-status');
  if (outcome.error) {
    status.replaceChildren(badge('revoked', 'No response'), el('span', { text: outcome.error }));
    byId('test-response-headers').textContent = '(none)';
    byId('test-response-body').textContent = '(none)';
    return;
  }
  const { response, text } = outcome;
  const verdict = response.ok ? badge('active', 'Key accepted') : response.status === 401 ? badge('revoked', 'Key refused') : null;
  const reason = response.statusText || REASONS[response.status] || '';
  status.replaceChildren(el('span', { class: 'status-code ' + statusClass(response.status), text: 'HTTP ' + response.status + ' ' + reason }), verdict, el('span', { class: 'muted small', text: ms + ' ms' }));
  byId('test-response-headers').textContent = [...response.headers].map(([name, value]) => name + ': ' + value).join('\n');
  byId('test-response-body').textContent = prettyBody(text);
}

function setupTest() {
  if (!config.authTest) return;
  byId('test-form').addEventListener('submit', sendTest);
  // The key typed in is never kept: the field and what was shown go when the dialog closes.
  byId('test-dialog').addEventListener('close', clearTest);
}
`
