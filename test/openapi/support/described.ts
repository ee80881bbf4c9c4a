/**
 * Whether a response is one the OpenAPI document describes: its status among the operation's
 * responses (or, on a path or method the document has no operation for, among keyward's shared
 * responses), and every header it carries declared on that response.
 */
import { RESPONSE_NAMES } from '../../../src/core/openapi/components.js'
import { DASHBOARD_RESPONSE_NAMES } from '../../../src/core/openapi/dashboard.js'
import type { OpenApiDocument, OpenApiObject } from '../../../src/index.js'

/** Headers HTTP itself adds or OpenAPI leaves out of `headers` (Content-Type is the media type). */
const TRANSPORT = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'])

export interface Exchange {
  method: string
  /** Path and query as sent; null when the request was written by hand (a raw head). */
  target: string | null
  status: number
  headers: readonly string[]
}

function resolve(document: OpenApiDocument, value: OpenApiObject): OpenApiObject {
  const ref = value.$ref
  if (typeof ref !== 'string') return value
  const [, , section, name] = ref.split('/')
  return (document.components as Record<string, Record<string, OpenApiObject>>)[section!]![name!]!
}

function operationOf(document: OpenApiDocument, method: string, target: string): OpenApiObject | undefined {
  const path = target.split('?')[0]!
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const pattern = new RegExp(`^${template.replace(/\{[^/}]+\}/g, '[^/]+')}$`)
    if (!pattern.test(path)) continue
    // HEAD is answered as GET without a body (RFC 9110); the document describes the GET.
    return item[method === 'HEAD' ? 'get' : method.toLowerCase()] as OpenApiObject | undefined
  }
  return undefined
}

function missingHeaders(document: OpenApiDocument, response: OpenApiObject, headers: readonly string[]): string[] {
  const declared = Object.keys((resolve(document, response).headers as object | undefined) ?? {}).map((name) =>
    name.toLowerCase(),
  )
  return headers.filter((name) => !TRANSPORT.has(name) && !declared.includes(name))
}

/** What the document lacks to describe `exchange`, or null when it describes it. */
export function undescribed(document: OpenApiDocument, exchange: Exchange): string | null {
  const { method, target, status, headers } = exchange
  const operation = target === null ? undefined : operationOf(document, method, target)
  const where = `${method} ${target ?? '(raw request)'} → ${status}`
  if (operation !== undefined) {
    const response = (operation.responses as Record<string, OpenApiObject>)[String(status)]
    if (response === undefined) return `${where}: the operation has no ${status} response`
    const missing = missingHeaders(document, response, headers)
    return missing.length === 0 ? null : `${where}: headers not declared: ${missing.join(', ')}`
  }
  // No operation: keyward's own refusal (an unknown path, another method), one of its shared responses.
  const names = [RESPONSE_NAMES, DASHBOARD_RESPONSE_NAMES].map((table) => (table as Record<number, string>)[status])
  const shared = names.flatMap((name): OpenApiObject[] => {
    const response = name === undefined ? undefined : document.components?.responses?.[name]
    return response === undefined ? [] : [response]
  })
  if (shared.length === 0) return `${where}: no operation, and keyward shares no ${status} response`
  const lacking = shared.map((response) => missingHeaders(document, response, headers))
  if (lacking.some((missing) => missing.length === 0)) return null
  return `${where}: headers not declared on ${names.filter(Boolean).join(' or ')}: ${lacking[0]!.join(', ')}`
}
