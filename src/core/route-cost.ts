/**
 * A route's cost (M2): checked when the route is declared, and a cost function's answer checked
 * on every request it prices, so a bad value is a fault of the host's, never an admission.
 */
import { describeUnits, isUnits, UNITS_RULE } from './metering.js'
import type { CostRequest, RouteCost } from './types.js'

/** Whether `value` can be a route's cost: units, or a function of the request. */
export function isRouteCost(value: unknown): value is RouteCost {
  return typeof value === 'function' || isUnits(value)
}

/** A header reader for a request whose headers are not at hand. */
const NO_HEADERS = (): undefined => undefined

/**
 * The units a request costs: `cost` itself, or what the function answers for the request. A
 * function that throws, or answers anything but units, throws: the caller answers 500.
 */
export function costOf(
  cost: RouteCost,
  request: { method?: string | undefined; path?: string | undefined; query?: string | undefined },
  header: (name: string) => string | undefined = NO_HEADERS,
): number {
  if (typeof cost === 'number') return cost
  const priced: CostRequest = {
    method: request.method ?? 'GET',
    path: request.path ?? '/',
    query: new URLSearchParams(request.query ?? ''),
    header,
  }
  const units: unknown = cost(priced)
  if (!isUnits(units)) {
    throw new TypeError(`keyward: a route's cost function must return ${UNITS_RULE} (got ${describeUnits(units)})`)
  }
  return units
}
