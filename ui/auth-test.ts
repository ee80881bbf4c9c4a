/**
 * The Test dialog: sends the key the user pastes to the auth test endpoint and shows the request
 * (the key masked), the response's status, headers and body, failures included.
 */
import { config, REQUEST_TIMEOUT_MS } from './config.js'
import type { KeyRecord } from './dashboard.js'
import { busy, formError, openDialog } from './dialogs.js'
import { byId, el } from './dom.js'
import { badge, maskKey, statusClass } from './format.js'

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}
let testing: KeyRecord | null = null

type Outcome = { response: Response; text: string; error?: undefined } | { error: string }

const keyField = (): HTMLInputElement => byId<HTMLInputElement>('test-key')

function clearTest(): void {
  keyField().value = ''
  byId('test-result').hidden = true
  byId('test-mismatch').hidden = true
  for (const id of ['test-status', 'test-request', 'test-response-headers', 'test-response-body']) {
    byId(id).replaceChildren()
  }
  formError('test-error', '', keyField())
}

export function openTest(record: KeyRecord, opener: HTMLElement): void {
  testing = record
  byId('test-name').textContent = record.name
  clearTest()
  openDialog(byId<HTMLDialogElement>('test-dialog'), opener, keyField())
}

/** A pasted key that cannot be the row's own: said, not refused (the server decides). */
function showMismatch(key: string): void {
  const note = byId('test-mismatch')
  const ending = (testing as KeyRecord).maskedKey.slice(-4)
  note.hidden = key.slice(-4) === ending
  note.textContent = `This key does not end in "${ending}" like the key of this row: the answer is about another key.`
}

/** GET on the auth test endpoint with the key alone: no cookie, no dashboard token. Bounded in time. */
async function callAuthTest(key: string): Promise<Outcome> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
  try {
    const response = await fetch(config.authTest, {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: `Bearer ${key}` },
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
      signal: controller.signal,
    })
    return { response, text: await response.text() }
  } catch {
    // The browser's own message can quote the header it refused: it is not shown.
    return {
      error: controller.signal.aborted
        ? 'The server did not answer in time.'
        : 'The request failed before any answer: the server cannot be reached, or the key holds characters a header cannot carry.',
    }
  } finally {
    clearTimeout(timer)
  }
}

async function sendTest(event: Event): Promise<void> {
  event.preventDefault()
  const field = keyField()
  const key = field.value.trim()
  if (!key) return formError('test-error', 'Paste the full key to test.', field)
  formError('test-error', '', field)
  showMismatch(key)
  const request = [
    `GET ${config.authTest} HTTP/1.1`,
    `Host: ${location.host}`,
    'Accept: application/json',
    `Authorization: Bearer ${maskKey(key)}`,
  ]
  const started = performance.now()
  const outcome = await busy(byId<HTMLButtonElement>('test-send'), () => callAuthTest(key))
  renderTestResult(request.join('\n'), outcome, Math.round(performance.now() - started))
}

function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text || '(empty)'
  }
}

function renderTestResult(request: string, outcome: Outcome, ms: number): void {
  byId('test-result').hidden = false
  byId('test-request').textContent = request
  const status = byId('test-status')
  if (outcome.error !== undefined) {
    status.replaceChildren(badge('revoked', 'No response'), el('span', { text: outcome.error }))
    byId('test-response-headers').textContent = '(none)'
    byId('test-response-body').textContent = '(none)'
    return
  }
  const { response, text } = outcome
  const verdict = response.ok
    ? badge('active', 'Key accepted')
    : response.status === 401
      ? badge('revoked', 'Key refused')
      : null
  const reason = response.statusText || REASONS[response.status] || ''
  const code = el('span', {
    class: `status-code ${statusClass(response.status)}`,
    text: `HTTP ${response.status} ${reason}`,
  })
  status.replaceChildren(...[code, verdict, el('span', { class: 'muted small', text: `${ms} ms` })].filter(isNode))
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`)
  byId('test-response-headers').textContent = headers.join('\n')
  byId('test-response-body').textContent = prettyBody(text)
}

const isNode = <T>(node: T | null): node is T => node !== null

export function setupTest(): void {
  if (!config.authTest) return
  byId('test-form').addEventListener('submit', sendTest)
  // The key typed in is never kept: the field and what was shown go when the dialog closes.
  byId('test-dialog').addEventListener('close', clearTest)
}
