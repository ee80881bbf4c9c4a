/**
 * The Webhooks tab: the endpoints events are sent to, and the latest deliveries with their state,
 * attempts and last answer, so an administrator sees at once an endpoint that keeps failing.
 */
import { dashboard, describeFailure } from './dashboard.js'
import { byId, el } from './dom.js'
import { statusClass } from './format.js'

interface Endpoint {
  url: string
  events: string[] | null
}

interface Delivery {
  eventId: string
  eventType: string
  url: string
  state: 'pending' | 'delivered' | 'failed'
  attempts: number
  lastStatus: number | null
  lastError: string | null
  createdAt: string
  nextAttemptAt: string | null
}

const DELIVERY_LIMIT = 50
const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
const STATE_TEXT = { pending: 'Retrying', delivered: 'Delivered', failed: 'Failed' } as const

function endpointItem(endpoint: Endpoint): HTMLLIElement {
  const events = endpoint.events === null ? 'every event' : endpoint.events.join(', ')
  return el('li', {}, [el('code', { text: endpoint.url }), document.createTextNode(` · ${events}`)])
}

function deliveryRow(d: Delivery): HTMLTableRowElement {
  const last =
    d.lastStatus !== null
      ? el('span', { class: `status-code ${statusClass(d.lastStatus)}`, text: String(d.lastStatus) })
      : el('span', { class: 'never', text: d.lastError ?? '—' })
  const state = d.state === 'pending' && d.attempts === 0 ? 'Queued' : STATE_TEXT[d.state]
  return el('tr', {}, [
    el('td', { 'data-label': 'Time' }, [
      el('time', { datetime: d.createdAt, text: time.format(new Date(d.createdAt)) }),
    ]),
    el('td', { 'data-label': 'Event', text: d.eventType }),
    el('td', { 'data-label': 'Endpoint', class: 'usage-path', text: d.url }),
    el('td', { 'data-label': 'State', class: `delivery-${d.state}`, text: state }),
    el('td', { 'data-label': 'Attempts', text: String(d.attempts) }),
    el('td', { 'data-label': 'Last answer', title: d.lastError ?? '' }, [last]),
  ])
}

export async function loadWebhooks(): Promise<void> {
  const body = byId('webhooks-body')
  const table = body.parentElement as HTMLElement
  table.setAttribute('aria-busy', 'true')
  byId('webhooks-error').textContent = ''
  try {
    const payload = await dashboard<{ endpoints: Endpoint[]; deliveries: Delivery[] }>(
      'GET',
      `/webhooks?limit=${DELIVERY_LIMIT}`,
    )
    const endpoints = payload.data?.endpoints ?? []
    const deliveries = payload.data?.deliveries ?? []
    byId('webhooks-endpoints').replaceChildren(...endpoints.map(endpointItem))
    byId('webhooks-no-endpoints').hidden = endpoints.length > 0
    body.replaceChildren(...deliveries.map(deliveryRow))
    table.hidden = deliveries.length === 0
    byId('webhooks-empty').hidden = deliveries.length > 0
  } catch (error) {
    byId('webhooks-error').textContent = describeFailure(error)
  } finally {
    table.removeAttribute('aria-busy')
  }
}

export function setupWebhooks(): void {
  byId('webhooks-refresh').addEventListener('click', loadWebhooks)
}
