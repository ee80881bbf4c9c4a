/**
 * `keyward usage` as a subprocess against a real Redis (N2): the counts a service instance made,
 * as a table and as --json, for one owner and one key; bad options refused before the store.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { sharedRedisUrl } from '../helpers/redis.js'
import { expectOneLineError, runCli, stdoutJson, type CliRun } from './support/cli.js'
import { deletePrefix, instanceOn, uniquePrefix } from './support/store.js'

const url = sharedRedisUrl(inject('keywardRedis'))
const prefix = uniquePrefix('cli-usage')

function keyward(args: string[]): Promise<CliRun> {
  return runCli([...args, '--prefix', prefix], { REDIS_URL: url!, KEYWARD_KEY_PREFIX: 'svc' })
}

afterAll(async () => {
  if (url) await deletePrefix(url, prefix)
})

interface UsageJson {
  subject: Record<string, string>
  granularity: string
  points: { time: string; outcome: string; requests: number; units: number }[]
  totals: Record<string, { requests: number; units: number }>
}

describe.skipIf(url === null)('keyward usage on a real Redis', { timeout: 60_000 }, () => {
  it('N2: prints the outcomes an instance counted for an owner and for a key, as a table and as --json', async () => {
    const owner = `org_${randomBytes(4).toString('hex')}`
    const app = await instanceOn(url!, prefix, { failedAuthLimit: 0 })
    const a = await app.keyward.keys.create({ name: 'a', ownerId: owner, limits: { perMinute: 2 } })
    const b = await app.keyward.keys.create({ name: 'b', ownerId: owner })
    for (let i = 0; i < 3; i++) await app.keyward.authenticate({ authorization: `Bearer ${a.key}` })
    await app.keyward.authenticate({ authorization: `Bearer ${b.key}` }, { cost: 7 })
    await app.close()

    const run = await keyward(['usage', '--owner', owner, '--since', '7d', '--json'])
    expect(run.status, run.describe()).toBe(0)
    const result = stdoutJson<UsageJson>(run)
    expect(result.subject).toEqual({ ownerId: owner })
    expect(result.granularity).toBe('day')
    expect(result.totals).toEqual({ ok: { requests: 3, units: 9 }, rate_limited: { requests: 1, units: 0 } })

    const text = await keyward(['usage', '--owner', owner, '--since', '7d'])
    expect(text.status, text.describe()).toBe(0)
    expect(text.stdout).toContain(`Usage of owner ${owner} over the last 1 week, by day:`)
    expect(text.stdout).toMatch(/^ok\s+3\s+9$/m)
    expect(text.stdout).toMatch(/^rate_limited\s+1\s+0$/m)

    const key = stdoutJson<UsageJson>(await keyward(['usage', '--key', a.record.id, '--since', '1h', '--json']))
    expect(key.granularity).toBe('minute')
    expect(key.totals).toEqual({ ok: { requests: 2, units: 2 }, rate_limited: { requests: 1, units: 0 } })
  })

  it('N2: a bad --since or --granularity, or too many buckets, is refused naming the option', async () => {
    expect(expectOneLineError(await keyward(['usage', '--since', '7 days']), 2)).toMatch(/^option --since: /)
    expect(expectOneLineError(await keyward(['usage', '--granularity', 'week']), 2)).toMatch(
      /^option --granularity must be/,
    )
    expect(expectOneLineError(await keyward(['usage', '--since', '4w', '--granularity', 'minute']), 2)).toMatch(
      /^option --granularity: .*at most 1500/,
    )
  })
})
