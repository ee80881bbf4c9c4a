/**
 * What a store does with `recordAppSettings()`: write the app's settings once, and let `ready()`
 * wait for that write (trying again when an earlier one failed, say while the store was down).
 */
import type { AppSettings } from './types.js'

export interface SettingsRecorder {
  record(settings: AppSettings): Promise<void>
  /** Resolves once the settings given to `record` are stored (at once when none were given). */
  recorded(): Promise<void>
}

export function createSettingsRecorder(write: (settings: AppSettings) => Promise<void>): SettingsRecorder {
  let settings: AppSettings | undefined
  let recording: Promise<void> | undefined
  const start = (): Promise<void> => {
    recording = write(settings!).catch((error: unknown) => {
      recording = undefined
      throw error
    })
    recording.catch(() => {})
    return recording
  }
  return {
    record(given) {
      settings = { keyPrefix: given.keyPrefix, serviceName: given.serviceName }
      return start()
    },
    recorded: () => (settings === undefined ? Promise.resolve() : (recording ?? start())),
  }
}
