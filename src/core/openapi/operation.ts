/**
 * What keyward adds to one operation: its `security` (the key, with the scopes the route asks
 * for), the responses keyward may answer with instead of the handler, and keyward's headers on
 * the responses the handler gives.
 */
import { limitHeaders, NAMES, RESPONSE_NAMES, requestIdHeader } from './components.js'
import type { OpenApiObject, OpenApiOperation, OpenApiRoute, OpenApiSettings } from './types.js'

const responseRef = (status: keyof typeof RESPONSE_NAMES) => ({
  $ref: `#/components/responses/${RESPONSE_NAMES[status]}`,
})

/** The `security` of a route: none when public, else the key with the route's scopes. */
export function securityOf(settings: OpenApiSettings, route: OpenApiRoute): Array<Record<string, string[]>> {
  if (route.public === true) return []
  const scopes = [...(route.scopes ?? [])]
  const security: Array<Record<string, string[]>> = [{ [NAMES.bearer]: scopes }]
  if (settings.legacyApiKeyHeader) security.push({ [NAMES.legacyHeader]: [...scopes] })
  return security
}

/** The responses keyward answers a protected route with before (or instead of) its handler. */
export function refusalsOf(): Record<string, OpenApiObject> {
  // Any protected route may refuse a key that authenticates: the key may be limited to some addresses.
  const refusals: Record<string, OpenApiObject> = { 401: responseRef(401), 403: responseRef(403) }
  refusals[429] = responseRef(429)
  refusals[500] = responseRef(500)
  return refusals
}

/**
 * `operation` completed in place for `route`: the security, keyward's refusals (they replace a
 * response the host declared under the same status, which keyward answers, not the handler) and
 * keyward's headers on every other response.
 */
export function completeOperation(settings: OpenApiSettings, operation: OpenApiOperation, route: OpenApiRoute): void {
  operation.security = securityOf(settings, route)
  // OpenAPI has no place for a query over permissions: an extension names it for readers and tools.
  if (route.permissions !== undefined && route.public !== true) operation['x-keyward-permissions'] = route.permissions
  const given = operation.responses ?? {}
  // A route that consumes nothing (an auth test, a whoami) still reports its limits.
  const headers = route.public === true ? requestIdHeader() : { ...requestIdHeader(), ...limitHeaders(settings, true) }
  for (const response of Object.values(given)) addHeaders(response, headers)
  operation.responses = route.public === true ? given : { ...given, ...refusalsOf() }
}

function addHeaders(response: OpenApiObject, headers: Record<string, OpenApiObject>): void {
  // A reference is the host's to complete: its target may be shared with routes keyward does not guard.
  if ('$ref' in response) return
  response.headers = { ...headers, ...(response.headers as Record<string, OpenApiObject> | undefined) }
}
