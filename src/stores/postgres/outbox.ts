/**
 * The webhook outbox in Postgres (W1), shared by every instance on the same database: a claim
 * leases one endpoint's due rows with `FOR UPDATE SKIP LOCKED`, so two instances never take the
 * same row, and moves their due time to the lease's end; it reads them through the index by
 * endpoint and due time, never the rows due later. A mark is a unique row, inserted once until it
 * expires.
 */
import type { DeliverySettlement, DeliveryState, EventOutbox, OutboxDelivery } from '../../core/outbox.js'
import { type PgConnection, type Row, statement } from './connection.js'

const RETAIN_SETTLED = "interval '7 days'"
/** The columns of a delivery, times as epoch ms, of the table named `t`. */
const columns = (t: string) => `${t}.id, ${t}.event_id, ${t}.endpoint_url, ${t}.event_type, ${t}.body, ${t}.attempts,
  ${t}.state, ${t}.last_status, ${t}.last_error,
  round(extract(epoch FROM ${t}.created_at) * 1000) AS created_ms,
  round(extract(epoch FROM ${t}.next_attempt_at) * 1000) AS next_ms,
  round(extract(epoch FROM ${t}.last_attempt_at) * 1000) AS last_ms`

const at = (index: number) => `to_timestamp($${index}::double precision / 1000)`

function deliveryOf(row: Row): OutboxDelivery {
  const nullable = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value))
  return {
    id: row.id!,
    eventId: row.event_id!,
    endpointUrl: row.endpoint_url!,
    eventType: row.event_type!,
    body: row.body!,
    createdAt: Number(row.created_ms),
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_ms),
    state: row.state as DeliveryState,
    lastStatus: nullable(row.last_status),
    lastError: row.last_error ?? null,
    lastAttemptAt: nullable(row.last_ms),
  }
}

export function outboxOn(connection: PgConnection, schema: string): EventOutbox {
  const table = `${schema}.webhook_deliveries`
  const insert = statement(
    `INSERT INTO ${table} (id, event_id, endpoint_url, event_type, body, created_at, attempts, next_attempt_at, state)
     VALUES ($1, $2, $3, $4, $5, ${at(6)}, $7, ${at(8)}, $9) ON CONFLICT (id) DO NOTHING`,
  )
  const claim = statement(
    `UPDATE ${table} AS d SET next_attempt_at = ${at(3)}, lease_owner = $1
     FROM (SELECT id FROM ${table} WHERE state = 'pending' AND endpoint_url = $5 AND next_attempt_at <= ${at(2)}
           ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED) AS due
     WHERE d.id = due.id RETURNING ${columns('d')}`,
  )
  const settle = statement(
    `UPDATE ${table} SET state = $3, attempts = $4, next_attempt_at = ${at(5)}, last_status = $6, last_error = $7,
       last_attempt_at = ${at(8)}, lease_owner = NULL
     WHERE id = $1 AND lease_owner = $2 AND state = 'pending'`,
  )
  // Settled rows past their retention go with the next settlement: no timer of its own.
  const prune = statement(`DELETE FROM ${table} WHERE state <> 'pending' AND created_at < now() - ${RETAIN_SETTLED}`)
  const recent = statement(`SELECT ${columns('d')} FROM ${table} AS d ORDER BY created_at DESC, id DESC LIMIT $1`)
  const mark = statement(
    `INSERT INTO ${schema}.event_marks (mark, expires_at) VALUES ($1, ${at(3)})
     ON CONFLICT (mark) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE event_marks.expires_at <= ${at(2)}`,
  )
  let settlements = 0
  return {
    async enqueue(deliveries) {
      for (const d of deliveries) {
        await connection.count(insert, [
          d.id,
          d.eventId,
          d.endpointUrl,
          d.eventType,
          d.body,
          d.createdAt,
          d.attempts,
          d.nextAttemptAt,
          d.state,
        ])
      }
    },
    async claim(owner, now, leaseUntil, limit, endpointUrl) {
      const rows = await connection.rows(claim, [owner, now, leaseUntil, limit, endpointUrl])
      return rows.map(deliveryOf).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt)
    },
    async settle(id, owner, s: DeliverySettlement) {
      const values = [id, owner, s.state, s.attempts, s.nextAttemptAt, s.lastStatus, s.lastError, s.lastAttemptAt]
      const changed = (await connection.count(settle, values)) === 1
      if (changed && s.state !== 'pending' && ++settlements % 100 === 0) await connection.count(prune, [])
      return changed
    },
    async recent(limit) {
      return (await connection.rows(recent, [limit])).map(deliveryOf)
    },
    async once(name, now, expiresAt) {
      return (await connection.count(mark, [name, now, expiresAt])) === 1
    },
  }
}
