/**
 * Made-up load results for the tests of the targets `npm run bench` reports: one run of a server,
 * and a server's row on Fastify with its runs, everything else neutral.
 */
import type { VariantResult } from '../../../bench/http.js'
import type { LoadResult } from '../../../bench/load.js'
import type { Variant } from '../../../bench/servers/shared.js'

/** One run at `requestsPerSecond`, the server using `serverMicrosPerRequest` of CPU per request. */
export function run(requestsPerSecond: number, serverMicrosPerRequest: number | null): LoadResult {
  return {
    requests: requestsPerSecond,
    seconds: 1,
    requestsPerSecond,
    p50: 1,
    p99: 2,
    non2xx: 0,
    errors: 0,
    serverCpu: 0.9,
    serverMicrosPerRequest,
    redisMicrosPerRequest: null,
  }
}

/** The Fastify row of `name` with these runs, one per round. */
export function variant(
  name: Variant,
  runs: LoadResult[],
  postgresMicrosPerRequest: number | null = null,
): VariantResult {
  return {
    framework: 'fastify',
    variant: name,
    runs,
    requestsPerSecond: 0,
    p50: 0,
    p99: 0,
    serverCpu: null,
    serverMicrosPerRequest: null,
    redisMicrosPerRequest: null,
    postgresMicrosPerRequest,
    badRuns: 0,
    roundRatios: [],
    response: '',
  }
}
