/**
 * X3: every case of the parity table on keyward/fetch on Bun.serve, with the memory store and with
 * Redis, answering response for response as keyward/fetch on Node does; Bun's own parser refuses
 * more than 16 KiB of head or 198 header lines (431) and a malformed header line (400).
 */
import { describeRuntimeParity } from './parity-runtime.js'
import { BUN } from './support.js'

describeRuntimeParity(
  { name: 'Bun.serve', command: BUN, args: (script) => [script] },
  { linesAccepted: 190, tooManyLines: 431, headBytesRefused: 20_000, tooLarge: 431, malformed: 400 },
)
