/**
 * The layers of the source tree (issue 39): every import in src/ and adapters/ (and ui/, once it
 * exists) points down the table below, and no file imports itself back through others.
 *
 * Bottom to top: core knows no framework and no store; telemetry, the stores, the client, the web
 * page and the dashboard each build on core alone; the root of src/ (createKeyward in keyward.ts,
 * and the entries index.ts and testing.ts) wires core, telemetry, the default memory stores and the
 * dashboard together; http/ (the kit every adapter shares) builds on core, the dashboard and the
 * web page; the command line on the root's createKeyward, the client and the stores; adapters/ on
 * http/ and core/ only. Type-only imports count too: a type is an arrow a reader follows.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ADAPTERS, adapterLines, codeLines } from '../bench/adapter-lines.js'

/** Each part of the tree, and the parts it may import. A part is a folder; `src` is the files at the root of src/. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  core: [],
  telemetry: ['core'],
  'stores/memory': ['core'],
  'stores/redis': ['core'],
  // Its default limiter is the memory one, and it buffers usage writes with the Redis store's buffer.
  'stores/postgres': ['core', 'stores/memory', 'stores/redis'],
  client: ['core'],
  'web-page': ['core'],
  ui: ['core'],
  dashboard: ['core'],
  // Webhooks: the outbox contract and options are core's; delivery and events their own room.
  events: ['core'],
  src: ['core', 'telemetry', 'stores/memory', 'dashboard', 'events'],
  http: ['core', 'dashboard', 'web-page', 'ui'],
  cli: ['src', 'core', 'client', 'stores/redis', 'stores/postgres'],
  adapters: ['http', 'core'],
}

const ROOT = resolve(new URL('..', import.meta.url).pathname)
const SCANNED = ['src', 'adapters', 'ui']

/** The part a repository path belongs to, or null for a file outside the scanned folders. */
function partOf(path: string): string | null {
  const [top, second, third] = path.split('/')
  if (top === 'adapters' || top === 'ui') return top
  if (top !== 'src') return null
  if (third === undefined) return 'src'
  return second === 'stores' ? `stores/${third}` : second!
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return []
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(dir, name))
}

/** The files of the scanned folders a file imports (static, dynamic, type-only and re-exports). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true)
  const targets: string[] = []
  for (const { fileName } of info.importedFiles) {
    if (!fileName.startsWith('.')) continue
    const target = relative(ROOT, resolve(ROOT, dirname(file), fileName))
    const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, join(target, 'index.ts')]
    const found = candidates.find((candidate) => existsSync(join(ROOT, candidate)) && /\.(ts|tsx|mts)$/.test(candidate))
    if (found !== undefined && partOf(found) !== null) targets.push(found)
  }
  return targets
}

/**
 * Imports left out of the cycle check, each the edge that closes a cycle found when this test was
 * written; the cycles are named here so no new one can join them. Remove an entry once its cycle
 * is gone.
 */
const CYCLE_EXEMPT = new Set([
  // The Redis batch's encoding and replies name the queue's `Queued` type while the queue calls
  // them: type-only, in the Redis store being rewritten (issue 39, item 4).
  'src/stores/redis/batch/encoding.ts → src/stores/redis/batch/queue.ts',
  'src/stores/redis/batch/replies.ts → src/stores/redis/batch/queue.ts',
  // The page's HTML names the settings type of its index: type-only, in the page moving to ui/.
  'src/web-page/html.ts → src/web-page/index.ts',
])

const FILES = SCANNED.flatMap(sourceFiles)
const GRAPH = new Map(FILES.map((file) => [file, importsOf(file)]))
const CHECKED_GRAPH = new Map(
  [...GRAPH].map(([file, targets]) => [file, targets.filter((target) => !CYCLE_EXEMPT.has(`${file} → ${target}`))]),
)

/** One import cycle among the files, as the files around it, or null when there is none. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>()
  const trail: string[] = []
  function visit(file: string): string[] | null {
    state.set(file, 'open')
    trail.push(file)
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') return [...trail.slice(trail.indexOf(target)), target]
      if (state.get(target) === undefined) {
        const cycle = visit(target)
        if (cycle !== null) return cycle
      }
    }
    trail.pop()
    state.set(file, 'done')
    return null
  }
  for (const file of graph.keys()) {
    if (state.get(file) === undefined) {
      const cycle = visit(file)
      if (cycle !== null) return cycle
    }
  }
  return null
}

describe('the layers of the source tree (issue 39)', () => {
  it('reads the whole tree: every part of it is in the table', () => {
    expect(FILES.length).toBeGreaterThan(100)
    const unknown = [...new Set(FILES.map((file) => partOf(file)!))].filter((part) => !(part in MAY_IMPORT))
    expect(unknown, 'add these folders to MAY_IMPORT, with what they may import').toEqual([])
  })

  it('the table itself points one way: no part may import, through others, a part that imports it', () => {
    expect(findCycle(new Map(Object.entries(MAY_IMPORT)))?.join(' → ') ?? 'none').toBe('none')
  })

  it('every import points down the table', () => {
    const upward: string[] = []
    for (const [file, targets] of GRAPH) {
      const from = partOf(file)!
      for (const target of targets) {
        const to = partOf(target)!
        if (to === from || MAY_IMPORT[from]?.includes(to)) continue
        upward.push(
          `${file} → ${target} (${from} may import ${MAY_IMPORT[from]?.join(', ') || 'nothing outside itself'})`,
        )
      }
    }
    expect(upward).toEqual([])
  })

  it('no file imports itself back through other files', () => {
    expect(findCycle(CHECKED_GRAPH)?.join(' → ') ?? 'none').toBe('none')
  })

  it('the kit and core know no framework: no Express or Fastify error names below the adapters', () => {
    const below = FILES.filter((file) => !file.startsWith('adapters/'))
    const named = below.filter((file) => /FST_ERR|entity\.parse/.test(readFileSync(join(ROOT, file), 'utf8')))
    expect(named).toEqual([])
  })
})

describe('adapters hold framework knowledge and nothing else (issue 39)', () => {
  // An adapter reads the request, calls the kit and writes the result; a decision that grows one
  // past this belongs in the kit.
  const MAX_CODE_LINES = 120

  it.each(ADAPTERS)('adapters/%s.ts has at most 120 code lines', (name) => {
    expect(adapterLines(name)).toBeLessThanOrEqual(MAX_CODE_LINES)
  })

  it('counts code lines, not comments, blank lines or the text of a template', () => {
    const source = [
      '/**',
      ' * const notCode = 1',
      ' */',
      "const url = 'http://example' // a comment after code",
      '',
      '// const alsoNotCode = 2',
      'const text = `first line',
      '// inside a template: code',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, on purpose
      '${url}`',
    ].join('\n')
    expect(codeLines(source)).toBe(4)
  })
})
