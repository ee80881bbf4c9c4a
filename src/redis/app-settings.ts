/**
 * The app's settings in Redis (`<prefix>:settings`): `createKeyward()` records its key prefix and
 * service name there when the app starts, and the command line reads them, so a key it issues
 * has the app's prefix and `keys list` masks keys as the app shows them.
 */
import { assertKeyPrefix } from '../key-format.js'
import type { AppSettings } from '../types.js'
import { array, text } from './codec.js'
import type { RedisContext } from './context.js'

/** Records and reads the settings; `ready()` waits for a recording under way (and retries a failed one). */
export interface AppSettingsStore {
  record(settings: AppSettings): Promise<void>
  read(): Promise<AppSettings | undefined>
  /** Resolves once the settings given to `record` are in Redis (at once when none were given). */
  recorded(): Promise<void>
}

export function appSettingsOn(context: RedisContext): AppSettingsStore {
  const { connection, layout } = context
  const key = layout.appSettings
  let settings: AppSettings | undefined
  let recording: Promise<void> | undefined

  const write = (): Promise<void> => {
    const { keyPrefix, serviceName } = settings!
    // The client may still be connecting when the app is created: ready() waits for it.
    const written = context
      .ready()
      .then(() => connection.command(['HSET', key, 'keyPrefix', keyPrefix, 'serviceName', serviceName], key))
      .then(() => undefined)
    recording = written.catch((error: unknown) => {
      recording = undefined
      throw error
    })
    recording.catch(() => {})
    return recording
  }

  return {
    record(given) {
      settings = { keyPrefix: given.keyPrefix, serviceName: given.serviceName }
      return write()
    },
    async read() {
      const reply = array(await connection.command(['HMGET', key, 'keyPrefix', 'serviceName'], key), 'HMGET of the app settings')
      const [keyPrefix, serviceName] = reply.map((value) => (value === null || value === undefined ? undefined : text(value, 'HMGET of the app settings')))
      if (keyPrefix === undefined) return undefined
      assertKeyPrefix(keyPrefix)
      return { keyPrefix, serviceName: serviceName ?? '' }
    },
    recorded() {
      if (settings === undefined) return Promise.resolve()
      return recording ?? write()
    },
  }
}
