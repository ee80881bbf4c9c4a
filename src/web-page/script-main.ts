/**
 * The page script's start: signing in and out, the tabs, and wiring every part. In token mode the
 * token and owner live in this tab's `sessionStorage` only, and signing out removes them.
 */
export const SCRIPT_MAIN = String.raw`
/** Whether the key views are shown (signed in, or the host's session accepted). */
let active = false;

function showView(signedIn) {
  active = signedIn;
  byId('sign-in-view').hidden = signedIn;
  byId('app-view').hidden = !signedIn;
  byId('session-bar').hidden = !signedIn;
}

function enterApp() {
  showView(true);
  byId('principal').textContent = config.signIn === 'session' ? 'Signed in' : session.owner ? 'Owner: ' + session.owner : 'Administrator';
  byId('sign-out').hidden = config.signIn === 'session';
  selectTab('keys', false);
  byId('page-title').focus();
}

function signInFailure(error) {
  if (error.status === 401) return 'This token is not accepted. Check it and try again.';
  if (error.status === 429 && error.retryAfter) return 'Too many refused attempts from this address. Try again in ' + error.retryAfter + ' seconds.';
  return error.message;
}

async function submitSignIn(event) {
  event.preventDefault();
  const tokenField = byId('sign-in-token');
  const ownerField = byId('sign-in-owner');
  const token = tokenField.value.trim();
  const owner = ownerField.value.trim();
  formError('sign-in-error', '', ownerField);
  if (!token) return formError('sign-in-error', 'Enter the dashboard token.', tokenField);
  const ownerError = owner ? ownerProblem(owner) : '';
  if (ownerError) return formError('sign-in-error', ownerError, ownerField);
  session.token = token;
  session.owner = owner || null;
  resetPaging();
  try {
    await busy(event.submitter || byId('sign-in-form').querySelector('button'), fetchKeys);
  } catch (error) {
    session.token = null;
    session.owner = null;
    return formError('sign-in-error', signInFailure(error), tokenField);
  }
  sessionStorage.setItem(STORAGE_TOKEN, token);
  if (session.owner) sessionStorage.setItem(STORAGE_OWNER, session.owner);
  else sessionStorage.removeItem(STORAGE_OWNER);
  tokenField.value = '';
  ownerField.value = '';
  formError('sign-in-error', '', tokenField);
  enterApp();
}

/** Forgets the sign-in and everything read with it, and shows the sign-in form (with why, if given). */
function signOut(message) {
  sessionStorage.removeItem(STORAGE_TOKEN);
  sessionStorage.removeItem(STORAGE_OWNER);
  session.token = null;
  session.owner = null;
  showView(false);
  for (const dialog of document.querySelectorAll('dialog[open]')) dialog.close();
  forgetKey();
  keys.records = [];
  knownKeys.clear();
  resetPaging();
  for (const id of ['keys-body', 'usage-body']) byId(id).replaceChildren();
  byId('sign-in-error').textContent = message || '';
  if (config.signIn === 'token') byId('sign-in-token').focus();
}

function selectTab(name, focus) {
  for (const tab of ['keys', 'usage']) {
    const button = byId('tab-' + tab);
    const selected = tab === name;
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
    byId('panel-' + tab).hidden = !selected;
    if (selected && focus) button.focus();
  }
}

/** Tabs: click, or the arrow, Home and End keys (the tab list is one stop for Tab). */
function setupTabs() {
  const order = ['keys', 'usage'];
  const open = (name) => {
    selectTab(name, true);
    if (name === 'usage') {
      fillUsageKeys(byId('usage-key').value);
      loadUsage();
    }
  };
  for (const name of order) byId('tab-' + name).addEventListener('click', () => open(name));
  byId('tab-keys').parentElement.addEventListener('keydown', (event) => {
    const current = order.indexOf(document.activeElement.id.slice(4));
    const moves = { ArrowRight: current + 1, ArrowLeft: current - 1 + order.length, Home: 0, End: order.length - 1 };
    if (!(event.key in moves) || current < 0) return;
    event.preventDefault();
    open(order[moves[event.key] % order.length]);
  });
}

/** A tab signed in before (a reload) carries on; otherwise the sign-in form, or the host's session. */
async function start() {
  if (config.signIn === 'token') {
    session.token = sessionStorage.getItem(STORAGE_TOKEN);
    session.owner = sessionStorage.getItem(STORAGE_OWNER);
    if (!session.token) return signOut('');
  }
  try {
    await fetchKeys();
    enterApp();
  } catch (error) {
    if (error.status === 401) return signOut(config.signIn === 'token' ? 'Your sign-in has ended. Sign in again.' : '');
    enterApp();
    byId('keys-error').textContent = describeFailure(error);
  }
}

setupDialogs();
setupKeys();
setupCreate();
setupTest();
setupUsage();
setupTabs();
if (config.signIn === 'token') byId('sign-in-form').addEventListener('submit', submitSignIn);
byId('sign-out').addEventListener('click', () => signOut(''));
start();
`
