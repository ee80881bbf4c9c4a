/** The page's style sheet, served as `app.css` (the CSP allows no inline style). */
export const PAGE_STYLE = String.raw`
:root {
  --bg: #f5f6f8;
  --surface: #ffffff;
  --surface-muted: #f9fafb;
  --border: #e3e6eb;
  --border-strong: #cfd4dc;
  --text: #111827;
  --text-muted: #586174;
  --accent: #4f46e5;
  --accent-hover: #4338ca;
  --accent-soft: #eef2ff;
  --danger: #c42b2b;
  --danger-hover: #a32121;
  --focus-ring: 0 0 0 3px rgba(79, 70, 229, 0.4);
  --radius: 10px;
  --radius-small: 6px;
  --shadow: 0 1px 2px rgba(17, 24, 39, 0.05), 0 1px 3px rgba(17, 24, 39, 0.08);
  --shadow-dialog: 0 24px 48px -12px rgba(17, 24, 39, 0.35);
  --font: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", system-ui, sans-serif;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace;
  color-scheme: light;
}

*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  background: var(--bg);
  color: var(--text);
  font: 15px/1.5 var(--font);
  -webkit-font-smoothing: antialiased;
}
h1, h2, h3, p { margin: 0; }
h1 { font-size: 1.6rem; line-height: 1.25; font-weight: 650; letter-spacing: -0.01em; }
h2 { font-size: 1.2rem; line-height: 1.3; font-weight: 650; }
h3 { font-size: 0.8rem; font-weight: 650; text-transform: uppercase; letter-spacing: 0.05em; color: var(--text-muted); margin: 18px 0 6px; }
code, pre { font-family: var(--mono); font-size: 0.86em; }
p code, .hint code { background: var(--surface-muted); border: 1px solid var(--border); border-radius: 4px; padding: 0 4px; }
:focus-visible { outline: none; box-shadow: var(--focus-ring); }
h1:focus { outline: none; }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.muted { color: var(--text-muted); }
.small { font-size: 0.86rem; }
.center { text-align: center; }

/* Header */
.topbar {
  display: flex; align-items: center; justify-content: space-between; gap: 16px;
  height: 60px; padding: 0 max(20px, calc((100vw - 1200px) / 2));
  background: var(--surface); border-bottom: 1px solid var(--border);
  position: sticky; top: 0; z-index: 5;
}
.brand { display: flex; align-items: center; gap: 10px; min-width: 0; }
.brand-mark { display: block; border-radius: 7px; }
.brand-name { font-weight: 700; font-size: 1.05rem; white-space: nowrap; }
.brand-divider { width: 1px; height: 20px; background: var(--border-strong); }
.brand-section { color: var(--text-muted); white-space: nowrap; }
.session-bar { display: flex; align-items: center; gap: 12px; min-width: 0; }
.principal {
  display: inline-block; max-width: 260px;
  padding: 3px 10px; border-radius: 999px; background: var(--accent-soft); color: #3730a3;
  font-size: 0.84rem; font-weight: 550; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}

.main { max-width: 1200px; margin: 0 auto; padding: 32px 20px 64px; }

/* Buttons */
.btn {
  display: inline-flex; align-items: center; justify-content: center; gap: 6px;
  min-height: 38px; padding: 0 16px; border-radius: var(--radius-small);
  border: 1px solid transparent; font: inherit; font-weight: 550; font-size: 0.93rem;
  cursor: pointer; white-space: nowrap; transition: background-color 0.12s, border-color 0.12s, color 0.12s;
}
.btn:disabled { cursor: not-allowed; opacity: 0.55; }
.btn-primary { background: var(--accent); color: #fff; box-shadow: var(--shadow); }
.btn-primary:hover:not(:disabled) { background: var(--accent-hover); }
.btn-secondary { background: var(--surface); color: var(--text); border-color: var(--border-strong); box-shadow: 0 1px 2px rgba(17, 24, 39, 0.04); }
.btn-secondary:hover:not(:disabled) { background: var(--surface-muted); border-color: #b8bfca; }
.btn-danger { background: var(--danger); color: #fff; }
.btn-danger:hover:not(:disabled) { background: var(--danger-hover); }
.btn-ghost { background: transparent; color: var(--text); }
.btn-ghost:hover { background: var(--surface-muted); }
.btn-block { width: 100%; min-height: 42px; }
.btn-small { min-height: 30px; padding: 0 10px; font-size: 0.84rem; font-weight: 550; }
.btn-link-danger { color: var(--danger); }
.btn-link-danger:hover:not(:disabled) { background: #fdf0f0; border-color: #f0c4c4; }
.plus { font-size: 1.15em; line-height: 1; margin-top: -2px; }

/* Forms */
.field { display: flex; flex-direction: column; gap: 6px; margin-top: 18px; min-width: 0; }
.field-row { display: grid; grid-template-columns: 1fr 1fr; gap: 0 16px; }
label { font-weight: 550; font-size: 0.92rem; }
.optional { color: var(--text-muted); font-weight: 400; }
.hint { color: var(--text-muted); font-size: 0.84rem; }
input[type="text"], input[type="password"], select {
  width: 100%; min-height: 40px; padding: 8px 12px;
  border: 1px solid var(--border-strong); border-radius: var(--radius-small);
  background: var(--surface); color: var(--text); font: inherit;
}
select { padding-right: 32px; }
input:hover, select:hover { border-color: #aeb5c1; }
input:focus-visible, select:focus-visible { border-color: var(--accent); }
input[aria-invalid="true"] { border-color: var(--danger); }
.form-error { color: var(--danger); font-size: 0.9rem; font-weight: 550; margin-top: 14px; }
.form-error:empty, .panel-error:empty, .copy-status:empty, .toast:empty { display: none; }
.inline-field {
  display: inline-flex; align-items: center; gap: 8px; font-size: 0.88rem; min-width: 0; max-width: 100%;
}
.inline-field span { color: var(--text-muted); font-weight: 550; }
/* A select is as wide as its longest option (a key's name): capped, so a long name cannot widen the page. */
.inline-field select {
  width: auto; min-width: 0; max-width: 100%; min-height: 34px; padding-top: 4px; padding-bottom: 4px; text-overflow: ellipsis;
}
.key-picker select { max-width: 26rem; }

/* Switch: a checkbox with role="switch", drawn as a track and a thumb */
.switch { display: inline-flex; align-items: center; gap: 12px; cursor: pointer; position: relative; width: fit-content; }
.switch input { position: absolute; z-index: 1; opacity: 0; width: 44px; height: 24px; margin: 0; cursor: pointer; }
.switch-track { position: relative; width: 44px; height: 24px; border-radius: 999px; background: #c4c9d2; transition: background-color 0.15s; flex: none; }
.switch-thumb { position: absolute; top: 3px; left: 3px; width: 18px; height: 18px; border-radius: 50%; background: #fff; box-shadow: 0 1px 2px rgba(0, 0, 0, 0.25); transition: transform 0.15s; }
.switch input:checked + .switch-track { background: #b45309; }
.switch input:checked + .switch-track .switch-thumb { transform: translateX(20px); }
.switch input:focus-visible + .switch-track { box-shadow: var(--focus-ring); }
.switch-label { font-weight: 550; }

/* Sign-in */
.sign-in { display: flex; justify-content: center; padding-top: 6vh; }
.card { background: var(--surface); border: 1px solid var(--border); border-radius: 14px; box-shadow: var(--shadow); }
.sign-in-card { width: 100%; max-width: 420px; padding: 32px; }
.sign-in-card h1 { font-size: 1.45rem; margin-bottom: 4px; }
.sign-in-card .btn-block { margin-top: 24px; }
.sign-in-card .hint.center { margin-top: 16px; }

/* Page head, tabs, toolbar */
.page-head { display: flex; align-items: flex-end; justify-content: space-between; gap: 20px; margin-bottom: 22px; }
.page-head p { margin-top: 6px; }
.tabs { display: flex; gap: 4px; border-bottom: 1px solid var(--border); margin-bottom: 18px; }
.tab {
  position: relative; padding: 10px 14px; border: 0; background: none; cursor: pointer;
  font: inherit; font-weight: 550; color: var(--text-muted); border-radius: var(--radius-small) var(--radius-small) 0 0;
}
.tab:hover { color: var(--text); }
.tab[aria-selected="true"] { color: var(--accent); }
.tab[aria-selected="true"]::after { content: ""; position: absolute; left: 8px; right: 8px; bottom: -1px; height: 2px; border-radius: 2px; background: var(--accent); }
.toolbar { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; margin-bottom: 14px; }
.filters { display: flex; align-items: center; gap: 16px; flex-wrap: wrap; min-width: 0; max-width: 100%; }

/* Tables */
.table-wrap { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); box-shadow: var(--shadow); overflow-x: auto; }
.data-table { width: 100%; border-collapse: collapse; font-size: 0.9rem; }
.data-table th, .data-table td { padding: 12px; text-align: left; vertical-align: middle; border-bottom: 1px solid var(--border); }
.data-table thead th {
  background: var(--surface-muted); color: var(--text-muted); font-size: 0.76rem; font-weight: 650;
  text-transform: uppercase; letter-spacing: 0.05em; white-space: nowrap; padding-top: 10px; padding-bottom: 10px;
}
.data-table tbody tr:last-child > * { border-bottom: 0; }
.data-table tbody tr:hover { background: #fafbfc; }
.data-table[aria-busy="true"] tbody { opacity: 0.55; }
.keys-table tbody th { font-weight: 600; }
/* Names and owner ids may be long and hold no space: they wrap anywhere, so the row's actions stay in view. */
.key-name, .key-owner { display: block; min-width: 120px; max-width: 240px; overflow-wrap: anywhere; }
.key-owner { margin-top: 2px; color: var(--text-muted); font-weight: 400; font-size: 0.8rem; }
.masked { white-space: nowrap; color: #374151; background: var(--surface-muted); border: 1px solid var(--border); border-radius: 5px; padding: 2px 6px; }
.nowrap { white-space: nowrap; }
.never { color: var(--text-muted); }
.cell-actions { text-align: right; white-space: nowrap; }
.actions { display: inline-flex; gap: 6px; justify-content: flex-end; }
.actions .btn-small { padding: 0 9px; }
.row-revoked .key-name, .row-revoked .masked { color: var(--text-muted); }
.usage-table td { white-space: nowrap; }
.usage-table td.usage-key { white-space: normal; min-width: 10rem; overflow-wrap: anywhere; }
.usage-path { font-family: var(--mono); font-size: 0.84rem; }
.empty { padding: 48px 20px; text-align: center; }
.empty-title { font-weight: 650; margin-bottom: 4px; }
.panel-error { padding: 14px; color: var(--danger); font-weight: 550; }
.pager { display: flex; align-items: center; justify-content: flex-end; gap: 12px; margin-top: 14px; }

/* Badges */
.badge {
  display: inline-flex; align-items: center; gap: 6px; padding: 2px 9px; border-radius: 999px;
  font-size: 0.78rem; font-weight: 600; line-height: 1.5; white-space: nowrap; border: 1px solid transparent;
}
.badge::before { content: ""; width: 6px; height: 6px; border-radius: 50%; background: currentColor; }
.badge-live { background: #eef2ff; color: #3730a3; border-color: #c7d2fe; }
.badge-test { background: #fff7e6; color: #8a4b08; border-color: #f7d9a6; }
.badge-active { background: #ecfdf3; color: #126b3c; border-color: #b7ebc9; }
.badge-revoked { background: #fdeeee; color: #9b1c1c; border-color: #f6c9c9; }
.badge-expired { background: #f1f2f4; color: #4b5563; border-color: #d9dce1; }
.status-code { font-family: var(--mono); font-weight: 600; }
.status-ok { color: #126b3c; }
.status-client { color: #8a4b08; }
.status-server { color: #9b1c1c; }

/* Dialogs: the native modal <dialog>, centred over a dimmed backdrop */
.dialog {
  width: min(520px, calc(100vw - 32px)); max-height: calc(100vh - 48px); padding: 28px;
  border: 1px solid var(--border); border-radius: 14px; background: var(--surface); color: var(--text);
  box-shadow: var(--shadow-dialog); overflow: auto;
}
.dialog-narrow { width: min(440px, calc(100vw - 32px)); }
.dialog-wide { width: min(720px, calc(100vw - 32px)); }
.dialog::backdrop { background: rgba(17, 24, 39, 0.5); backdrop-filter: blur(2px); }
.dialog[open] { animation: dialog-in 0.14s ease-out; }
@keyframes dialog-in { from { opacity: 0; transform: translateY(8px) scale(0.98); } to { opacity: 1; transform: none; } }
.dialog h2 { margin-bottom: 6px; }
.dialog-narrow p { margin-top: 8px; }
.dialog-actions { display: flex; justify-content: flex-end; gap: 10px; margin-top: 26px; }
.quoted { overflow-wrap: anywhere; }
.callout { margin-top: 12px; padding: 12px 14px; border-radius: 8px; font-size: 0.9rem; border: 1px solid; }
.callout-warning { background: #fffbeb; border-color: #f5d68a; color: #6b4406; }
.callout-info { background: var(--accent-soft); border-color: #c7d2fe; color: #312e81; }
.secret { display: flex; align-items: stretch; gap: 8px; margin-top: 16px; }
.secret-value {
  flex: 1; min-width: 0; padding: 10px 12px; border-radius: var(--radius-small);
  background: #0f172a; color: #e2e8f0; font-size: 0.9rem; line-height: 1.5; overflow-wrap: anywhere; user-select: all;
}
.copy-status { margin-top: 8px; font-size: 0.86rem; color: #126b3c; font-weight: 550; }
.details { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 18px 0 0; font-size: 0.9rem; }
.details dt { color: var(--text-muted); }
.details dd { margin: 0; overflow-wrap: anywhere; }
.reveal-note { margin-top: 16px; padding-top: 14px; border-top: 1px solid var(--border); color: var(--text-muted); font-size: 0.9rem; }
.reveal-note:empty { display: none; }
.input-with-button { display: flex; gap: 8px; }
.input-with-button input { flex: 1; min-width: 0; font-family: var(--mono); }
.test-result { margin-top: 18px; border-top: 1px solid var(--border); padding-top: 6px; }
.test-status { display: flex; align-items: center; gap: 10px; margin-top: 12px; font-weight: 600; }
.code-block {
  margin: 0; padding: 12px 14px; border-radius: 8px; background: #0f172a; color: #e2e8f0;
  font-size: 0.82rem; line-height: 1.55; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 220px; overflow: auto;
}

/* Toast */
.toast {
  position: fixed; left: 50%; bottom: 24px; transform: translateX(-50%); z-index: 20;
  padding: 10px 16px; border-radius: 8px; background: #111827; color: #fff; font-size: 0.9rem; font-weight: 550;
  box-shadow: var(--shadow-dialog); max-width: calc(100vw - 32px);
}

/* Laptops: the keys table is short of room, so dates wrap and a row's actions take two lines before it scrolls */
@media (min-width: 761px) and (max-width: 1180px) {
  .actions { display: inline-grid; grid-template-columns: auto auto; }
  .keys-table time.nowrap { white-space: normal; }
}

/* Phones: the page head stacks and each key becomes a card */
@media (max-width: 760px) {
  .main { padding: 20px 14px 48px; }
  .topbar { padding: 0 14px; }
  .brand-divider, .brand-section { display: none; }
  .principal { max-width: 140px; }
  .page-head { flex-direction: column; align-items: stretch; }
  .field-row { grid-template-columns: 1fr; }
  .dialog { padding: 22px 18px; }
  .dialog-actions { flex-direction: column-reverse; }
  .dialog-actions .btn { width: 100%; }
  .data-table thead { display: none; }
  .data-table, .data-table tbody, .data-table tr, .data-table th, .data-table td { display: block; }
  .data-table tr { padding: 14px 16px; border-bottom: 1px solid var(--border); }
  .data-table tbody tr:last-child { border-bottom: 0; }
  .data-table tbody th, .data-table td { padding: 3px 0; border: 0; }
  .data-table tbody th { font-size: 1rem; margin-bottom: 4px; }
  .data-table td[data-label] { display: flex; justify-content: space-between; gap: 12px; white-space: normal; text-align: right; overflow-wrap: anywhere; }
  .data-table td[data-label]::before {
    content: attr(data-label); color: var(--text-muted); font-family: var(--font); font-size: 0.84rem;
    text-align: left; flex: none;
  }
  .keys-table .cell-actions { text-align: left; margin-top: 10px; }
  .actions { flex-wrap: wrap; justify-content: flex-start; }
  .key-name, .key-owner { max-width: none; }
  .key-picker, .key-picker select { flex: 1 1 auto; max-width: 100%; }
  .secret { flex-direction: column; }
}
`
