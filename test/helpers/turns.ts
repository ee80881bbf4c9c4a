/**
 * A turn of requests through keyward, sent together (within one event-loop turn, so a Redis store
 * batches them) or one at a time, for tests that compare the two.
 */
import type { AuthDecision, Keyward } from '../../src/keyward.js'
import type { RouteRequirements } from '../../src/core/types.js'

/** One request of a turn: which key and which route. */
export interface TurnRequest {
  key: number
  route: number
}

/** What each request's decision shows (`seen`), in the order the requests were made. */
export async function decideTurn(
  { keyward, keys }: { keyward: Keyward; keys: readonly { key: string }[] },
  requests: readonly TurnRequest[],
  routes: readonly RouteRequirements[],
  together: boolean,
  seen: (decision: AuthDecision) => string,
): Promise<string[]> {
  const decide = (r: TurnRequest) =>
    keyward.authenticate({ authorization: `Bearer ${keys[r.key]!.key}` }, routes[r.route])
  if (together) return (await Promise.all(requests.map(decide))).map(seen)
  const out: string[] = []
  for (const r of requests) out.push(seen(await decide(r)))
  return out
}
