/**
 * keyward in the document `@fastify/swagger` generates: its `transform` notes each route's
 * `config.keyward`, and its `transformObject` completes the document with keyward's part. It
 * imports nothing of `@fastify/swagger`, so `keyward/fastify` does not need it installed.
 */
import type { RouteOptions as FastifyRouteOptions } from 'fastify'
import type { Keyward } from '../src/core/instance.js'
import {
  type CompleteOpenApiOptions,
  describedRoutes,
  type OpenApiDocument,
  type OpenApiRoute,
} from '../src/core/openapi/index.js'
import type { RouteOptions } from '../src/http/kit.js'

/** The two options of `@fastify/swagger` that carry keyward's part. */
export interface KeywardSwaggerOptions {
  transform<S>(input: { schema: S; url: string; route: FastifyRouteOptions }): { schema: S; url: string }
  /** Returns the document completed, typed as @fastify/swagger typed it. */
  transformObject<D>(input: { openapiObject?: D; swaggerObject?: unknown }): D
}

/**
 * Spread into `@fastify/swagger`'s options (OpenAPI 3.1 mode): each route declared with
 * `config.keyward` gets its security and keyward's responses, and so does every route under the
 * protected paths; ping and the auth test are added. `options` says what the plugin was told
 * (`paths`, `ping`, `authTest`), when it was not the default.
 *
 * @example
 * import swagger from '@fastify/swagger'
 * import { keywardFastify, keywardSwagger } from 'keyward/fastify'
 * await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 'Acme', version: '1' } }, ...keywardSwagger(keyward) })
 * await app.register(keywardFastify, { keyward })
 * app.get('/api/v1/reports', { config: { keyward: { scopes: ['reports:read'] } } }, handler)
 */
export function keywardSwagger(
  keyward: Keyward,
  options: Omit<CompleteOpenApiOptions, 'routes'> = {},
): KeywardSwaggerOptions {
  const routes: Record<string, OpenApiRoute> = {}
  return {
    transform({ schema, url, route }) {
      const given = (route.config as { keyward?: RouteOptions } | undefined)?.keyward
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      if (given !== undefined) for (const method of methods) routes[`${method.toUpperCase()} ${url}`] = given
      return { schema, url }
    },
    transformObject({ openapiObject }) {
      if (openapiObject === undefined)
        throw new TypeError('keywardSwagger(): @fastify/swagger must be in OpenAPI mode (its "openapi" option)')
      const document = openapiObject as unknown as OpenApiDocument
      const completed = keyward.openapi().complete(document, { ...options, routes: describedRoutes(document, routes) })
      return completed as unknown as NonNullable<typeof openapiObject>
    },
  }
}
