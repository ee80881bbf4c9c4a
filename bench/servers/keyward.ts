/**
 * keyward as the benchmark servers load it: the bundle `bench/build.ts` writes (the package as
 * users run it), typed by the sources it was built from.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** `KEYWARD_BENCH_DIST` names another bundle (`npm run bench:compare` runs an earlier revision's). */
const chosen = process.env.KEYWARD_BENCH_DIST
const dist = chosen ? pathToFileURL(`${resolve(chosen)}/`) : new URL('../.runs/dist/', import.meta.url)
if (!existsSync(fileURLToPath(new URL('index.js', dist)))) {
  throw new Error(
    chosen
      ? `bench: KEYWARD_BENCH_DIST (${chosen}) holds no keyward bundle (index.js)`
      : 'bench: keyward is not bundled yet; run `npx tsx bench/build.ts` (npm run bench does it)',
  )
}

const load = <T>(file: string): Promise<T> => import(new URL(file, dist).href) as Promise<T>

export const keyward = await load<typeof import('../../src/index.js')>('index.js')
export const keywardRedis = await load<typeof import('../../src/stores/redis/index.js')>('redis.js')
export const redisScripts = await load<typeof import('../../src/stores/redis/scripts.js')>('redis-scripts.js')
/** Loaded only by the Postgres variants: an earlier revision's bundle (bench:compare) may have no postgres.js. */
export const loadPostgres = () => load<typeof import('../../src/stores/postgres/index.js')>('postgres.js')
export const loadAdapter = {
  express: () => load<typeof import('../../adapters/express.js')>('express.js'),
  fastify: () => load<typeof import('../../adapters/fastify.js')>('fastify.js'),
  hono: () => load<typeof import('../../adapters/hono.js')>('hono.js'),
  fetch: () => load<typeof import('../../adapters/fetch.js')>('fetch.js'),
}
