/** The Keys, Usage, Activity and Webhooks tabs. */
import { byId } from './dom.js'

export const TABS = ['keys', 'usage', 'activity', 'webhooks'] as const
export type TabName = (typeof TABS)[number]

export function selectTab(name: TabName, focus: boolean): void {
  for (const tab of TABS) {
    const button = byId(`tab-${tab}`)
    const selected = tab === name
    button.setAttribute('aria-selected', String(selected))
    button.tabIndex = selected ? 0 : -1
    byId(`panel-${tab}`).hidden = !selected
    if (selected && focus) button.focus()
  }
}
