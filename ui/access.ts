/**
 * Who may use a key: suspending and resuming it (`enabled`), and the addresses it is allowed
 * from, edited one address or CIDR range a line (none: any address). The server checks and
 * normalises every entry; its refusal is shown in the dialog.
 */
import { dashboard, DashboardError, describeFailure, type KeyRecord } from './dashboard.js'
import { busy, formError, openDialog } from './dialogs.js'
import { byId, rowOf, toast } from './dom.js'

let editing: KeyRecord | null = null
let replace: (record: KeyRecord) => void = () => {}

const keyPath = (record: KeyRecord): string => `/api-keys/${encodeURIComponent(record.id)}`

/** A key counts as suspended only when its record says so; older records have no `enabled`. */
export const isSuspended = (record: KeyRecord): boolean => record.enabled === false

/** Suspends a key that is enabled, resumes one that is suspended; focus stays on the row's toggle. */
export async function toggleSuspended(record: KeyRecord, opener: HTMLElement): Promise<void> {
  const enabled = isSuspended(record)
  try {
    const payload = await busy(opener as HTMLButtonElement, () =>
      dashboard<KeyRecord>('PATCH', keyPath(record), { enabled }),
    )
    replace(payload.data)
    // The redrawn row's menu starts closed; open it so the toggle can keep the focus.
    const toggle = rowOf(record.id)?.querySelector<HTMLElement>('[data-action="suspend"]')
    const menu = toggle?.closest('details')
    if (menu) menu.open = true
    toggle?.focus()
    toast(`Key "${record.name}" ${enabled ? 'resumed' : 'suspended'}.`)
  } catch (error) {
    byId('keys-error').textContent = describeFailure(error)
  }
}

export function openAddresses(record: KeyRecord, opener: HTMLElement): void {
  editing = record
  byId('addresses-name').textContent = record.name
  const field = byId<HTMLTextAreaElement>('addresses-field')
  field.value = (record.allowedIps ?? []).join('\n')
  formError('addresses-error', '', field)
  openDialog(byId<HTMLDialogElement>('addresses-dialog'), opener, field)
}

/** The lines typed, blank ones dropped; none means any address (null). */
function addressesOfField(): string[] | null {
  const lines = byId<HTMLTextAreaElement>('addresses-field')
    .value.split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  return lines.length === 0 ? null : lines
}

/** A refusal in the field's words: the line it refuses as typed, the list as "the list" (not `allowedIps[1]`). */
function inFieldWords(message: string, lines: readonly string[]): string {
  const entry = /^allowedIps\[(\d+)\] (.*)$/s.exec(message)
  if (entry) return `"${lines[Number(entry[1])] ?? ''}" ${entry[2]}`
  return message.replace(/^allowedIps /, 'The list ')
}

async function saveAddresses(event: Event): Promise<void> {
  event.preventDefault()
  const record = editing as KeyRecord
  const field = byId<HTMLTextAreaElement>('addresses-field')
  formError('addresses-error', '', field)
  const lines = addressesOfField()
  try {
    const body = { allowedIps: lines }
    const save = byId<HTMLButtonElement>('addresses-save')
    const payload = await busy(save, () => dashboard<KeyRecord>('PATCH', keyPath(record), body))
    replace(payload.data)
    byId<HTMLDialogElement>('addresses-dialog').close()
    toast(`Allowed addresses of "${record.name}" saved.`)
  } catch (error) {
    const refusal = error instanceof DashboardError && error.status === 400
    formError('addresses-error', refusal ? inFieldWords(error.message, lines ?? []) : describeFailure(error), field)
  }
}

/** Wires the dialog; `replaceRecord` shows the saved record in the table. */
export function setupAccess(replaceRecord: (record: KeyRecord) => void): void {
  replace = replaceRecord
  byId('addresses-form').addEventListener('submit', saveAddresses)
}
