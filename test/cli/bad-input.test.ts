/**
 * Every class of bad input to `keyward`, run as a subprocess: exit status 2, exactly one line on
 * stderr (`keyward: <message>`), no stack trace, nothing on stdout. The Redis URL points at a port
 * where nothing listens, so each case also shows that input is checked before Redis is contacted
 * (otherwise the exit status would be 4).
 */
import { describe, expect, inject, it } from 'vitest'
import { generateKey } from '../../src/core/key-format.js'
import { sharedRedisUrl } from '../helpers/redis.js'
import { expectOneLineError, runCli, stdoutJson } from './support/cli.js'
import { deletePrefix, uniquePrefix } from './support/store.js'

const NOWHERE = ['--redis-url', 'redis://127.0.0.1:1']
const liveKey = generateKey('live')

interface Case {
  name: string
  args: string[]
  env?: Record<string, string>
  message: RegExp
}

const cases: Case[] = [
  // commands
  { name: 'no command at all', args: [], message: /^missing command: keys or check/ },
  {
    name: 'an unknown command',
    args: ['frobnicate'],
    message: /^unknown command "frobnicate": the commands are keys, audit, usage, check and scanning/,
  },
  {
    name: 'keys without a subcommand',
    args: ['keys'],
    message: /^keys needs a command: create, list, update, revoke, rotate or usage/,
  },
  { name: 'an unknown keys subcommand', args: ['keys', 'delete', 'key_x'], message: /^unknown command keys "delete"/ },
  {
    name: 'an unknown option before the command',
    args: ['--frobnicate'],
    message: /^unknown option "--frobnicate" before the command/,
  },
  { name: 'help for an unknown command', args: ['help', 'keys', 'delete'], message: /^unknown command keys "delete"/ },
  // options
  {
    name: 'an unknown option',
    args: ['keys', 'list', '--frobnicate', ...NOWHERE],
    message: /^unknown option "--frobnicate" for keyward keys list \(see keyward keys list --help\)$/,
  },
  {
    name: 'an unknown short option',
    args: ['keys', 'list', '-x', ...NOWHERE],
    message: /^unknown option "-x" for keyward keys list/,
  },
  { name: 'an option without its value', args: ['keys', 'create', '--name'], message: /^option --name needs a value/ },
  {
    name: 'a value for a flag that takes none',
    args: ['keys', 'create', '--name', 'x', '--sandbox=yes', ...NOWHERE],
    message: /^option --sandbox takes no value/,
  },
  {
    name: 'an option given twice',
    args: ['keys', 'create', '--name', 'a', '--name', 'b', ...NOWHERE],
    message: /^option --name is given more than once/,
  },
  {
    name: 'an unexpected argument',
    args: ['keys', 'list', 'extra', ...NOWHERE],
    message: /^unexpected argument "extra" for keyward keys list/,
  },
  // create's fields (E5 field rules)
  { name: 'create without --name', args: ['keys', 'create', ...NOWHERE], message: /^keys create needs --name <name>/ },
  {
    name: 'a blank --name',
    args: ['keys', 'create', '--name', '   ', ...NOWHERE],
    message: /^option --name needs a non-empty value$/,
  },
  {
    name: 'a --name over 100 characters',
    args: ['keys', 'create', '--name', 'n'.repeat(101), ...NOWHERE],
    message: /^--name: must be 1 to 100 characters after trimming$/,
  },
  {
    name: 'a scope with capitals',
    args: ['keys', 'create', '--name', 'x', '--scopes', 'IP', ...NOWHERE],
    message: /^--scopes: each scope must be a lowercase letter then up to 63 of a-z/,
  },
  {
    name: 'a scope listed twice',
    args: ['keys', 'create', '--name', 'x', '--scopes', 'ip,ip', ...NOWHERE],
    message: /^--scopes: "ip" is listed twice$/,
  },
  {
    name: 'an empty entry in --scopes',
    args: ['keys', 'create', '--name', 'x', '--scopes', 'ip,,email', ...NOWHERE],
    message: /^option --scopes: a comma-separated list/,
  },
  // owners and meta (O1, O2): checked as the key manager checks them, before Redis
  {
    name: 'an --owner with a space (O1)',
    args: ['keys', 'create', '--name', 'x', '--owner', 'acct 42', ...NOWHERE],
    message: /^--owner: must be 1 to 128 characters of letters, digits and \. _ : @ -$/,
  },
  {
    name: 'an --owner over 128 characters (O1)',
    args: ['keys', 'create', '--name', 'x', '--owner', 'o'.repeat(129), ...NOWHERE],
    message: /^--owner: must be 1 to 128 characters/,
  },
  {
    name: '--meta that is not JSON (O2)',
    args: ['keys', 'create', '--name', 'x', '--meta', '{plan:pro}', ...NOWHERE],
    message:
      /^option --meta is not valid JSON: give a JSON object, quoted for the shell, e\.g\. --meta '\{"plan":"pro"\}', or null$/,
  },
  {
    name: '--meta that is an array (O2)',
    args: ['keys', 'create', '--name', 'x', '--meta', '[1,2]', ...NOWHERE],
    message: /^option --meta must be a JSON object, not an array/,
  },
  {
    name: '--meta that is a string (O2)',
    args: ['keys', 'create', '--name', 'x', '--meta', '"pro"', ...NOWHERE],
    message: /^option --meta must be a JSON object, not a string/,
  },
  {
    name: '--meta with a top-level __proto__ (O2)',
    args: ['keys', 'create', '--name', 'x', '--meta', '{"__proto__":{"admin":true}}', ...NOWHERE],
    message: /^--meta: must not have a top-level "__proto__" field$/,
  },
  {
    name: '--meta over 4 KiB (O2)',
    args: ['keys', 'create', '--name', 'x', '--meta', JSON.stringify({ notes: 'n'.repeat(4100) }), ...NOWHERE],
    message: /^--meta: must be at most 4096 bytes as JSON$/,
  },
  // list filters (O4)
  {
    name: 'a --status that is not a status (O4)',
    args: ['keys', 'list', '--status', 'enabled', ...NOWHERE],
    message: /^option --status must be active, revoked or expired \(got "enabled"\)$/,
  },
  {
    name: 'a --type that is not a key type (O4)',
    args: ['keys', 'list', '--type', 'sandbox', ...NOWHERE],
    message: /^option --type must be live or test \(got "sandbox"\)$/,
  },
  {
    name: 'a --limit of 0 for list (O4)',
    args: ['keys', 'list', '--limit', '0', ...NOWHERE],
    message: /^option --limit must be a positive whole number \(got "0"\)$/,
  },
  {
    name: 'a bad --owner for list (O4)',
    args: ['keys', 'list', '--owner', 'a/b', ...NOWHERE],
    message: /^--owner: must be 1 to 128 characters/,
  },
  // update (O5)
  {
    name: 'update without an id',
    args: ['keys', 'update', '--name', 'x', ...NOWHERE],
    message: /^keys update needs a key id/,
  },
  {
    name: 'update with nothing to change (O5)',
    args: ['keys', 'update', 'key_000000000000000000000000', ...NOWHERE],
    message:
      /^keys update needs something to change: --name, --meta, --scopes, --limit, --default-limits, --per-minute, --per-month, --disable, --enable, --allow-ip, --any-ip, --role, --no-roles, --credits, --refill, --add-credits, --no-credits, --expires-in or --no-expiry \(/,
  },
  {
    name: 'update with a --name over 100 characters (O5)',
    args: ['keys', 'update', 'key_000000000000000000000000', '--name', 'n'.repeat(101), ...NOWHERE],
    message: /^--name: must be 1 to 100 characters after trimming$/,
  },
  {
    name: 'update with --meta that is not JSON (O5)',
    args: ['keys', 'update', 'key_000000000000000000000000', '--meta', "{'a':1}", ...NOWHERE],
    message: /^option --meta is not valid JSON/,
  },
  {
    name: 'update with a bad scope (O5)',
    args: ['keys', 'update', 'key_000000000000000000000000', '--scopes', 'IP', ...NOWHERE],
    message: /^--scopes: each scope must be a lowercase letter then up to 63 of a-z/,
  },
  {
    name: 'update with --per-minute 0 (O5)',
    args: ['keys', 'update', 'key_000000000000000000000000', '--per-minute', '0', ...NOWHERE],
    message: /^option --per-minute must be a positive whole number \(got "0"\)$/,
  },
  {
    name: 'update with --per-month defaults (O5)',
    args: ['keys', 'update', 'key_000000000000000000000000', '--per-month', 'defaults', ...NOWHERE],
    message: /^option --per-month must be a positive whole number \(got "defaults"\)$/,
  },
  // revoke-all (O6)
  {
    name: 'revoke --all without --owner (O6)',
    args: ['keys', 'revoke', '--all', ...NOWHERE],
    message: /^--all needs --owner <owner-id>: it revokes every key of one owner, never every key in the store$/,
  },
  {
    name: 'revoke --owner without --all (O6)',
    args: ['keys', 'revoke', '--owner', 'acct_42', ...NOWHERE],
    message: /^--owner needs --all: keys revoke --owner <owner-id> --all revokes every key of the owner/,
  },
  {
    name: 'revoke with an id and --owner --all (O6)',
    args: ['keys', 'revoke', 'key_000000000000000000000000', '--owner', 'acct_42', '--all', ...NOWHERE],
    message: /^keys revoke takes either a key id or --owner <owner-id> --all, not both$/,
  },
  {
    name: 'revoke --all with a bad --owner (O6)',
    args: ['keys', 'revoke', '--owner', 'acct 42', '--all', ...NOWHERE],
    message: /^--owner: must be 1 to 128 characters/,
  },
  // durations
  ...['1.5h', '0d', '10y', '1h30m', '1H', 'h', '-1h', '5218w1', '99999w'].map(
    (duration): Case => ({
      name: `the bad duration ${JSON.stringify(duration)}`,
      args: ['keys', 'create', '--name', 'x', `--expires-in=${duration}`, ...NOWHERE],
      message:
        /^option --expires-in: bad duration ".*": a duration (is a positive whole number and one unit: s, m, h, d or w|must be greater than zero|may be at most 100 years)/,
    }),
  ),
  {
    name: 'a bad --grace',
    args: ['keys', 'rotate', 'key_000000000000000000000000', '--grace', '1 hour', ...NOWHERE],
    message: /^option --grace: bad duration "1 hour"/,
  },
  {
    name: 'a negative --grace',
    args: ['keys', 'rotate', 'key_000000000000000000000000', '--grace', '-1h', ...NOWHERE],
    message: /^option --grace must not be negative \(got "-1h"\)$/,
  },
  // numbers
  ...['0', '1e3', '1.5', 'abc', '+5', '99999999999999999'].map(
    (value): Case => ({
      name: `the bad number ${JSON.stringify(value)} for --per-minute`,
      args: ['keys', 'create', '--name', 'x', `--per-minute=${value}`, ...NOWHERE],
      message: /^option --per-minute must be a positive whole number \(got ".*"\)$/,
    }),
  ),
  {
    name: 'a negative --per-month',
    args: ['keys', 'create', '--name', 'x', '--per-month', '-5', ...NOWHERE],
    message: /^option --per-month must not be negative \(got "-5"\)$/,
  },
  {
    name: '--limit over 1000',
    args: ['keys', 'usage', '--limit', '1001', ...NOWHERE],
    message: /^option --limit must be a whole number from 1 to 1000 \(got "1001"\)$/,
  },
  // ids
  { name: 'revoke without an id', args: ['keys', 'revoke', ...NOWHERE], message: /^keys revoke needs a key id/ },
  { name: 'rotate without an id', args: ['keys', 'rotate', ...NOWHERE], message: /^keys rotate needs a key id/ },
  {
    name: 'an id that cannot exist',
    args: ['keys', 'revoke', 'key {x}', ...NOWHERE],
    message: /^"key \{x\}" is not a key id/,
  },
  // store settings
  {
    name: 'a Redis URL that is not redis://',
    args: ['keys', 'list', '--redis-url', 'http://127.0.0.1:6379'],
    message: /^the Redis URL \(--redis-url or REDIS_URL\) must be a redis:\/\/ or rediss:\/\/ URL/,
  },
  {
    name: 'a REDIS_URL that is not a URL',
    args: ['keys', 'list'],
    env: { REDIS_URL: 'localhost:6379' },
    message: /^the Redis URL \(--redis-url or REDIS_URL\) must be/,
  },
  {
    name: 'a --prefix with braces',
    args: ['keys', 'list', '--prefix', 'a{b}', ...NOWHERE],
    message: /^--prefix \(or KEYWARD_REDIS_PREFIX\) must be 1-64 characters without whitespace or braces/,
  },
  {
    name: 'a bad --key-prefix',
    args: ['keys', 'list', '--key-prefix', 'Acme', ...NOWHERE],
    message: /^the key prefix \(--key-prefix or KEYWARD_KEY_PREFIX\) must be 1-32 lowercase letters/,
  },
  {
    name: 'a bad KEYWARD_KEY_PREFIX',
    args: ['keys', 'list', ...NOWHERE],
    env: { KEYWARD_KEY_PREFIX: 'a_b' },
    message: /^the key prefix/,
  },
  {
    name: 'an empty KEYWARD_PEPPER',
    args: ['keys', 'create', '--name', 'x', ...NOWHERE],
    env: { KEYWARD_PEPPER: '' },
    message: /^KEYWARD_PEPPER is set but empty/,
  },
  // check
  {
    name: 'check without KEYWARD_API_KEY',
    args: ['check', '--base-url', 'http://127.0.0.1:1'],
    message: /^KEYWARD_API_KEY is not set: check reads the key to check from it \(never from an argument\)$/,
  },
  {
    name: 'check with an empty KEYWARD_API_KEY',
    args: ['check', '--base-url', 'http://127.0.0.1:1'],
    env: { KEYWARD_API_KEY: '' },
    message: /^KEYWARD_API_KEY is not set/,
  },
  {
    name: 'check without --base-url',
    args: ['check'],
    env: { KEYWARD_API_KEY: liveKey },
    message: /^check needs --base-url <url>/,
  },
  {
    name: 'check with a --base-url that is not http(s)',
    args: ['check', '--base-url', 'ftp://example.com'],
    env: { KEYWARD_API_KEY: liveKey },
    message: /^--base-url must be an absolute http\(s\) URL/,
  },
  {
    name: 'check with /api/v1 in --base-url',
    args: ['check', '--base-url', 'http://127.0.0.1:1/api/v1'],
    env: { KEYWARD_API_KEY: liveKey },
    message: /^--base-url is the service root; leave out "\/api\/v1"/,
  },
  {
    name: 'check with a bad --timeout',
    args: ['check', '--base-url', 'http://127.0.0.1:1', '--timeout', '500ms'],
    env: { KEYWARD_API_KEY: liveKey },
    message: /^option --timeout: bad duration "500ms"/,
  },
  {
    name: 'check with a non-key argument',
    args: ['check', '--base-url', 'http://127.0.0.1:1', 'hello'],
    env: { KEYWARD_API_KEY: liveKey },
    message: /^check reads the key only from the KEYWARD_API_KEY environment variable, never from an argument/,
  },
]

describe.concurrent('bad input (E5 field rules, durations, numbers, options): exit 2, one line on stderr, no stack trace, nothing on stdout', {
  timeout: 60_000,
}, () => {
  it.each(cases)('$name', async ({ args, env, message }) => {
    const run = await runCli(args, env)
    expect(expectOneLineError(run, 2)).toMatch(message)
    expect(run.stdout).toBe('')
  })
})

// The key prefix can come from the store (an app records its own when it starts), so these are
// decided once the CLI has read a fresh store where no app has recorded one.
describe('keys create and rotate with no key prefix named or recorded: exit 2, nothing written (K1)', {
  timeout: 60_000,
}, () => {
  const url = sharedRedisUrl(inject('keywardRedis'))!
  const withoutPrefix: Case[] = [
    {
      name: 'create without a key prefix (K1)',
      args: ['keys', 'create', '--name', 'x'],
      message:
        /^keys create makes a key that only a service with the same key prefix accepts.*pass --key-prefix with the keyPrefix your app gives createKeyward\(\)/,
    },
    {
      name: 'rotate without a key prefix (K1)',
      args: ['keys', 'rotate', 'key_000000000000000000000000'],
      message: /^keys rotate makes a key that only a service with the same key prefix accepts/,
    },
    {
      name: 'an empty KEYWARD_KEY_PREFIX does not name one (K1)',
      args: ['keys', 'create', '--name', 'x'],
      env: { KEYWARD_KEY_PREFIX: '' },
      message: /^keys create makes a key/,
    },
  ]
  it.each(withoutPrefix)('$name', async ({ args, env, message }) => {
    const prefix = uniquePrefix('cli-no-key-prefix')
    try {
      const run = await runCli([...args, '--redis-url', url, '--prefix', prefix], env)
      expect(expectOneLineError(run, 2)).toMatch(message)
      expect(run.stdout).toBe('')
      const list = await runCli([
        'keys',
        'list',
        '--json',
        '--redis-url',
        url,
        '--prefix',
        prefix,
        '--key-prefix',
        'svc',
      ])
      expect(stdoutJson(list), list.describe()).toEqual({ keys: [] })
    } finally {
      await deletePrefix(url, prefix)
    }
  })
})

describe.concurrent('a key on the command line is refused without being echoed, exit 2 (K3, K4)', {
  timeout: 60_000,
}, () => {
  const key = generateKey('live')
  const refusals: [string, string[], RegExp][] = [
    [
      'as the key argument of check',
      ['check', key, '--base-url', 'http://127.0.0.1:1'],
      /^check reads the key only from the KEYWARD_API_KEY environment variable, never from an argument: shell history and process lists keep arguments/,
    ],
    [
      'as --api-key=<key> of check',
      ['check', `--api-key=${key}`, '--base-url', 'http://127.0.0.1:1'],
      /^check reads the key only from the KEYWARD_API_KEY environment variable/,
    ],
    [
      'as --api-key <not a key> of check',
      ['check', '--api-key', 'my-secret', '--base-url', 'http://127.0.0.1:1'],
      /^check reads the key only from the KEYWARD_API_KEY environment variable/,
    ],
    [
      'as --token of check',
      ['check', '--token=abc', '--base-url', 'http://127.0.0.1:1'],
      /^check reads the key only from the KEYWARD_API_KEY/,
    ],
    [
      'in place of a key id',
      ['keys', 'revoke', key, ...NOWHERE],
      /^an argument looks like an API key: keyward never takes keys as arguments.*Keys are named by their id \(key_…\)/,
    ],
    [
      'inside another value',
      ['keys', 'create', `--name=deploy ${key}`, ...NOWHERE],
      /^an argument looks like an API key/,
    ],
    [
      'with another brand prefix',
      ['keys', 'revoke', generateKey('test', 'acme'), ...NOWHERE],
      /^an argument looks like an API key/,
    ],
  ]
  it.each(refusals)('%s', async (_name, args, message) => {
    const run = await runCli(args, { KEYWARD_API_KEY: generateKey('live') })
    const text = expectOneLineError(run, 2)
    expect(text).toMatch(message)
    expect(text).toMatch(/treat it as exposed and rotate it/)
    expect(run.stderr + run.stdout).not.toContain(key.slice(9, 30))
  })

  it('a key name that merely contains _live_ is not mistaken for a key', async () => {
    const run = await runCli(['keys', 'create', '--name', 'ci_live_deploy', '--key-prefix', 'svc', ...NOWHERE])
    expectOneLineError(run, 4)
  })
})

describe.concurrent('--json on a usage error', () => {
  it('adds { error: { code: "usage", message, exitStatus: 2 } } on stdout besides the stderr line', async () => {
    const run = await runCli(['keys', 'create', '--json', '--expires-in', '3 days', ...NOWHERE])
    const message = expectOneLineError(run, 2)
    expect(stdoutJson(run)).toEqual({ error: { code: 'usage', message, exitStatus: 2 } })
  })
})
