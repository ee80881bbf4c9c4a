/**
 * The Usage tab: the recent requests of every key, of one owner's keys or of one key (time,
 * method, path, status, address, country), to spot an address or a country nobody expects. The
 * requests keyward refused for the key itself (revoked, suspended, not allowed, over a limit) are
 * listed too, their status and code in a badge, since a stranger's attempts are mostly refused. An
 * administrator picks the owner; an owner's session only ever sees its own keys.
 */
import { config, ownerProblem, session } from './config.js'
import { dashboard, describeFailure, type KeyRecord, type UsageEntry } from './dashboard.js'
import { byId, el } from './dom.js'
import { statusClass } from './format.js'
import { knownKeys, remember } from './keys.js'
import { selectTab } from './tabs.js'
import { loadChart, pickedOwner, setupChart } from './usage-chart.js'

const USAGE_LIMIT = 100
const usageTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/** The key filter: every key seen so far (of the picked owner), the chosen one kept; the owners seen, offered. */
export function fillUsageKeys(selected: string): void {
  // Only an administrator signed in with the token picks owners (as only it creates keys for them).
  byId('usage-owner-field').hidden = config.signIn !== 'token' || session.owner !== null
  const owner = pickedOwner()
  const options = [el('option', { value: '', text: owner ? `All keys of ${owner}` : 'All keys' })]
  const owners = new Set<string>()
  for (const [id, key] of knownKeys) {
    if (key.ownerId !== null) owners.add(key.ownerId)
    if (owner && key.ownerId !== owner) continue
    options.push(el('option', { value: id, text: `${key.name} · ${key.maskedKey}` }))
  }
  byId('usage-owners').replaceChildren(...[...owners].sort().map((id) => el('option', { value: id })))
  const select = byId<HTMLSelectElement>('usage-key')
  select.replaceChildren(...options)
  const kept = knownKeys.get(selected)
  select.value = kept && (!owner || kept.ownerId === owner) ? selected : ''
}

/** An owner picked: its keys fetched (the table may not have shown them), then its usage. */
async function pickOwner(): Promise<void> {
  const owner = pickedOwner()
  const field = byId<HTMLInputElement>('usage-owner')
  const problem = owner ? ownerProblem(owner) : ''
  field.setAttribute('aria-invalid', problem ? 'true' : 'false')
  byId('usage-owner-error').textContent = problem
  if (problem) return
  try {
    if (owner) {
      const query = new URLSearchParams({ ownerId: owner, limit: '100' })
      const payload = await dashboard<KeyRecord[]>('GET', `/api-keys?${query.toString()}`)
      for (const record of payload.data) remember(record)
    }
  } catch (error) {
    byId('usage-owner-error').textContent = describeFailure(error)
  }
  // Another owner is another scope: the chart starts from all of its keys.
  fillUsageKeys('')
  loadUsage()
}

/** What each refusal a usage entry can hold means, for the badge's tooltip. */
const REFUSALS: Readonly<Record<string, string>> = {
  rate_limited: 'Refused: over a rate limit or quota, or out of credits',
  forbidden: 'Refused: the key may not use this route (scope, permission, address or live keys only)',
  API_KEY_REVOKED: 'Refused: the key is revoked',
  API_KEY_EXPIRED: 'Refused: the key has expired',
  API_KEY_DISABLED: 'Refused: the key is suspended',
}

/** An admitted request's status as it is; a refusal's status and code in a badge, amber for a limit, red otherwise. */
function statusCell(entry: UsageEntry): HTMLElement {
  const code = entry.code
  if (!code) return el('span', { class: `status-code ${statusClass(entry.status)}`, text: String(entry.status) })
  const kind = code === 'rate_limited' ? 'limited' : 'refused'
  return el('span', { class: `badge badge-${kind} refusal`, title: REFUSALS[code] ?? `Refused: ${code}` }, [
    el('span', { class: 'status-code', text: String(entry.status) }),
    el('span', { class: 'refusal-code', text: code }),
  ])
}

function usageRow(entry: UsageEntry): HTMLTableRowElement {
  const key = knownKeys.get(entry.keyId)
  const dash = () => el('span', { class: 'never', text: '—' })
  const time = el('time', { datetime: entry.timestamp, text: usageTime.format(new Date(entry.timestamp)) })
  return el('tr', { class: entry.code ? 'usage-refused' : null }, [
    el('td', { 'data-label': 'Time' }, [time]),
    el('td', { 'data-label': 'Key', class: 'usage-key', title: entry.keyId, text: key ? key.name : entry.keyId }),
    el('td', { 'data-label': 'Method', text: entry.method }),
    el('td', { 'data-label': 'Path', class: 'usage-path', text: entry.path }),
    el('td', { 'data-label': 'Status' }, [statusCell(entry)]),
    el('td', { 'data-label': 'IP' }, [entry.ip ? el('code', { text: entry.ip }) : dash()]),
    el('td', { 'data-label': 'Country' }, [entry.country ? document.createTextNode(entry.country) : dash()]),
  ])
}

export async function loadUsage(): Promise<void> {
  void loadChart()
  const query = new URLSearchParams({ limit: String(USAGE_LIMIT) })
  const keyId = byId<HTMLSelectElement>('usage-key').value
  const owner = pickedOwner()
  if (keyId) query.set('keyId', keyId)
  else if (owner && !ownerProblem(owner)) query.set('ownerId', owner)
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
    const whose = keyId ? 'this key' : owner ? `the keys of ${owner}` : 'all keys'
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
  byId('usage-owner').addEventListener('change', pickOwner)
  byId('usage-refresh').addEventListener('click', loadUsage)
}
