/**
 * `npm pack` on a fresh clone (issue 38, item 8): with no dist/ yet, the tarball must still hold the
 * built code and types of every entry point, so `prepack` has to build it. The check runs in a copy
 * of the tracked files, as a fresh clone has them.
 */
import { existsSync, readFileSync } from 'node:fs'
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
      'redis',
      'postgres',
      'testing',
      'client',
    ]) {
      for (const suffix of ['.js', '.cjs', '.d.ts', '.d.cts']) expect(shipped).toContain(`dist/${subpath}${suffix}`)
    }
  })
})
