/**
 * keyward as the benchmark servers load it: the bundle `bench/build.ts` writes (the package as
 * users run it), typed by the sources it was built from.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const dist = new URL('../.runs/dist/', import.meta.url)
if (!existsSync(fileURLToPath(new URL('index.js', dist)))) {
  throw new Error('bench: keyward is not bundled yet; run `npx tsx bench/build.ts` (npm run bench does it)')
}

const load = <T>(file: string): Promise<T> => import(new URL(file, dist).href) as Promise<T>

export const keyward = await load<typeof import('../../src/index.js')>('index.js')
export const keywardRedis = await load<typeof import('../../src/redis/index.js')>('redis.js')
export const redisScripts = await load<typeof import('../../src/redis/scripts.js')>('redis-scripts.js')
export const loadAdapter = {
  express: () => load<typeof import('../../adapters/express.js')>('express.js'),
  fastify: () => load<typeof import('../../adapters/fastify.js')>('fastify.js'),
  hono: () => load<typeof import('../../adapters/hono.js')>('hono.js'),
}
