/**
 * The limits dialog of an administrator: a key's own named limits as rows (name, requests,
 * window) to add, change or remove; no rows puts the key back on its type's defaults. The server
 * checks every value: the dialog marks and focuses the field a refusal names, and says what is
 * wrong in its own words.
 */
import {
  dashboard,
  DashboardError,
  describeFailure,
  type KeyCredits,
  type KeyRecord,
  type NamedLimit,
} from './dashboard.js'
import { busy, formError, openDialog } from './dialogs.js'
import { byId, el, toast } from './dom.js'

const MAX_ROWS = 10
let editing: KeyRecord | null = null
let replace: (record: KeyRecord) => void = () => {}

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [86400000, 'd'],
  [3600000, 'h'],
  [60000, 'm'],
  [1000, 's'],
]

/** A window as the field shows it: "10s", "1h", "month", "month@15". */
function windowField(window: NamedLimit['window']): string {
  if (window === 'month') return 'month'
  if (typeof window === 'object') return `month@${window.month.day}`
  for (const [size, unit] of UNITS) if (window % size === 0) return `${window / size}${unit}`
  return `${window}ms`
}

/** A limit as the dialog sends it: the server reads the window's text ("10s") and checks it. */
type LimitInput = Omit<NamedLimit, 'window'> & { window: NamedLimit['window'] | string }

/** What the window field sends: "month@15" as a billing month, anything else as typed. */
function windowValue(text: string): LimitInput['window'] {
  const billing = /^month@(\d{1,2})$/.exec(text)
  return billing ? { month: { day: Number(billing[1]) } } : text
}

const rowsBody = (): HTMLElement => byId('limits-rows')

/** A field of a row: a visible caption, and a label naming the row for assistive technology. */
function field(caption: string, value: string, attributes: Record<string, string>): HTMLLabelElement {
  const control = el('input', { type: 'text', value, autocomplete: 'off', ...attributes })
  return el('label', { class: 'limit-field' }, [el('span', { class: 'limit-caption', text: caption }), control])
}

function addRow(limit?: NamedLimit): void {
  const remove = el('button', { type: 'button', class: 'btn btn-secondary btn-small limit-remove', text: 'Remove' })
  const row = el('li', { class: 'limit-row' }, [
    field('Name', limit?.name ?? '', { class: 'limit-name', placeholder: 'burst' }),
    field('Requests', limit ? String(limit.limit) : '', { inputmode: 'numeric', placeholder: '100' }),
    field('Window', limit ? windowField(limit.window) : '', { placeholder: '10s' }),
    remove,
  ])
  remove.addEventListener('click', () => {
    row.remove()
    renumber()
  })
  rowsBody().append(row)
  renumber()
}

/** Labels follow the rows' order, so a refusal naming `limits[1]` finds the second row. */
function renumber(): void {
  const rows = [...rowsBody().children] as HTMLElement[]
  rows.forEach((row, i) => {
    const [name, count, window] = [...row.querySelectorAll('input')]
    name!.setAttribute('aria-label', `Name of limit ${i + 1}`)
    count!.setAttribute('aria-label', `Requests of limit ${i + 1}`)
    window!.setAttribute('aria-label', `Window of limit ${i + 1}`)
    row.querySelector('button')!.setAttribute('aria-label', `Remove limit ${i + 1}`)
  })
  byId<HTMLButtonElement>('limits-add').disabled = rows.length >= MAX_ROWS
  byId('limits-empty').hidden = rows.length > 0
}

/** The list the rows hold; null (the type's defaults) when there are none. */
function listOfRows(): LimitInput[] | null {
  const rows = [...rowsBody().children]
  if (rows.length === 0) return null
  return rows.map((row) => {
    const [name, count, window] = [...row.querySelectorAll('input')].map((field) => field.value.trim())
    return { name: name!, limit: /^\d+$/.test(count!) ? Number(count) : Number.NaN, window: windowValue(window!) }
  })
}

/** The credit fields as the record's credits read in them. */
function creditFields(credits: KeyCredits | null | undefined): [string, string] {
  if (!credits) return ['', '']
  const refill = credits.refill
  if (!refill) return [String(credits.remaining), '']
  const day = refill.every === 'month' && refill.day !== undefined && refill.day !== 1 ? `@${refill.day}` : ''
  return [String(credits.remaining), `${refill.amount}/${refill.every}${day}`]
}

let shownCredits: [string, string] = ['', '']

/**
 * The credits to send, or undefined when the fields are as shown (so saving the limits never sets
 * back what requests spent meanwhile). A refill the dialog cannot read goes as the server's to refuse.
 */
function creditsOfFields(): { remaining: number; refill?: object } | null | undefined {
  const left = byId<HTMLInputElement>('limits-credits').value.trim()
  const refillText = byId<HTMLInputElement>('limits-refill').value.trim()
  if (left === shownCredits[0] && refillText === shownCredits[1]) return undefined
  if (left === '' && refillText === '') return null
  const remaining = /^\d+$/.test(left) ? Number(left) : Number.NaN
  if (refillText === '') return { remaining }
  const match = /^(\d+)\/(day|month)(?:@(\d{1,2}))?$/.exec(refillText)
  if (!match) {
    const [amount = '', every = ''] = refillText.split('/')
    return { remaining, refill: { amount: /^\d+$/.test(amount) ? Number(amount) : Number.NaN, every } }
  }
  const refill = { amount: Number(match[1]), every: match[2], ...(match[3] ? { day: Number(match[3]) } : {}) }
  return { remaining, refill }
}

/** The rules of the fields whose syntax is the dialog's own, in place of the API's in a refusal. */
const WINDOW_RULE =
  'must be 1 second to 31 days (10s, 15m, 1h, 30d), month, or month@<day> for a billing month from day 1 to 28.'
const REFILL_RULE = 'must be <n>/day or <n>/month, with @<day> (1 to 28) for a billing day: 1000/month@15.'
const ROW_FIELDS = { name: 0, limit: 1, window: 2 }

/**
 * The input a refusal names (`limits[1].window`, `credits.refill.every`), if any, and the refusal
 * in the dialog's words: a row's field by its label ("Window of limit 2"), windows and refills as
 * typed here.
 */
function refusalIn(message: string): { field?: HTMLElement; text: string } {
  const row = /^limits\[(\d+)\]\.(name|limit|window) (.*)$/s.exec(message)
  if (row) {
    const name = row[2] as keyof typeof ROW_FIELDS
    const field = rowsBody().children[Number(row[1])]?.querySelectorAll('input')[ROW_FIELDS[name]]
    return { field, text: `${field?.getAttribute('aria-label') ?? name} ${name === 'window' ? WINDOW_RULE : row[3]}` }
  }
  if (message.startsWith('credits.refill.amount ')) {
    return {
      field: byId('limits-refill'),
      text: `The refill's amount ${message.slice('credits.refill.amount '.length)}`,
    }
  }
  if (message.startsWith('credits.refill')) return { field: byId('limits-refill'), text: `Refill ${REFILL_RULE}` }
  if (message.startsWith('credits')) {
    return { field: byId('limits-credits'), text: message.replace(/^credits\.remaining /, 'Credits left ') }
  }
  return { text: message.replace(/^limits names /, 'The limits name ') }
}

function openLimits(record: KeyRecord, opener: HTMLElement): void {
  editing = record
  byId('limits-name').textContent = record.name
  rowsBody().replaceChildren()
  formError('limits-error', '')
  const own = Array.isArray(record.limits) ? record.limits : []
  for (const limit of own) addRow(limit)
  renumber()
  shownCredits = creditFields(record.credits)
  byId<HTMLInputElement>('limits-credits').value = shownCredits[0]
  byId<HTMLInputElement>('limits-refill').value = shownCredits[1]
  openDialog(byId<HTMLDialogElement>('limits-dialog'), opener, byId('limits-add'))
}

async function saveLimits(event: Event): Promise<void> {
  event.preventDefault()
  const record = editing as KeyRecord
  for (const field of byId('limits-form').querySelectorAll('input')) field.setAttribute('aria-invalid', 'false')
  formError('limits-error', '')
  try {
    const path = `/api-keys/${encodeURIComponent(record.id)}`
    const credits = creditsOfFields()
    const body = credits === undefined ? { limits: listOfRows() } : { limits: listOfRows(), credits }
    const payload = await busy(byId<HTMLButtonElement>('limits-save'), () => dashboard<KeyRecord>('PATCH', path, body))
    replace(payload.data)
    byId<HTMLDialogElement>('limits-dialog').close()
    toast(`Limits of "${record.name}" saved.`)
  } catch (error) {
    if (!(error instanceof DashboardError) || error.status !== 400)
      return formError('limits-error', describeFailure(error))
    const { field, text } = refusalIn(error.message)
    formError('limits-error', text, field)
  }
}

/** Wires the dialog; `replaceRecord` shows the saved record in the table. */
export function setupLimits(replaceRecord: (record: KeyRecord) => void): void {
  replace = replaceRecord
  byId('limits-add').addEventListener('click', () => {
    addRow()
    const inputs = rowsBody().querySelectorAll('input')
    inputs[inputs.length - 3]?.focus()
  })
  byId('limits-form').addEventListener('submit', saveLimits)
}

export { openLimits }
