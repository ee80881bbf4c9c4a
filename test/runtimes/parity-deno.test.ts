/**
 * X3: every case of the parity table on keyward/fetch on Deno.serve, with the memory store and with
 * Redis, answering response for response as keyward/fetch on Node does; Deno's own parser refuses
 * more than 128 header lines, more than 64 KiB of head and a malformed header line (400 each).
 */
import { describeRuntimeParity, parserDepartures, scriptRuntime } from './parity-runtime.js'
import { DENO } from './support.js'

describeRuntimeParity(
  scriptRuntime('Deno.serve', DENO, (script) => [
    'run',
    '--allow-net',
    '--allow-env',
    '--allow-read',
    '--allow-sys',
    '--no-lock',
    script,
  ]),
  parserDepartures({
    lines: { accepted: 120, tooMany: 400 },
    headBytesRefused: 100_000,
    tooLarge: 400,
    malformed: 400,
  }),
)
