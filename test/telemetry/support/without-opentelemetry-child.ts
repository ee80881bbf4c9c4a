/**
 * Run by without-opentelemetry.test.ts in a process where @opentelemetry/api cannot be loaded:
 * prints what keyward did, as one JSON line.
 */
import { createRequire } from 'node:module'
import { createKeyward } from '../../../src/keyward.js'
import type { DecisionEvent } from '../../../src/core/telemetry-events.js'
import { loadOpenTelemetry } from '../../../src/telemetry/open-telemetry.js'

let found: string
try {
  createRequire(import.meta.url).resolve('@opentelemetry/api')
  found = 'resolvable'
} catch (error) {
  found = (error as NodeJS.ErrnoException).code ?? 'no code'
}
const plain = createKeyward()
const events: DecisionEvent[] = []
const hooked = createKeyward({ telemetry: { onDecision: (event) => void events.push(event) } })
const { key } = await hooked.keys.create({ name: 'a' })
const decision = await hooked.authenticate({ authorization: `Bearer ${key}` })
await new Promise((resolve) => setTimeout(resolve, 10))
console.log(
  JSON.stringify({
    found,
    loaded: loadOpenTelemetry() !== null,
    plainAuthenticate: plain.authenticate.name,
    ok: decision.ok,
    outcomes: events.map((e) => e.outcome),
  }),
)
