/**
 * The app's settings in Postgres (`app_settings`, one row): `createKeyward()` records its key
 * prefix and service name when the app starts, and the command line reads them, so a key it
 * issues has the app's prefix and `keys list` masks keys as the app shows them.
 */
import { createSettingsRecorder, type SettingsRecorder } from '../../core/app-settings.js'
import { assertKeyPrefix } from '../../core/key-format.js'
import type { AppSettings } from '../../core/types.js'
import { type PgConnection, statement } from './connection.js'

export interface AppSettingsStore extends SettingsRecorder {
  read(): Promise<AppSettings | undefined>
}

/** `migrated` rejects, saying to run the migrations, when the schema has no settings table yet. */
export function appSettingsOn(
  connection: PgConnection,
  schema: string,
  migrated: () => Promise<void>,
): AppSettingsStore {
  const upsert = statement(
    `INSERT INTO ${schema}.app_settings (singleton, key_prefix, service_name, recorded_at) VALUES (true, $1, $2, now())
     ON CONFLICT (singleton) DO UPDATE SET key_prefix = EXCLUDED.key_prefix, service_name = EXCLUDED.service_name, recorded_at = EXCLUDED.recorded_at`,
  )
  const select = statement(`SELECT key_prefix, service_name FROM ${schema}.app_settings WHERE singleton`)
  const recorder = createSettingsRecorder(async ({ keyPrefix, serviceName }) => {
    await migrated()
    await connection.count(upsert, [keyPrefix, serviceName])
  })
  return {
    ...recorder,
    async read() {
      const [row] = await connection.rows(select, [])
      if (row === undefined || row.key_prefix === null) return undefined
      assertKeyPrefix(row.key_prefix)
      return { keyPrefix: row.key_prefix, serviceName: row.service_name ?? '' }
    },
  }
}
