const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

/const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

*const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

*const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

*const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

`const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

hconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

`const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

:const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

vconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

yconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

hconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

kconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

wconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

hconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

/const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

*const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

/const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

{const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

wconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

yconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

}const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

:const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

{const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

hconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

}const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

/const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

jconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

:const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

gconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

[const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

]const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

=const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

[const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

#const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

kconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

yconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

wconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

hconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

kconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

`const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

$const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

{const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

wconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

gconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

}const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

$const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

{const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

vconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

}const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

`const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

]const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

=const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

wconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

hconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

=const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

:const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

=const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

>const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

hconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

gconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

-const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

=const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

`const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

:const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

$const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

{const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

kconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

yconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

wconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

}const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

/const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

vconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

vconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

kconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

yconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

yconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

;const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

+const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

hconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

2const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

5const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

6const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

+const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

kconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

$const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

{const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

}const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

/const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

;const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

$const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

{const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

xconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

2const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

}const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

gconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

≥const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

2const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

5const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

0const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

0const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

0const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

0const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

/const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

≥const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

0const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

5const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

0const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

;const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

$const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

{const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

}const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

vconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

`const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

gconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

hconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

#const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

#const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Hconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

kconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

yconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

wconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

/const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

/const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

-const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

-const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

-const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

-const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

-const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

-const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

-const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

-const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

-const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

`const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

$const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

{const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

kconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

yconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

wconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

}const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

$const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

{const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

bconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

}const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

$const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

{const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

xconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

2const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

}const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

|const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

`const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

wconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Fconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

yconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

cconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

wconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

/const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

Sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

dconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

pconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

mconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

tconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

aconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

uconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

rconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

,const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

 const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

lconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

econst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

sconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

.const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

jconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

oconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

iconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

(const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

\const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

nconst core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

'const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

)const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)


const core = await benchCore()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(formatCore(core))
lines.push(
  '## Core decisions (no HTTP)',
  '',
  'A valid live key on memory stores, against the bare work of any conforming check (Bearer header, K1/K2 key parse, sha256, Map lookup) and the minimal work of any bearer check (no key parse). Interleaved runs, medians.',
  '',
  '| keyward decisions/s | bare baseline/s | ratio (target ≥ 0.50) | minimal baseline/s | ratio |',
  '|---|---|---|---|---|',
  `| ${fmt(core.keywardPerSecond)} | ${fmt(core.barePerSecond)} | ${core.ratio.toFixed(2)} | ${fmt(core.minimalPerSecond)} | ${core.minimalRatio.toFixed(2)} |`,
  '',
)

