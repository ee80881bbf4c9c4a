/**
 * L6, M2, M7: a route reached by a request keyward admitted earlier (an app's own route behind
 * keyward's router, or a second marker) asks what any route asks: the same checks as the
 * authorize path, with the same 403s, and its cost. The admission counted its own units; what
 * the route costs beyond them is charged, as `charge(n)` counts (it never refuses this request).
 */
import { noteRouteRefusal, noteUnitsCounted, refusalText, unitsCounted } from './decisions.js'
import type { KeywardSettings } from './keyward-options.js'
import type { MessageNames } from './messages.js'
import { permissionQueryOf } from './permission-query.js'
import { errorResponse } from './responses.js'
import { routeRefusal } from './route-checks.js'
import type { ApiKeyContext, KeywardResponse, RouteRequirements } from './types.js'

/**
 * The 403 `apiKey` gets on a route asking `route`, or null when it meets it; then the route's
 * units beyond what the admission counted (`units`: the route's cost, priced for this request).
 */
export type AdmittedRouteCheck = (
  apiKey: ApiKeyContext,
  route: RouteRequirements,
  units: number,
) => KeywardResponse | null

export function createAdmittedRouteCheck(
  settings: Pick<KeywardSettings, 'roles'>,
  names: MessageNames,
): AdmittedRouteCheck {
  const { roles } = settings
  return function admittedRouteCheck(apiKey, route, units) {
    const query = route.permissions === undefined ? null : permissionQueryOf(route.permissions)
    const refusal = routeRefusal(apiKey, route.liveOnly === true, route.scopes, query, roles)
    if (refusal !== null) {
      const message = refusalText(names, refusal, apiKey, route.scopes, route.permissions, roles)
      noteRouteRefusal(apiKey, 'forbidden')
      return errorResponse('forbidden', message, apiKey.requestId)
    }
    const counted = unitsCounted(apiKey)
    if (apiKey.consumed && units > counted) {
      noteUnitsCounted(apiKey, units)
      void apiKey.charge(units - counted)
    }
    return null
  }
}
