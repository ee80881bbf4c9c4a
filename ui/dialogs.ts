/**
 * Dialogs and forms: focus moves into a dialog and back to what opened it when it closes; a
 * form's error names its field; a submit button is disabled while its request runs.
 */
import { byId, rowOf } from './dom.js'

/** Where focus returns when a dialog closes: the control that opened it, or a fallback if it is gone. */
export const openers = new WeakMap<HTMLDialogElement, HTMLElement | null>()

export function openDialog(
  dialog: HTMLDialogElement,
  opener: HTMLElement | null | undefined,
  focusTarget?: HTMLElement | null,
): void {
  openers.set(dialog, opener || (document.activeElement as HTMLElement | null))
  dialog.showModal()
  const target = focusTarget || dialog.querySelector<HTMLElement>('input, select, button')
  if (target) target.focus()
}

export function restoreFocus(dialog: HTMLDialogElement): void {
  const opener = openers.get(dialog)
  openers.delete(dialog)
  // A dialog that hands over to another (create, then the new key) leaves focus to that one.
  if (document.querySelector('dialog[open]')) return
  const target = opener?.isConnected ? opener : sameControlNow(opener)
  if (target && !(target as { disabled?: boolean }).disabled && target.offsetParent !== null) target.focus()
  else byId('page-title').focus()
}

/** A row redrawn since its button opened the dialog: the same button in the new row, else the row's first. */
function sameControlNow(opener: HTMLElement | null | undefined): HTMLElement | null {
  const oldRow = opener?.closest<HTMLTableRowElement>('tr[data-key-id]')
  const row = oldRow && rowOf(oldRow.dataset.keyId)
  if (!row) return null
  const buttons = [...row.querySelectorAll('button')]
  const same = buttons.find((button) => button.textContent === opener?.textContent) || buttons[0] || null
  // A control under the row's More menu is reachable again only with the menu open.
  const menu = same?.closest('details')
  if (menu) menu.open = true
  return same
}

/** Closes a dialog and opens the next one, which returns focus where the first came from. */
export function handOver(dialog: HTMLDialogElement, next: (opener: HTMLElement | null | undefined) => void): void {
  const opener = openers.get(dialog)
  dialog.close()
  next(opener)
}

export function setupDialogs(): void {
  for (const dialog of document.querySelectorAll('dialog')) {
    // The new-key dialog returns focus itself, once the table behind it is read again.
    if (!dialog.hasAttribute('data-focus-later')) dialog.addEventListener('close', () => restoreFocus(dialog))
    for (const button of dialog.querySelectorAll('[data-close]')) button.addEventListener('click', () => dialog.close())
  }
}

/** Shows a form's error (or clears it with ''), and marks the field it is about. */
export function formError(id: string, text: string, field?: HTMLElement): void {
  byId(id).textContent = text
  if (field) {
    field.setAttribute('aria-invalid', text ? 'true' : 'false')
    if (text) field.focus()
  }
}

/** Disables a submit button while its request runs. */
export async function busy<T>(button: HTMLButtonElement, task: () => Promise<T>): Promise<T> {
  button.disabled = true
  try {
    return await task()
  } finally {
    button.disabled = false
  }
}
