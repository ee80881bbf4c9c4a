/**
 * keyward's own endpoints as path items: the liveness endpoint (no key) and the auth test (a key,
 * consuming nothing). The responses keyward answers them with are added like any route's.
 */
import type { OpenApiObject } from './types.js'

/** `{ data, meta: { timestamp } }` around `data`. */
export function successSchema(data: OpenApiObject): OpenApiObject {
  return {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data,
      meta: {
        type: 'object',
        required: ['timestamp'],
        properties: { timestamp: { type: 'string', format: 'date-time' } },
      },
    },
  }
}

/** A 200 response whose body is the success envelope around `data`. */
export function successResponse(description: string, data: OpenApiObject): OpenApiObject {
  return { description, content: { 'application/json': { schema: successSchema(data) } } }
}

const object = (properties: Record<string, OpenApiObject>): OpenApiObject => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
})

/** The liveness endpoint's path item. */
export function pingPathItem(): Record<string, OpenApiObject> {
  const ok = object({ status: { type: 'string', enum: ['ok'] } })
  return {
    get: {
      operationId: 'ping',
      summary: 'Check that the service is up',
      description: 'Needs no API key; any credentials sent are ignored.',
      tags: ['Authentication'],
      responses: { 200: successResponse('The service is up.', ok) },
    },
  }
}

/** The auth test's path item: GET and POST alike. */
export function authTestPathItem(): Record<string, OpenApiObject> {
  const valid = object({
    valid: { type: 'boolean', enum: [true] },
    authenticated: { type: 'boolean', enum: [true] },
    keyType: { type: 'string', enum: ['live', 'test'] },
  })
  const operation = (operationId: string) => ({
    operationId,
    summary: 'Check an API key',
    description: 'Answers whether the key sent is valid. It consumes nothing from the rate limit or the quota.',
    tags: ['Authentication'],
    responses: { 200: successResponse('The key is valid.', valid) },
  })
  return { get: operation('getAuthTest'), post: operation('postAuthTest') }
}
