/**
 * A7: the reference server is built only on keyward's public entry points, as a user's app is, and
 * the library depends on nothing of the reference server's.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
const PUBLIC_ENTRIES = new Set([
  '../src/index.js',
  '../src/stores/redis/index.js',
  '../src/stores/postgres/index.js',
  '../adapters/express.js',
  '../adapters/fastify.js',
  '../adapters/hono.js',
  '../adapters/fetch.js',
])

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  return [...source.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((match) => match[1]!)
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(root, dir, name))
}

it('A7: server/ imports keyward only through its public entry points', () => {
  for (const file of sourceFiles('server')) {
    for (const target of importsOf(file)) {
      if (!target.startsWith('..')) continue
      expect(PUBLIC_ENTRIES.has(target), `${file} imports ${target}`).toBe(true)
    }
  }
})

it('A7: src/ and adapters/ never import from server/, and the library holds no reference-server text', () => {
  for (const file of [...sourceFiles('src'), ...sourceFiles('adapters')]) {
    for (const target of importsOf(file)) expect(target.includes('server/'), `${file} imports ${target}`).toBe(false)
    expect(readFileSync(file, 'utf8')).not.toMatch(/ip is required|email is required/)
  }
})
