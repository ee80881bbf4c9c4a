/**
 * Permission queries of routes: scope names joined by `AND`, `OR`, `NOT` and parentheses, such as
 * `reports.read AND (billing.read OR billing.admin)`. A query is parsed once, when the route is
 * declared, by recursive descent into postfix order (`NOT` binds tightest, then `AND`, then `OR`),
 * which both JavaScript and the Redis script evaluate with a stack.
 */
import { SCOPE_PATTERN } from './permissions.js'

/** A parsed query: its text, and its names and operators (`&`, `|`, `!`) in postfix order. */
export interface PermissionQuery {
  readonly source: string
  readonly postfix: readonly string[]
}

/** Long enough for any real query; a longer text is a mistake, not a query. */
const MAX_QUERY_LENGTH = 1000
const MAX_NAMES = 50
const OPERATORS: Readonly<Record<string, string>> = { AND: '&', OR: '|', NOT: '!' }

/** A query that does not parse; the message says where. */
export class PermissionQueryError extends Error {}

/** `text` parsed; `PermissionQueryError` saying what is wrong otherwise. */
export function parsePermissionQuery(text: unknown): PermissionQuery {
  if (typeof text !== 'string' || text.trim() === '') throw new PermissionQueryError('must be a non-empty string')
  if (text.length > MAX_QUERY_LENGTH) throw new PermissionQueryError(`must be at most ${MAX_QUERY_LENGTH} characters`)
  const tokens = text.match(/[()]|[^\s()]+/g) ?? []
  const postfix: string[] = []
  let at = 0
  let names = 0

  const fail = (what: string): never => {
    const token = tokens[at]
    throw new PermissionQueryError(`${what} ${token === undefined ? 'at the end' : `at "${token.slice(0, 64)}"`}`)
  }
  // Each function reads one rule of the grammar and appends its postfix form.
  function either(): void {
    both()
    while (tokens[at] === 'OR') {
      at++
      both()
      postfix.push('|')
    }
  }
  function both(): void {
    unary()
    while (tokens[at] === 'AND') {
      at++
      unary()
      postfix.push('&')
    }
  }
  function unary(): void {
    const token = tokens[at]
    if (token === 'NOT') {
      at++
      unary()
      postfix.push('!')
    } else if (token === '(') {
      at++
      either()
      if (tokens[at] !== ')') fail('expected ")"')
      at++
    } else if (token !== undefined && !(token in OPERATORS) && token !== ')' && SCOPE_PATTERN.test(token)) {
      if (++names > MAX_NAMES) fail(`holds more than ${MAX_NAMES} permission names`)
      postfix.push(token)
      at++
    } else {
      fail(`expected a permission name (matching ${SCOPE_PATTERN.source}), NOT or "("`)
    }
  }

  either()
  if (at < tokens.length) fail('expected AND, OR or the end')
  return Object.freeze({ source: text, postfix: Object.freeze(postfix) })
}

/** Whether the query holds when `holds(name)` says which names the key has. */
export function queryHolds(query: PermissionQuery, holds: (name: string) => boolean): boolean {
  const stack: boolean[] = []
  for (const token of query.postfix) {
    if (token === '&' || token === '|') {
      const right = stack.pop()!
      const left = stack.pop()!
      stack.push(token === '&' ? left && right : left || right)
    } else if (token === '!') stack.push(!stack.pop()!)
    else stack.push(holds(token))
  }
  return stack[0] === true
}

const parsed = new Map<string, PermissionQuery>()

/** `parsePermissionQuery`, remembered by text: routes repeat a handful of queries. */
export function permissionQueryOf(text: string): PermissionQuery {
  let query = parsed.get(text)
  if (query === undefined) {
    query = parsePermissionQuery(text)
    // Bounded: a host that builds queries per request does not grow this without end.
    if (parsed.size >= 1000) parsed.clear()
    parsed.set(text, query)
  }
  return query
}
