/** Finding and building elements (text only: the page never parses HTML), and the toast. */

/** An element of the page by id; the HTML holds every element the script asks for in its mode. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  return document.getElementById(id) as T
}

type Attribute = string | number | boolean | null | undefined
type Listener = (event: Event) => void
/** `text` and `class` set the text and class; `onclick` listens; any other name is an attribute (true: present). */
interface Props {
  text?: string
  class?: string | null
  onclick?: Listener
  [name: string]: Attribute | Listener
}
type Child = Node | string | null | undefined

/** An element with properties, attributes and children; text is always set as text. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  children: readonly Child[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue
    if (typeof value === 'function') node.addEventListener('click', value)
    else if (name === 'text') node.textContent = String(value)
    else if (name === 'class') node.className = String(value)
    else node.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child)
  return node
}

/** The row of the keys table that shows this key, or null. */
export function rowOf(id: string | undefined): HTMLTableRowElement | null {
  for (const row of byId<HTMLTableSectionElement>('keys-body').rows) if (row.dataset.keyId === id) return row
  return null
}

let toastTimer = 0
/** A short message at the bottom of the page, also read out by screen readers. */
export function toast(text: string): void {
  const node = byId('toast')
  node.textContent = text
  clearTimeout(toastTimer)
  toastTimer = setTimeout(() => {
    node.textContent = ''
  }, 4000)
}
