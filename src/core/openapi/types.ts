/**
 * The few shapes of an OpenAPI 3.1 document keyward reads and writes. They are loose on purpose:
 * a host's document may come from any generator, and keyward keeps every field it does not know.
 */
import type { IetfRateLimitDraft } from '../responses.js'
import type { RouteRequirements } from '../types.js'

/** A JSON object of an OpenAPI document (a schema, a header, a response…). */
export type OpenApiObject = { [key: string]: unknown }

/** An operation: what keyward adds is `security` and entries of `responses`. */
export interface OpenApiOperation extends OpenApiObject {
  security?: Array<Record<string, string[]>>
  responses?: Record<string, OpenApiObject>
}

/** `components` of a document: keyward adds to these four maps. */
export interface OpenApiComponents extends OpenApiObject {
  securitySchemes?: Record<string, OpenApiObject>
  schemas?: Record<string, OpenApiObject>
  headers?: Record<string, OpenApiObject>
  responses?: Record<string, OpenApiObject>
}

/** An OpenAPI 3.1 document, as a host has it before keyward completes it. */
export interface OpenApiDocument extends OpenApiObject {
  openapi: string
  info: OpenApiObject
  paths?: Record<string, Record<string, unknown>>
  components?: OpenApiComponents
}

/** What a route asks of the key, as the adapters' route options say it; `public` needs none. */
export interface OpenApiRoute extends RouteRequirements {
  public?: boolean | undefined
}

/** The instance settings the document depends on. */
export interface OpenApiSettings {
  serviceName: string
  keyPrefix: string
  legacyApiKeyHeader: boolean
  ietfRateLimitHeaders: IetfRateLimitDraft | false
}
