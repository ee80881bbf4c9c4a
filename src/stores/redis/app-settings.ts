/**
 * The app's settings in Redis (`<prefix>:settings`): `createKeyward()` records its key prefix and
 * service name there when the app starts, and the command line reads them, so a key it issues
 * has the app's prefix and `keys list` masks keys as the app shows them.
 */
import { createSettingsRecorder, type SettingsRecorder } from '../../core/app-settings.js'
import { assertKeyPrefix } from '../../core/key-format.js'
import type { AppSettings } from '../../core/types.js'
import { array, text } from './codec.js'
import type { RedisContext } from './context.js'

/** Records and reads the settings; `recorded()` waits for a recording under way (and retries a failed one). */
export interface AppSettingsStore extends SettingsRecorder {
  read(): Promise<AppSettings | undefined>
}

export function appSettingsOn(context: RedisContext): AppSettingsStore {
  const { connection, layout } = context
  const key = layout.appSettings
  const recorder = createSettingsRecorder(async ({ keyPrefix, serviceName }) => {
    // The client may still be connecting when the app is created: ready() waits for it.
    await context.ready()
    await connection.command(['HSET', key, 'keyPrefix', keyPrefix, 'serviceName', serviceName], key)
  })
  return {
    ...recorder,
    async read() {
      const reply = array(
        await connection.command(['HMGET', key, 'keyPrefix', 'serviceName'], key),
        'HMGET of the app settings',
      )
      const [keyPrefix, serviceName] = reply.map((value) =>
        value === null || value === undefined ? undefined : text(value, 'HMGET of the app settings'),
      )
      if (keyPrefix === undefined) return undefined
      assertKeyPrefix(keyPrefix)
      return { keyPrefix, serviceName: serviceName ?? '' }
    },
  }
}
