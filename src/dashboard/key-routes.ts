/**
 * The dashboard's routes once the guard has said who is asking (E5, O8, O9). An owner acts on its
 * own keys only: another owner's key id gets the answer of an unknown id, after the same lookup,
 * so neither the response nor the store calls behind it tell the two apart.
 */
import { isoTimestamp } from '../core/responses.js'
import { KeyInputError, KeyNotFoundError, KeyRevokedError } from '../core/errors.js'
import { validateOwnerId } from '../core/key-input.js'
import type { Keyward } from '../core/instance.js'
import type { RotateOptions } from '../core/key-manager.js'
import { DASHBOARD_MESSAGES } from '../core/messages.js'
import { JSON_CONTENT_TYPE, successResponse } from '../core/responses.js'
import type { ApiKeyRecord, KeywardResponse, UsageQuery } from '../core/types.js'
import { listAudit } from './audit-routes.js'
import { type ChangeOptions, ownActor } from '../core/audit.js'
import { checkCreateBody, checkRotateBody, checkUpdateBody } from './json-body.js'
import { DASHBOARD_OWNER_MESSAGES } from './messages.js'
import type { GrantsOf, OwnerGrants } from './owner-grants.js'
import { type OwnerRefusal, refusedOnCreate, refusedOnUpdate } from './owner-rules.js'
import { extendsExpiryOnRotate, extendsExpiryOnUpdate } from './owner-expiry.js'
import { checkListQuery, checkUsageQuery } from './queries.js'
import { type DashboardRequest, type Failure, NO_STORE, type Principal, type Report } from './types.js'

type RouteName = 'collection' | 'usage' | 'audit' | 'key' | 'revoke' | 'rotate' | 'revoke-all' | 'webhooks' | 'session'

export interface Route {
  name: RouteName
  allow: readonly string[]
  /** The key id, or for `revoke-all` the owner id, as the path gives it. */
  id?: string
}

const ALLOW: Readonly<Record<RouteName, readonly string[]>> = {
  collection: ['GET', 'HEAD', 'POST'],
  usage: ['GET', 'HEAD'],
  audit: ['GET', 'HEAD'],
  key: ['GET', 'HEAD', 'PATCH'],
  revoke: ['POST'],
  rotate: ['POST'],
  'revoke-all': ['POST'],
  webhooks: ['GET', 'HEAD'],
  session: ['GET', 'HEAD'],
}

/** Ids are `key_` + base62 (K5); anything else cannot exist, so it is not looked up. */
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/

export function matchRoute(path: string): Route | null {
  if (path === '/api-keys') return { name: 'collection', allow: ALLOW.collection }
  if (path === '/api-keys/usage') return { name: 'usage', allow: ALLOW.usage }
  if (path === '/webhooks') return { name: 'webhooks', allow: ALLOW.webhooks }
  if (path === '/audit') return { name: 'audit', allow: ALLOW.audit }
  if (path === '/session') return { name: 'session', allow: ALLOW.session }
  const key = /^\/api-keys\/([^/]+)(?:\/(revoke|rotate))?$/.exec(path)
  if (key) {
    const name = (key[2] ?? 'key') as 'key' | 'revoke' | 'rotate'
    return { name, allow: ALLOW[name], id: key[1]! }
  }
  const owner = /^\/owners\/([^/]+)\/revoke-all$/.exec(path)
  return owner ? { name: 'revoke-all', allow: ALLOW['revoke-all'], id: owner[1]! } : null
}

/** A path segment decoded as a router would (`%40` is `@`); undecodable text is kept as it is, and then refused. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * O8: the owner a request acts for. An owner principal acts for itself, and naming any other
 * owner (or none, `null`) is forbidden; the administrator acts for the owner it names, if any.
 */
function actingOwner(
  principal: Principal,
  named: string | null | undefined,
): { ownerId: string | null | undefined } | 'forbidden' {
  if (principal.role === 'admin') return { ownerId: named }
  return named === undefined || named === principal.ownerId ? { ownerId: principal.ownerId } : 'forbidden'
}

/**
 * A store asked for one owner's keys or usage must return nothing else; if it does, the answer is
 * a fault (500), never another owner's data.
 */
function onlyOwner<T extends { ownerId: string | null }>(
  items: readonly T[],
  ownerId: string | null | undefined,
): void {
  if (typeof ownerId !== 'string') return
  if (items.some((item) => item.ownerId !== ownerId)) {
    throw new Error("keyward: a store asked for one owner's records returned a record of another owner")
  }
}

/** What every route needs: the instance, and how the dashboard reports a fault and words a refusal. */
interface RouteContext {
  keyward: Keyward
  report: Report
  failure: Failure
  /** What an owner may give its keys, as the host declared it. */
  grantsOf: GrantsOf
}

function success(ctx: RouteContext, data: unknown, requestId: string, status = 200): KeywardResponse {
  return successResponse(data, requestId, ctx.keyward.clock.now(), { ...NO_STORE }, status)
}

function notFound(ctx: RouteContext, requestId: string): KeywardResponse {
  return ctx.failure('not_found', DASHBOARD_MESSAGES.keyNotFound(ctx.keyward.names), requestId)
}

function forbidden(ctx: RouteContext, requestId: string): KeywardResponse {
  return ctx.failure('forbidden', DASHBOARD_OWNER_MESSAGES.otherOwner(ctx.keyward.names), requestId)
}

/** Who the audit trail says made a change: `admin`, or `owner:<ownerId>` acting on its own keys. */
function actorOf(principal: Principal): ChangeOptions {
  return ownActor(principal.role === 'admin' ? 'admin' : `owner:${principal.ownerId}`)
}

/** An owner's change refused for `field`: 403, naming the field and what the session may do instead. */
function refused(ctx: RouteContext, field: OwnerRefusal, grants: OwnerGrants, requestId: string): KeywardResponse {
  const n = ctx.keyward.names
  const m = DASHBOARD_OWNER_MESSAGES
  const message =
    field === 'scopes'
      ? m.ownScopes(n, grants.scopes)
      : field === 'roles'
        ? m.ownRoles(n, grants.roles)
        : field === 'meta'
          ? m.ownMeta(n, grants.meta)
          : field === 'allowedIps'
            ? m.ownAddresses(n)
            : field === 'limits'
              ? m.raiseLimits(n)
              : m.raiseCredits(n)
  return ctx.failure('forbidden', message, requestId)
}

/** An owner may shorten its keys' lifetime, never extend it, by an update or a rotation. */
function extendsExpiry(ctx: RouteContext, requestId: string): KeywardResponse {
  return ctx.failure('forbidden', DASHBOARD_OWNER_MESSAGES.extendExpiry(ctx.keyward.names), requestId)
}

/** Whether an owner's rotation of key `id` would outlive the key (read again: a rotation is rare). */
async function ownerExtendsOnRotate(ctx: RouteContext, id: string, options: RotateOptions): Promise<boolean> {
  const record = await ctx.keyward.keys.get(id)
  return record !== undefined && extendsExpiryOnRotate(record, options)
}

function invalid(ctx: RouteContext, message: string, requestId: string): KeywardResponse {
  return ctx.failure('invalid_request', message, requestId)
}

/** O4, N4: a page of records or entries with its cursor beside the timestamp. */
function pageResponse(
  ctx: RouteContext,
  data: readonly unknown[],
  nextCursor: string | null,
  requestId: string,
): KeywardResponse {
  const meta = { timestamp: isoTimestamp(ctx.keyward.clock.now()), nextCursor }
  return {
    status: 200,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, 'X-Request-ID': requestId, ...NO_STORE },
    body: JSON.stringify({ data, meta }),
  }
}

/**
 * O8: the key `id` names, if the principal may see it. One lookup for every well-formed id:
 * an unknown id and another owner's key both end here, after the same store call.
 */
async function visibleKey(keyward: Keyward, principal: Principal, id: string): Promise<ApiKeyRecord | undefined> {
  if (!KEY_ID_PATTERN.test(id)) return undefined
  const record = await keyward.keys.get(id)
  if (record === undefined || principal.role === 'admin' || record.ownerId === principal.ownerId) return record
  return undefined
}

/** Whether the principal may change key `id`: the administrator leaves the 404 to the change itself. */
async function mayChange(keyward: Keyward, principal: Principal, id: string): Promise<boolean> {
  if (!KEY_ID_PATTERN.test(id)) return false
  return principal.role === 'admin' || (await visibleKey(keyward, principal, id)) !== undefined
}

async function createKey(
  ctx: RouteContext,
  principal: Principal,
  request: DashboardRequest,
  requestId: string,
): Promise<KeywardResponse> {
  const checked = checkCreateBody(request, ctx.keyward)
  if (!checked.ok) return invalid(ctx, checked.message, requestId)
  const input = checked.value
  const named = Object.hasOwn(input, 'ownerId') ? validateOwnerId(input.ownerId) : undefined
  const acting = actingOwner(principal, named)
  if (acting === 'forbidden') return forbidden(ctx, requestId)
  let given = input
  if (principal.role === 'owner') {
    // Without scopes a key gets the instance's defaults: named here, so they are checked like any others.
    if (!Object.hasOwn(input, 'scopes')) given = { ...input, scopes: ctx.keyward.defaultScopes }
    const grants = await ctx.grantsOf(principal.ownerId)
    const field = refusedOnCreate(ctx.keyward, grants, given)
    if (field !== null) return refused(ctx, field, grants, requestId)
  }
  const { key, record } = await ctx.keyward.keys.create(
    { ...given, ownerId: acting.ownerId ?? null },
    actorOf(principal),
  )
  // K3: the one response that ever holds the full key.
  return success(ctx, { ...record, key }, requestId, 201)
}

async function listKeys(
  ctx: RouteContext,
  principal: Principal,
  request: DashboardRequest,
  requestId: string,
): Promise<KeywardResponse> {
  const checked = checkListQuery(request.query ?? '', ctx.keyward.names)
  if (!checked.ok) return invalid(ctx, checked.message, requestId)
  const acting = actingOwner(principal, checked.value.ownerId)
  if (acting === 'forbidden') return forbidden(ctx, requestId)
  const ownerId = acting.ownerId ?? undefined
  const page = await ctx.keyward.keys.list({ ...checked.value, ownerId })
  onlyOwner(page.keys, ownerId)
  return pageResponse(ctx, page.keys, page.nextCursor, requestId)
}

async function listUsage(
  ctx: RouteContext,
  principal: Principal,
  request: DashboardRequest,
  requestId: string,
): Promise<KeywardResponse> {
  const checked = checkUsageQuery(request.query ?? '', ctx.keyward.names)
  if (!checked.ok) return invalid(ctx, checked.message, requestId)
  const acting = actingOwner(principal, checked.value.ownerId)
  if (acting === 'forbidden') return forbidden(ctx, requestId)
  const query: UsageQuery = { limit: checked.value.limit }
  if (typeof acting.ownerId === 'string') query.ownerId = acting.ownerId
  const { keyId } = checked.value
  if (keyId !== null) {
    if (!(await visibleKey(ctx.keyward, principal, keyId))) return notFound(ctx, requestId)
    query.keyId = keyId
  }
  const entries = await ctx.keyward.queryUsage(query)
  onlyOwner(entries, query.ownerId)
  return success(ctx, entries, requestId)
}

async function auditTrail(
  ctx: RouteContext,
  principal: Principal,
  request: DashboardRequest,
  requestId: string,
): Promise<KeywardResponse> {
  const answer = await listAudit(ctx.keyward, principal, request.query ?? '', { actingOwner, visibleKey })
  if (answer.ok) return pageResponse(ctx, answer.page.entries, answer.page.nextCursor, requestId)
  if (answer.refusal === 'invalid_request') return invalid(ctx, answer.message, requestId)
  return answer.refusal === 'forbidden' ? forbidden(ctx, requestId) : notFound(ctx, requestId)
}

async function getKey(
  ctx: RouteContext,
  principal: Principal,
  id: string,
  requestId: string,
): Promise<KeywardResponse> {
  const record = await visibleKey(ctx.keyward, principal, id)
  return record ? success(ctx, record, requestId) : notFound(ctx, requestId)
}

async function updateKey(
  ctx: RouteContext,
  principal: Principal,
  id: string,
  request: DashboardRequest,
  requestId: string,
): Promise<KeywardResponse> {
  const checked = checkUpdateBody(request, ctx.keyward)
  if (!checked.ok) return invalid(ctx, checked.message, requestId)
  if (principal.role === 'owner') {
    const record = await visibleKey(ctx.keyward, principal, id)
    if (record === undefined) return notFound(ctx, requestId)
    const grants = await ctx.grantsOf(principal.ownerId)
    const field = refusedOnUpdate(ctx.keyward, grants, record, checked.value)
    if (field !== null) return refused(ctx, field, grants, requestId)
    if (extendsExpiryOnUpdate(record, checked.value)) return extendsExpiry(ctx, requestId)
  } else if (!KEY_ID_PATTERN.test(id)) return notFound(ctx, requestId)
  return success(ctx, await ctx.keyward.keys.update(id, checked.value, actorOf(principal)), requestId)
}

async function revokeKey(
  ctx: RouteContext,
  principal: Principal,
  id: string,
  requestId: string,
): Promise<KeywardResponse> {
  if (!(await mayChange(ctx.keyward, principal, id))) return notFound(ctx, requestId)
  return success(ctx, await ctx.keyward.keys.revoke(id, actorOf(principal)), requestId)
}

async function rotateKey(
  ctx: RouteContext,
  principal: Principal,
  id: string,
  request: DashboardRequest,
  requestId: string,
): Promise<KeywardResponse> {
  const checked = checkRotateBody(request, ctx.keyward)
  if (!checked.ok) return invalid(ctx, checked.message, requestId)
  if (!(await mayChange(ctx.keyward, principal, id))) return notFound(ctx, requestId)
  if (principal.role === 'owner' && (await ownerExtendsOnRotate(ctx, id, checked.value))) {
    return extendsExpiry(ctx, requestId)
  }
  const { key, record, previous } = await ctx.keyward.keys.rotate(id, { ...checked.value, ...actorOf(principal) })
  // K3: as at creation, the replacement's full key is in this one response only.
  return success(ctx, { ...record, key, previous }, requestId, 201)
}

async function revokeAll(
  ctx: RouteContext,
  principal: Principal,
  segment: string,
  requestId: string,
): Promise<KeywardResponse> {
  const ownerId = validateOwnerId(decodeSegment(segment))!
  if (actingOwner(principal, ownerId) === 'forbidden') return forbidden(ctx, requestId)
  return success(ctx, { revoked: await ctx.keyward.keys.revokeAll(ownerId, actorOf(principal)) }, requestId)
}

function dispatch(
  ctx: RouteContext,
  principal: Principal,
  route: Route,
  request: DashboardRequest,
  requestId: string,
): Promise<KeywardResponse> {
  const id = route.id!
  switch (route.name) {
    case 'collection':
      return request.method === 'POST'
        ? createKey(ctx, principal, request, requestId)
        : listKeys(ctx, principal, request, requestId)
    case 'usage':
      return listUsage(ctx, principal, request, requestId)
    case 'audit':
      return auditTrail(ctx, principal, request, requestId)
    case 'key':
      return request.method === 'PATCH'
        ? updateKey(ctx, principal, id, request, requestId)
        : getKey(ctx, principal, id, requestId)
    case 'revoke':
      return revokeKey(ctx, principal, id, requestId)
    case 'rotate':
      return rotateKey(ctx, principal, id, request, requestId)
    case 'revoke-all':
      return revokeAll(ctx, principal, id, requestId)
    case 'webhooks':
      return listWebhooks(ctx, principal, request, requestId)
    case 'session':
      return describeSession(ctx, principal, requestId)
  }
}

/**
 * Who the session is and, for an owner, what it may give its keys, so a page offers only that.
 * The administrator's `grants` is null: it may give anything.
 */
async function describeSession(ctx: RouteContext, principal: Principal, requestId: string): Promise<KeywardResponse> {
  if (principal.role === 'admin') return success(ctx, { role: 'admin', ownerId: null, grants: null }, requestId)
  const { scopes, meta, roles } = await ctx.grantsOf(principal.ownerId)
  const grants = { scopes: [...scopes], meta: [...meta], roles: [...roles] }
  return success(ctx, { role: 'owner', ownerId: principal.ownerId, grants }, requestId)
}

/** The registered endpoints (never their secrets) and the newest deliveries, for an administrator. */
async function listWebhooks(
  ctx: RouteContext,
  principal: Principal,
  request: DashboardRequest,
  requestId: string,
): Promise<KeywardResponse> {
  if (principal.role !== 'admin')
    return ctx.failure('forbidden', DASHBOARD_OWNER_MESSAGES.webhooks(ctx.keyward.names), requestId)
  const raw = new URLSearchParams(request.query ?? '').get('limit')
  const limit = raw === null ? 50 : /^[0-9]{1,4}$/.test(raw) ? Number(raw) : 0
  if (limit < 1 || limit > 1000) return invalid(ctx, 'limit must be a whole number from 1 to 1000', requestId)
  const { events } = ctx.keyward
  return success(ctx, { endpoints: events.endpoints(), deliveries: await events.deliveries(limit) }, requestId)
}

/** Key manager rejections: bad input is 400, an unknown id 404, a revoked key 409, anything else a fault (500). */
function fromError(ctx: RouteContext, error: unknown, requestId: string, phase: 'manage' | 'usage'): KeywardResponse {
  if (error instanceof KeyInputError) {
    // E5: the message names the field, even where the core's text speaks of "each scope".
    return invalid(
      ctx,
      error.message.startsWith(error.field) ? error.message : `${error.field}: ${error.message}`,
      requestId,
    )
  }
  if (error instanceof KeyNotFoundError) return notFound(ctx, requestId)
  if (error instanceof KeyRevokedError) return ctx.failure('conflict', error.message, requestId)
  ctx.report(error, requestId, phase)
  return ctx.failure('INTERNAL_ERROR', DASHBOARD_MESSAGES.internal(ctx.keyward.names, requestId), requestId)
}

/** The key routes themselves, once the guard has admitted the request. */
export function createKeyRoutes(keyward: Keyward, report: Report, failure: Failure, grantsOf: GrantsOf) {
  const ctx: RouteContext = { keyward, report, failure, grantsOf }
  return async function serve(
    principal: Principal,
    route: Route,
    request: DashboardRequest,
    requestId: string,
  ): Promise<KeywardResponse> {
    try {
      return await dispatch(ctx, principal, route, request, requestId)
    } catch (error) {
      return fromError(ctx, error, requestId, route.name === 'usage' ? 'usage' : 'manage')
    }
  }
}
