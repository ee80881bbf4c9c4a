/**
 * vitest globalSetup: finds the Redis the Redis tests share, once per run. `REDIS_URL` wins;
 * else a private `redis-server` is started on a free port (and stopped after the run). The result
 * is provided as `keywardRedis`; test files read it with `inject('keywardRedis')`.
 *
 * It bundles the `keyward` command and the reference server the tests start, once
 * (`keywardCli`, `keywardServer`).
 *
 * It also creates the run's folder where helpers record the processes they start; after the run,
 * any of them still alive is killed and fails the run (see started-processes.ts).
 */
import type { TestProject } from 'vitest/node'
import { type RedisProcess, type SharedRedis, redisServerOnPath, startRedisServer } from './redis.js'
import { createRunFolder, endSurvivors, removeRunFolder } from './started-processes.js'
import { bundleSources } from './source-bundles.js'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runFolder = createRunFolder()
  let server: RedisProcess | undefined
  let shared: SharedRedis
  if (process.env.REDIS_URL) {
    shared = { url: process.env.REDIS_URL, reason: '' }
  } else if (redisServerOnPath()) {
    try {
      server = await startRedisServer()
      shared = { url: server.url, reason: '' }
    } catch (error) {
      shared = { url: null, reason: `redis-server would not start: ${(error as Error).message}` }
    }
  } else {
    shared = { url: null, reason: 'REDIS_URL is not set and redis-server is not on PATH' }
  }
  project.provide('keywardRedis', shared)
  const bundles = await bundleSources()
  project.provide('keywardCli', bundles.cli)
  project.provide('keywardServer', bundles.server)
  return async () => {
    bundles.remove()
    await server?.stop()
    const left = await endSurvivors(runFolder)
    removeRunFolder(runFolder)
    if (left.length > 0) {
      const named = left.map(({ pid, command }) => `  pid ${pid}: ${command}`).join('\n')
      throw new Error(`${left.length} process(es) started by the tests outlived the run (now killed):\n${named}`)
    }
  }
}
