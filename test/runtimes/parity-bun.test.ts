/**
 * X3: every case of the parity table on keyward/fetch on Bun.serve, with the memory store and with
 * Redis, answering response for response as keyward/fetch on Node does; Bun's own parser refuses
 * more than 16 KiB of head or 198 header lines (431) and a malformed header line (400).
 */
import { describeRuntimeParity, parserDepartures, scriptRuntime } from './parity-runtime.js'
import { BUN } from './support.js'

describeRuntimeParity(
  scriptRuntime('Bun.serve', BUN, (script) => [script]),
  parserDepartures({
    lines: { accepted: 190, tooMany: 431 },
    headBytesRefused: 20_000,
    tooLarge: 431,
    malformed: 400,
  }),
)
