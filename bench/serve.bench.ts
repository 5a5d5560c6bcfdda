/**
 * `domindex serve` (SPEC 15) over loopback against `request()` called in-process on the same
 * queries: the reverse and DNS query families of bench/lib (terms picked from the data), over HTTP
 * with 1, 8 and 64 concurrent clients (keep-alive connections of the minimal load generator below,
 * bounded in requests and seconds per run), and at 1 client once more with `Accept-Encoding: gzip`.
 * Every reply is checked: status 200 and the byte length of the body request() gives; the first
 * 20 replies of each family byte for byte.
 *
 * The server runs in a child process (`--phase server`) built as `domindex serve` builds it: the
 * snapshot opened, an `ApiServer` with the default limits, one log line per request written to
 * stderr (a file here). The same process times `request()` in-process when asked (over IPC), so
 * that both sides are measured in one process with the same heap and compiled code: at 1 client,
 * blocks of in-process requests and of HTTP requests alternate, so a shared machine's load falls
 * on both alike. The load generator runs in this process; both share the machine's cores.
 *
 * Overhead per request = p50 over HTTP at 1 client − p50 of `await engine.request(path)`: the
 * JSON bytes (request() returns objects), node:http, the loopback copy, the log line and the
 * client. The JSON bytes alone are timed too (`jsonBytes`, as the server makes them), to tell the
 * serialisation from the rest.
 *
 * Run: `npx tsx bench/serve.bench.ts [--records N] [--requests R] [--seconds S]` (default 100,000
 * WHOIS records with 300,000 observations from bench/lib/sample-files.ts, at most 2,000 requests
 * and 3 s a run). The snapshot is built once and kept beside the sample. Writes bench/reports/serve.md.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { Engine } from '../src/engine.js'
import { ApiServer } from '../src/server/http-server.js'
import { jsonBytes } from '../src/server/json-bytes.js'
import type { Observation, Params, WhoisRecord } from '../src/types.js'
import { dnsFamilies, sampleApexes } from './lib/dns-families.js'
import { median, quantile, table } from './lib/measure.js'
import { forEachJsonLine } from './lib/parse-lines.js'
import { familyFields, reverseFamilies } from './lib/reverse-families.js'
import { sampleDir, sampleSources } from './lib/sample-files.js'

const { values: args } = parseArgs({
  options: {
    records: { type: 'string' },
    requests: { type: 'string' },
    seconds: { type: 'string' },
    phase: { type: 'string' },
  },
})
const RECORDS = Number(args.records ?? 100_000)
const MAX_REQUESTS = Number(args.requests ?? 2_000)
const MAX_MS = 1000 * Number(args.seconds ?? 3)
const CONCURRENCY = [1, 8, 64] as const
/** Requests per block when in-process and HTTP blocks alternate. */
const BLOCK = 50
const HOST_QUERIES = 200
/** Slow queries the limits allow, for the head-of-line blocking runs (3–8 ms each at 100k records). */
const HEAVY: [string, string][] = [
  [
    'a deep page of every record',
    '/v1/domain/reverse?created_from=1990-01-01&created_to=2030-01-01&page=500',
  ],
  [
    'an MX expression with 150k matches',
    `/v1/domain/mx?expression=${encodeURIComponent('host:com OR host:net OR host:org NOT host:google.com')}`,
  ],
]
const SAMPLE = { whois: RECORDS, dns: 3 * RECORDS, seed: 1 }

/** One family: its request paths (used in rotation) and the JSON text request() gives for each. */
interface Family {
  name: string
  paths: string[]
  expected: Map<string, string>
}

/** What the server process is asked over IPC: time request() in-process, or stop. */
type Ask = { kind: 'time'; paths: string[]; first: number; count: number } | { kind: 'stop' }

/** Milliseconds of request() and, apart, of the JSON bytes of its body (as the server makes them). */
interface Timed {
  request: number[]
  json: number[]
}

/** A reply as the load generator reads it. */
interface Reply {
  status: number
  body: Buffer
}

/**
 * A keep-alive HTTP/1.1 connection that sends one request at a time and reads the reply by its
 * Content-Length (the server always sends one): no parser beyond the head, so that the client's
 * own cost stays small beside the server's.
 */
class Connection {
  readonly #socket: Socket
  #chunks: Buffer[] = []
  #received = 0
  #waiting: ((reply: Reply) => void) | undefined

  private constructor(socket: Socket) {
    this.#socket = socket
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => {
      this.#chunks.push(chunk)
      this.#received += chunk.length
      this.#complete()
    })
  }

  static async open(port: number): Promise<Connection> {
    const socket = connect(port, '127.0.0.1')
    await once(socket, 'connect')
    return new Connection(socket)
  }

  get(path: string, gzip: boolean): Promise<Reply> {
    return new Promise((resolve) => {
      this.#waiting = resolve
      const accept = gzip ? 'Accept-Encoding: gzip\r\n' : ''
      this.#socket.write(`GET ${path} HTTP/1.1\r\nHost: bench\r\n${accept}\r\n`)
    })
  }

  close(): void {
    this.#socket.destroy()
  }

  #complete(): void {
    const first = this.#chunks[0] as Buffer
    // The head of a reply fits in its first chunk (it is a few hundred bytes).
    const headEnd = first.indexOf('\r\n\r\n')
    if (headEnd < 0 || this.#waiting === undefined) return
    const head = first.subarray(0, headEnd).toString('latin1')
    const end = headEnd + 4 + Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? Number.NaN)
    if (this.#received < end) return
    const all = this.#chunks.length === 1 ? first : Buffer.concat(this.#chunks, this.#received)
    this.#chunks = end < all.length ? [all.subarray(end)] : []
    this.#received = all.length - end
    const resolve = this.#waiting
    this.#waiting = undefined
    resolve({ status: Number(head.slice(9, 12)), body: all.subarray(headEnd + 4, end) })
  }
}

/** Latencies (ms) of one run, its wall time, the body bytes received, and how long its new connections took to get a first answer each. */
interface Run {
  latencies: number[]
  seconds: number
  bytes: number
  admitMs: number
}

/**
 * `clients` connections each sending the family's paths in rotation (from `first`), one request
 * at a time, until `limit` requests in all or MAX_MS have passed; every reply is checked.
 */
async function loadRun(
  port: number,
  family: Family,
  clients: number,
  options: { gzip?: boolean; first?: number; limit?: number } = {},
): Promise<Run> {
  const { gzip = false, first = 0, limit = MAX_REQUESTS } = options
  const connections = await Promise.all(Array.from({ length: clients }, () => Connection.open(port)))
  // Node admits one new connection per turn of its event loop: each connection first gets one
  // untimed answer (the time until all have is reported), and the run measures connections in
  // use, as a client's pool keeps them.
  const opened = performance.now()
  const warmPath = family.paths[first % family.paths.length] as string
  await Promise.all(connections.map((connection) => connection.get(warmPath, gzip)))
  const admitMs = performance.now() - opened
  const latencies: number[] = []
  let bytes = 0
  let next = 0
  const started = performance.now()
  await Promise.all(
    connections.map(async (connection) => {
      while (next < limit && performance.now() - started < MAX_MS) {
        const path = family.paths[(first + next++) % family.paths.length] as string
        const t0 = performance.now()
        const reply = await connection.get(path, gzip)
        latencies.push(performance.now() - t0)
        bytes += reply.body.length
        const expected = family.expected.get(path) as string
        if (reply.status !== 200 || (!gzip && reply.body.length !== Buffer.byteLength(expected))) {
          throw new Error(`${family.name}: ${path} answered ${reply.status} with ${reply.body.length} bytes`)
        }
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  for (const connection of connections) connection.close()
  return { latencies, seconds, bytes, admitMs }
}

/** The snapshot of the sample, built and saved first when missing. */
async function snapshotOfSample(): Promise<string> {
  const sources = await sampleSources(SAMPLE)
  const path = `${sampleDir(SAMPLE)}-serve.dmx`
  if (!existsSync(path)) {
    console.log(`building ${path}`)
    await (await Engine.build(sources)).save(path)
  }
  return path
}

/** The families' parameters, picked from the sample's files as the other benchmarks pick them. */
async function familyParams(): Promise<[string, string, Params[]][]> {
  const dir = sampleDir(SAMPLE)
  const records: WhoisRecord[] = []
  await forEachJsonLine(join(dir, 'whois.jsonl'), (value) => records.push(familyFields(value as WhoisRecord)))
  const mx: Observation[] = []
  await forEachJsonLine(join(dir, 'dns-mx.jsonl'), (value) => {
    const { id, date, items } = value as Observation
    mx.push({ id, date, items: items.slice(0, 1) })
  })
  mx.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return [
    ...reverseFamilies(records).map(([name, params]): [string, string, Params[]] => [
      `reverse: ${name}`,
      '/v1/domain/reverse',
      [params],
    ]),
    ...dnsFamilies(sampleApexes(mx, HOST_QUERIES)).map((f): [string, string, Params[]] => [
      `${f.kind}: ${f.name}`,
      `/v1/domain/${f.kind}`,
      [...f.params],
    ]),
  ]
}

function pathOf(base: string, params: Params): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))
  return `${base}?${query}`
}

/**
 * The server process: opens the snapshot and serves it as `domindex serve` does (ApiServer, default
 * limits, a log line per request on stderr), sends its port, then times request() when asked.
 */
async function serverPhase(): Promise<void> {
  const engine = await Engine.open(await snapshotOfSample())
  const server = new ApiServer({ log: (line) => process.stderr.write(`${line}\n`) })
  const url = await server.listen({ host: '127.0.0.1', port: 0 })
  server.serve(engine)
  process.on('message', (ask: Ask) => {
    void (async () => {
      if (ask.kind === 'stop') {
        await server.close()
        process.disconnect()
        return
      }
      const timed: Timed = { request: [], json: [] }
      for (let i = 0; i < ask.count; i++) {
        const t0 = performance.now()
        const { body } = await engine.request(ask.paths[(ask.first + i) % ask.paths.length] as string)
        const t1 = performance.now()
        jsonBytes(body)
        timed.json.push(performance.now() - t1)
        timed.request.push(t1 - t0)
      }
      process.send?.(timed)
    })()
  })
  process.send?.({ port: Number(new URL(url).port) })
}

/** The server process, its port, and how to ask it to time request(). */
async function startServer(
  logFile: string,
): Promise<{ child: ChildProcess; port: number; time: (ask: Ask) => Promise<Timed> }> {
  const log = openSync(logFile, 'w')
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL(import.meta.url).pathname, '--phase', 'server', '--records', String(RECORDS)],
    { stdio: ['ignore', 'inherit', log, 'ipc'] },
  )
  closeSync(log)
  const [ready] = (await once(child, 'message')) as [{ port: number }]
  const time = async (ask: Ask): Promise<Timed> => {
    child.send(ask)
    return ((await once(child, 'message')) as [Timed])[0]
  }
  return { child, port: ready.port, time }
}

/** The milliseconds of the 200s the server logged since the log had `from` bytes. */
function loggedSince(logFile: string, from: number): number[] {
  const text = readFileSync(logFile).subarray(from).toString('utf8')
  return [...text.matchAll(/ 200 (\d+\.\d)ms$/gm)].map((m) => Number(m[1]))
}

const ms = (n: number): string => (n >= 10 ? n.toFixed(1) : n.toFixed(2))

/**
 * The machine's count of TCP zero-window advertisements (Linux `/proc/net/netstat`), or null
 * elsewhere: a receiver that reads too slowly for its window stops the sender, which then probes
 * on the persist timer (200 ms, doubling), so one can hold a response for a second or more.
 */
function zeroWindows(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n')
    const names = lines.find((line) => line.startsWith('TcpExt:'))?.split(' ') ?? []
    const values = lines.filter((line) => line.startsWith('TcpExt:'))[1]?.split(' ') ?? []
    const at = names.indexOf('TCPToZeroWindowAdv')
    return at < 0 ? null : Number(values[at])
  } catch {
    return null
  }
}

if (args.phase === 'server') {
  await serverPhase()
} else {
  await main()
}

async function main(): Promise<void> {
  const machineLoad = loadavg()[0] ?? 0
  const zeroWindowsBefore = zeroWindows()
  const engine = await Engine.open(await snapshotOfSample())
  const families: Family[] = []
  for (const [name, base, paramSets] of await familyParams()) {
    const paths = paramSets.map((params) => pathOf(base, params))
    const expected = new Map<string, string>()
    for (const path of paths) {
      const { status, body } = await engine.request(path)
      if (status !== 200) throw new Error(`${name}: ${path} answers ${status} in-process`)
      expected.set(path, JSON.stringify(body))
    }
    families.push({ name, paths, expected })
  }
  const counts = engine.stats().counts

  const work = join(tmpdir(), 'domindex-serve-bench')
  mkdirSync(work, { recursive: true })
  const logFile = join(work, 'server.log')
  const server = await startServer(logFile)
  const inProcess = new Map<Family, Timed>()
  const serverSide = new Map<Family, number[]>()
  const runs = new Map<string, Run>()
  for (const family of families) {
    const { paths } = family
    // Warm-up on both sides; the first 20 replies checked byte for byte.
    await server.time({ kind: 'time', paths, first: 0, count: 40 })
    const warm = await Connection.open(server.port)
    for (let i = 0; i < 40; i++) {
      const path = paths[i % paths.length] as string
      const reply = await warm.get(path, false)
      if (i < 20 && reply.body.toString('utf8') !== family.expected.get(path)) {
        throw new Error(`${family.name}: ${path} answers other bytes over HTTP than in-process`)
      }
    }
    warm.close()
    // 1 client: blocks of in-process and HTTP requests alternate.
    const timed: Timed = { request: [], json: [] }
    const http: Run = { latencies: [], seconds: 0, bytes: 0, admitMs: 0 }
    const from = statSync(logFile).size
    const started = performance.now()
    for (let first = 0; first < MAX_REQUESTS && performance.now() - started < 2 * MAX_MS; first += BLOCK) {
      const block = await server.time({ kind: 'time', paths, first, count: BLOCK })
      timed.request.push(...block.request)
      timed.json.push(...block.json)
      const run = await loadRun(server.port, family, 1, { first, limit: BLOCK })
      http.latencies.push(...run.latencies)
      http.seconds += run.seconds
      http.bytes += run.bytes
    }
    inProcess.set(family, timed)
    serverSide.set(family, loggedSince(logFile, from))
    runs.set(`${family.name}/1`, http)
    for (const clients of CONCURRENCY.slice(1)) {
      runs.set(`${family.name}/${clients}`, await loadRun(server.port, family, clients))
    }
    runs.set(`${family.name}/gzip`, await loadRun(server.port, family, 1, { gzip: true }))
    const summary = CONCURRENCY.map((clients) => {
      const run = runs.get(`${family.name}/${clients}`) as Run
      return `${clients}: ${(run.latencies.length / run.seconds).toFixed(0)}/s p50 ${ms(median(run.latencies))}`
    })
    console.log(`${family.name}: in-process p50 ${ms(median(timed.request))} ms; ${summary.join(', ')} ms`)
  }
  // Head-of-line blocking: fast lookups from 8 clients while one client sends slow queries.
  const heavy: Family[] = []
  for (const [name, path] of HEAVY) {
    const { status, body } = await engine.request(path)
    if (status !== 200) throw new Error(`${name}: ${path} answers ${status} in-process`)
    heavy.push({ name, paths: [path], expected: new Map([[path, JSON.stringify(body)]]) })
  }
  const lookups = families.find((f) => f.name.includes('apex lookup')) as Family
  const stallRows: (string | number)[][] = []
  const lookupRow = (label: string, run: Run) => [
    label,
    (run.latencies.length / run.seconds).toFixed(0),
    `${ms(median(run.latencies))} / ${ms(quantile(run.latencies, 0.99))} / ${ms(Math.max(...run.latencies))}`,
  ]
  stallRows.push(lookupRow('8 clients, nothing else', runs.get(`${lookups.name}/8`) as Run))
  for (const slow of heavy) {
    const alone = median((await server.time({ kind: 'time', paths: slow.paths, first: 0, count: 5 })).request)
    const [fast, adversary] = await Promise.all([
      loadRun(server.port, lookups, 8),
      loadRun(server.port, slow, 1),
    ])
    stallRows.push(
      lookupRow(`8 clients, beside 1 client sending ${slow.name} (${ms(alone)} ms in-process)`, fast),
    )
    console.log(`${slow.name}: ${ms(alone)} ms; ${adversary.latencies.length} sent beside the lookups`)
  }
  console.log()
  const stallTable = table(['host lookups (mx: host)', 'req/s', 'p50 / p99 / max'], stallRows)

  server.child.send({ kind: 'stop' } satisfies Ask)
  const [exitCode] = (await once(server.child, 'exit')) as [number | null]
  if (exitCode !== 0) throw new Error(`the server exited with ${exitCode}`)

  const overheadRows = families.map((family) => {
    const timed = inProcess.get(family) as Timed
    const p50 = median((runs.get(`${family.name}/1`) as Run).latencies)
    const base = median(timed.request)
    const json = median(timed.json)
    const gzip = runs.get(`${family.name}/gzip`) as Run
    const bytes = median(family.paths.map((p) => Buffer.byteLength(family.expected.get(p) as string)))
    return [
      family.name,
      (bytes / 1024).toFixed(1),
      ms(base),
      ms(json),
      ms(median(serverSide.get(family) ?? [])),
      ms(p50),
      ms(p50 - base),
      ms(p50 - base - json),
      ms(median(gzip.latencies)),
      (gzip.bytes / gzip.latencies.length / 1024).toFixed(1),
    ]
  })
  console.log()
  const overheadTable = table(
    [
      'family',
      'body KiB',
      'request()',
      'JSON bytes',
      'server log',
      'HTTP',
      'overhead',
      'less JSON',
      'gzip HTTP',
      'gzip KiB',
    ],
    overheadRows,
  )
  const loadRows = families.map((family) => [
    family.name,
    ...CONCURRENCY.flatMap((clients) => {
      const run = runs.get(`${family.name}/${clients}`) as Run
      return [
        (run.latencies.length / run.seconds).toFixed(0),
        `${ms(median(run.latencies))} / ${ms(quantile(run.latencies, 0.99))}`,
      ]
    }),
    ms((runs.get(`${family.name}/64`) as Run).admitMs),
  ])
  console.log()
  const loadTable = table(
    [
      'family',
      'req/s, 1',
      'p50 / p99, 1',
      'req/s, 8',
      'p50 / p99, 8',
      'req/s, 64',
      'p50 / p99, 64',
      '64 opened',
    ],
    loadRows,
  )

  const zeroWindowsAfter = zeroWindows()
  const zeroWindowCount =
    zeroWindowsBefore === null || zeroWindowsAfter === null ? null : zeroWindowsAfter - zeroWindowsBefore
  const stalls =
    zeroWindowCount === null
      ? ''
      : `\nTCP zero-window advertisements on the machine during the run: ${zeroWindowCount}${
          zeroWindowCount === 0
            ? ' (no tail latency above comes from TCP flow control).'
            : `. A client that reads a large answer more slowly than it arrives (the load generator
shares two cores with the server and other jobs) shrinks its window to zero; the sender's kernel
then waits for the persist timer (200 ms, doubling) before sending on, which can hold a response
for a second or more.`
        }\n`
  const command = `npx tsx bench/serve.bench.ts --records ${RECORDS} --requests ${MAX_REQUESTS} --seconds ${MAX_MS / 1000}`
  const report = `# Serve benchmark: \`domindex serve\` over loopback against request() in-process

- Machine: ${cpus()[0]?.model.trim()}, ${cpus().length} cores (shared; 1-minute load ${machineLoad.toFixed(1)} at the start), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}
- Date: ${new Date().toISOString()}
- Command: \`${command}\`
- Data: \`writeSample({ whois: ${SAMPLE.whois}, dns: ${SAMPLE.dns}, seed: 1 })\` (bench/lib/sample-files.ts),
  built once and saved as a snapshot: ${counts.whois} WHOIS records, ${counts.mx} MX and ${counts.txt} TXT
  observations.
- Server: a child process serving the snapshot as \`domindex serve\` does (\`ApiServer\`, default
  limits, a log line per request to stderr, here a file). Load generator: this process, keep-alive
  connections, one request at a time each, the reply read by its Content-Length. Each run stops
  after ${MAX_REQUESTS} requests or ${MAX_MS / 1000} s; a family's paths are used in rotation (the host
  lookups: ${HOST_QUERIES} apexes). Every reply is checked (status 200, the byte length of request()'s
  body; the first 20 of each family byte for byte).
- Families: the reverse families of bench/lib/reverse-families.ts and the DNS families of
  bench/lib/dns-families.ts, terms picked from the data; page 0 (100 results) or the summary.

## Overhead per request, 1 client (p50, milliseconds)

\`request()\`: \`await engine.request(path)\` timed inside the server process, in blocks of ${BLOCK}
alternating with blocks of ${BLOCK} HTTP requests. \`JSON bytes\`: the UTF-8 JSON text of that body as
the server makes it (\`jsonBytes\`), which any HTTP answer needs. \`server log\`: the server's own log
line, from the parsed request head to the last byte handed to the socket. \`HTTP\`: what the client
sees, from writing the request to reading the last byte. \`overhead\` = HTTP − request(); \`less
JSON\`: what remains of it (node:http on both sides, the loopback copy, the log line, two processes
taking turns on shared cores). \`gzip HTTP\`: the same requests with \`Accept-Encoding: gzip\`
(level 1, on the thread pool), and the KiB sent.

\`\`\`
${overheadTable}
\`\`\`

## Throughput and latency under load (requests/s; p50 / p99 in ms)

Each of N clients sends its next request when its previous answer arrives, on a connection that
already had one answer. \`64 opened\`: milliseconds until 64 connections opened at once each had a
first answer. Node admits one new connection per turn of its event loop; the server answers one
request per turn, so the last of the burst waits for about 64 queries (answering every request
read in a turn, as node:http hands them over, made it wait 64 rounds of every admitted
connection's query: 1.2–2.3 s instead of 0.1–0.7 s for the TXT summary and the common phrase).

\`\`\`
${loadTable}
\`\`\`
${stalls}
## A slow query holds up the others (host lookups: requests/s; p50 / p99 / max in ms)

The embedded engine answers one request at a time: host lookups from 8 clients, alone and beside
one client sending one slow query after another.

\`\`\`
${stallTable}
\`\`\`
`
  const reports = new URL('./reports/', import.meta.url).pathname
  mkdirSync(reports, { recursive: true })
  writeFileSync(join(reports, 'serve.md'), report)
  console.log('\nwrote bench/reports/serve.md')
}
