/**
 * The create and rotate dialogs, and the dialog that shows a new key once: copied to the clipboard
 * when the browser allows, with a Copy button, and forgotten on Done.
 */
import { config, ownerProblem, session, view } from './config.js'
import { dashboard, DashboardError, describeFailure, type KeyRecord, type NewKey } from './dashboard.js'
import { busy, formError, handOver, openDialog, restoreFocus } from './dialogs.js'
import { byId, el } from './dom.js'
import { dateTime, timeCell, typeBadge } from './format.js'
import { loadKeys, resetPaging } from './keys.js'

const DAY_MS = 86400000
/** The full key while its dialog is open; null at every other time. */
let revealedKey: string | null = null

const field = (id: string): HTMLInputElement => byId<HTMLInputElement>(id)

/**
 * An owner picks its key's scopes from those it may grant (one checkbox each) instead of typing
 * any; with none to pick, the hint says the key gets the service's default scopes.
 */
function offerScopes(scopes: readonly string[]): void {
  const boxes = scopes.map((scope, i) => {
    const input = el('input', { type: 'checkbox', name: 'scope', value: scope, id: `create-scope-${i}` })
    return el('label', { class: 'role-choice', for: `create-scope-${i}` }, [input, el('code', { text: scope })])
  })
  byId('create-scope-boxes').replaceChildren(...boxes)
  byId('create-scope-choices-hint').textContent =
    scopes.length > 0
      ? "The scopes this session may give. Tick none for the service's default scopes."
      : "This session gives no scopes of its own choosing: the key gets the service's default scopes."
}

function openCreate(event: Event): void {
  byId<HTMLFormElement>('create-form').reset()
  formError('create-error', '', field('create-name'))
  // An administrator may create a key for any owner; an owner's keys are its own.
  byId('create-owner-field').hidden = config.signIn !== 'token' || session.owner !== null
  const grants = session.grants
  byId('create-scopes-field').hidden = grants !== null
  byId('create-scope-choices').hidden = grants === null
  if (grants !== null) offerScopes(grants.scopes)
  openDialog(byId<HTMLDialogElement>('create-dialog'), event.currentTarget as HTMLElement, field('create-name'))
}

interface CreateBody {
  name: string
  sandbox: boolean
  expiresAt?: string
  scopes?: string[]
  ownerId?: string
}
type Checked = { body: CreateBody; error?: undefined } | { error: string; field: HTMLElement }

/** The create body from the form, or what is wrong with it. */
function createBody(): Checked {
  const name = field('create-name').value.trim()
  if (!name) return { error: 'Enter a name for the key.', field: field('create-name') }
  const body: CreateBody = { name, sandbox: field('create-sandbox').checked }
  const days = Number(byId<HTMLSelectElement>('create-expiry').value)
  if (days > 0) body.expiresAt = new Date(Date.now() + days * DAY_MS).toISOString()
  const scopes =
    session.grants === null
      ? field('create-scopes')
          .value.split(/[\s,]+/)
          .filter(Boolean)
      : [...byId('create-scope-boxes').querySelectorAll<HTMLInputElement>('input:checked')].map((box) => box.value)
  if (scopes.length > 0) body.scopes = [...new Set(scopes)]
  const owner = field('create-owner').value.trim()
  if (owner && !byId('create-owner-field').hidden) {
    const problem = ownerProblem(owner)
    if (problem) return { error: problem, field: field('create-owner') }
    body.ownerId = owner
  }
  return { body }
}

/** The dialog's inputs by the field a dashboard refusal starts with (its label is the field's name). */
const REFUSED_FIELDS: Record<string, string> = { name: 'create-name', scopes: 'create-scopes' }

/** A refusal of a field with its name as the dialog labels it ("Scopes: each scope …"), and that field to mark. */
function createRefusal(error: unknown): { message: string; field?: HTMLElement } {
  if (!(error instanceof DashboardError) || error.status !== 400) return { message: describeFailure(error) }
  const id = REFUSED_FIELDS[/^\w+/.exec(error.message)?.[0] ?? '']
  if (id === undefined) return { message: error.message }
  return { message: error.message.charAt(0).toUpperCase() + error.message.slice(1), field: field(id) }
}

async function submitCreate(event: Event): Promise<void> {
  event.preventDefault()
  const checked = createBody()
  if (checked.error !== undefined) return formError('create-error', checked.error, checked.field)
  formError('create-error', '', field('create-name'))
  try {
    const submit = byId<HTMLButtonElement>('create-submit')
    const payload = await busy(submit, () => dashboard<NewKey>('POST', '/api-keys', checked.body))
    handOver(byId<HTMLDialogElement>('create-dialog'), (opener) => showKey(payload.data, 'Key created', '', opener))
  } catch (error) {
    const refusal = createRefusal(error)
    formError('create-error', refusal.message, refusal.field)
  }
}

function keyDetails(record: KeyRecord): HTMLElement[] {
  const rows: [string, Node | string][] = [
    ['Name', record.name],
    ['Type', typeBadge(record.keyType)],
    ['Expires', timeCell(record.expiresAt, 'soon')],
  ]
  rows.push(['Scopes', scopesShown(record.scopes)])
  if (record.ownerId) rows.push(['Owner', record.ownerId])
  return rows.flatMap(([term, value]) => [el('dt', { text: term }), el('dd', {}, [value])])
}

/** A key's scopes in words: `*` alone is every scope, none reaches no scoped route. */
function scopesShown(scopes: readonly string[] | undefined): string {
  if (scopes === undefined || scopes.length === 0) return 'None'
  return scopes.length === 1 && scopes[0] === '*' ? 'Every scope (*)' : scopes.join(', ')
}

/** The one time the page holds a full key: until Done. */
function showKey(data: NewKey, title: string, note: string, opener: HTMLElement | null | undefined): void {
  revealedKey = data.key ?? null
  delete data.key
  byId('reveal-title').textContent = title
  byId('reveal-key').textContent = revealedKey
  byId('reveal-details').replaceChildren(...keyDetails(data))
  byId('reveal-note').textContent = note
  byId('reveal-copied').textContent = ''
  openDialog(byId<HTMLDialogElement>('reveal-dialog'), opener, byId('reveal-copy'))
  copyKey(true)
}

async function copyKey(automatic: boolean): Promise<void> {
  if (revealedKey === null) return
  let copied = false
  try {
    await navigator.clipboard.writeText(revealedKey)
    copied = true
  } catch {
    copied = !automatic && copyBySelection()
  }
  if (revealedKey === null) return
  const refused = automatic
    ? 'Not copied automatically: use Copy.'
    : 'The browser did not allow copying: select the key and copy it.'
  byId('reveal-copied').textContent = copied ? 'Copied to the clipboard.' : refused
}

/** Copying where the clipboard API is missing (a page served over plain HTTP to another host). */
function copyBySelection(): boolean {
  const selection = getSelection() as Selection
  const range = document.createRange()
  range.selectNodeContents(byId('reveal-key'))
  selection.removeAllRanges()
  selection.addRange(range)
  let copied = false
  try {
    copied = document.execCommand('copy')
  } catch {
    copied = false
  }
  selection.removeAllRanges()
  return copied
}

/** Drops the full key from the page: its text, the copy status and the details shown with it. */
export function forgetKey(): void {
  revealedKey = null
  byId('reveal-key').textContent = ''
  byId('reveal-copied').textContent = ''
  byId('reveal-details').replaceChildren()
}

let rotating: KeyRecord | null = null

export function openRotate(record: KeyRecord, opener: HTMLElement): void {
  rotating = record
  byId('rotate-name').textContent = record.name
  byId<HTMLSelectElement>('rotate-grace').value = String(DAY_MS / 1000)
  formError('rotate-error', '')
  openDialog(byId<HTMLDialogElement>('rotate-dialog'), opener, byId('rotate-grace'))
}

/** What the new-key dialog says about the key a rotation replaced. */
function rotationNote(name: string, previous: KeyRecord | undefined): string {
  return !previous || previous.status === 'revoked' || !previous.expiresAt
    ? `The old key "${name}" is revoked.`
    : `The old key keeps working until ${dateTime.format(new Date(previous.expiresAt))}.`
}

async function submitRotate(event: Event): Promise<void> {
  event.preventDefault()
  const record = rotating as KeyRecord
  const gracePeriodSeconds = Number(byId<HTMLSelectElement>('rotate-grace').value)
  try {
    const path = `/api-keys/${encodeURIComponent(record.id)}/rotate`
    const submit = byId<HTMLButtonElement>('rotate-submit')
    const payload = await busy(submit, () => dashboard<NewKey>('POST', path, { gracePeriodSeconds }))
    const previous = payload.data.previous
    delete payload.data.previous
    const note = rotationNote(record.name, previous)
    handOver(byId<HTMLDialogElement>('rotate-dialog'), (opener) => showKey(payload.data, 'Key rotated', note, opener))
  } catch (error) {
    formError('rotate-error', describeFailure(error))
  }
}

export function setupCreate(): void {
  byId('create-open').addEventListener('click', openCreate)
  byId('create-form').addEventListener('submit', submitCreate)
  byId('rotate-form').addEventListener('submit', submitRotate)
  byId('reveal-copy').addEventListener('click', () => copyKey(false))
  const reveal = byId<HTMLDialogElement>('reveal-dialog')
  byId('reveal-done').addEventListener('click', () => reveal.close())
  // Escape must not throw the key away by accident: Done is the one way out. A browser closes a
  // dialog on a second Escape without asking (no cancel event), so Escape is stopped at keydown.
  reveal.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') event.preventDefault()
  })
  reveal.addEventListener('cancel', (event) => event.preventDefault())
  reveal.addEventListener('close', () => {
    forgetKey()
    if (!view.active) return
    resetPaging()
    loadKeys().finally(() => restoreFocus(reveal))
  })
}
