/** The page's script, style sheet and icon as the package holds them, for the tests that compare what is served. */
import { pageAssets } from '../../src/web-page/assets.js'

export const { script: PAGE_SCRIPT, style: PAGE_STYLE, icon: PAGE_ICON } = pageAssets()
