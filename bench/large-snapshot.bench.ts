/**
 * `Engine.open` on a snapshot larger than 2 GiB, end to end: Node refuses single reads beyond
 * 2 GiB, so the file, and its largest section, must be read in pieces. The engine is the sample
 * data's; its record store's first chunk is written with `--gib` GiB of bytes after the records
 * (bytes no slot points at), so one section alone is larger than 2 GiB. The reopened engine must
 * answer every probe exactly as the built one, and every section's CRC-32 is verified on the way.
 *
 * Run: `npx tsx bench/large-snapshot.bench.ts [--gib 2.5]` (needs about twice that in free memory
 * and disk). Prints the file size and the save and open times.
 */
import { rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual, parseArgs } from 'node:util'
import type { ApiTarget } from '../src/api/routes.js'
import { buildParts } from '../src/build/build-parts.js'
import { Engine } from '../src/engine.js'
import { DeletedDocs } from '../src/indexes/deleted-docs.js'
import type { SnapshotContent } from '../src/snapshot/snapshot-content.js'
import { writeSnapshot } from '../src/snapshot/write-snapshot.js'
import type { Params } from '../src/types.js'

const { values } = parseArgs({ options: { gib: { type: 'string' } } })
const GIB = Number(values.gib ?? 2.5)
const SOURCES = {
  whois: ['data/whois.jsonl'],
  dns: [
    { path: 'data/dns-mx.jsonl', kind: 'mx' as const },
    { path: 'data/dns-txt.jsonl', kind: 'txt' as const },
  ],
}
const PROBES: [keyof Pick<Engine, 'reverse' | 'mx' | 'txt'>, Params][] = [
  ['reverse', { name: 'acme' }],
  ['reverse', { phrase: 'redacted privacy', slop: 1 }],
  ['reverse', { nameserver: 'cloudflare.com', page: 1 }],
  ['mx', { nameserver: 'google.com', most_recent: true }],
  ['txt', { txt: 'v=spf1', summarize: 'txt', summary_context: 'dns-txt' }],
]

const parts = await buildParts(SOURCES, {
  strict: false,
  onProgress: undefined,
  workers: 0,
  rangeBytes: undefined,
})
const first = parts.store.state.chunks[0] as Uint8Array
const padded = new Uint8Array(first.length + Math.round(GIB * 2 ** 30))
padded.set(first)
for (let i = first.length; i < padded.length; i += 4096) padded[i] = i & 0xff
const none = DeletedDocs.none.state
const content: SnapshotContent = {
  segments: [
    {
      store: { ...parts.store.state, chunks: [padded, ...parts.store.state.chunks.slice(1)] },
      reverse: parts.reverse.state,
      mx: parts.mx.saved,
      txt: parts.txt.saved,
      deleted: { whois: none, mx: none, txt: none },
    },
  ],
  load: parts.load,
  removed: { whois: 0, observations: 0, notHeld: 0 },
  queue: [],
  buildMs: 0,
}
const path = join(tmpdir(), 'domindex-large-snapshot.dmx')
let t = performance.now()
await writeSnapshot(path, content)
const saveMs = performance.now() - t
const size = (await stat(path)).size
t = performance.now()
const opened = await Engine.open(path)
const openMs = performance.now() - t
const built = await Engine.build(SOURCES)
let mismatches = 0
// As ApiTargets: a union of the engine's overloaded methods (`opened[method]`) is not callable.
const [fromFile, fromSources]: [ApiTarget, ApiTarget] = [opened, built]
for (const [method, params] of PROBES) {
  if (!isDeepStrictEqual(fromFile[method](params), fromSources[method](params))) mismatches++
}
for (const domain of ['reefcloud.com', 'baycraft.com.br', 'absent.example']) {
  if (!isDeepStrictEqual(opened.whois({ domain }), built.whois({ domain }))) mismatches++
}
await rm(path, { force: true })
console.log(
  `snapshot ${(size / 2 ** 30).toFixed(2)} GiB (largest section ${(padded.length / 2 ** 30).toFixed(2)} GiB): ` +
    `save ${(saveMs / 1000).toFixed(1)} s, open ${(openMs / 1000).toFixed(1)} s, ` +
    `${PROBES.length + 3} probes, ${mismatches} answers differ from a fresh build`,
)
if (mismatches > 0) process.exit(1)
