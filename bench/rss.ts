/**
 * Memory per stored key: a fresh process (`node --expose-gc`) measures its RSS and heap after a
 * full GC, inserts N `StoredKey` records into the memory key store directly (realistic values:
 * a real key's sha256 hex, a real `key_` id and last 4 characters, a name, timestamps, no scopes or
 * per-key limits, as `keys.create` stores by default), runs a full GC again and reports the
 * growth per key. Run directly: `node --expose-gc --import tsx bench/rss.ts 100000`.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { generateKey, generateKeyId, hashKey } from '../src/core/key-format.js'
import { createMemoryKeyStore } from '../src/stores/memory/key-store.js'

export interface RssResult {
  keys: number
  rssBytesPerKey: number
  heapBytesPerKey: number
  rssDeltaBytes: number
  seconds: number
}

function settle(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc')
  for (let i = 0; i < 3; i++) gc()
}

function measure(count: number): RssResult {
  settle()
  const before = process.memoryUsage()
  const started = performance.now()
  const store = createMemoryKeyStore()
  const createdAt = Date.now() - 86_400_000
  for (let i = 0; i < count; i++) {
    const key = generateKey(i % 10 === 0 ? 'test' : 'live')
    store.insert({
      id: generateKeyId(),
      hash: hashKey(key),
      name: `Production server ${i}`,
      keyType: i % 10 === 0 ? 'test' : 'live',
      last4: key.slice(-4),
      createdAt: createdAt + i,
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
      scopes: [],
      limits: null,
      // A customer's key, as most keys of a multi-tenant service are.
      ownerId: `acct_${i % 10_000}`,
      meta: null,
      enabled: true,
      allowedIps: null,
      roles: null,
      credits: null,
    })
  }
  settle()
  const after = process.memoryUsage()
  if (store.size !== count) throw new Error('store lost keys')
  return {
    keys: count,
    rssBytesPerKey: (after.rss - before.rss) / count,
    heapBytesPerKey: (after.heapUsed - before.heapUsed) / count,
    rssDeltaBytes: after.rss - before.rss,
    seconds: (performance.now() - started) / 1000,
  }
}

/** Runs the measurement for `count` keys in a child process of its own. */
export function measureRss(count: number): Promise<RssResult> {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(import.meta.url)
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script, String(count)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`rss child exited with ${code}`))
      try {
        resolve(JSON.parse(out) as RssResult)
      } catch (error) {
        reject(error)
      }
    })
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] !== undefined) {
  const count = Number(process.argv[2])
  if (!Number.isSafeInteger(count) || count < 1) throw new TypeError('usage: bench/rss.ts <number of keys>')
  process.stdout.write(JSON.stringify(measure(count)))
}
