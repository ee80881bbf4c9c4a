/**
 * The "API Keys" table: a page of records at a time (the list route's cursor), the status and type
 * filters, each row's actions, and revoking with a confirmation.
 */
import { isSuspended } from './access.js'
import { config, session } from './config.js'
import { dashboard, describeFailure, type KeyRecord } from './dashboard.js'
import { busy, formError, openDialog } from './dialogs.js'
import { byId, el, toast } from './dom.js'
import { limitLines, statusBadge, timeCell, typeBadge } from './format.js'
import { offeredRoles } from './roles.js'

const PAGE_SIZE = 20
/** The cursors of the pages seen so far (the first page has none), and the page shown. */
export const keys = {
  cursors: [null] as (string | null)[],
  page: 0,
  nextCursor: null as string | null,
  records: [] as KeyRecord[],
}
/** Names and masked values of the keys seen, for the usage table and its filter. */
export const knownKeys = new Map<string, { name: string; maskedKey: string; ownerId: string | null }>()

/** What a row's Test, Usage and Rotate buttons open (the dialogs and tabs that own them). */
export interface RowActions {
  test: (record: KeyRecord, opener: HTMLElement) => void
  usage: (record: KeyRecord, opener: HTMLElement) => void
  rotate: (record: KeyRecord, opener: HTMLElement) => void
  limits: (record: KeyRecord, opener: HTMLElement) => void
  addresses: (record: KeyRecord, opener: HTMLElement) => void
  suspend: (record: KeyRecord, opener: HTMLElement) => void
  roles: (record: KeyRecord, opener: HTMLElement) => void
}
const ignore = (): void => {}
let actions: RowActions = {
  test: ignore,
  usage: ignore,
  rotate: ignore,
  limits: ignore,
  addresses: ignore,
  suspend: ignore,
  roles: ignore,
}

export function remember(record: KeyRecord): void {
  knownKeys.set(record.id, { name: record.name, maskedKey: record.maskedKey, ownerId: record.ownerId ?? null })
}

const filterValue = (id: string): string => byId<HTMLSelectElement>(id).value

function keysQuery(): string {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) })
  const cursor = keys.cursors[keys.page]
  if (cursor) query.set('cursor', cursor)
  const status = filterValue('filter-status')
  const keyType = filterValue('filter-type')
  if (status) query.set('status', status)
  if (keyType) query.set('keyType', keyType)
  return query.toString()
}

/** Reads the page of keys shown; rejects with the dashboard's refusal. */
export async function fetchKeys(): Promise<void> {
  const payload = await dashboard<KeyRecord[]>('GET', `/api-keys?${keysQuery()}`)
  keys.records = Array.isArray(payload.data) ? payload.data : []
  keys.nextCursor = payload.meta?.nextCursor || null
  keys.records.forEach(remember)
  renderKeys()
}

/** Reads the page of keys shown, telling the user when it fails. */
export async function loadKeys(): Promise<void> {
  const table = byId('keys-table')
  table.setAttribute('aria-busy', 'true')
  byId('keys-error').textContent = ''
  try {
    await fetchKeys()
  } catch (error) {
    byId('keys-error').textContent = describeFailure(error)
  } finally {
    table.removeAttribute('aria-busy')
  }
}

export function resetPaging(): void {
  keys.cursors = [null]
  keys.page = 0
  keys.nextCursor = null
}

function goToPage(step: number): void {
  if (step > 0) keys.cursors[keys.page + 1] = keys.nextCursor
  keys.page += step
  loadKeys()
}

function renderKeys(): void {
  const count = keys.records.length
  byId('keys-body').replaceChildren(...keys.records.map(keyRow))
  byId('keys-table').hidden = count === 0
  const filtered = filterValue('filter-status') !== '' || filterValue('filter-type') !== ''
  byId('keys-empty').hidden = count > 0
  byId('keys-empty-title').textContent = filtered ? 'No keys match these filters' : 'No keys yet'
  byId('keys-empty-text').textContent = filtered
    ? 'Choose "All" to see every key.'
    : 'Create a key to start calling the API.'
  byId<HTMLButtonElement>('page-previous').disabled = keys.page === 0
  byId<HTMLButtonElement>('page-next').disabled = keys.nextCursor === null
  byId('page-label').textContent = `Page ${keys.page + 1}`
  const pager = byId('page-previous').parentElement as HTMLElement
  pager.hidden = keys.page === 0 && keys.nextCursor === null
  const first = keys.page * PAGE_SIZE + 1
  const more = keys.nextCursor ? ', more on the next page' : ''
  byId('keys-summary').textContent = count === 0 ? '' : `Keys ${first}–${first + count - 1}${more}`
}

function keyRow(record: KeyRecord): HTMLTableRowElement {
  const owner =
    record.ownerId && !session.owner ? el('span', { class: 'key-owner', text: `Owner: ${record.ownerId}` }) : null
  return el('tr', { 'data-key-id': record.id, class: record.status === 'revoked' ? 'row-revoked' : null }, [
    el('th', { scope: 'row' }, [
      el('span', { class: 'key-name', text: record.name }),
      owner,
      limitList(record),
      creditsLine(record),
      addressList(record),
      roleList(record),
    ]),
    el('td', { 'data-label': 'Key' }, [el('code', { class: 'masked', text: record.maskedKey })]),
    el('td', { 'data-label': 'Type' }, [typeBadge(record.keyType)]),
    el('td', { 'data-label': 'Status' }, [statusBadge(shownStatus(record))]),
    el('td', { 'data-label': 'Created' }, [timeCell(record.createdAt)]),
    el('td', { 'data-label': 'Last used' }, [timeCell(record.lastUsedAt, 'relative')]),
    el('td', { 'data-label': 'Expires' }, [timeCell(record.expiresAt, 'soon')]),
    el('td', { class: 'cell-actions' }, [el('div', { class: 'actions' }, rowActions(record))]),
  ])
}

/** The key's own limits under its name, one a line; nothing for a key on its type's defaults. */
function limitList(record: KeyRecord): HTMLElement | null {
  const lines = limitLines(record.limits)
  if (lines.length === 0) return null
  return el(
    'ul',
    { class: 'key-limits', 'aria-label': 'Limits' },
    lines.map((text) => el('li', { text })),
  )
}

/** What the key has left to spend and how it refills, under its name; nothing without credits. */
function creditsLine(record: KeyRecord): HTMLElement | null {
  const credits = record.credits
  if (!credits) return null
  const left = `Credits left: ${credits.remaining.toLocaleString('en-US')}`
  const refill = credits.refill
  if (!refill) return el('span', { class: 'key-owner key-credits', text: left })
  const day = refill.every === 'month' && refill.day !== undefined && refill.day !== 1 ? ` on day ${refill.day}` : ''
  const when = refill.every === 'day' ? 'each day' : `each month${day}`
  return el('span', {
    class: 'key-owner key-credits',
    text: `${left}, refilled to ${refill.amount.toLocaleString('en-US')} ${when}`,
  })
}

/** An active key that is suspended reads Suspended; revoked and expired say why it fails first. */
const shownStatus = (record: KeyRecord) =>
  record.status === 'active' && isSuspended(record) ? 'suspended' : record.status

/** The addresses the key is allowed from, under its name; nothing when any address may use it. */
function addressList(record: KeyRecord): HTMLElement | null {
  const allowed = record.allowedIps ?? []
  if (allowed.length === 0) return null
  const list = el(
    'ul',
    { class: 'key-limits key-addresses', 'aria-label': 'Allowed addresses' },
    allowed.map((text) => el('li', {}, [el('code', { text })])),
  )
  return el('div', {}, [el('span', { class: 'key-owner', text: 'Allowed from:' }), list])
}

/** The roles the key holds, under its name; nothing for a key without roles. */
function roleList(record: KeyRecord): HTMLElement | null {
  const roles = record.roles ?? []
  if (roles.length === 0) return null
  return el('span', { class: 'key-owner key-roles', text: `Roles: ${roles.join(', ')}` })
}

type Open = (record: KeyRecord, opener: HTMLElement) => void

/** Test and Usage for every key; the rest only while it can still be used, the rarer ones under More. */
function rowActions(record: KeyRecord): HTMLElement[] {
  const button = (text: string, open: Open, variant = '', action = '') =>
    el('button', {
      type: 'button',
      class: `btn btn-secondary btn-small${variant}`,
      text,
      'data-action': action || null,
      onclick: (event) => open(record, event.currentTarget as HTMLElement),
    })
  const shown: HTMLElement[] = []
  if (config.authTest) shown.push(button('Test', actions.test))
  shown.push(button('Usage', actions.usage))
  if (record.status === 'revoked') return shown
  const more = [button(isSuspended(record) ? 'Resume' : 'Suspend', actions.suspend, '', 'suspend')]
  more.push(button('Addresses', actions.addresses))
  // Only an administrator sets limits; an owner gives only the roles it may grant, and removes any.
  if (session.owner === null) more.push(button('Limits', actions.limits))
  if (offeredRoles().length > 0 || (session.grants !== null && (record.roles ?? []).length > 0)) {
    more.push(button('Roles', actions.roles))
  }
  const menu = el('details', { class: 'more' }, [
    el('summary', { class: 'btn btn-secondary btn-small', text: 'More' }),
    el('div', { class: 'more-menu' }, more),
  ])
  shown.push(button('Rotate', actions.rotate), button('Revoke', openRevoke, ' btn-link-danger'), menu)
  return shown
}

export function replaceRecord(record: KeyRecord): void {
  keys.records = keys.records.map((shown) => (shown.id === record.id ? record : shown))
  remember(record)
  renderKeys()
}

let revoking: KeyRecord | null = null

function openRevoke(record: KeyRecord, opener: HTMLElement): void {
  revoking = record
  byId('revoke-name').textContent = record.name
  formError('revoke-error', '')
  const dialog = byId<HTMLDialogElement>('revoke-dialog')
  // Cancel first: the safe choice is the one a stray Enter takes.
  openDialog(dialog, opener, dialog.querySelector<HTMLElement>('[data-close]'))
}

async function confirmRevoke(): Promise<void> {
  const record = revoking as KeyRecord
  try {
    const path = `/api-keys/${encodeURIComponent(record.id)}/revoke`
    const payload = await busy(byId<HTMLButtonElement>('revoke-confirm'), () => dashboard<KeyRecord>('POST', path))
    replaceRecord(payload.data)
    byId<HTMLDialogElement>('revoke-dialog').close()
    toast(`Key "${record.name}" revoked.`)
  } catch (error) {
    formError('revoke-error', describeFailure(error))
  }
}

/** Wires the pager, the filters and the revoke confirmation; `rowActions` open the other dialogs. */
export function setupKeys(rowActionsOf: RowActions): void {
  actions = rowActionsOf
  byId('page-previous').addEventListener('click', () => goToPage(-1))
  byId('page-next').addEventListener('click', () => goToPage(1))
  for (const id of ['filter-status', 'filter-type']) {
    byId(id).addEventListener('change', () => {
      resetPaging()
      loadKeys()
    })
  }
  byId('revoke-confirm').addEventListener('click', confirmRevoke)
}
