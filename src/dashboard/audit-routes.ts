/**
 * `GET /api/dashboard/audit`: the audit trail a page at a time, newest first, with the key
 * routes' owner isolation: an owner reads its own entries only, and another owner's key id is
 * answered as an unknown one.
 */
import type { AuditPage, ListAuditOptions } from '../core/audit.js'
import type { Keyward } from '../core/instance.js'
import type { ApiKeyRecord } from '../core/types.js'
import { checkAuditQuery } from './queries.js'
import type { Principal } from './types.js'

/** What the route answers, for the key routes to word. */
export type AuditAnswer =
  | { ok: true; page: AuditPage }
  | { ok: false; refusal: 'invalid_request'; message: string }
  | { ok: false; refusal: 'forbidden' | 'not_found' }

/** How the key routes decide what a principal may see. */
export interface AuditAccess {
  /** The owner a principal acts for, given the owner it names. */
  actingOwner(principal: Principal, named: string | undefined): { ownerId: string | null | undefined } | 'forbidden'
  /** The key `id` names, if the principal may see it. */
  visibleKey(keyward: Keyward, principal: Principal, id: string): Promise<ApiKeyRecord | undefined>
}

export async function listAudit(
  keyward: Keyward,
  principal: Principal,
  query: string,
  access: AuditAccess,
): Promise<AuditAnswer> {
  const checked = checkAuditQuery(query, keyward.names)
  if (!checked.ok) return { ok: false, refusal: 'invalid_request', message: checked.message }
  const acting = access.actingOwner(principal, checked.value.ownerId)
  if (acting === 'forbidden') return { ok: false, refusal: 'forbidden' }
  const { keyId, limit, cursor } = checked.value
  const options: ListAuditOptions = {}
  if (typeof acting.ownerId === 'string') options.ownerId = acting.ownerId
  if (limit !== undefined) options.limit = limit
  if (cursor !== undefined) options.cursor = cursor
  if (keyId !== null) {
    // One lookup for every key id: an unknown key and another owner's answer alike.
    if (!(await access.visibleKey(keyward, principal, keyId))) return { ok: false, refusal: 'not_found' }
    options.keyId = keyId
  }
  const page = await keyward.audit.list(options)
  // A store asked for one owner's entries must return nothing else (as for keys and usage).
  const owner = options.ownerId
  if (owner !== undefined && page.entries.some((entry) => entry.ownerId !== owner)) {
    throw new Error("keyward: an audit log asked for one owner's entries returned an entry of another owner")
  }
  return { ok: true, page }
}
