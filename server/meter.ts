/**
 * M10: the reference server's metered routes, as framework-neutral functions: `GET /api/v1/meter`
 * prices a request by its `?units=`, and `POST /api/v1/meter/charge` charges them after admission.
 */
import {
  type ApiKeyContext,
  type CostRequest,
  type Keyward,
  type KeywardResponse,
  successResponse,
} from '../src/index.js'

/**
 * M10: the metered routes and their scope. `GET` at `path` costs the `?units=` it asks for
 * (default 1); `POST` at `chargePath` is admitted at a cost of 1 and charges the rest after.
 */
export const METER = { path: '/api/v1/meter', chargePath: '/api/v1/meter/charge', scopes: ['meter'] } as const

/** The reference server's own text for bad units: its demo endpoints are not part of keyward. */
const unitsInvalid = (least: number) => `units must be an integer from ${least} to 1000000.`

/** M10: `?units=` as a whole number from `least` to 1,000,000 (default 1), or null when it is anything else. */
function unitsOf(query: string, least: number): number | null {
  const given = new URLSearchParams(query).getAll('units')
  if (given.length === 0) return 1
  if (given.length > 1 || !/^\d{1,7}$/.test(given[0]!)) return null
  const units = Number(given[0])
  return units >= least && units <= 1_000_000 ? units : null
}

/**
 * M10: the route cost of `GET /api/v1/meter`, its units; a request whose units are not valid costs
 * nothing (its handler answers 400).
 *
 * @example
 * api.get(METER.path, api.protect({ scopes: ['meter'], cost: meterCost }), handler)
 */
export function meterCost(request: CostRequest): number {
  return unitsOf(request.query.toString(), 0) ?? 0
}

/** M10: the route cost of `POST /api/v1/meter/charge`: 1, or nothing when its units are not valid. */
export function meterChargeCost(request: CostRequest): number {
  return unitsOf(request.query.toString(), 1) === null ? 0 : 1
}

/**
 * M10: `{ charged }` for `GET /api/v1/meter`, which the route's cost has counted already; bad
 * units → 400 invalid_request naming `units`.
 *
 * @example
 * meter(keyward, requestId, 'units=3').body // '{"data":{"charged":3},"meta":…}'
 */
export function meter(keyward: Keyward, requestId: string, query: string): KeywardResponse {
  const units = unitsOf(query, 0)
  if (units === null) return keyward.errorResponse('invalid_request', unitsInvalid(0), requestId)
  return successResponse({ charged: units }, requestId, keyward.clock.now())
}

/**
 * M10: `POST /api/v1/meter/charge`: admitted at a cost of 1, it charges `units - 1` more, as a
 * handler that measures its work after the fact does, and answers `{ charged: units }`.
 *
 * @example
 * meterCharge(keyward, req.apiKey!, 'units=500').then((response) => send(res, response))
 */
export async function meterCharge(keyward: Keyward, apiKey: ApiKeyContext, query: string): Promise<KeywardResponse> {
  const units = unitsOf(query, 1)
  if (units === null) {
    return keyward.errorResponse('invalid_request', unitsInvalid(1), apiKey.requestId)
  }
  await apiKey.charge(units - 1)
  return successResponse({ charged: units }, apiKey.requestId, keyward.clock.now())
}
