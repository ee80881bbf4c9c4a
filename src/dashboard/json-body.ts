/**
 * E5, O9: the JSON bodies of the dashboard routes, read before any field rule: sent as
 * `application/json` (UTF-8), valid JSON, no member name twice in one object, an object, and no
 * field the route does not take. The field rules themselves are the key manager's.
 */
import { ECHOABLE_FIELD, type CreateKeyInput, type UpdateKeyInput } from '../core/key-input.js'
import type { RotateOptions } from '../core/key-manager.js'
import { DASHBOARD_MESSAGES } from '../core/messages.js'
import type { Keyward } from '../core/instance.js'
import { BODY_SHAPES, DASHBOARD_OWNER_MESSAGES, MAX_GRACE_SECONDS } from './messages.js'
import type { DashboardRequest } from './types.js'

const CREATE_FIELDS = [
  'name',
  'sandbox',
  'expiresAt',
  'scopes',
  'limits',
  'ownerId',
  'meta',
  'enabled',
  'allowedIps',
  'roles',
  'credits',
] as const
const UPDATE_FIELDS = [
  'name',
  'meta',
  'scopes',
  'limits',
  'enabled',
  'allowedIps',
  'roles',
  'credits',
  'expiresAt',
] as const
const ROTATE_FIELDS = ['gracePeriodSeconds', 'expiresAt', 'name'] as const
const LIMIT_FIELDS = ['perMinute', 'perMonth'] as const

export function singleHeader(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined
  return value
}

/** `application/json`, with an optional `charset` that must be UTF-8 (RFC 8259 §8.1). */
function isJsonContentType(value: string | string[] | undefined): boolean {
  if (Array.isArray(value) && value.length !== 1) return false
  const header = singleHeader(value)
  if (header === undefined) return false
  const [mediaType = '', ...parameters] = header.split(';')
  if (mediaType.trim().toLowerCase() !== 'application/json') return false
  for (const parameter of parameters) {
    const [name = '', raw = ''] = parameter.split('=', 2)
    if (name.trim().toLowerCase() !== 'charset') continue
    const charset = raw
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase()
    if (charset !== 'utf-8' && charset !== 'utf8') return false
  }
  return true
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A member name found twice in one JSON object; `field` is its dotted path when safe to show. */
export interface DuplicateJsonField {
  field: string | null
}

interface JsonContainer {
  /** Member names seen so far; null for an array. */
  names: Set<string> | null
  /** Dotted path of this object, or null when it cannot be shown (inside an array, or a name not echoable). */
  path: string | null
  /** The member name whose value is being read. */
  member: string | null
}

/**
 * Finds a member name given twice in one object, at any depth, of `text`, which must be valid
 * JSON (parse it first). JSON.parse keeps the last of two equal names, so `{"scopes":["ip"],
 * "scopes":["*"]}` would silently become "every scope"; E5 refuses such a body instead. Names are
 * compared after their escapes are decoded (`"a"` and `"\u0061"` are the same name).
 */
export function findDuplicateJsonField(text: string): DuplicateJsonField | null {
  const stack: JsonContainer[] = []
  // True where the next string is a member name: after `{` and after `,` inside an object.
  let atName = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22 /* " */) {
      let end = i + 1
      let escaped = false
      for (;;) {
        const d = text.charCodeAt(end)
        if (d === 0x22) break
        if (d === 0x5c /* \ */) {
          escaped = true
          end += 2
        } else end += 1
      }
      const top = stack.at(-1)
      if (atName && top?.names) {
        const name = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end)
        if (top.names.has(name))
          return { field: top.path === null || !ECHOABLE_FIELD.test(name) ? null : top.path + name }
        top.names.add(name)
        top.member = name
      }
      atName = false
      i = end
    } else if (c === 0x7b /* { */) {
      const parent = stack.at(-1)
      let path: string | null = ''
      if (parent)
        path =
          parent.names && parent.path !== null && ECHOABLE_FIELD.test(parent.member!)
            ? `${parent.path}${parent.member}.`
            : null
      stack.push({ names: new Set(), path, member: null })
      atName = true
    } else if (c === 0x5b /* [ */) {
      stack.push({ names: null, path: null, member: null })
      atName = false
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop()
      atName = false
    } else if (c === 0x2c /* , */) {
      atName = stack.at(-1)?.names != null
    }
  }
  return null
}

type Checked<T> = { ok: true; value: T } | { ok: false; message: string }

/** The JSON object of a request body; `shape` is the body the route takes, for the messages. */
function readJsonObject(request: DashboardRequest, keyward: Keyward, shape: string): Checked<Record<string, unknown>> {
  const n = keyward.names
  const fail = (message: string) => ({ ok: false, message }) as const
  if (request.body === null || request.body.trim() === '') return fail(DASHBOARD_OWNER_MESSAGES.bodyRequired(n, shape))
  if (!isJsonContentType(request.headers['content-type'])) return fail(DASHBOARD_MESSAGES.contentType(n))
  let value: unknown
  try {
    // JSON.parse defines `__proto__` as an own property (no prototype is set); it is then refused
    // as an unknown field by the route. The parser's own message is not shown: it can quote the body.
    value = JSON.parse(request.body)
  } catch {
    return fail(DASHBOARD_MESSAGES.malformedJson(n))
  }
  const duplicate = findDuplicateJsonField(request.body)
  if (duplicate) return fail(DASHBOARD_MESSAGES.duplicateField(n, duplicate.field))
  if (!isPlainObject(value)) return fail(DASHBOARD_OWNER_MESSAGES.notAnObject(n, shape))
  return { ok: true, value }
}

/**
 * The object's fields the route takes, in a prototype-free copy; a message for the first field it
 * does not take (at the top level and in `limits`, `__proto__` included). `meta` is the host's
 * own data: its fields are not checked here.
 */
function knownFields(
  value: Record<string, unknown>,
  allowed: readonly string[],
  keyward: Keyward,
): Checked<Record<string, unknown>> {
  const unknown = (parent: string, field: string, fields: readonly string[]) => ({
    ok: false as const,
    message: DASHBOARD_MESSAGES.unknownField(
      keyward.names,
      ECHOABLE_FIELD.test(field) ? parent + field : null,
      fields.join(', '),
    ),
  })
  for (const field of Object.keys(value)) if (!allowed.includes(field)) return unknown('', field, allowed)
  if (allowed.includes('limits') && isPlainObject(value.limits)) {
    for (const field of Object.keys(value.limits))
      if (!(LIMIT_FIELDS as readonly string[]).includes(field)) return unknown('limits.', field, LIMIT_FIELDS)
  }
  const copy: Record<string, unknown> = Object.create(null)
  for (const field of allowed) if (Object.hasOwn(value, field)) copy[field] = value[field]
  return { ok: true, value: copy }
}

/** E5: over HTTP `expiresAt` is an ISO 8601 string or null (the key manager also takes numbers and Dates from code). */
function expiresAtProblem(value: Record<string, unknown>, keyward: Keyward): string | null {
  if (!Object.hasOwn(value, 'expiresAt') || value.expiresAt === null || typeof value.expiresAt === 'string') return null
  return DASHBOARD_MESSAGES.expiresAtType(keyward.names)
}

/** E5, O9, M9: a create body `{ name, sandbox?, expiresAt?, scopes?, limits?, ownerId?, meta?, enabled?, allowedIps?, roles?, credits? }`. */
export function checkCreateBody(request: DashboardRequest, keyward: Keyward): Checked<CreateKeyInput> {
  const body = readJsonObject(request, keyward, BODY_SHAPES.create)
  if (!body.ok) return body
  const fields = knownFields(body.value, CREATE_FIELDS, keyward)
  if (!fields.ok) return fields
  const problem = expiresAtProblem(fields.value, keyward)
  return problem === null
    ? { ok: true, value: fields.value as unknown as CreateKeyInput }
    : { ok: false, message: problem }
}

/** O5, O9, M9: an update body `{ name?, meta?, scopes?, limits?, enabled?, allowedIps?, roles?, credits?, expiresAt? }`. */
export function checkUpdateBody(request: DashboardRequest, keyward: Keyward): Checked<UpdateKeyInput> {
  const body = readJsonObject(request, keyward, BODY_SHAPES.update)
  if (!body.ok) return body
  const fields = knownFields(body.value, UPDATE_FIELDS, keyward)
  if (!fields.ok) return fields
  const problem = expiresAtProblem(fields.value, keyward)
  return problem === null ? { ok: true, value: fields.value as UpdateKeyInput } : { ok: false, message: problem }
}

/** O9: a rotate body `{ gracePeriodSeconds?, expiresAt?, name? }`, or none at all. */
export function checkRotateBody(request: DashboardRequest, keyward: Keyward): Checked<RotateOptions> {
  if (request.body === null || request.body.trim() === '') return { ok: true, value: {} }
  const body = readJsonObject(request, keyward, BODY_SHAPES.rotate)
  if (!body.ok) return body
  const fields = knownFields(body.value, ROTATE_FIELDS, keyward)
  if (!fields.ok) return fields
  const { gracePeriodSeconds: grace, expiresAt, name } = fields.value
  const problem = expiresAtProblem(fields.value, keyward)
  if (problem !== null) return { ok: false, message: problem }
  if (
    grace !== undefined &&
    (typeof grace !== 'number' || !Number.isSafeInteger(grace) || grace < 0 || grace > MAX_GRACE_SECONDS)
  ) {
    return { ok: false, message: DASHBOARD_OWNER_MESSAGES.gracePeriod(keyward.names) }
  }
  const options: RotateOptions = {}
  if (grace !== undefined) options.gracePeriodMs = grace * 1000
  if (expiresAt !== undefined) options.expiresAt = expiresAt as string | null
  if (name !== undefined) options.name = name as string
  return { ok: true, value: options }
}
