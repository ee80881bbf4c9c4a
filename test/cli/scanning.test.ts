/**
 * W3: `keyward scanning pattern` prints what a secret scanner needs to enrol the service's keys:
 * a regular expression that finds every key of the prefix (and no other prefix's), and sample
 * tokens that match it and pass the checksum (K1, K2) but are stored nowhere.
 */
import { describe, expect, it } from 'vitest'
import { run } from '../../src/cli/run.js'
import { isWellFormedKey } from '../../src/core/key-format.js'
import { generateKey } from '../../src/core/key-format.js'

async function cli(argv: string[], env: Record<string, string> = {}) {
  let stdout = ''
  let stderr = ''
  const status = await run(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  })
  return { status, stdout, stderr }
}

interface Printed {
  secretType: string
  pattern: string
  checksum: string
  samples: { live: string[]; test: string[] }
}

describe('W3: keyward scanning pattern', () => {
  it('prints a pattern that finds every sample, each a well-formed key of the prefix (K1, K2)', async () => {
    const { status, stdout, stderr } = await cli(['scanning', 'pattern', '--json'])
    expect(status, stderr).toBe(0)
    const printed = JSON.parse(stdout) as Printed
    expect(printed.secretType).toBe('svc_api_key')
    expect(printed.samples.live).toHaveLength(3)
    expect(printed.samples.test).toHaveLength(3)
    const pattern = new RegExp(printed.pattern, 'g')
    for (const sample of [...printed.samples.live, ...printed.samples.test]) {
      expect(isWellFormedKey(sample)).toBe(true)
      expect(`config: API_KEY=${sample}\n`.match(pattern)).toEqual([sample])
    }
    expect(printed.samples.live.every((sample) => sample.startsWith('svc_live_'))).toBe(true)
    expect(printed.samples.test.every((sample) => sample.startsWith('svc_test_'))).toBe(true)
    expect(printed.checksum).toMatch(/CRC-32/)
  })

  it('the pattern finds no key of another prefix, nor one cut short or run on', async () => {
    const { stdout } = await cli(['scanning', 'pattern', '--json', '--key-prefix', 'acme'])
    const pattern = new RegExp((JSON.parse(stdout) as Printed).pattern)
    const key = generateKey('live', 'acme')
    expect(pattern.test(key)).toBe(true)
    expect(pattern.test(generateKey('live', 'svc'))).toBe(false)
    expect(pattern.test(key.slice(0, -1))).toBe(false)
    expect(pattern.test(`${key}x`)).toBe(false)
  })

  it('as text: the type, the expression and the samples, one a line; KEYWARD_KEY_PREFIX and --count apply', async () => {
    const { status, stdout } = await cli(['scanning', 'pattern', '--count', '2'], { KEYWARD_KEY_PREFIX: 'acme' })
    expect(status).toBe(0)
    expect(stdout).toContain('Secret type:        acme_api_key\n')
    expect(stdout).toContain('Regular expression: \\bacme_(?:live|test)_[0-9A-Za-z]{38}\\b\n')
    const samples = stdout.split('\n').filter((line) => /^ {2}acme_(live|test)_/.test(line))
    expect(samples).toHaveLength(4)
    for (const sample of samples) expect(isWellFormedKey(sample.trim(), 'acme')).toBe(true)
  })

  it('a bad --key-prefix or --count, or no subcommand, is a usage error (exit 2) naming it', async () => {
    const badPrefix = await cli(['scanning', 'pattern', '--key-prefix', 'Acme'])
    expect(badPrefix.status).toBe(2)
    expect(badPrefix.stderr).toMatch(/--key-prefix/)
    const badCount = await cli(['scanning', 'pattern', '--count', '0'])
    expect(badCount.status).toBe(2)
    expect(badCount.stderr).toMatch(/--count/)
    const none = await cli(['scanning'])
    expect(none.status).toBe(2)
    expect(none.stderr).toMatch(/scanning needs a command: pattern/)
  })
})
