/**
 * The roles a key holds, chosen from the ones the application defines (one checkbox each); an
 * owner is offered only the roles it may grant, beside those the key holds (which it may remove).
 * The server checks the names and answers a refusal shown inline.
 */
import { config, session } from './config.js'
import { dashboard, describeFailure, type KeyRecord } from './dashboard.js'
import { busy, formError, openDialog } from './dialogs.js'
import { byId, el, toast } from './dom.js'

let editing: KeyRecord | null = null
let replace: (record: KeyRecord) => void = () => {}

/** The roles this session may give: every role the application defines, or an owner's grantable ones. */
export function offeredRoles(): string[] {
  return session.grants === null ? config.roles : session.grants.roles
}

/** The roles offered, then any the key holds beyond them (to keep or remove). */
function choicesOf(record: KeyRecord): string[] {
  const held = record.roles ?? []
  const offered = offeredRoles()
  return [...offered, ...held.filter((name) => !offered.includes(name))]
}

export function openRoles(record: KeyRecord, opener: HTMLElement): void {
  editing = record
  byId('roles-name').textContent = record.name
  const held = new Set(record.roles ?? [])
  const boxes = choicesOf(record).map((name) => {
    const input = el('input', { type: 'checkbox', name: 'role', value: name, id: `role-${name}` })
    input.checked = held.has(name)
    return el('label', { class: 'role-choice', for: `role-${name}` }, [input, el('span', { text: name })])
  })
  byId('roles-choices').replaceChildren(...boxes)
  formError('roles-error', '')
  openDialog(byId<HTMLDialogElement>('roles-dialog'), opener, boxes[0]?.querySelector('input'))
}

/** The roles ticked; none means the key holds no role (null). */
function rolesOfForm(): string[] | null {
  const ticked = [...byId('roles-choices').querySelectorAll<HTMLInputElement>('input[name="role"]')]
    .filter((input) => input.checked)
    .map((input) => input.value)
  return ticked.length === 0 ? null : ticked
}

async function saveRoles(event: Event): Promise<void> {
  event.preventDefault()
  const record = editing as KeyRecord
  formError('roles-error', '')
  try {
    const path = `/api-keys/${encodeURIComponent(record.id)}`
    const save = byId<HTMLButtonElement>('roles-save')
    const payload = await busy(save, () => dashboard<KeyRecord>('PATCH', path, { roles: rolesOfForm() }))
    replace(payload.data)
    byId<HTMLDialogElement>('roles-dialog').close()
    toast(`Roles of "${record.name}" saved.`)
  } catch (error) {
    formError('roles-error', describeFailure(error))
  }
}

/** Wires the dialog; `replaceRecord` shows the saved record in the table. */
export function setupRoles(replaceRecord: (record: KeyRecord) => void): void {
  replace = replaceRecord
  byId('roles-form').addEventListener('submit', saveRoles)
}
