/**
 * keyward/fetch's own CPU per request, in process, on the runtime that runs this file:
 *
 *   bun bench/fetch-core.ts [rounds] [requests]            (or: npx tsx bench/fetch-core.ts …)
 *   KEYWARD_BENCH_DIST_B=<bundle> bun bench/fetch-core.ts   (a second bundle, paired with the first)
 *   PEPPER=<text> …                                         (keys hashed with a pepper)
 *
 * One wrapped route on the memory store answers the same `Request` again and again, with no
 * network and no server, so the figures hold what keyward adds and little else: the process's CPU
 * time per request, of the handler alone and of the handler behind keyward, from the bench bundle
 * (`bench/build.ts`, which `npm run bench:fetch` refreshes). With a second bundle (an earlier
 * revision's, as `bench:compare` builds them), each round runs both back to back, in alternating
 * order, and reports their ratio: on a shared machine this tells differences of a few percent that
 * the HTTP benchmarks' spread hides.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { median } from './http.js'

type Route = (request: Request) => Promise<Response>
const [rounds, requests] = [Number(process.argv[2] ?? 9), Number(process.argv[3] ?? 50_000)]
const runtime = (process.versions as { bun?: string }).bun === undefined ? 'Node' : 'Bun'

/** The route of one bundle: a key made on its own keyward, and the request that carries it. */
async function routeOf(dir: string): Promise<{ route: Route; request: Request; close(): Promise<void> }> {
  const base = pathToFileURL(`${resolve(dir)}/`)
  const { createKeyward } = (await import(new URL('index.js', base).href)) as typeof import('../src/index.js')
  const { keywardFetch } = (await import(new URL('fetch.js', base).href)) as typeof import('../adapters/fetch.js')
  const keyward = createKeyward({
    limits: { live: { perMinute: 1e9, perMonth: 1e12 } },
    ...(process.env.PEPPER ? { pepper: process.env.PEPPER } : {}),
  })
  const { key } = await keyward.keys.create({
    name: 'bench',
    ownerId: 'org_bench',
    meta: { plan: 'pro' },
    scopes: ['ip'],
  })
  const route = keywardFetch(keyward).wrap(answer, { scopes: ['ip'] })
  const request = new Request('http://127.0.0.1/api/v1/ip/lookup?ip=192.0.2.1', {
    headers: { Authorization: `Bearer ${key}`, Accept: '*/*' },
  })
  return { route, request, close: () => keyward.close() }
}

const answer = async () => Response.json({ data: { ip: '192.0.2.1', version: 4 } })

/** CPU nanoseconds per request of `requests` requests, one after the other. */
async function measure(route: Route, request: Request): Promise<number> {
  const started = process.cpuUsage()
  for (let i = 0; i < requests; i++) await route(request)
  const used = process.cpuUsage(started)
  return ((used.user + used.system) * 1000) / requests
}

const first = await routeOf(process.env.KEYWARD_BENCH_DIST ?? 'bench/.runs/dist')
const second = process.env.KEYWARD_BENCH_DIST_B ? await routeOf(process.env.KEYWARD_BENCH_DIST_B) : undefined
const runs = [first, ...(second ? [second] : [])]
const alone: number[] = []
const behind = runs.map(() => [] as number[])
// A first round warms every path up and is not counted.
for (let round = -1; round < rounds; round++) {
  const order = round % 2 === 0 ? runs.map((_, i) => i) : runs.map((_, i) => runs.length - 1 - i)
  const handler = await measure(answer, first.request)
  const times = new Map<number, number>()
  for (const i of order) times.set(i, await measure(runs[i]!.route, runs[i]!.request))
  if (round < 0) continue
  alone.push(handler)
  for (const [i, time] of times) behind[i]!.push(time)
}
const ns = (value: number) => `${Math.round(value)} ns`
const spread = (values: number[]) => `${ns(Math.min(...values))}–${ns(Math.max(...values))}`
console.log(`${runtime}, ${rounds} rounds of ${requests} requests${process.env.PEPPER ? ', with a pepper' : ''}`)
console.log(`handler alone: ${ns(median(alone))} (${spread(alone)})`)
behind.forEach((times, i) => {
  const extra = times.map((time, round) => time - alone[round]!)
  console.log(
    `behind keyward/fetch (${i === 0 ? 'first' : 'second'} bundle): ${ns(median(times))} (${spread(times)}); keyward adds ${ns(median(extra))} (${spread(extra)})`,
  )
})
if (second) {
  const ratios = behind[1]!.map((time, round) => time / behind[0]![round]!)
  const range = `${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}`
  console.log(`second / first, per round: ${median(ratios).toFixed(3)}× (${range})`)
}
await Promise.all(runs.map((run) => run.close()))
