/**
 * keyward's part of a host's OpenAPI 3.1 document: `keyward.openapi()` returns it. Framework- and
 * store-free: the adapters' glue (and a host's own generator) calls it.
 */
import { buildComponents, limitHeaders, requestIdHeader } from './components.js'
import { type CompleteOpenApiOptions, completeOpenApi } from './complete.js'
import { refusalsOf, securityOf } from './operation.js'
import type { OpenApiComponents, OpenApiDocument, OpenApiObject, OpenApiRoute, OpenApiSettings } from './types.js'

export { type CompleteOpenApiOptions, describedRoutes } from './complete.js'
export type {
  OpenApiComponents,
  OpenApiDocument,
  OpenApiObject,
  OpenApiOperation,
  OpenApiRoute,
} from './types.js'

/** What one operation gets from keyward: its security and the responses keyward answers it with. */
export interface OpenApiOperationPart {
  security: Array<Record<string, string[]>>
  /** keyward's refusals, as references into `components.responses`. */
  responses: Record<string, OpenApiObject>
  /** The headers keyward writes on the handler's own responses. */
  headers: Record<string, OpenApiObject>
  /** The route's permission query, when it has one (OpenAPI has no field of its own for it). */
  'x-keyward-permissions'?: string
}

/**
 * keyward's part of an OpenAPI 3.1 document.
 *
 * @example
 * import { createKeyward } from 'keyward'
 * const openapi = createKeyward().openapi()
 * const document = openapi.complete({ openapi: '3.1.0', info: { title: 'Acme', version: '1' }, paths })
 */
export interface KeywardOpenApi {
  /** The entries keyward adds to `components`: security schemes, the error envelope and its responses. */
  components(): Required<Pick<OpenApiComponents, 'securitySchemes' | 'schemas' | 'responses'>>
  /** What a route declared with these options gets; `{ public: true }` gets no security and no refusals. */
  operation(route?: OpenApiRoute): OpenApiOperationPart
  /**
   * A copy of `document` with keyward's part added, typed as the document given; a conflicting
   * component throws a TypeError naming it.
   */
  complete<D extends { openapi: string }>(document: D, options?: CompleteOpenApiOptions): D
}

/** keyward's OpenAPI part for an instance's settings. */
export function createOpenApi(settings: OpenApiSettings): KeywardOpenApi {
  return {
    components: () => buildComponents(settings),
    operation(route = {}) {
      const isPublic = route.public === true
      return {
        security: securityOf(settings, route),
        responses: isPublic ? {} : refusalsOf(),
        headers: isPublic ? requestIdHeader() : { ...requestIdHeader(), ...limitHeaders(settings, true) },
        ...(!isPublic && route.permissions !== undefined && { 'x-keyward-permissions': route.permissions }),
      }
    },
    complete: <D extends { openapi: string }>(document: D, options?: CompleteOpenApiOptions) =>
      completeOpenApi(settings, document as unknown as OpenApiDocument, options) as unknown as D,
  }
}
