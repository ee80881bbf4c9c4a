/**
 * The Usage tab: the recent requests of every key or of one (time, method, path, status, address,
 * country), to spot an address or a country nobody expects.
 */
import { dashboard, describeFailure, type KeyRecord, type UsageEntry } from './dashboard.js'
import { byId, el } from './dom.js'
import { statusClass } from './format.js'
import { knownKeys, remember } from './keys.js'
import { selectTab } from './tabs.js'
import { loadChart, setupChart } from './usage-chart.js'

const USAGE_LIMIT = 100
const usageTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/** The key filter: every key seen so far, the chosen one kept. */
export function fillUsageKeys(selected: string): void {
  const options = [el('option', { value: '', text: 'All keys' })]
  for (const [id, key] of knownKeys) options.push(el('option', { value: id, text: `${key.name} · ${key.maskedKey}` }))
  const select = byId<HTMLSelectElement>('usage-key')
  select.replaceChildren(...options)
  select.value = knownKeys.has(selected) ? selected : ''
}

function usageRow(entry: UsageEntry): HTMLTableRowElement {
  const key = knownKeys.get(entry.keyId)
  const dash = () => el('span', { class: 'never', text: '—' })
  const time = el('time', { datetime: entry.timestamp, text: usageTime.format(new Date(entry.timestamp)) })
  const status = el('span', { class: `status-code ${statusClass(entry.status)}`, text: String(entry.status) })
  return el('tr', {}, [
    el('td', { 'data-label': 'Time' }, [time]),
    el('td', { 'data-label': 'Key', class: 'usage-key', title: entry.keyId, text: key ? key.name : entry.keyId }),
    el('td', { 'data-label': 'Method', text: entry.method }),
    el('td', { 'data-label': 'Path', class: 'usage-path', text: entry.path }),
    el('td', { 'data-label': 'Status' }, [status]),
    el('td', { 'data-label': 'IP' }, [entry.ip ? el('code', { text: entry.ip }) : dash()]),
    el('td', { 'data-label': 'Country' }, [entry.country ? document.createTextNode(entry.country) : dash()]),
  ])
}

export async function loadUsage(): Promise<void> {
  void loadChart()
  const query = new URLSearchParams({ limit: String(USAGE_LIMIT) })
  const keyId = byId<HTMLSelectElement>('usage-key').value
  if (keyId) query.set('keyId', keyId)
  const body = byId('usage-body')
  const table = body.parentElement as HTMLElement
  table.setAttribute('aria-busy', 'true')
  byId('usage-error').textContent = ''
  try {
    const payload = await dashboard<UsageEntry[]>('GET', `/api-keys/usage?${query.toString()}`)
    const entries = Array.isArray(payload.data) ? payload.data : []
    body.replaceChildren(...entries.map(usageRow))
    table.hidden = entries.length === 0
    byId('usage-empty').hidden = entries.length > 0
    const latest = entries.length === 1 ? 'The latest request' : `The latest ${entries.length} requests`
    const whose = keyId ? 'this key' : 'all keys'
    byId('usage-summary').textContent = entries.length === 0 ? '' : `${latest} of ${whose}, newest first`
  } catch (error) {
    byId('usage-error').textContent = describeFailure(error)
  } finally {
    table.removeAttribute('aria-busy')
  }
}

/** A row's Usage button: the Usage tab, filtered to that key. */
export function showKeyUsage(record: KeyRecord): void {
  remember(record)
  fillUsageKeys(record.id)
  selectTab('usage', true)
  loadUsage()
}

export function setupUsage(): void {
  setupChart()
  byId('usage-key').addEventListener('change', loadUsage)
  byId('usage-refresh').addEventListener('click', loadUsage)
}
