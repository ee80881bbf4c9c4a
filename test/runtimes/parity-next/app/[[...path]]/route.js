// Every path and method: the parity host (test/runtimes/parity-host-next.ts) answers each request
// with the control endpoint or the reference app on keyward/fetch it was sent to.
import { answer } from 'keyward-parity-host'

export const dynamic = 'force-dynamic'

export {
  answer as DELETE,
  answer as GET,
  answer as HEAD,
  answer as OPTIONS,
  answer as PATCH,
  answer as POST,
  answer as PUT,
}
