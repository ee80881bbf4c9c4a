/**
 * keyward in a Hono app's OpenAPI document (one `hono-openapi` generates, or any other): the
 * routes marked with `api.protect()`, `api.public()` or `api.guard()` get their security and
 * keyward's responses. It imports nothing of `hono-openapi`, so `keyward/hono` does not need it.
 */
import type { Keyward } from '../src/core/instance.js'
import {
  type CompleteOpenApiOptions,
  describedRoutes,
  type OpenApiDocument,
  type OpenApiRoute,
} from '../src/core/openapi/index.js'
import type { RouteRequirements } from '../src/core/types.js'
import { withMarker } from '../src/http/kit.js'
import { markOf } from './hono-marker.js'

/** The part of a Hono app the glue reads: its routes, each handler on its own. */
export interface HonoRoutes {
  routes: ReadonlyArray<{ method: string; path: string; handler: unknown }>
}

/** What each route's markers ask of the key, by `'METHOD /path'`: public only when every marker says so. */
function markedRoutes(app: HonoRoutes): Record<string, OpenApiRoute> {
  const marks = new Map<string, RouteRequirements | null>()
  for (const { method, path, handler } of app.routes) {
    const mark = markOf(handler)
    if (method === 'ALL' || mark === undefined) continue
    const key = `${method} ${path}`
    marks.set(key, withMarker(marks.get(key), mark))
  }
  const routes: Record<string, OpenApiRoute> = {}
  for (const [key, mark] of marks) routes[key] = mark ?? { public: true }
  return routes
}

/**
 * `document` completed with keyward's part for the routes of `app`; `options` says what the
 * middleware was told (`paths`, `ping`, `authTest`) when it was not the default.
 *
 * @example
 * import { generateSpecs } from 'hono-openapi'
 * import { completeOpenApi } from 'keyward/hono'
 * app.get('/openapi.json', async (c) =>
 *   c.json(completeOpenApi(keyward, app, await generateSpecs(app, { documentation: { info: { title: 'Acme', version: '1' } } }))),
 * )
 */
export function completeOpenApi<D extends { openapi: string }>(
  keyward: Keyward,
  app: HonoRoutes,
  document: D,
  options: Omit<CompleteOpenApiOptions, 'routes'> = {},
): D {
  const routes = describedRoutes(document as unknown as OpenApiDocument, markedRoutes(app))
  return keyward.openapi().complete(document, { ...options, routes })
}
