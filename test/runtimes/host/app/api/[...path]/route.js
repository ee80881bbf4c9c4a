// Every other path under /api: keyward's own endpoints (ping, the auth test, the dashboard), and
// keyward's 404 for the rest, after the key is checked under /api/v1/.
import { app } from '../../../lib/keyward.js'

export const dynamic = 'force-dynamic'

async function answer(request) {
  const { guard } = await app()
  return (await (guard.handle(request) ?? guard.notFound(request))) ?? new Response('Not Found', { status: 404 })
}

export const GET = answer
export const HEAD = answer
export const POST = answer
export const PUT = answer
export const PATCH = answer
export const DELETE = answer
export const OPTIONS = answer
