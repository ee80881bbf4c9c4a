/**
 * The faults-under-load scenario, shared by `faults-under-load.test.ts` (sized for CI) and
 * `bench/soak.ts` (longer): three reference apps (Fastify and Hono on ioredis, Express on
 * node-redis), each with its own client, on one private redis-server behind a TCP proxy, under
 * steady concurrent traffic — valid, revoked, unknown and rate-limited keys, and keys revoked
 * through the dashboard during the faults — while Redis is frozen, slowed, cut off, black-holed,
 * killed and restarted empty. Every request is recorded; the report says what went wrong, if
 * anything, and how long recovery took.
 */
import { inspect } from 'node:util'
import type { Redis } from 'ioredis'
import { createKeyward, type Keyward } from '../../src/index.js'
import { generateKey } from '../../src/core/key-format.js'
import { createRedisStores } from '../../src/stores/redis/index.js'
import { ioredisClient, nodeRedisClient, type RedisProcess, startRedisServer } from '../helpers/redis.js'
import { type TcpProxy, startTcpProxy } from '../helpers/tcp-proxy.js'
import { DASHBOARD_TOKEN, type Framework, JSON_TYPE, REQUEST_ID, type RunningApp, sleep, startApp } from './support.js'
import { SEED_SCOPES } from '../../server/env.js'

export interface ScenarioOptions {
  /** Length of each fault and steady phase. */
  phaseMs: number
  /** How many times the whole fault sequence runs. */
  cycles: number
  /** Concurrent request loops. */
  workers: number
  /** keyward's `storeTimeoutMs` and the Redis stores' `timeoutMs` (R5). */
  storeTimeoutMs: number
  /** What a request may take beyond the store timeout before it counts as a hang. */
  marginMs: number
  log?: (line: string) => void
}

type TrafficClass = 'valid' | 'limited' | 'revoked' | 'unknown' | 'revocable'

interface Sample {
  cls: TrafficClass
  key: string
  instance: number
  start: number
  end: number
  status: number
  /** The fault active when the request started, or null. */
  fault: string | null
  envelope: boolean
}

export interface Recovery {
  fault: string
  /** From the end of the fault to the first answer that is not a 5xx. */
  firstAnswerMs: number | null
  /** From the end of the fault to the first 200 for a key that exists. */
  first200Ms: number | null
}

export interface ScenarioReport {
  durationMs: number
  requests: number
  requestsUnderFault: number
  byStatus: Record<string, number>
  /** 2xx answers that must not exist, by reason. */
  leaked: { revoked: number; unknown: number; lostOnRestart: number; afterRevoke: number; overLimit: number }
  hangs: number
  maxLatencyMs: number
  /** Responses that were not a keyward envelope with a request id. */
  malformed: number
  /** 5xx answers while Redis was healthy (the final steady phase). */
  healthy5xx: number
  healthyRequests: number
  revocations: { fault: string; attempts: number; returnedAt: number }[]
  recoveries: Recovery[]
  /** The fresh test key after recovery: how many of 15 concurrent requests were admitted (L1: 10). */
  exactLimit: { admitted: number; limited: number; other: number }
  /** What onError was told and every process warning (rendered), to check that no key reaches logs. */
  errorTexts: string[]
  /** Every key the scenario used, to search logs for. */
  keys: string[]
  examples: string[]
}

interface Generation {
  valid: string
  limited: string
  limitedId: string
  revocable: { key: string; id: string; revokedAt: number | null }[]
  /** Requests with these keys that start after this moment must never be 2xx (Redis lost them). */
  lostAt: number
}

const FRAMEWORKS_BY_INSTANCE: Framework[] = ['fastify', 'express', 'hono']

export async function runFaultScenario(options: ScenarioOptions): Promise<ScenarioReport> {
  const log = options.log ?? (() => {})
  const { phaseMs, storeTimeoutMs } = options
  const redis: RedisProcess = await startRedisServer()
  const proxy: TcpProxy = await startTcpProxy({ port: redis.port })
  const errorTexts: string[] = []
  // The Redis usage log reports failed flushes as process warnings: a log channel like any other.
  const onWarning = (warning: Error) => errorTexts.push(inspect(warning, { depth: 5 }))
  process.on('warning', onWarning)
  const clients: { close(): Promise<unknown> }[] = []
  const keywards: Keyward[] = []
  const apps: RunningApp[] = []
  const prefix = 'kw-faults'

  try {
    for (let i = 0; i < FRAMEWORKS_BY_INSTANCE.length; i++) {
      let client: Parameters<typeof createRedisStores>[0]['client']
      if (i === 1) {
        const nodeRedis = await nodeRedisClient(proxy.url)
        client = nodeRedis
        clients.push({ close: () => nodeRedis.disconnect().catch(() => undefined) })
      } else {
        const io: Redis = await ioredisClient(proxy.url)
        client = io
        clients.push({ close: async () => io.disconnect() })
      }
      const keyward = createKeyward({
        defaultScopes: SEED_SCOPES,
        stores: createRedisStores({ client, prefix, timeoutMs: storeTimeoutMs }),
        storeTimeoutMs,
        // The guard counts every failure in Redis too (so it is under fault as well) but never blocks the load generator.
        failedAuthLimit: 1_000_000,
        onError: (error) => errorTexts.push(inspect(error, { depth: 5 })),
      })
      keywards.push(keyward)
      apps.push(
        await startApp(FRAMEWORKS_BY_INSTANCE[i]!, keyward, {
          onError: (error) => errorTexts.push(inspect(error, { depth: 5 })),
        }),
      )
    }
    const admin = keywards[0]!
    const allKeys: string[] = []

    async function createGeneration(): Promise<Generation> {
      const create = async (input: Parameters<Keyward['keys']['create']>[0]) => {
        for (let attempt = 0; ; attempt++) {
          try {
            const created = await admin.keys.create(input)
            allKeys.push(created.key)
            return created
          } catch (error) {
            if (attempt > 200) throw error
            await sleep(50)
          }
        }
      }
      const valid = await create({ name: 'valid', limits: { perMinute: 1_000_000 } })
      const limited = await create({ name: 'limited', sandbox: true })
      const revocable = []
      for (let i = 0; i < 6; i++) {
        const r = await create({ name: `revocable ${i}`, limits: { perMinute: 1_000_000 } })
        revocable.push({ key: r.key, id: r.record.id, revokedAt: null })
      }
      return {
        valid: valid.key,
        limited: limited.key,
        limitedId: limited.record.id,
        revocable,
        lostAt: Number.POSITIVE_INFINITY,
      }
    }

    const revoked = await admin.keys.create({ name: 'revoked before the run' })
    await admin.keys.revoke(revoked.record.id)
    const unknownKey = generateKey('live')
    allKeys.push(revoked.key, unknownKey)
    const generations: Generation[] = [await createGeneration()]
    const current = () => generations[generations.length - 1]!

    const samples: Sample[] = []
    let fault: string | null = null
    const faultWindows: { fault: string; start: number; end: number }[] = []
    const revocations: ScenarioReport['revocations'] = []
    const recoveries: Recovery[] = []
    let stopped = false
    let counter = 0
    const hangLimit = storeTimeoutMs + options.marginMs

    async function one(worker: number): Promise<void> {
      const n = counter++
      const classes: TrafficClass[] = ['valid', 'limited', 'revoked', 'unknown', 'revocable', 'valid', 'revocable']
      const cls = classes[(n + worker) % classes.length]!
      const generation = current()
      let key: string
      if (cls === 'valid') key = generation.valid
      else if (cls === 'limited') key = generation.limited
      else if (cls === 'revoked') key = revoked.key
      else if (cls === 'unknown') key = unknownKey
      else key = generation.revocable[n % generation.revocable.length]!.key
      const instance = n % apps.length
      const start = Date.now()
      const activeFault = fault
      let status = 0
      let envelope = false
      try {
        const response = await fetch(`${apps[instance]!.base}/api/v1/ip/lookup?ip=192.0.2.1`, {
          headers: { Authorization: `Bearer ${key}` },
          signal: AbortSignal.timeout(hangLimit * 3),
        })
        status = response.status
        const text = await response.text()
        const id = response.headers.get('x-request-id') ?? ''
        envelope =
          REQUEST_ID.test(id) &&
          response.headers.get('content-type') === JSON_TYPE &&
          typeof JSON.parse(text) === 'object'
      } catch {
        status = -1 // no answer within three times the hang limit
      }
      samples.push({ cls, key, instance, start, end: Date.now(), status, fault: activeFault, envelope })
    }

    async function worker(index: number): Promise<void> {
      while (!stopped) await one(index)
    }

    /** Revokes through the dashboard of instance 0 (E5), retrying until it answers 200. */
    async function revokeDuring(faultName: string, target: Generation['revocable'][number]): Promise<void> {
      let attempts = 0
      for (;;) {
        attempts++
        try {
          const response = await fetch(`${apps[0]!.base}/api/dashboard/api-keys/${target.id}/revoke`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${DASHBOARD_TOKEN}` },
            signal: AbortSignal.timeout(hangLimit * 3),
          })
          await response.text()
          if (response.status === 200) {
            target.revokedAt = Date.now()
            revocations.push({ fault: faultName, attempts, returnedAt: target.revokedAt })
            return
          }
        } catch {
          // timed out: try again
        }
        await sleep(50)
      }
    }

    async function withFault(name: string, body: () => Promise<void>, revokeIndex?: number): Promise<number> {
      fault = name
      const start = Date.now()
      const revoking =
        revokeIndex === undefined ? Promise.resolve() : revokeDuring(name, current().revocable[revokeIndex]!)
      await body()
      fault = null
      const end = Date.now()
      faultWindows.push({ fault: name, start, end })
      // A revocation that started during the fault finishes (after recovery at the latest).
      await revoking
      return end
    }

    function recoveryAfter(name: string, end: number): Recovery {
      const after = samples.filter((s) => s.start >= end)
      const answered = after.find((s) => s.status > 0 && s.status < 500)
      const ok = after.find((s) => s.status === 200)
      return { fault: name, firstAnswerMs: answered ? answered.end - end : null, first200Ms: ok ? ok.end - end : null }
    }

    const pending: { name: string; end: number }[] = []
    const startedAt = Date.now()
    const workers = Array.from({ length: options.workers }, (_, i) => worker(i))
    /** Windows in which Redis is up and every instance has answered a 200 since the last fault. */
    const healthy: { from: number; to: number }[] = []

    for (let cycle = 0; cycle < options.cycles; cycle++) {
      log(`cycle ${cycle + 1}/${options.cycles}: steady`)
      await sleep(phaseMs)

      log('freeze (SIGSTOP)')
      pending.push({
        name: 'frozen',
        end: await withFault(
          'frozen',
          async () => {
            redis.freeze()
            await sleep(phaseMs)
            redis.thaw()
          },
          0,
        ),
      })
      await sleep(phaseMs / 2)

      log('latency below the timeout')
      await withFault(
        'slow',
        async () => {
          proxy.setLatency(Math.floor(storeTimeoutMs / 5))
          await sleep(phaseMs)
          proxy.setLatency(0)
        },
        1,
      )

      log('latency above the timeout')
      pending.push({
        name: 'too slow',
        end: await withFault('too slow', async () => {
          proxy.setLatency(Math.floor(storeTimeoutMs * 1.5))
          await sleep(phaseMs / 2)
          proxy.setLatency(0)
        }),
      })
      await sleep(phaseMs / 2)

      log('connection resets, then refused connections')
      pending.push({
        name: 'dropped',
        end: await withFault(
          'dropped',
          async () => {
            const until = Date.now() + phaseMs
            while (Date.now() < until) {
              proxy.resetAll()
              await sleep(200)
            }
            proxy.refuse(true)
            proxy.resetAll()
            await sleep(phaseMs / 2)
            proxy.refuse(false)
          },
          2,
        ),
      })
      await sleep(phaseMs / 2)

      log('black hole, healed')
      pending.push({
        name: 'black hole (healed)',
        end: await withFault(
          'black hole (healed)',
          async () => {
            proxy.blackhole()
            await sleep(phaseMs / 2)
            proxy.restore('deliver')
          },
          3,
        ),
      })
      await sleep(phaseMs / 2)

      log('black hole, connections reset')
      pending.push({
        name: 'black hole (reset)',
        end: await withFault(
          'black hole (reset)',
          async () => {
            proxy.blackhole()
            await sleep(phaseMs / 2)
            proxy.restore('reset')
          },
          4,
        ),
      })
      await sleep(phaseMs / 2)

      log('kill and restart empty')
      const lost = current()
      const restartEnd = await withFault('killed', async () => {
        await redis.down()
        // Redis is gone with every key in it: from here on no request with them may be admitted.
        lost.lostAt = Date.now()
        await sleep(phaseMs / 2)
        await redis.up()
      })
      pending.push({ name: 'killed', end: restartEnd })
      // Redis came back empty: every key is gone. New ones are issued, as an operator would.
      generations.push(await createGeneration())
      log('steady after recovery')
      // Healthy from when every instance has answered a 200 again.
      const seen = new Set<number>()
      const deadline = Date.now() + 10_000
      while (seen.size < apps.length && Date.now() < deadline) {
        for (const s of samples) if (s.start >= restartEnd && s.status === 200) seen.add(s.instance)
        await sleep(20)
      }
      const from = Date.now()
      await sleep(phaseMs)
      healthy.push({ from, to: Date.now() })
    }

    stopped = true
    await Promise.all(workers)
    for (const { name, end } of pending) recoveries.push(recoveryAfter(name, end))

    // L1 after recovery: a fresh test key admits exactly 10 in its minute, across all instances.
    const fresh = await admin.keys.create({ name: 'fresh after recovery', sandbox: true })
    allKeys.push(fresh.key)
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        fetch(`${apps[i % apps.length]!.base}/api/v1/ip/lookup?ip=192.0.2.1`, {
          headers: { Authorization: `Bearer ${fresh.key}` },
        }).then(async (r) => {
          await r.text()
          return r.status
        }),
      ),
    )
    const exactLimit = {
      admitted: burst.filter((s) => s === 200).length,
      limited: burst.filter((s) => s === 429).length,
      other: burst.filter((s) => s !== 200 && s !== 429).length,
    }

    // Judge every sample.
    const examples: string[] = []
    const leaked = { revoked: 0, unknown: 0, lostOnRestart: 0, afterRevoke: 0, overLimit: 0 }
    const note = (what: string, s: Sample) => {
      if (examples.length < 20)
        examples.push(
          `${what}: ${s.cls} key on instance ${s.instance} at +${s.start - startedAt} ms → ${s.status} (fault ${s.fault})`,
        )
    }
    const byStatus: Record<string, number> = {}
    let hangs = 0
    let maxLatencyMs = 0
    let malformed = 0
    let healthy5xx = 0
    let healthyRequests = 0
    const limited2xx = new Map<string, Sample[]>()
    const revocableByKey = new Map(generations.flatMap((g) => g.revocable.map((r) => [r.key, r] as const)))
    const generationOf = new Map<string, Generation>()
    for (const g of generations)
      for (const k of [g.valid, g.limited, ...g.revocable.map((r) => r.key)]) generationOf.set(k, g)

    for (const s of samples) {
      byStatus[s.status] = (byStatus[s.status] ?? 0) + 1
      const latency = s.end - s.start
      maxLatencyMs = Math.max(maxLatencyMs, latency)
      if (latency > hangLimit || s.status === -1) {
        hangs++
        note(`hang (${latency} ms)`, s)
      }
      if (s.status !== -1 && !s.envelope) {
        malformed++
        note('not an envelope with a request id', s)
      }
      if (healthy.some((w) => s.start >= w.from && s.end <= w.to)) {
        healthyRequests++
        if (s.status >= 500) {
          healthy5xx++
          note('5xx while Redis is healthy', s)
        }
      }
      const ok = s.status >= 200 && s.status < 300
      if (!ok) continue
      if (s.cls === 'revoked') {
        leaked.revoked++
        note('2xx for a revoked key', s)
      } else if (s.cls === 'unknown') {
        leaked.unknown++
        note('2xx for an unknown key', s)
      } else if (s.start >= generationOf.get(s.key)!.lostAt) {
        leaked.lostOnRestart++
        note('2xx for a key Redis lost on restart', s)
      } else if (s.cls === 'revocable') {
        const target = revocableByKey.get(s.key)!
        if (target.revokedAt !== null && s.start > target.revokedAt) {
          leaked.afterRevoke++
          note('2xx after revoke() returned', s)
        }
      } else if (s.cls === 'limited') {
        const admitted = limited2xx.get(s.key) ?? []
        admitted.push(s)
        limited2xx.set(s.key, admitted)
      }
    }
    // L1/L2: at most 10 admitted in any 60 s for a test key. An 11th admission that surely happened
    // less than 59 s after the first of ten (its start vs. the first one's end) is a leak.
    for (const admitted of limited2xx.values()) {
      admitted.sort((a, b) => a.start - b.start)
      for (let i = 10; i < admitted.length; i++) {
        if (admitted[i]!.start - admitted[i - 10]!.end < 59_000) {
          leaked.overLimit++
          note('an 11th admission within a minute for a 10-per-minute test key', admitted[i]!)
        }
      }
    }

    const inFault = (s: Sample) => faultWindows.some((w) => s.start >= w.start && s.start <= w.end)
    return {
      durationMs: Date.now() - startedAt,
      requests: samples.length,
      requestsUnderFault: samples.filter(inFault).length,
      byStatus,
      leaked,
      hangs,
      maxLatencyMs,
      malformed,
      healthy5xx,
      healthyRequests,
      revocations,
      recoveries,
      exactLimit,
      errorTexts,
      keys: allKeys,
      examples,
    }
  } finally {
    process.off('warning', onWarning)
    redis.thaw()
    proxy.setLatency(0)
    proxy.refuse(false)
    for (const app of apps) await app.close().catch(() => undefined)
    for (const keyward of keywards) await keyward.close().catch(() => undefined)
    for (const client of clients) await client.close()
    await proxy.close()
    await redis.stop()
  }
}

/** The report as a few lines for people. */
export function summarize(report: ScenarioReport): string {
  const leakedTotal = Object.values(report.leaked).reduce((a, b) => a + b, 0)
  // Per fault: the first 200 after Redis returned, worst and median over the cycles.
  const byFault = new Map<string, Recovery[]>()
  for (const r of report.recoveries) byFault.set(r.fault, [...(byFault.get(r.fault) ?? []), r])
  const ms = (values: (number | null)[]) => {
    if (values.some((v) => v === null)) return 'never'
    const sorted = (values as number[]).slice().sort((a, b) => a - b)
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!
    return sorted.length === 1 ? `${median} ms` : `max ${sorted[sorted.length - 1]} ms, median ${median} ms`
  }
  const recovery = [...byFault]
    .map(
      ([fault, rs]) =>
        `${fault}: first answer ${ms(rs.map((r) => r.firstAnswerMs))}, first 200 ${ms(rs.map((r) => r.first200Ms))}`,
    )
    .join('; ')
  return [
    `faults under load: ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s, ${report.requestsUnderFault} under fault`,
    `statuses: ${Object.entries(report.byStatus)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
    `2xx leaked: ${leakedTotal} ${JSON.stringify(report.leaked)}; hangs: ${report.hangs} (max latency ${report.maxLatencyMs} ms); malformed: ${report.malformed}`,
    `healthy phase: ${report.healthyRequests} requests, ${report.healthy5xx} 5xx`,
    `revocations during faults: ${report.revocations.length} (attempts until one returned 200: max ${Math.max(0, ...report.revocations.map((r) => r.attempts))})`,
    `recovery after Redis returns: ${recovery}`,
    `fresh test key after recovery: ${report.exactLimit.admitted} admitted, ${report.exactLimit.limited} limited, ${report.exactLimit.other} other`,
    ...report.examples.map((e) => `  ! ${e}`),
  ].join('\n')
}
