/**
 * L6, M7: what a route asks of a key for what the key is: a live key on a live-only route, every
 * required scope, and the permission query, each held by the key's own scopes or its roles'
 * (wildcards included). The one decision both the authorize path and a route reached after an
 * earlier admission use; where the key calls from (M6) is the authorize path's alone.
 */
import { type PermissionQuery, queryHolds } from './permission-query.js'
import { firstUncovered } from './permissions.js'
import { keyHolds, type RoleTable } from './roles.js'
import type { KeyType } from './types.js'

/** Why a key may not use a route for what it is, in the order the checks run. */
export type RouteRefusal = 'live-only' | 'scope' | 'permission'

/** What of a key the route checks read. */
export interface KeyGrants {
  keyType: KeyType
  scopes: readonly string[]
  roles: readonly string[] | null
}

/**
 * The first check `key` fails on a route that is `liveOnly`, requires `required` scopes and the
 * permission `query`, or null. Live-only comes first: it is the answer that tells the caller what
 * to do (use a live key), which no scope could change. (Positional, as the hot path calls it.)
 */
export function routeRefusal(
  key: KeyGrants,
  liveOnly: boolean,
  required: readonly string[] | null | undefined,
  query: PermissionQuery | null | undefined,
  roles: RoleTable | undefined,
): RouteRefusal | null {
  if (liveOnly && key.keyType === 'test') return 'live-only'
  if ((required == null || required.length === 0) && query == null) return null
  const holds = (name: string) => keyHolds(key.scopes, key.roles, roles, name)
  if (firstUncovered(holds, required) !== undefined) return 'scope'
  if (query != null && !queryHolds(query, holds)) return 'permission'
  return null
}
