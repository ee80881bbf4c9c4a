/**
 * Which authorize step keyward runs. A store family's fused step (one Redis script) is run only
 * over the very stores it was built with; once any of them is replaced, for instance by
 * `{ ...createRedisStores({ client }), keys: myKeyStore }`, keyward composes the stores it was
 * given instead and warns once, so a replaced key store is the one that is read.
 */
import { composeAuthorize } from './compose-authorize.js'
import type {
  AuthorizeInput,
  AuthorizeOutcome,
  Awaitable,
  KeyStore,
  KeywardStores,
  RateLimiter,
  UsageLog,
} from './types.js'

/** The stores a fused authorize step was built with. */
export interface FusedStores {
  keys: KeyStore
  limiter: RateLimiter
  usage: UsageLog
}

type AuthorizeFunction = (input: AuthorizeInput) => Awaitable<AuthorizeOutcome>

// A registered symbol, so a brand made by one copy of keyward (ESM) is read by another (CJS).
const BUILT_WITH = Symbol.for('keyward.fusedAuthorize.builtWith')

/**
 * The `code` of the process warning keyward emits once when a store of `createRedisStores()` is
 * replaced: keyward then checks keys with one call per store instead of the one-script step.
 */
export const STORES_NOT_FUSED_WARNING_CODE = 'KEYWARD_STORES_NOT_FUSED'

/**
 * Marks a store family's fused `authorize` with the stores it was built with, and returns it.
 * `createKeyward()` runs it only while `stores.keys`, `stores.limiter` and `stores.usage` are
 * these very objects; otherwise it composes the given stores (`composeAuthorize`).
 *
 * @example
 * const keys = myKeyStore(db), limiter = myLimiter(db), usage = myUsageLog(db)
 * return { keys, limiter, usage, authorize: fusedAuthorize(myOneQueryAuthorize(db), { keys, limiter, usage }) }
 */
export function fusedAuthorize<F extends AuthorizeFunction>(authorize: F, builtWith: FusedStores): F {
  if (typeof authorize !== 'function') {
    throw new TypeError(`keyward: fusedAuthorize() takes the authorize function first (got ${typeof authorize})`)
  }
  for (const part of ['keys', 'limiter', 'usage'] as const) {
    if (typeof builtWith?.[part] !== 'object' || builtWith[part] === null) {
      throw new TypeError(`keyward: fusedAuthorize() needs the ${part} store the step was built with`)
    }
  }
  const { keys, limiter, usage } = builtWith
  Object.defineProperty(authorize, BUILT_WITH, { value: Object.freeze({ keys, limiter, usage }), configurable: true })
  return authorize
}

/** The authorize step keyward runs on a set of stores. */
export interface AuthorizeStep {
  authorize: AuthorizeFunction
  /** Whether it is the stores' own step, which also reads the failed-authentication count (E7). */
  fused: boolean
  /**
   * False when a fused step's stores were replaced: `stores.timeoutMs` then speaks for stores
   * that are no longer all there, so keyward bounds the calls itself.
   */
  storesAsBuilt: boolean
}

/**
 * `stores.authorize` when it may run over these stores, else the composition of `keys` and
 * `limiter`, and `warn` is told why. An unmarked `authorize` is the host's own and is run as given.
 */
export function authorizeStepOf(
  stores: KeywardStores,
  warn: (message: string, step: object) => void = warnOncePerStep,
): AuthorizeStep {
  const own = stores.authorize
  if (own === undefined) return { authorize: composeAuthorize(stores), fused: false, storesAsBuilt: true }
  const builtWith = (own as { [BUILT_WITH]?: FusedStores })[BUILT_WITH]
  const replaced =
    builtWith === undefined
      ? []
      : (['keys', 'limiter', 'usage'] as const).filter((part) => stores[part] !== builtWith[part])
  if (replaced.length === 0) return { authorize: own.bind(stores), fused: true, storesAsBuilt: true }
  warn(notFusedMessage(replaced), own)
  return { authorize: composeAuthorize(stores), fused: false, storesAsBuilt: false }
}

function notFusedMessage(replaced: readonly string[]): string {
  const parts = replaced.map((part) => `stores.${part}`).join(', ')
  return (
    `keyward: ${parts} ${replaced.length === 1 ? 'is not the store' : 'are not the stores'} that stores.authorize was built with, ` +
    'so keyward checks keys with one call per store instead of the fused step. Pass the store family unchanged to keep ' +
    'the fused step, or leave authorize out to mix stores without this warning.'
  )
}

const warned = new WeakSet<object>()

/** Once per fused step: an app that builds several instances on the same stores hears it once. */
function warnOncePerStep(message: string, step: object): void {
  if (warned.has(step)) return
  warned.add(step)
  const process = globalThis.process
  if (typeof process?.emitWarning === 'function') process.emitWarning(message, { code: STORES_NOT_FUSED_WARNING_CODE })
  else console.warn(message)
}
