/**
 * Every rule id a source comment or a test cites (K1, H8, L4a, …) resolves to a heading in docs/,
 * so a reader of the code can look it up in the repository; and nothing a user sees cites one.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
const ID = /\b([KHRLEPAOSUT][1-9][0-9]?[a-z]?)\b/g
/** Names that look like ids but are not: test constants and HTTP/2. */
const NOT_IDS = new Set(['T0', 'H2C'])

function files(dir: string, ending = '.ts'): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(ending) && !name.includes('node_modules') && !name.startsWith('.runs'))
    .map((name) => join(root, dir, name))
}

function headings(): Set<string> {
  const found = new Set<string>()
  for (const file of files('docs', '.md')) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const match = /^#+ ([A-Z][0-9]+[a-z]?)\b/.exec(line)
      if (match) found.add(match[1]!)
    }
  }
  return found
}

it('every rule id cited in src/, adapters/, server/, bench/ and test/ has a heading in docs/', () => {
  const known = headings()
  const missing = new Map<string, string>()
  for (const file of ['src', 'adapters', 'server', 'bench', 'test'].flatMap((dir) => files(dir))) {
    for (const [, id] of readFileSync(file, 'utf8').matchAll(ID)) {
      if (!known.has(id!) && !NOT_IDS.has(id!) && !missing.has(id!)) missing.set(id!, file.slice(root.length))
    }
  }
  expect(Object.fromEntries(missing)).toEqual({})
})

it('README.md, SECURITY.md and docs/ cite no document that is not in the repository', () => {
  for (const file of ['README.md', 'SECURITY.md', ...files('docs', '.md').map((f) => f.slice(root.length))]) {
    expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(/CONTRACT\.md|SEED\.md|STYLE\.md/)
  }
})
