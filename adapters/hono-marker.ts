/**
 * How `keyward/hono` marks a route's handlers with what the route asks of the key: read when a
 * request arrives, and by the OpenAPI glue when the document is built.
 */
import type { RouteRequirements } from '../src/core/types.js'

export const kRequirements = Symbol('keyward.requirements')
export type Marked = { [kRequirements]?: RouteRequirements | null }

/** `handler`, marked with `requirements` (null: public). */
export function marker<T extends object>(requirements: RouteRequirements | null, handler: T): T {
  ;(handler as Marked)[kRequirements] = requirements
  return handler
}

/** What a handler's marker says, or undefined for a handler keyward did not make. */
export function markOf(handler: unknown): RouteRequirements | null | undefined {
  return (handler as Marked)[kRequirements]
}
