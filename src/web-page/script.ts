/**
 * The page script, served as `app.js`: its parts joined in one function scope, so it defines no
 * global and nothing outside it can read what it holds. It builds every element with text only and
 * needs no inline script or style, as the page's Content-Security-Policy requires.
 */
import { SCRIPT_CORE } from './script-core.js'
import { SCRIPT_CREATE } from './script-create.js'
import { SCRIPT_KEYS } from './script-keys.js'
import { SCRIPT_MAIN } from './script-main.js'
import { SCRIPT_TEST } from './script-test.js'
import { SCRIPT_USAGE } from './script-usage.js'

export const PAGE_SCRIPT = `'use strict';\n(() => {${[SCRIPT_CORE, SCRIPT_KEYS, SCRIPT_CREATE, SCRIPT_TEST, SCRIPT_USAGE, SCRIPT_MAIN].join('')}})();\n`
