/**
 * Without the ioredis package, the keys commands exit 8 (missing package) with one line naming the
 * package and the command that installs it, before any Redis is tried; `check`, which needs no
 * Redis client, still works. The package is hidden from a real subprocess by a Node resolve hook
 * (support/without-ioredis.mjs), so the CLI sees exactly what Node reports for a missing package.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-status.js'
import { generateKey } from '../../src/core/key-format.js'
import { expectOneLineError, runCli, stdoutJson } from './support/cli.js'

const WITHOUT_IOREDIS = fileURLToPath(new URL('./support/without-ioredis.mjs', import.meta.url))
/** Nothing listens here: had the CLI tried Redis, it would exit 4. */
const NOWHERE = 'redis://127.0.0.1:1'

const withoutIoredis = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { REDIS_URL: NOWHERE, ...env }, 30_000, [WITHOUT_IOREDIS])

const MISSING =
  'the keys commands reach Redis through the ioredis package, which is not installed here: npm install ioredis (needed by the command even when your app uses another Redis client)'

describe.concurrent('keyward without the ioredis package', { timeout: 60_000 }, () => {
  it('has an exit status of its own, 8, distinct from 4 (store unavailable)', () => {
    expect(EXIT.missingPackage).toBe(8)
    expect(Object.values(EXIT).filter((status) => status === EXIT.missingPackage)).toHaveLength(1)
  })

  it.each([
    ['list', ['keys', 'list']],
    ['create', ['keys', 'create', '--name', 'x', '--key-prefix', 'svc', '--prefix', 'keyward']],
    ['revoke', ['keys', 'revoke', 'key_000000000000000000000000']],
    ['rotate', ['keys', 'rotate', 'key_000000000000000000000000', '--key-prefix', 'svc']],
    ['usage', ['keys', 'usage']],
  ])('keys %s exits 8 with one line saying npm install ioredis, without trying Redis', async (_name, args) => {
    const run = await withoutIoredis(args)
    expect(expectOneLineError(run, 8)).toBe(MISSING)
    expect(run.stdout).toBe('')
  })

  it('--json reports { error: { code: "missing_package", package: "ioredis", exitStatus: 8 } }', async () => {
    const run = await withoutIoredis(['keys', 'list', '--json'])
    const message = expectOneLineError(run, 8)
    expect(stdoutJson(run)).toEqual({ error: { code: 'missing_package', message, exitStatus: 8, package: 'ioredis' } })
  })

  it('a bad flag is still a usage error (exit 2): the command line is checked first', async () => {
    const run = await withoutIoredis(['keys', 'list', '--redis-url', 'http://127.0.0.1:6379'])
    expectOneLineError(run, 2)
  })

  it('check needs no Redis client: it still reaches its own verdict (here 7, service unreachable)', async () => {
    const run = await withoutIoredis(['check', '--base-url', 'http://127.0.0.1:1'], {
      KEYWARD_API_KEY: generateKey('live'),
    })
    expect(expectOneLineError(run, 7)).toMatch(/^check could not reach the service/)
  })
})
