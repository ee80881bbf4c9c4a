/**
 * X3: every case of the parity table on keyward/fetch on Deno.serve, with the memory store and with
 * Redis, answering response for response as keyward/fetch on Node does; Deno's own parser refuses
 * more than 128 header lines, more than 64 KiB of head and a malformed header line (400 each).
 */
import { describeRuntimeParity } from './parity-runtime.js'
import { DENO } from './support.js'

describeRuntimeParity(
  {
    name: 'Deno.serve',
    command: DENO,
    args: (script) => ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', '--no-lock', script],
  },
  { linesAccepted: 120, tooManyLines: 400, headBytesRefused: 100_000, tooLarge: 400, malformed: 400 },
)
