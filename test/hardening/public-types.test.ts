/**
 * Issue 15, item 16: the published declarations are usable as a consumer sees them. The package's
 * declarations are emitted into a temporary `node_modules/domindex` (never the project's `dist`,
 * which another process may be using), then a consumer is type-checked against them with no
 * `@types/node` (`types: []`, DOM and ES2023 libraries only), `skipLibCheck: false` and the
 * strictest options. The consumer pins, with `@ts-expect-error` where a call must not compile:
 * - no Node-only type (`Buffer`, `node:stream`) is reachable from the public entry;
 * - record fields that real registry extracts carry as `null` accept `null`;
 * - each query method has its own parameter type, so a misspelt parameter is a compile error;
 * - `mx()` and `txt()` without `summarize` return an `Envelope`, with it a `SummaryResponse`.
 * Two compiler runs (the package, then the consumer): about 20 s on a shared two-core machine.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')

const CONSUMER = `
import {
  ClickHouseEngine,
  Engine,
  type DnsParams,
  type Envelope,
  type Observation,
  type ReverseParams,
  type SummaryResponse,
  type TxtParams,
  type WhoisParams,
  type WhoisRecord,
} from 'domindex'

export async function use(engine: Engine, ch: ClickHouseEngine): Promise<number> {
  const typed: Envelope<WhoisRecord> = engine.reverse({ phrase: 'acme holdings', slop: 1, created_from: '2020-01-01' })
  const strings: ReverseParams = { phrase: 'acme', slop: '1', street: 'true', page: '2' }
  const fromStrings: Envelope<WhoisRecord> = engine.reverse(strings)
  // @ts-expect-error: a misspelt parameter does not compile
  engine.reverse({ phrse: 'x' })
  // @ts-expect-error: reverse has no host parameter
  engine.reverse({ host: 'example.com' })

  const mx: Envelope<Observation> = engine.mx({ nameserver: 'example-dns.net', most_recent: true })
  const txt: Envelope<Observation> = engine.txt({ txt: 'v=spf1', filter: ['txt:spf1'], page: 1 })
  const summary: SummaryResponse = engine.txt({ txt: 'spf', summarize: 'txt', summary_context: 'dns-txt' })
  const mxSummary: SummaryResponse = engine.mx({ summarize: 'host', summary_limit: '10' })
  const dns: DnsParams = { host: 'example.com', from: '2024-01-01', to: '2024-01-31' }
  const either: Envelope<Observation> | SummaryResponse = engine.mx(dns)
  const txtParams: TxtParams = { txt: 'google-site-verification' }
  // @ts-expect-error: txt is a parameter of the TXT endpoint only
  engine.mx({ txt: 'x' })
  // @ts-expect-error: a misspelt parameter does not compile
  engine.txt({ summarise: 'txt' })
  // @ts-expect-error: the iterators choose the pages themselves
  engine.mxAll({ host: 'example.com', page: 1 })

  const whois: WhoisParams = { domain: 'www.example.co.uk', apex_domain: 'true' }
  const record: WhoisRecord | null = engine.whois(whois)
  // @ts-expect-error: a misspelt parameter does not compile
  engine.whois({ domian: 'example.com' })
  const organization: string | null | undefined = record?.registrant?.organization
  const loaded: WhoisRecord = {
    query: 'example.com',
    server: null,
    domain: { name: null, created: null, created_norm: null, nameservers: null, registrar_name: null },
    registrant: { organization: null, name: null, street: null, phone: null, fax: null, redacted: null },
    admin: null,
    billing: null,
  }
  engine.prioritize({ domain: 'example.org' })
  // @ts-expect-error: prioritize takes a domain only
  engine.prioritize({ domain: 'example.org', apex_domain: true })

  const remote: Envelope<Observation> = await ch.mx({ host: 'example.com' })
  const remoteSummary: SummaryResponse = await ch.txt({ ...txtParams, summarize: 'txt' })
  // @ts-expect-error: a misspelt parameter does not compile
  await ch.reverse({ phrse: 'x' })
  for await (const observation of ch.txtAll({ txt: 'v=spf1' })) organization === observation.id
  for await (const found of engine.reverseAll({ name: 'acme' })) loaded.query === found.query

  const response = await engine.fetch('https://any.host/v1/domain/mx?host=example.com')
  return (
    typed.page + fromStrings.page + mx.pages + txt.pages + either.toString().length +
    Object.keys(summary.summary.values).length + mxSummary.summary.other + remote.pages +
    remoteSummary.summary.other + response.status
  )
}
`

let dir: string | undefined
afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true })
})

it('publishes declarations a consumer without @types/node compiles, with per-method parameter types', async () => {
  dir = await mkdtemp(join(tmpdir(), 'domindex-public-types-'))
  const pkg = join(dir, 'node_modules', 'domindex')
  const built = await run([
    join(root, 'tsconfig.build.json'),
    '--outDir',
    join(pkg, 'dist'),
    '--emitDeclarationOnly',
    '--sourceMap',
    'false',
  ])
  expect(built.output).toBe('')
  expect(built.code).toBe(0)

  const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as Record<string, unknown>
  const { name, type, exports, types } = manifest
  await writeFile(join(pkg, 'package.json'), JSON.stringify({ name, type, exports, types }))
  const consumer = join(dir, 'consumer')
  await mkdir(consumer)
  await writeFile(join(consumer, 'package.json'), JSON.stringify({ type: 'module' }))
  await writeFile(join(consumer, 'consumer.ts'), CONSUMER)
  await writeFile(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: [],
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        noEmit: true,
      },
      files: ['consumer.ts'],
    }),
  )
  const checked = await run([join(consumer, 'tsconfig.json')])
  expect(checked.output).toBe('')
  expect(checked.code).toBe(0)
}, 180_000)

/** Runs `tsc -p <project> …args`; resolves with its exit code and its diagnostics. */
function run([project, ...args]: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsc, '-p', project as string, '--pretty', 'false', ...args],
      { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1
        resolve({ code, output: `${stdout}${stderr}`.trim() })
      },
    )
  })
}
