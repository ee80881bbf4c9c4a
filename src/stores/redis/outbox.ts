/**
 * The webhook outbox on Redis (W1), shared by every instance on the same Redis. Keys, all in the
 * `{outbox}` hash tag so each script call touches one cluster slot:
 *
 * | key                            | type   | holds                                             |
 * | ------------------------------ | ------ | ------------------------------------------------- |
 * | `<prefix>:{outbox}:queue:<e>`  | ZSET   | one endpoint's pending delivery ids → epoch ms    |
 * |                                |        | each is next due (`<e>`: a hash of its URL)       |
 * | `<prefix>:{outbox}:recent`     | ZSET   | the newest 1,000 delivery ids → createdAt         |
 * | `<prefix>:{outbox}:d:<id>`     | HASH   | one delivery; kept 7 days once settled            |
 * | `<prefix>:{outbox}:once:<m>`   | STRING | a deduplication mark: the epoch ms it expires     |
 *
 * A claim reads one endpoint's queue by due time, so neither another endpoint's backlog nor the
 * deliveries due later add to its cost.
 */
import { createHash } from 'node:crypto'
import type { DeliverySettlement, DeliveryState, EventOutbox, OutboxDelivery } from '../../core/outbox.js'
import type { RedisContext } from './context.js'
import { array, badReply, integer, text } from './codec.js'
import { OUTBOX_SCRIPT } from './scripts/outbox.js'

const KEEP_RECENT = 1000
const RETAIN_SETTLED_MS = 7 * 24 * 3600_000
const FIELDS = [
  'id',
  'eventId',
  'endpointUrl',
  'eventType',
  'body',
  'createdAt',
  'attempts',
  'nextAttemptAt',
  'state',
  'lastStatus',
  'lastError',
  'lastAttemptAt',
] as const
const STATES: readonly string[] = ['pending', 'delivered', 'failed']

/** Null is stored as the empty string: no field of a delivery is otherwise empty. */
function encoded(delivery: Partial<OutboxDelivery>): string[] {
  const pairs: string[] = []
  for (const field of FIELDS) {
    if (!(field in delivery)) continue
    const value = delivery[field]
    pairs.push(field, value === null || value === undefined ? '' : String(value))
  }
  return pairs
}

function decoded(values: readonly unknown[], what: string): OutboxDelivery {
  const read = (i: number) => (values[i] === null || values[i] === undefined ? '' : text(values[i], what))
  const field = Object.fromEntries(FIELDS.map((name, i) => [name, read(i)])) as Record<(typeof FIELDS)[number], string>
  const number = (value: string) => integer(value, what)
  const nullable = (value: string) => (value === '' ? null : number(value))
  if (!STATES.includes(field.state)) throw badReply(what, values)
  return {
    id: field.id,
    eventId: field.eventId,
    endpointUrl: field.endpointUrl,
    eventType: field.eventType,
    body: field.body,
    createdAt: number(field.createdAt),
    attempts: number(field.attempts),
    nextAttemptAt: number(field.nextAttemptAt),
    state: field.state as DeliveryState,
    lastStatus: nullable(field.lastStatus),
    lastError: field.lastError === '' ? null : field.lastError,
    lastAttemptAt: nullable(field.lastAttemptAt),
  }
}

/** HGETALL pairs in the order of FIELDS. */
function fromPairs(reply: unknown, what: string): OutboxDelivery {
  const pairs = array(reply, what)
  const byName = new Map<string, unknown>()
  for (let i = 0; i + 1 < pairs.length; i += 2) byName.set(text(pairs[i], what), pairs[i + 1])
  return decoded(
    FIELDS.map((name) => byName.get(name)),
    what,
  )
}

export function outboxOn({ connection, layout }: RedisContext): EventOutbox {
  const base = layout.outbox
  const recent = `${base}:recent`
  const keyOf = (id: string) => `${base}:d:${id}`
  const queueOf = (url: string) => `${base}:queue:${createHash('sha256').update(url).digest('hex').slice(0, 16)}`
  const run = (url: string, id: string, args: string[]) =>
    connection.script(OUTBOX_SCRIPT, [queueOf(url), recent, keyOf(id)], args)

  async function lease(url: string, id: string, owner: string, now: number, leaseUntil: number) {
    const reply = array(await run(url, id, ['lease', id, String(now), String(leaseUntil), owner]), 'outbox lease')
    return reply.length === 0 ? null : fromPairs(reply, 'outbox lease')
  }

  /** The endpoint a delivery is queued for; null once it is gone from Redis. */
  async function endpointOf(id: string): Promise<string | null> {
    const key = keyOf(id)
    const [url] = array(await connection.command(['HMGET', key, 'endpointUrl'], key), 'outbox endpoint')
    return url === null || url === undefined ? null : text(url, 'outbox endpoint')
  }

  return {
    async enqueue(deliveries) {
      await Promise.all(
        deliveries.map((d) =>
          run(d.endpointUrl, d.id, ['enqueue', d.id, String(d.createdAt), String(KEEP_RECENT), ...encoded(d)]),
        ),
      )
    },
    async claim(owner, now, leaseUntil, limit, endpointUrl) {
      const queue = queueOf(endpointUrl)
      const ids = array(
        await connection.command(['ZRANGEBYSCORE', queue, '-inf', String(now), 'LIMIT', '0', String(limit)], queue),
        'outbox due',
      ).map((id) => text(id, 'outbox due'))
      const leased = await Promise.all(ids.map((id) => lease(endpointUrl, id, owner, now, leaseUntil)))
      return leased.filter((delivery): delivery is OutboxDelivery => delivery !== null)
    },
    async settle(id, owner, settlement: DeliverySettlement) {
      const url = await endpointOf(id)
      if (url === null) return false
      const { state, nextAttemptAt, ...rest } = settlement
      const args = ['settle', id, owner, String(RETAIN_SETTLED_MS), state, String(nextAttemptAt), ...encoded(rest)]
      return integer(await run(url, id, args), 'outbox settle') === 1
    },
    async recent(limit) {
      const ids = array(
        await connection.command(['ZREVRANGE', recent, '0', String(limit - 1)], recent),
        'outbox recent',
      )
      const rows = await Promise.all(
        ids.map((id) => {
          const key = keyOf(text(id, 'outbox recent'))
          return connection.command(['HMGET', key, ...FIELDS], key)
        }),
      )
      // A settled delivery past its retention is gone from Redis: the view skips it.
      return rows
        .map((row) => array(row, 'outbox recent'))
        .filter((values) => values[0] !== null && values[0] !== undefined)
        .map((values) => decoded(values, 'outbox recent'))
    },
    async once(mark, now, expiresAt) {
      const key = `${base}:once:${mark}`
      const reply = await connection.script(
        OUTBOX_SCRIPT,
        [queueOf(''), recent, key],
        ['once', mark, String(now), String(expiresAt)],
      )
      return integer(reply, 'outbox once') === 1
    },
  }
}
