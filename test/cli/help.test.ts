/**
 * `--help` on every command, `keyward help <command>`, `--version`, the documented exit statuses,
 * and the last line of defence: an unexpected error is exit 1 and one line, its stack only under
 * KEYWARD_DEBUG=1. In-process through `run()`, plus the executable itself as a subprocess.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-status.js'
import { run, type CliIO } from '../../src/cli/run.js'
import { runCli, stdoutJson } from './support/cli.js'

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

async function inProcess(
  argv: string[],
  env: CliIO['env'] = {},
): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const status = await run(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  })
  return { status, stdout, stderr }
}

const STORE = [
  '--redis-url',
  '--prefix',
  '--key-prefix',
  'KEYWARD_REDIS_PREFIX',
  'KEYWARD_KEY_PREFIX',
  'createRedisStores({ prefix })',
  'createKeyward()',
]
const COMMANDS: [string, string[]][] = [
  [
    'keys create',
    [
      '--name',
      '--owner <owner-id>',
      '--meta <json>',
      '--sandbox',
      '--expires-in',
      '--scopes',
      '--limit <name>=<n>/<window>',
      'billing=5000/month@15',
      '--per-minute',
      '--per-month',
      '--disable',
      '--allow-ip <address|cidr>',
      '--role <name>',
      'any well-formed name',
      ...STORE,
      '8   missing package',
    ],
  ],
  [
    'keys list',
    [
      '--owner <owner-id>',
      '--status <status>',
      'active, revoked or expired',
      '--type <type>',
      '--limit <n>',
      'ownerId and meta',
      ...STORE,
      '8   missing package',
    ],
  ],
  [
    'keys update',
    [
      '<id>',
      '--name',
      '--meta <json>',
      'null removes it',
      '--scopes <list>',
      'all (or *): every scope',
      '--limit <name>=<n>/<window>',
      '--default-limits',
      '--per-minute',
      '--per-month',
      'or default',
      '--disable',
      '--enable',
      '--allow-ip <address|cidr>',
      '--any-ip',
      '--role <name>',
      '--no-roles',
      "replaces the key's roles",
      'A revoked key cannot be updated (exit 2)',
      ...STORE,
      '3   not found',
      '8   missing package',
    ],
  ],
  [
    'keys revoke',
    [
      '<id>',
      'keyward keys revoke --owner <owner-id> --all',
      '--owner <owner-id>',
      '--all',
      '{ "ownerId", "revoked" }',
      ...STORE,
      '8   missing package',
    ],
  ],
  ['keys rotate', ['<id>', '--grace', '--expires-in', '--name', ...STORE, '8   missing package']],
  ['keys usage', ['[id]', '--limit', ...STORE, '8   missing package']],
  [
    'usage',
    ['--owner <owner-id>', '--key <key-id>', '--since <duration>', '--granularity', ...STORE, '8   missing package'],
  ],
  ['check', ['--base-url', '--require-live', '--timeout', '--key-prefix', 'KEYWARD_API_KEY']],
  ['scanning pattern', ['--key-prefix', '--count <n>', 'KEYWARD_KEY_PREFIX', 'false positives']],
]

describe('help', () => {
  it.each(COMMANDS)(
    'keyward %s --help, -h and keyward help %s print the same help with usage, options, --json and exit statuses',
    async (name, mentions) => {
      const words = name.split(' ')
      const long = await inProcess([...words, '--help'])
      expect(long.status).toBe(0)
      expect(long.stderr).toBe('')
      expect(long.stdout.startsWith(`keyward ${name}: `)).toBe(true)
      for (const section of [`Usage: keyward ${name}`, 'Options:', 'Exit status:', '--json', '-h, --help'])
        expect(long.stdout).toContain(section)
      for (const mention of mentions) expect(long.stdout).toContain(mention)
      expect(long.stdout).toMatch(/^ {2}0 {3}success/m)
      expect(long.stdout).toMatch(/^ {2}2 {3}usage/m)
      expect((await inProcess([...words, '-h'])).stdout).toBe(long.stdout)
      expect((await inProcess(['help', ...words])).stdout).toBe(long.stdout)
    },
  )

  it('--help wins over anything else on the line: no Redis, no key and no required option is needed', async () => {
    const result = await inProcess(['keys', 'create', '--bogus', '--help'], { REDIS_URL: 'redis://127.0.0.1:1' })
    expect(result.status).toBe(0)
    expect(result.stdout.startsWith('keyward keys create: ')).toBe(true)
  })

  it('keyward --help lists every command and documents every exit status with the value the code returns', async () => {
    const result = await inProcess(['--help'])
    expect(result.status).toBe(0)
    for (const [name] of COMMANDS) expect(result.stdout).toContain(`  ${name}`)
    const documented = [...result.stdout.matchAll(/^ {2}(\d) {3}(\S+)/gm)].map((m) => Number(m[1]))
    expect(documented).toEqual(Object.values(EXIT).sort((a, b) => a - b))
    expect(result.stdout).toMatch(/^ {2}3 {3}not found/m)
    expect(result.stdout).toMatch(/^ {2}4 {3}store unavailable/m)
    expect(result.stdout).toMatch(/^ {2}5 {3}check: key rejected/m)
    expect(result.stdout).toMatch(/^ {2}6 {3}check --require-live/m)
    expect(result.stdout).toMatch(/^ {2}7 {3}check: service unreachable/m)
    expect(result.stdout).toMatch(/^ {2}8 {3}missing package: the keys commands need ioredis \(npm install ioredis\)$/m)
    expect((await inProcess(['help'])).stdout).toBe(result.stdout)
  })

  it('keyward --help says which app setting each prefix flag mirrors, and that a new key guesses none', async () => {
    const { stdout } = await inProcess(['--help'])
    expect(stdout).toMatch(/--key-prefix +the keyPrefix it gives createKeyward\(\)/)
    expect(stdout).toMatch(/--prefix +the prefix it gives createRedisStores\(\) \(default keyward\)/)
    expect(stdout).toMatch(/guess none of them for a new key/)
  })

  it('no help text cites a document id (A6)', async () => {
    const texts = [(await inProcess(['--help'])).stdout, (await inProcess(['keys', '--help'])).stdout]
    for (const [name] of COMMANDS) texts.push((await inProcess([...name.split(' '), '--help'])).stdout)
    for (const text of texts) expect(text).not.toMatch(/CONTRACT|SEED|\b[KHRLEPAOSUT][0-9]+[a-z]?\b|§/)
  })

  it('keyward keys --help and keyward help keys list the keys commands', async () => {
    const result = await inProcess(['keys', '--help'])
    expect(result.status).toBe(0)
    for (const command of ['create', 'list', 'update <id>', 'revoke <id>', 'rotate <id>', 'usage [id]'])
      expect(result.stdout).toContain(`  ${command}`)
    expect((await inProcess(['help', 'keys'])).stdout).toBe(result.stdout)
  })
})

describe('the executable', () => {
  it('keyward --version prints the package version; with --json, { version }', async () => {
    const plain = await runCli(['--version'])
    expect(plain.status, plain.describe()).toBe(0)
    expect(plain.stdout).toBe(`${packageVersion}\n`)
    const json = await runCli(['--version', '--json'])
    expect(stdoutJson(json)).toEqual({ version: packageVersion })
  })

  it('keyward --help exits 0 with the help on stdout', async () => {
    const result = await runCli(['--help'])
    expect(result.status, result.describe()).toBe(0)
    expect(result.stdout).toMatch(/^keyward \d+\.\d+\.\d+: /)
    expect(result.stderr).toBe('')
  })
})

describe('unexpected errors', () => {
  const throwingIo = (env: CliIO['env']) => {
    let stderr = ''
    const io: CliIO = {
      stdout: {
        write: () => {
          throw new Error('stdout is gone')
        },
      },
      stderr: { write: (text: string) => (stderr += text) },
      env,
    }
    return { io, stderr: () => stderr }
  }

  it('are exit 1 and one line without a stack trace', async () => {
    const { io, stderr } = throwingIo({})
    expect(await run(['--help'], io)).toBe(1)
    expect(stderr()).toBe('keyward: internal error: Error: stdout is gone (set KEYWARD_DEBUG=1 for the stack trace)\n')
  })

  it('print their stack trace under KEYWARD_DEBUG=1', async () => {
    const { io, stderr } = throwingIo({ KEYWARD_DEBUG: '1' })
    expect(await run(['--help'], io)).toBe(1)
    const [first, ...rest] = stderr().split('\n')
    expect(first).toBe('keyward: internal error: Error: stdout is gone')
    expect(rest.join('\n')).toMatch(/^Error: stdout is gone\n\s+at /)
  })
})
