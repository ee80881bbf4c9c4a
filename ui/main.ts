/**
 * The page's start: signing in and out, the tabs, and wiring every part. In token mode the token
 * and owner live in this tab's `sessionStorage` only, and signing out removes them.
 */
import { openAddresses, setupAccess, toggleSuspended } from './access.js'
import { openTest, setupTest } from './auth-test.js'
import { config, ownerProblem, STORAGE_OWNER, STORAGE_TOKEN, session, view } from './config.js'
import { forgetKey, openRotate, setupCreate } from './create.js'
import { DashboardError, describeFailure, loadGrants, onSessionRefused } from './dashboard.js'
import { busy, formError, setupDialogs } from './dialogs.js'
import { byId } from './dom.js'
import { fetchKeys, keys, knownKeys, replaceRecord, resetPaging, setupKeys } from './keys.js'
import { openLimits, setupLimits } from './limits.js'
import { openRoles, setupRoles } from './roles.js'
import { selectTab, TABS, type TabName } from './tabs.js'
import { fillUsageKeys, loadUsage, setupUsage, showKeyUsage } from './usage.js'
import { loadWebhooks, setupWebhooks } from './webhooks.js'
import { loadActivity, resetActivity, setupActivity } from './activity.js'

function showView(signedIn: boolean): void {
  view.active = signedIn
  byId('sign-in-view').hidden = signedIn
  byId('app-view').hidden = !signedIn
  byId('session-bar').hidden = !signedIn
}

function enterApp(): void {
  showView(true)
  const principal = session.owner ? `Owner: ${session.owner}` : 'Administrator'
  byId('principal').textContent = config.signIn === 'session' ? 'Signed in' : principal
  byId('sign-out').hidden = config.signIn === 'session'
  selectTab('keys', false)
  byId('page-title').focus()
}

function signInFailure(error: unknown): string {
  const status = error instanceof DashboardError ? error.status : 0
  const retryAfter = error instanceof DashboardError ? error.retryAfter : null
  if (status === 401) return 'This token is not accepted. Check it and try again.'
  if (status === 429 && retryAfter) {
    return `Too many refused attempts from this address. Try again in ${retryAfter} seconds.`
  }
  return (error as Error).message
}

async function submitSignIn(event: SubmitEvent): Promise<void> {
  event.preventDefault()
  const tokenField = byId<HTMLInputElement>('sign-in-token')
  const ownerField = byId<HTMLInputElement>('sign-in-owner')
  const token = tokenField.value.trim()
  const owner = ownerField.value.trim()
  formError('sign-in-error', '', ownerField)
  if (!token) return formError('sign-in-error', 'Enter the dashboard token.', tokenField)
  const ownerError = owner ? ownerProblem(owner) : ''
  if (ownerError) return formError('sign-in-error', ownerError, ownerField)
  session.token = token
  session.owner = owner || null
  resetPaging()
  try {
    const button = event.submitter || byId('sign-in-form').querySelector('button')
    await busy(button as HTMLButtonElement, () => loadGrants().then(fetchKeys))
  } catch (error) {
    session.token = null
    session.owner = null
    session.grants = null
    return formError('sign-in-error', signInFailure(error), tokenField)
  }
  sessionStorage.setItem(STORAGE_TOKEN, token)
  if (session.owner) sessionStorage.setItem(STORAGE_OWNER, session.owner)
  else sessionStorage.removeItem(STORAGE_OWNER)
  tokenField.value = ''
  ownerField.value = ''
  formError('sign-in-error', '', tokenField)
  enterApp()
}

/** Forgets the sign-in and everything read with it, and shows the sign-in form (with why, if given). */
function signOut(message: string): void {
  sessionStorage.removeItem(STORAGE_TOKEN)
  sessionStorage.removeItem(STORAGE_OWNER)
  session.token = null
  session.owner = null
  session.grants = null
  showView(false)
  for (const dialog of document.querySelectorAll('dialog[open]')) (dialog as HTMLDialogElement).close()
  forgetKey()
  keys.records = []
  knownKeys.clear()
  resetPaging()
  for (const id of ['keys-body', 'usage-body', 'webhooks-body', 'webhooks-endpoints']) byId(id).replaceChildren()
  resetActivity()
  byId('sign-in-error').textContent = message || ''
  if (config.signIn === 'token') byId('sign-in-token').focus()
}

/** Tabs: click, or the arrow, Home and End keys (the tab list is one stop for Tab). */
function setupTabs(): void {
  const open = (name: TabName) => {
    selectTab(name, true)
    if (name === 'usage') {
      fillUsageKeys(byId<HTMLSelectElement>('usage-key').value)
      loadUsage()
    }
    if (name === 'webhooks') loadWebhooks()
    if (name === 'activity') {
      resetActivity()
      loadActivity()
    }
  }
  for (const name of TABS) byId(`tab-${name}`).addEventListener('click', () => open(name))
  ;(byId('tab-keys').parentElement as HTMLElement).addEventListener('keydown', (event) => {
    const current = TABS.indexOf((document.activeElement as HTMLElement).id.slice(4) as TabName)
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1 + TABS.length,
      Home: 0,
      End: TABS.length - 1,
    }
    const move = moves[event.key]
    if (move === undefined || current < 0) return
    event.preventDefault()
    open(TABS[move % TABS.length] as TabName)
  })
}

/** A tab signed in before (a reload) carries on; otherwise the sign-in form, or the host's session. */
async function start(): Promise<void> {
  if (config.signIn === 'token') {
    session.token = sessionStorage.getItem(STORAGE_TOKEN)
    session.owner = sessionStorage.getItem(STORAGE_OWNER)
    if (!session.token) return signOut('')
  }
  try {
    // The grants first: the rows offer what the session may do.
    await loadGrants()
    await fetchKeys()
    enterApp()
  } catch (error) {
    if (error instanceof DashboardError && error.status === 401) {
      return signOut(config.signIn === 'token' ? 'Your sign-in has ended. Sign in again.' : '')
    }
    enterApp()
    byId('keys-error').textContent = describeFailure(error)
  }
}

onSessionRefused(signOut)
setupDialogs()
setupKeys({
  test: openTest,
  usage: showKeyUsage,
  rotate: openRotate,
  limits: openLimits,
  addresses: openAddresses,
  suspend: toggleSuspended,
  roles: openRoles,
})
setupLimits(replaceRecord)
setupAccess(replaceRecord)
setupRoles(replaceRecord)
setupCreate()
setupTest()
setupUsage()
setupWebhooks()
setupActivity()
setupTabs()
if (config.signIn === 'token') byId('sign-in-form').addEventListener('submit', submitSignIn)
byId('sign-out').addEventListener('click', () => signOut(''))
start()
