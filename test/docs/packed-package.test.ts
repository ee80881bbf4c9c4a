/**
 * `npm pack` on a fresh clone (issue 38, item 8): with no dist/ yet, the tarball must still hold the
 * built code and types of every entry point, so `prepack` has to build it. The check runs in a copy
 * of the tracked files, as a fresh clone has them. The declarations that build emits are the ones
 * users' editors show (issue 39, item 6): their doc comments say what a thing does, so the rule ids
 * of CONTRACT.md and docs/ (`K3`, `E7`, `O4–O6`) stay in tests and docs/, never in them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyFreshTree, npmPack, type PackResult, removeTree } from '../helpers/package-tree.js'

interface Manifest {
  main: string
  module: string
  types: string
  bin: Record<string, string>
  exports: Record<string, string | { import: Record<string, string>; require: Record<string, string> }>
}

let tree: string
let packed: PackResult
let manifest: Manifest
let distBeforePack: boolean

beforeAll(async () => {
  tree = copyFreshTree()
  manifest = JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')) as Manifest
  distBeforePack = existsSync(join(tree, 'dist'))
  packed = await npmPack(tree, ['--dry-run'])
}, 180_000)

afterAll(() => removeTree(tree))

/** Every file package.json points a user at: main, module, types, bin and each export's conditions. */
function filesPointedAt(pkg: Manifest): string[] {
  const targets = [pkg.main, pkg.module, pkg.types, ...Object.values(pkg.bin)]
  for (const entry of Object.values(pkg.exports)) {
    if (typeof entry === 'string') targets.push(entry)
    else targets.push(...Object.values(entry.import), ...Object.values(entry.require))
  }
  return [...new Set(targets.map((target) => target.replace(/^\.\//, '')))].sort()
}

describe('npm pack on a fresh clone (issue 38)', () => {
  it('starts from a tree without dist/, as a fresh clone', () => {
    expect(distBeforePack).toBe(false)
    expect(filesPointedAt(manifest)).toContain('dist/index.js')
  })

  it('ships the built code and the .d.ts/.d.cts types of every subpath export', () => {
    const shipped = new Set(packed.files.map((file) => file.path))
    const missing = filesPointedAt(manifest).filter((file) => !shipped.has(file))
    expect(missing, `the tarball holds: ${[...shipped].join(', ')}`).toEqual([])
    for (const subpath of [
      'index',
      'express',
      'fastify',
      'hono',
      'koa',
      'nestjs',
      'fetch',
      'redis',
      'postgres',
      'testing',
      'client',
    ]) {
      for (const suffix of ['.js', '.cjs', '.d.ts', '.d.cts']) expect(shipped).toContain(`dist/${subpath}${suffix}`)
    }
  })
})

/** A contract rule id as docs/ writes them: a letter, one or two digits, maybe a letter (`L4a`). */
const RULE_ID = /\b[KHRLEPAOSUT][0-9]{1,2}[a-z]?\b/

describe('the declarations the pack ships (issue 39)', () => {
  it('carry no rule ids in their doc comments, so editor hovers say what a thing does', () => {
    const dist = join(tree, 'dist')
    const files = readdirSync(dist).filter((name) => /\.d\.c?ts$/.test(name))
    expect(files).toContain('index.d.ts')
    const found: string[] = []
    for (const file of files) {
      let inComment = false
      readFileSync(join(dist, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (line.includes('/**')) inComment = true
          if (inComment && RULE_ID.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`)
          if (line.includes('*/')) inComment = false
        })
    }
    expect(found, found.join('\n')).toEqual([])
  })
})
