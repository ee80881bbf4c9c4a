/**
 * E5, O4, O9: the query strings of the list and usage routes. Each parameter at most once; an
 * empty value counts as absent; a bad one is a message naming it. Values the key manager checks
 * (status, keyType, cursor) are passed on for it to name.
 */
import { validateOwnerId } from '../core/key-input.js'
import { MAX_PAGE_SIZE } from '../core/key-list.js'
import type { ListKeysOptions } from '../core/key-manager.js'
import { DASHBOARD_MESSAGES, type MessageNames } from '../core/messages.js'
import type { KeyStatus, KeyType } from '../core/types.js'
import { DASHBOARD_OWNER_MESSAGES } from './messages.js'

const USAGE_LIMIT_DEFAULT = 100
const USAGE_LIMIT_MAX = 1000

type Checked<T> = { ok: true; value: T } | { ok: false; message: string }

/** Each named parameter's one value ('' when absent), or the message for one given twice. */
function readParameters<N extends string>(
  query: string,
  names: readonly N[],
  n: MessageNames,
): Checked<Record<N, string>> {
  const params = new URLSearchParams(query)
  const values = {} as Record<N, string>
  for (const name of names) {
    const all = params.getAll(name)
    if (all.length > 1) return { ok: false, message: DASHBOARD_MESSAGES.usageParameterRepeated(n, name) }
    values[name] = all[0] ?? ''
  }
  return { ok: true, value: values }
}

/** An integer from 1 to `max` written in plain digits, or null. */
function count(raw: string, max: number): number | null {
  if (!/^[0-9]{1,7}$/.test(raw)) return null
  const value = Number(raw)
  return value >= 1 && value <= max ? value : null
}

/** O1: a valid owner id, or undefined when absent; a bad one throws the rule's KeyInputError (a 400 naming it). */
function ownerParameter(raw: string): string | undefined {
  return raw === '' ? undefined : (validateOwnerId(raw) ?? undefined)
}

export interface UsageParameters {
  keyId: string | null
  ownerId: string | undefined
  limit: number
}

/** E5, O9: `keyId` and `ownerId` optional, `limit` an integer 1–1000 (default 100). */
export function checkUsageQuery(query: string, n: MessageNames): Checked<UsageParameters> {
  const read = readParameters(query, ['keyId', 'ownerId', 'limit'], n)
  if (!read.ok) return read
  const { keyId, ownerId, limit } = read.value
  const size = limit === '' ? USAGE_LIMIT_DEFAULT : count(limit, USAGE_LIMIT_MAX)
  if (size === null) return { ok: false, message: DASHBOARD_MESSAGES.usageLimit(n) }
  return { ok: true, value: { keyId: keyId === '' ? null : keyId, ownerId: ownerParameter(ownerId), limit: size } }
}

/** O4, O9: `ownerId`, `status`, `keyType`, `limit` (1 to MAX_PAGE_SIZE) and `cursor`, all optional. */
export function checkListQuery(query: string, n: MessageNames): Checked<ListKeysOptions> {
  const read = readParameters(query, ['ownerId', 'status', 'keyType', 'limit', 'cursor'], n)
  if (!read.ok) return read
  const { ownerId, status, keyType, limit, cursor } = read.value
  const options: ListKeysOptions = {}
  if (limit !== '') {
    const size = count(limit, MAX_PAGE_SIZE)
    if (size === null) return { ok: false, message: DASHBOARD_OWNER_MESSAGES.listLimit(n) }
    options.limit = size
  }
  const owner = ownerParameter(ownerId)
  if (owner !== undefined) options.ownerId = owner
  if (status !== '') options.status = status as KeyStatus
  if (keyType !== '') options.keyType = keyType as KeyType
  if (cursor !== '') options.cursor = cursor
  return { ok: true, value: options }
}

export interface AuditParameters {
  keyId: string | null
  ownerId: string | undefined
  limit: number | undefined
  cursor: string | undefined
}

/** N4: `ownerId`, `keyId`, `limit` (1 to 100, as key listings) and `cursor`, all optional. */
export function checkAuditQuery(query: string, n: MessageNames): Checked<AuditParameters> {
  const read = readParameters(query, ['ownerId', 'keyId', 'limit', 'cursor'], n)
  if (!read.ok) return read
  const { ownerId, keyId, limit, cursor } = read.value
  const size = limit === '' ? undefined : count(limit, MAX_PAGE_SIZE)
  if (size === null) return { ok: false, message: DASHBOARD_OWNER_MESSAGES.listLimit(n) }
  return {
    ok: true,
    value: {
      keyId: keyId === '' ? null : keyId,
      ownerId: ownerParameter(ownerId),
      limit: size,
      cursor: cursor === '' ? undefined : cursor,
    },
  }
}
