/**
 * `npm run bench:redis-instructions`: the instructions Redis executes per authorized request,
 * counted by callgrind on a private redis-server. Unlike time, the count hardly moves with the
 * machine's load, so two builds of the scripts can be compared on a shared machine: a change of
 * a percent shows.
 *
 * Each case sends batches of concurrent requests (`keyward.authenticate()` on the Redis store,
 * coalesced as in production) over K keys in turn, a live key with a per-minute limit and a
 * monthly quota that no run reaches, on a route that requires a scope. Only the measured batches
 * are counted: instrumentation is switched on after a warm-up and off before the count is read.
 *
 * A `metered:K:B` case prices each key as `npm run bench`'s metered servers do: three named limits
 * of its own (10 s, minute, month), credits, and its owner's per-minute and monthly windows.
 *
 * A `usage:K` case counts what Redis executes per usage entry instead: flushes of 140 entries (a
 * flush interval's worth under load) over K keys in turn, written by the Redis usage log.
 *
 * `npx tsx bench/redis-instructions.ts [keys:batch | metered:keys:batch | usage:keys ...]` (default
 * `1:12 12:12 usage:1 usage:12`). Needs `valgrind` (Debian package) and `redis-server` on PATH.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createKeyward } from '../src/keyward.js'
import { createRedisStores, createRedisUsageLog } from '../src/stores/redis/index.js'
import { connectWhenUp, onPath } from './redis-server.js'

export interface UsageInstructionCount {
  keys: number
  perFlush: number
  entries: number
  instructionsPerEntry: number
}

export interface InstructionCount {
  keys: number
  metered: boolean
  batch: number
  requests: number
  instructionsPerRequest: number
}

/** Runs `step` `times` times, one after the other. */
async function repeat(times: number, step: () => Promise<void>): Promise<void> {
  for (let i = 0; i < times; i++) await step()
}

/**
 * Runs `work` against a private redis-server under callgrind, counting only what Redis executes
 * between `measure()`'s start and end; returns that count.
 */
async function underCallgrind(
  work: (
    client: Awaited<ReturnType<typeof connectWhenUp>>,
    measure: (run: () => Promise<void>) => Promise<void>,
  ) => Promise<void>,
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'keyward-callgrind-'))
  const port = 20000 + Math.floor(Math.random() * 10000)
  const server = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${dir}/callgrind.%p`,
      'redis-server',
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    { stdio: 'ignore' },
  )
  const pid = String(server.pid)
  try {
    const client = await connectWhenUp(port, 'redis-server under callgrind', 150, 200)
    try {
      await work(client, async (run) => {
        execFileSync('callgrind_control', ['--instr=on', pid], { stdio: 'ignore' })
        await run()
        execFileSync('callgrind_control', ['--instr=off', pid], { stdio: 'ignore' })
        execFileSync('callgrind_control', ['--dump', pid], { stdio: 'ignore' })
      })
    } finally {
      client.disconnect()
    }
    let total = 0
    for (const file of readdirSync(dir).filter((name) => name.startsWith('callgrind.'))) {
      const match = /^totals: (\d+)/m.exec(readFileSync(join(dir, file), 'utf8'))
      if (match) total = Math.max(total, Number(match[1]))
    }
    if (total === 0) throw new Error('callgrind wrote no count')
    return total
  } finally {
    server.kill('SIGKILL')
    if (process.env.KEEP_CALLGRIND) console.log(`kept ${dir}`)
    else rmSync(dir, { recursive: true, force: true })
  }
}

/** A metered key's own limits, none reached in a run (as the metered bench servers' key). */
const METERED = {
  limits: [
    { name: 'burst', limit: 1_000_000_000, window: '10s' },
    { name: 'minute', limit: 1_000_000_000, window: '1m' },
    { name: 'month', limit: 1_000_000_000_000, window: 'month' },
  ],
  ownerId: 'org_bench',
  credits: { remaining: 1_000_000_000_000 },
}

/**
 * Counts Redis's instructions per request for `batches` batches of `batch` requests over `keys`
 * keys; `metered` keys carry three named limits and their owner's windows.
 */
export async function countInstructions(
  keys: number,
  batch: number,
  batches = 300,
  metered = false,
): Promise<InstructionCount> {
  const total = await underCallgrind(async (client, measure) => {
    // Callgrind runs Redis about fifty times slower: generous timeouts, so nothing fails on time.
    const keyward = createKeyward({
      stores: createRedisStores({ client, prefix: 'callgrind', timeoutMs: 60_000 }),
      storeTimeoutMs: 60_000,
      failedAuthLimit: 0,
      limits: { live: { perMinute: 1_000_000_000, perMonth: 1_000_000_000_000 } },
      ...(metered ? { ownerLimits: { live: { perMinute: 1_000_000_000, perMonth: 1_000_000_000_000 } } } : {}),
    })
    const issued: string[] = []
    for (let i = 0; i < keys; i++) {
      const options = { name: `key ${i}`, scopes: ['ip'], ...(metered ? METERED : {}) }
      issued.push((await keyward.keys.create(options)).key)
    }
    const route = { scopes: ['ip'] }
    const runBatch = async () => {
      const decisions = await Promise.all(
        Array.from({ length: batch }, (_, i) =>
          keyward.authenticate({ authorization: `Bearer ${issued[i % keys]}` }, route),
        ),
      )
      for (const decision of decisions) if (!decision.ok) throw new Error(`unexpected ${decision.error.code}`)
    }
    await repeat(20, runBatch)
    await measure(() => repeat(batches, runBatch))
    await keyward.close()
  })
  const requests = batches * batch
  return { keys, metered, batch, requests, instructionsPerRequest: total / requests }
}

/**
 * Counts Redis's instructions per usage entry: `flushes` flushes of `perFlush` entries (as one
 * flush interval holds under load) over `keys` keys in turn, written by the Redis usage log.
 */
export async function countUsageInstructions(
  keys: number,
  perFlush = 140,
  flushes = 60,
): Promise<UsageInstructionCount> {
  const total = await underCallgrind(async (client, measure) => {
    const log = createRedisUsageLog({
      client,
      prefix: 'callgrind',
      timeoutMs: 60_000,
      usage: { flushIntervalMs: 3_600_000, maxBatch: perFlush },
    })
    const keyIds = Array.from({ length: keys }, (_, i) => `key_${String(i).padStart(24, '0')}`)
    let n = 0
    const flush = async () => {
      for (let i = 0; i < perFlush; i++, n++) {
        log.append({
          keyId: keyIds[n % keys]!,
          ownerId: null,
          requestId: `req_${String(n).padStart(24, '0')}`,
          timestamp: new Date(Date.UTC(2026, 10, 23) + n).toISOString(),
          method: 'GET',
          path: '/api/v1/ip/lookup',
          status: 200,
          code: null,
          ip: '127.0.0.1',
          country: null,
        })
      }
      await log.flush()
    }
    await repeat(10, flush)
    await measure(() => repeat(flushes, flush))
    await log.close()
  })
  const entries = flushes * perFlush
  return { keys, perFlush, entries, instructionsPerEntry: total / entries }
}

/** Why the count cannot run here (a tool missing from PATH), or null. */
export function instructionToolsMissing(): string | null {
  for (const [tool, probe] of [
    ['valgrind', 'valgrind'],
    ['callgrind_control', 'valgrind'],
    ['redis-server', 'redis-server'],
  ] as const) {
    if (!onPath(tool)) return `${tool} is not on PATH (Debian: apt-get install ${probe})`
  }
  return null
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = instructionToolsMissing()
  if (missing !== null) {
    console.error(`bench:redis-instructions: ${missing}`)
    process.exit(2)
  }
  const specs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['1:12', '12:12', 'usage:1', 'usage:12']
  const positive = (n: number | undefined): n is number => Number.isSafeInteger(n) && n! >= 1
  const cases = specs.map((spec) => {
    const metered = spec.startsWith('metered:')
    const [left, right] = (metered ? spec.slice('metered:'.length) : spec).split(':')
    const usage = left === 'usage'
    const keys = Number(usage ? right : left)
    const batch = usage ? 140 : Number(right)
    if (!positive(keys) || !positive(batch)) {
      throw new TypeError(
        `cases are keys:batch, metered:keys:batch or usage:keys, with positive integers (got ${spec})`,
      )
    }
    return { usage, metered, keys, batch }
  })
  for (const { usage, metered, keys, batch } of cases) {
    const keysText = `${keys}${metered ? ' metered' : ''} key${keys === 1 ? '' : 's'} in turn`
    if (usage) {
      const result = await countUsageInstructions(keys, batch)
      console.log(
        `usage log, ${keysText}, flushes of ${batch}: ${Math.round(result.instructionsPerEntry).toLocaleString('en-US')} Redis instructions per entry (${result.entries.toLocaleString('en-US')} entries)`,
      )
    } else {
      const result = await countInstructions(keys, batch, 300, metered)
      console.log(
        `${keysText}, batches of ${batch}: ${Math.round(result.instructionsPerRequest).toLocaleString('en-US')} Redis instructions per request (${result.requests.toLocaleString('en-US')} requests)`,
      )
    }
  }
  process.exit(0)
}
