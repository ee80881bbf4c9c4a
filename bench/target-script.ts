/**
 * A target script run on its own (`npx tsx bench/metering.ts [rounds] [seconds] [frameworks]`):
 * its servers in paired rounds on a Redis of its own (or REDIS_URL), then its RESULTS.md rows.
 */
import { ensureBenchBuild } from './build.js'
import { benchHttp, type HttpBenchResult } from './http.js'
import { loadTool } from './load.js'
import { type Framework, targetRunSettings } from './process.js'
import { benchRedis } from './redis-server.js'
import type { Variant } from './servers/shared.js'

export async function runTargetScript(options: {
  /** As the command line names it: `bench/metering.ts`. */
  script: string
  variants: readonly Variant[]
  /** The target rows of the run. */
  rows: (http: HttpBenchResult) => string[]
  /** Seconds of Redis command counting after the rounds. */
  redisCountSeconds: number
  /** Only these frameworks, whatever the command line says (servers that exist on one only). */
  frameworks?: readonly Framework[]
}): Promise<never> {
  const { script, variants } = options
  const settings = targetRunSettings(script)
  const { rounds, seconds, warmupSeconds, connections } = settings
  const frameworks = options.frameworks ?? settings.frameworks
  await ensureBenchBuild(console.log)
  const redis = await benchRedis()
  console.log(
    `${script}: ${frameworks.join(', ')} ${variants.join(', ')}, ${rounds} rounds of ${seconds} s under ${loadTool()}, ${connections} connections; Redis: ${redis.description}`,
  )
  try {
    const http = await benchHttp({
      rounds,
      seconds,
      warmupSeconds,
      connections,
      redisCountSeconds: options.redisCountSeconds,
      frameworks: [...frameworks],
      variants,
      log: console.log,
    })
    console.log(['', '| target | measured | result |', '|---|---|---|', ...options.rows(http)].join('\n'))
  } finally {
    await redis.stop()
  }
  process.exit(0)
}
