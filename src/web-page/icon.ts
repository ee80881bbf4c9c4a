/** The page's icon (favicon and the mark in its header): a key on the accent colour. */
export const PAGE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
<rect width="32" height="32" rx="8" fill="#4f46e5"/>
<circle cx="12" cy="16" r="5" fill="none" stroke="#fff" stroke-width="2.5"/>
<path d="M17 16h9m-3 0v4m-4-4v3" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`
