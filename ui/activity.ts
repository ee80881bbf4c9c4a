/**
 * The Activity tab: the audit trail of key changes (time, action, who made it, the key and the
 * fields changed), newest first, a page at a time. An owner's session is answered with its own
 * changes only, by the server.
 */
import { type AuditEntry, dashboard, describeFailure, type KeyRecord } from './dashboard.js'
import { byId, el } from './dom.js'
import { knownKeys, remember } from './keys.js'

const PAGE_SIZE = 25
const activityTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/** Each action's label, and the badge colour it shares with the key statuses. */
const ACTIONS: Record<string, { label: string; badge: string }> = {
  created: { label: 'Created', badge: 'active' },
  updated: { label: 'Updated', badge: 'live' },
  suspended: { label: 'Suspended', badge: 'suspended' },
  enabled: { label: 'Enabled', badge: 'active' },
  revoked: { label: 'Revoked', badge: 'revoked' },
  revoked_all: { label: 'Revoked all', badge: 'revoked' },
  rotated: { label: 'Rotated', badge: 'live' },
  imported: { label: 'Imported', badge: 'expired' },
}

/** The cursors of the pages seen so far (the first page has none), and the page shown. */
const paging = { cursors: [null] as (string | null)[], page: 0, nextCursor: null as string | null }

function activityRow(entry: AuditEntry): HTMLTableRowElement {
  const dash = () => el('span', { class: 'never', text: '—' })
  const time = el('time', { datetime: entry.time, text: activityTime.format(new Date(entry.time)) })
  const shown = ACTIONS[entry.action] ?? { label: entry.action, badge: 'expired' }
  const action = el('span', { class: `badge badge-${shown.badge}`, text: shown.label })
  const key = entry.keyId === null ? null : knownKeys.get(entry.keyId)
  const keyCell =
    entry.keyId === null
      ? el('td', { 'data-label': 'Key', text: `Every key of ${entry.ownerId ?? 'the owner'}` })
      : el('td', { 'data-label': 'Key', class: 'usage-key', title: entry.keyId, text: key ? key.name : entry.keyId })
  return el('tr', {}, [
    el('td', { 'data-label': 'Time' }, [time]),
    el('td', { 'data-label': 'Action' }, [action]),
    el('td', { 'data-label': 'Actor' }, [entry.actor ? el('code', { text: entry.actor }) : dash()]),
    keyCell,
    el('td', { 'data-label': 'Fields' }, [
      entry.fields.length > 0 ? document.createTextNode(entry.fields.join(', ')) : dash(),
    ]),
  ])
}

/** The names of keys the page has not listed yet (at most one page's worth); a key gone unreadable keeps its id. */
async function learnNames(entries: readonly AuditEntry[]): Promise<void> {
  const unknown = new Set(entries.map((e) => e.keyId).filter((id): id is string => id !== null && !knownKeys.has(id)))
  await Promise.all(
    [...unknown].map((id) =>
      dashboard<KeyRecord>('GET', `/api-keys/${encodeURIComponent(id)}`).then(
        (payload) => remember(payload.data),
        () => undefined,
      ),
    ),
  )
}

export async function loadActivity(): Promise<void> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) })
  const cursor = paging.cursors[paging.page]
  if (cursor) query.set('cursor', cursor)
  const body = byId('activity-body')
  const table = body.parentElement as HTMLElement
  table.setAttribute('aria-busy', 'true')
  byId('activity-error').textContent = ''
  try {
    const payload = await dashboard<AuditEntry[]>('GET', `/audit?${query.toString()}`)
    const entries = Array.isArray(payload.data) ? payload.data : []
    paging.nextCursor = payload.meta?.nextCursor ?? null
    await learnNames(entries)
    body.replaceChildren(...entries.map(activityRow))
    table.hidden = entries.length === 0
    byId('activity-empty').hidden = entries.length > 0
    byId('activity-summary').textContent = entries.length === 0 ? '' : 'Key changes, newest first'
  } catch (error) {
    byId('activity-error').textContent = describeFailure(error)
  } finally {
    table.removeAttribute('aria-busy')
    byId<HTMLButtonElement>('activity-previous').disabled = paging.page === 0
    byId<HTMLButtonElement>('activity-next').disabled = paging.nextCursor === null
    byId('activity-page').textContent = `Page ${paging.page + 1}`
  }
}

/** Back to the first page (on opening the tab, and on sign-out). */
export function resetActivity(): void {
  paging.cursors = [null]
  paging.page = 0
  paging.nextCursor = null
  byId('activity-body').replaceChildren()
}

function goToPage(step: number): void {
  if (step > 0) {
    if (paging.nextCursor === null) return
    paging.cursors[paging.page + 1] = paging.nextCursor
  } else if (paging.page === 0) return
  paging.page += step
  loadActivity()
}

export function setupActivity(): void {
  byId('activity-refresh').addEventListener('click', loadActivity)
  byId('activity-previous').addEventListener('click', () => goToPage(-1))
  byId('activity-next').addEventListener('click', () => goToPage(1))
}
