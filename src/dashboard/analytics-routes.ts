/**
 * `GET /api/dashboard/analytics` (JSON) and `/analytics.csv` (N2), once the guard has said who is
 * asking. An owner reads its own keys only (O8): another owner's key id answers as an unknown one,
 * and naming another owner is forbidden. A bad query is a 400 naming the parameter. The JSON of
 * one key or one owner carries in `meta.limits` how much of each limit is used now (N3's meters).
 */
import type { AnalyticsSeriesQuery } from '../core/analytics.js'
import { KeyInputError, KeyNotFoundError } from '../core/errors.js'
import type { Keyward } from '../core/instance.js'
import type { LimitUsage } from '../core/limit-usage.js'
import { DASHBOARD_MESSAGES } from '../core/messages.js'
import { successResponse } from '../core/responses.js'
import type { KeywardResponse } from '../core/types.js'
import { DASHBOARD_OWNER_MESSAGES } from './messages.js'
import { type DashboardRequest, type Failure, NO_STORE, type Principal, type Report } from './types.js'

export type AnalyticsRouteName = 'analytics' | 'analytics.csv'

export const ANALYTICS_ALLOW: readonly string[] = ['GET', 'HEAD']

const PARAMETERS = ['keyId', 'ownerId', 'from', 'to', 'granularity', 'groupBy'] as const
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/
/** When `from` is not given: the last day, by the hour. */
const DEFAULT_SPAN_MS = 86_400_000

export function matchAnalyticsRoute(path: string): AnalyticsRouteName | null {
  if (path === '/analytics') return 'analytics'
  if (path === '/analytics.csv') return 'analytics.csv'
  return null
}

type Parameters = Record<(typeof PARAMETERS)[number], string>

function readParameters(query: string): Parameters {
  const params = new URLSearchParams(query)
  const values = {} as Parameters
  for (const name of PARAMETERS) {
    const all = params.getAll(name)
    if (all.length > 1) throw new KeyInputError(name, `${name} must be given at most once.`)
    values[name] = all[0] ?? ''
  }
  return values
}

/** The series query this request asks for, as the principal may ask it; 'forbidden' or null (404) when it may not. */
async function queryFor(
  keyward: Keyward,
  principal: Principal,
  p: Parameters,
): Promise<AnalyticsSeriesQuery | 'forbidden' | null> {
  const now = keyward.clock.now()
  const query: AnalyticsSeriesQuery = {
    from: p.from === '' ? new Date(now - DEFAULT_SPAN_MS) : p.from,
    to: p.to === '' ? new Date(now) : p.to,
    granularity: (p.granularity === '' ? 'hour' : p.granularity) as AnalyticsSeriesQuery['granularity'],
    groupBy: (p.groupBy === '' ? 'outcome' : p.groupBy) as AnalyticsSeriesQuery['groupBy'],
  }
  const ownerId = p.ownerId === '' ? undefined : p.ownerId
  if (principal.role === 'owner' && ownerId !== undefined && ownerId !== principal.ownerId) return 'forbidden'
  if (p.keyId !== '') {
    if (!KEY_ID_PATTERN.test(p.keyId)) return null
    const record = await keyward.keys.get(p.keyId)
    if (record === undefined) return null
    if (principal.role === 'owner' && record.ownerId !== principal.ownerId) return null
    query.keyId = p.keyId
    if (ownerId !== undefined) query.ownerId = ownerId
    return query
  }
  const acting = principal.role === 'owner' ? principal.ownerId : ownerId
  if (acting !== undefined) query.ownerId = acting
  return query
}

/** The limits of the query's key or owner and how much of each is used; null for the whole service. */
function limitsOf(keyward: Keyward, query: AnalyticsSeriesQuery): Promise<LimitUsage[]> | null {
  if (query.keyId !== undefined) return keyward.limitUsage({ keyId: query.keyId })
  if (query.ownerId !== undefined) return keyward.limitUsage({ ownerId: query.ownerId })
  return null
}

/** RFC 4180: a field holding a comma, quote or line break is quoted (outcomes are codes, so rarely). */
function csvField(value: string | number): string {
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export async function serveAnalytics(
  keyward: Keyward,
  route: AnalyticsRouteName,
  principal: Principal,
  request: DashboardRequest,
  requestId: string,
  failure: Failure,
  report: Report,
): Promise<KeywardResponse> {
  if (!keyward.analytics.enabled) return failure('not_found', DASHBOARD_MESSAGES.analyticsOff(keyward.names), requestId)
  try {
    const query = await queryFor(keyward, principal, readParameters(request.query ?? ''))
    if (query === 'forbidden') {
      return failure('forbidden', DASHBOARD_OWNER_MESSAGES.otherOwner(keyward.names), requestId)
    }
    if (query === null) return failure('not_found', DASHBOARD_MESSAGES.keyNotFound(keyward.names), requestId)
    const points = await keyward.analytics.series(query)
    if (route === 'analytics') {
      const limits = await limitsOf(keyward, query)
      const meta = limits === null ? undefined : { limits }
      return successResponse(points, requestId, keyward.clock.now(), { ...NO_STORE }, 200, meta)
    }
    const lines = ['time,outcome,requests,units']
    for (const p of points) lines.push([p.time, p.outcome, p.requests, p.units].map(csvField).join(','))
    return {
      status: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="analytics.csv"',
        'X-Request-ID': requestId,
        ...NO_STORE,
      },
      body: `${lines.join('\r\n')}\r\n`,
    }
  } catch (error) {
    if (error instanceof KeyInputError) {
      const message = error.message.startsWith(error.field) ? error.message : `${error.field}: ${error.message}`
      return failure('invalid_request', message, requestId)
    }
    if (error instanceof KeyNotFoundError) {
      return failure('not_found', DASHBOARD_MESSAGES.keyNotFound(keyward.names), requestId)
    }
    report(error, requestId, 'usage')
    return failure('INTERNAL_ERROR', DASHBOARD_MESSAGES.internal(keyward.names, requestId), requestId)
  }
}
