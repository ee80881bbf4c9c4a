// A protected route: its handler runs only for an admitted key holding the scope "ip".
import { app } from '../../../../../lib/keyward.js'

export const dynamic = 'force-dynamic'

export const GET = async (request, context) => (await app()).ipLookup(request, context)
