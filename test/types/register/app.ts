// A host app that declares its `meta` type once: records and every framework's key context use it.
import type { ApiKeyContext, ApiKeyRecord } from 'keyward'
import type { Request as ExpressRequest } from 'express'
import type { FastifyRequest } from 'fastify'
import type {} from 'keyward/express'
import type {} from 'keyward/fastify'

declare module 'keyward' {
  interface Register {
    meta: { plan: 'free' | 'pro'; accountRef: string }
  }
}

export function planOf(apiKey: ApiKeyContext): 'free' | 'pro' | undefined {
  return apiKey.meta?.plan
}

export function express(req: ExpressRequest): string | null | undefined {
  const ref: string | undefined = req.apiKey?.meta?.accountRef
  void ref
  return req.apiKey?.ownerId
}

export function fastify(request: FastifyRequest): 'free' | 'pro' | undefined {
  return request.apiKey?.meta?.plan
}

export function record(r: ApiKeyRecord): string | undefined {
  // @ts-expect-error meta is the declared type: it has no field `seats`
  return r.meta?.seats
}

export const wrongPlan = (apiKey: ApiKeyContext) => {
  // @ts-expect-error 'enterprise' is not one of the declared plans
  const plan: typeof apiKey.meta extends null ? never : 'enterprise' = apiKey.meta!.plan
  return plan
}
