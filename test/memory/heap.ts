/**
 * Heap measurement for the memory-bound tests: V8's `gc` is exposed at run time so the suite
 * needs no `--expose-gc` flag.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/** Bytes of live heap after a full collection. */
export function liveHeapBytes(): number {
  collectGarbage()
  collectGarbage()
  return process.memoryUsage().heapUsed
}
