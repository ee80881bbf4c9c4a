/**
 * Who owns a stack frame, for the profilers (`bench/profile.ts` reads V8's --cpu-prof, `bench/perf.ts`
 * Linux perf): keyward (its sources, or the bench bundle located through its source map), the web
 * framework, the Redis client, the bench's route handler, Node's own JavaScript, native code, GC.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const OWNERS = ['keyward', 'framework', 'redis-client', 'handler', 'node', 'native', 'gc', 'program'] as const
export type Owner = (typeof OWNERS)[number]

/** A tally at zero for each of `keys` (the owners, or perf's kernel parts). */
export function zeroes<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>
}

/** A frame as V8's profiles name it: function, script URL (or path), 0-based line and column. */
export interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}

const ROOT = fileURLToPath(new URL('..', import.meta.url))

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Per generated line, segments [generated column, source index, source line, source column]. */
type DecodedMap = { sources: string[]; lines: number[][][] }
const maps = new Map<string, DecodedMap | null>()

/** Decodes a source map v3 (`mappings` in base64 VLQ) well enough to look positions up. */
function decodeMap(path: string): DecodedMap | null {
  if (maps.has(path)) return maps.get(path)!
  let decoded: DecodedMap | null = null
  try {
    const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as {
      sources: string[]
      sourceRoot?: string
      mappings: string
    }
    const base = dirname(path)
    const sources = map.sources.map((source) => resolve(base, map.sourceRoot ?? '', source))
    const lines: number[][][] = []
    const state = [0, 0, 0, 0]
    for (const line of map.mappings.split(';')) {
      state[0] = 0
      const segments: number[][] = []
      for (const segment of line.split(',')) {
        if (segment === '') continue
        const values: number[] = []
        let value = 0
        let shift = 0
        for (const char of segment) {
          const digit = BASE64.indexOf(char)
          value += (digit & 31) << shift
          if (digit & 32) shift += 5
          else {
            values.push(value & 1 ? -(value >>> 1) : value >>> 1)
            value = 0
            shift = 0
          }
        }
        for (let i = 0; i < Math.min(values.length, 4); i++) state[i]! += values[i]!
        if (values.length >= 4) segments.push([state[0]!, state[1]!, state[2]!, state[3]!])
      }
      lines.push(segments)
    }
    decoded = { sources, lines }
  } catch {
    decoded = null
  }
  maps.set(path, decoded)
  return decoded
}

/** The original `file:line` of a position in a bundled file, when its source map says. */
function original(path: string, line: number, column: number): string | null {
  const map = decodeMap(path)
  const segments = map?.lines[line]
  if (!map || !segments || segments.length === 0) return null
  let found = segments[0]!
  for (const segment of segments) {
    if (segment[0]! > column) break
    found = segment
  }
  const source = map.sources[found[1]!]!
  return `${source.startsWith(ROOT) ? source.slice(ROOT.length) : source}:${found[2]! + 1}`
}

/** Where the bench bundles keyward: bench/.runs/dist/, and bench/.runs/ref-<commit>/dist/ for bench:compare. */
const BUNDLE = /^bench\/\.runs\/(?:ref-[0-9a-f]+\/)?dist\//

/** The bench's own wrappers around the Redis client (counting commands): charged to the client. */
const REDIS_CLIENT_WRAPPERS = new Set(['countedSendCommand', 'countedWrite'])

export function ownerOf(frame: CallFrame): { where: string; owner: Owner } {
  const { url, functionName } = frame
  if (url === '') {
    if (functionName === '(garbage collector)') return { where: '', owner: 'gc' }
    if (functionName === '(program)' || functionName === '(root)') return { where: '', owner: 'program' }
    return { where: '', owner: 'native' }
  }
  if (url.startsWith('node:')) return { where: url, owner: 'node' }
  const path = url.startsWith('file://') ? fileURLToPath(url) : url
  const column = functionName === '' ? `@${frame.columnNumber}` : ''
  const modules = path.lastIndexOf('/node_modules/')
  if (modules >= 0) {
    const where = `${path.slice(modules + 14)}${column}`
    return { where, owner: REDIS_CLIENT.test(where) ? 'redis-client' : 'framework' }
  }
  if (path.startsWith(ROOT)) {
    const relative = path.slice(ROOT.length)
    if (BUNDLE.test(relative)) {
      // A bundle the servers load (this checkout's, or a revision's from bench:compare, which
      // KEYWARD_BENCH_DIST names): located in keyward's sources through its source map.
      return {
        where: original(path, frame.lineNumber, frame.columnNumber) ?? `${relative}:${frame.lineNumber + 1}`,
        owner: 'keyward',
      }
    }
    if (REDIS_CLIENT_WRAPPERS.has(functionName)) return { where: relative, owner: 'redis-client' }
    const owner = relative.startsWith('src/') || relative.startsWith('adapters/') ? 'keyward' : 'handler'
    return { where: `${relative}${column}`, owner }
  }
  return { where: path, owner: 'native' }
}

export const JS_OWNERS = new Set<Owner>(['keyward', 'framework', 'redis-client', 'handler'])
/** ioredis and its parts: the Redis client, told apart from the web framework. */
const REDIS_CLIENT = /^(ioredis|redis-parser|redis-errors|denque|cluster-key-slot|@ioredis)\//
