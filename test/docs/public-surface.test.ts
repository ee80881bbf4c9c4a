/**
 * The public surface (issue 39, item 6). The root entry exports only what a host calls, so a rename
 * inside keyward is not a breaking change; an export added by accident fails here. And the types a
 * user's editor shows say what a thing does: the rule ids of CONTRACT.md and docs/ (`K3`, `E7`,
 * `O4–O6`) stay in tests and docs/, never in the emitted declarations.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as root from '../../src/index.js'
import { ROOT, removeTree } from '../helpers/package-tree.js'

/** Every runtime name of `keyward`, sorted. Adding one is a decision: make it here, on purpose. */
const ROOT_EXPORTS = [
  'KEY_PATTERN',
  'KeyInputError',
  'KeyNotFoundError',
  'KeyRevokedError',
  'KeywardError',
  'MAX_META_BYTES',
  'OWNER_ID_PATTERN',
  'SCOPE_PATTERN',
  'StoreTimeoutError',
  'bearerTokenGuard',
  'checkKey',
  'createDashboard',
  'createKeyward',
  'createMemoryAuditLog',
  'createMemoryKeyStore',
  'createMemoryRateLimiter',
  'createMemoryStores',
  'createMemoryUsageLog',
  'errorResponse',
  'generateKey',
  'isWellFormedKey',
  'keyPattern',
  'maskKey',
  'maskKeysIn',
  'maskKeysInPath',
  'parseAuthorization',
  'parseKey',
  'successResponse',
]

/** A contract rule id as docs/ writes them: a letter, one or two digits, maybe a letter (`L4a`). */
const RULE_ID = /\b[KHRLEPAOSUT][0-9]{1,2}[a-z]?\b/

describe('the root entry (issue 39)', () => {
  it('exports exactly the pinned runtime names, at most 40', () => {
    expect(Object.keys(root).sort()).toEqual(ROOT_EXPORTS)
    expect(ROOT_EXPORTS.length).toBeLessThanOrEqual(40)
  })

  it('keeps the pinned list sorted, so a diff shows the one name added or removed', () => {
    expect([...ROOT_EXPORTS].sort()).toEqual(ROOT_EXPORTS)
  })
})

describe('the emitted declarations (issue 39)', () => {
  let out: string

  // Asynchronous: a build blocking the test worker's event loop for long stalls its reports to vitest.
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'keyward-dts-'))
    await promisify(execFile)('npx', ['tsup', '--dts-only', '--out-dir', out, '--silent'], { cwd: ROOT })
  }, 180_000)

  afterAll(() => removeTree(out))

  it('carry no rule ids in their doc comments, so editor hovers say what a thing does', () => {
    const files = readdirSync(out).filter((name) => /\.d\.c?ts$/.test(name))
    expect(files).toContain('index.d.ts')
    const found: string[] = []
    for (const file of files) {
      let inComment = false
      readFileSync(join(out, file), 'utf8')
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
