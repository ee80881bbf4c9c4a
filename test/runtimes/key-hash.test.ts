/**
 * K3 on every runtime: Bun hashes keys with its own hasher, Deno and Node with node:crypto, and
 * each stored hash (SHA-256, or HMAC-SHA-256 with a text or byte pepper) is the one Node computes
 * with node:crypto, so keys stored by one runtime authenticate on the others.
 */
import { execFile } from 'node:child_process'
import { createHash, createHmac } from 'node:crypto'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { generateKey } from '../../src/core/key-format.js'
import { BUN, DENO, ROOT } from './support.js'

const PEPPER = 'pepper-shared-by-every-runtime-0123456789'
const KEYS = [...Array.from({ length: 8 }, () => generateKey('live', 'svc')), generateKey('test', 'svc'), 'not-a-key-é']
const SCRIPT = 'test/runtimes/key-hash-print.ts'

const RUNTIMES = [
  { name: 'Bun', command: BUN, args: [SCRIPT] },
  { name: 'Deno', command: DENO, args: ['run', '--sloppy-imports', '--no-lock', '--no-config', SCRIPT] },
]

describe.each(RUNTIMES)('key hashes on $name (K3)', ({ command, args }) => {
  it("are node:crypto's SHA-256 and HMAC-SHA-256, with a text pepper and with its bytes", async () => {
    const { stdout } = await promisify(execFile)(command, [...args, JSON.stringify(KEYS), PEPPER], {
      cwd: ROOT,
      timeout: 30_000,
    })
    const expected = KEYS.map((key) => {
      const hmac = createHmac('sha256', PEPPER).update(key).digest('hex')
      return [createHash('sha256').update(key).digest('hex'), hmac, hmac]
    })
    expect(JSON.parse(stdout)).toEqual(expected)
  }, 40_000)
})
