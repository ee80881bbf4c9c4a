/**
 * Usage entries (L4a, E5): one per request that consumed, written once its status is known. A
 * failing usage log never fails the request; the host hears of it through `onError`.
 */
import { isoTimestamp } from './responses.js'
import { maskKeysInPath, METHOD_MAX, storedText } from './key-format.js'
import type { KeywardSettings } from './keyward-options.js'
import { isPromise, type ReportFault } from './store-calls.js'
import type { ApiKeyContext, UsageEntry } from './types.js'

/** How a finished request is described to `recordUsage`. */
export interface UsageOutcome {
  method: string
  path: string
  status: number
  ip?: string | null
}

export function createUsageRecorder(
  settings: KeywardSettings,
  report: ReportFault,
): (apiKey: ApiKeyContext, outcome: UsageOutcome) => void {
  const { stores, keyPrefix, resolveCountry } = settings
  return function recordUsage(apiKey, outcome) {
    if (!apiKey.consumed) return
    const ip = outcome.ip ?? null
    const entry: UsageEntry = {
      keyId: apiKey.id,
      ownerId: apiKey.ownerId,
      requestId: apiKey.requestId,
      timestamp: isoTimestamp(apiKey.authenticatedAt),
      method: storedText(outcome.method, keyPrefix, METHOD_MAX),
      path: maskKeysInPath(outcome.path, keyPrefix),
      status: outcome.status,
      ip,
      country: ip !== null && resolveCountry ? safeCountry(resolveCountry, ip) : null,
    }
    try {
      const appended = stores.usage.append(entry)
      if (isPromise(appended)) appended.catch((error: unknown) => report(error, apiKey.requestId, 'usage'))
    } catch (error) {
      report(error, apiKey.requestId, 'usage')
    }
  }
}

function safeCountry(resolve: (ip: string) => string | null, ip: string): string | null {
  try {
    return resolve(ip)
  } catch {
    return null
  }
}
