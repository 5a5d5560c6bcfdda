/**
 * The Apache Lucene 8 peer of reverse search (SPEC 5): the Java program in bench/lucene/, compiled
 * on first use into the temporary directory (keyed by a hash of its sources and the jar) and run as
 * a child process that indexes the records and then answers queries over its standard input and
 * output. Lucene and a JDK come from Debian's packages: `bash scripts/install-lucene.sh`.
 *
 * Records go to Java as a corpus file, one line each (bench/lucene/CorpusIndex.java has the format):
 * rank in result order, domain key, the `_norm` instants as epoch seconds (as domindex's date
 * columns read them), the nameservers normalised as domindex's label-suffix index keys them, and
 * the registration-text values in domindex's order and selection (contact-values.ts), organization
 * values marked. Java analyses the text itself (bench/lucene/LetterDigitTokenizer.java: NFKC, lower
 * case, `\p{L}\p{N}` runs), sorts the index on the rank and merges it into one segment, so its
 * document ids are result order. Query text goes over raw (Java analyses it); dates and the
 * nameserver go over as domindex's validator (`parseReverseParams`) reads them, so that both answer
 * the same question. Timing is done in Java (System.nanoTime), warm-up runs first.
 *
 * The files are text lines with tab-separated fields, a backslash, tab, line feed or carriage return
 * in a field escaped as `\\`, `\t`, `\n`, `\r`; everything else is itself, in UTF-8.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { forEachContactValue } from '../../src/indexes/reverse/contact-values.js'
import { normInstant } from '../../src/indexes/reverse/date-column.js'
import { nameserverKey, reverseLabels } from '../../src/indexes/reverse/label-suffix-index.js'
import { readText } from '../../src/query/params.js'
import { parseReverseParams } from '../../src/query/reverse-params.js'
import type { DomainSection, Params, WhoisRecord } from '../../src/types.js'
import type { PeerAnswer } from './sqlite-peer.js'

const SOURCES = fileURLToPath(new URL('../lucene/', import.meta.url))
const JAVA_DIR = '/usr/share/java'
/** Debian names the 8.8.1 jars `lucene-core-8.7.0.jar`; any Lucene 8 core jar has the API used. */
const CORE_JAR = /^lucene-core-8[\d.]*\.jar$/
/** The command that installs what the peer needs. */
export const INSTALL_LUCENE = 'bash scripts/install-lucene.sh'
const DATES = ['created', 'updated', 'expires'] as const
// Lines of the corpus file are written in batches of about this many characters.
const BATCH = 1 << 20

/** Whether the peer can run here, and if not, why. */
export type LuceneAvailability = { ok: true } | { ok: false; reason: string }

/** Options of {@link LucenePeer.create}, each with its default. */
export interface LuceneOptions {
  /** The JVM's heap (`-Xmx`) in MiB; default 2048 (the corpus is streamed: the heap need not grow with it). */
  heapMb?: number
  /** Indexing threads; default one per core. */
  threads?: number
  /** IndexWriter's RAM buffer in MiB; default 256 (Lucene's 16 flushes many small segments to merge). */
  ramBufferMb?: number
}

/** What the Java side measured of its build. */
export interface LuceneBuild {
  docs: number
  /**
   * Reading the corpus lines (from the page cache) and adding their documents (analysis included),
   * merging into one segment and committing, in ms.
   */
  indexMs: number
  /**
   * After the last document was added: the flush of the documents still buffered, the merge into
   * one segment and the commit, in ms (part of `indexMs`).
   */
  flushMergeMs: number
  /** A read-only pass over the corpus lines just before the build, in ms: the reading's share of `indexMs`. */
  readMs: number
  /** The index's bytes on disk (an MMapDirectory in the temporary directory). */
  bytes: number
  /** Bytes on disk by file extension: `pos` positions, `doc` postings, `tim`/`tip` terms, `dvd` doc values … */
  byExtension: Record<string, number>
  threads: number
  heapMb: number
}

/** How {@link LucenePeer.time} times a query. */
export interface LuceneTiming {
  /** Timed runs. */
  runs: number
  /** Untimed runs first, at least this many… */
  warmup: number
  /** …and for at least this many milliseconds. */
  warmupMs: number
}

/** An answer with the times of the timed runs, in ms as Java measured them. */
export interface LuceneTimes extends PeerAnswer {
  times: number[]
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
const UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' }

/**
 * A field of a line, escaped.
 *
 * @example
 * ```ts
 * escapeField('a\tb\\c') // 'a\\tb\\\\c'
 * ```
 */
export function escapeField(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] as string)
}

/**
 * The fields of a line, unescaped.
 *
 * @example
 * ```ts
 * splitFields('answer\t2\t\ta.com\tb.com') // ['answer', '2', '', 'a.com', 'b.com']
 * ```
 */
export function splitFields(line: string): string[] {
  return line
    .split('\t')
    .map((field) => field.replace(/\\([\\tnr])/g, (_, c: string) => UNESCAPES[c] as string))
}

/** The newest Lucene 8 core jar installed, if any. */
function coreJar(): string | undefined {
  if (!existsSync(JAVA_DIR)) return undefined
  const jar = readdirSync(JAVA_DIR)
    .filter((file) => CORE_JAR.test(file))
    .sort()
    .at(-1)
  return jar === undefined ? undefined : join(JAVA_DIR, jar)
}

/** The compiled classes of bench/lucene/, compiled first when this version of them is not. */
function compiledClasses(jar: string): string {
  const files = readdirSync(SOURCES)
    .filter((file) => file.endsWith('.java'))
    .sort()
  const hash = createHash('sha256').update(jar)
  for (const file of files) hash.update(file).update(readFileSync(join(SOURCES, file)))
  const dir = join(tmpdir(), `domindex-lucene-classes-${hash.digest('hex').slice(0, 16)}`)
  if (existsSync(dir)) return dir
  // Compiled beside, then renamed: an interrupted compilation never leaves classes to reuse.
  const partial = mkdtempSync(`${dir}.partial-`)
  const javac = spawnSync('javac', ['-d', partial, '-cp', jar, ...files.map((f) => join(SOURCES, f))], {
    encoding: 'utf8',
  })
  if (javac.status !== 0) {
    rmSync(partial, { recursive: true, force: true })
    throw new Error(`lucene peer: javac failed on ${SOURCES}:\n${javac.stderr}${javac.error ?? ''}`)
  }
  try {
    renameSync(partial, dir)
  } catch (error) {
    // Another process compiled the same sources meanwhile.
    rmSync(partial, { recursive: true, force: true })
    if (!existsSync(dir)) throw error
  }
  return dir
}

/** The class path of the peer: its classes and the Lucene core jar. */
function classPath(): string {
  const availability = LucenePeer.available()
  if (!availability.ok) throw new Error(`lucene peer: ${availability.reason}`)
  const jar = coreJar() as string
  return `${compiledClasses(jar)}:${jar}`
}

/**
 * The nameservers of a `domain` section as domindex's label-suffix index keys them (a string or
 * an array of strings; normalised, or the fallback of an invalid host), distinct.
 */
function nameserverHosts(value: unknown): string[] {
  const hosts = new Set<string>()
  for (const raw of Array.isArray(value) ? value : [value]) {
    if (typeof raw !== 'string') continue
    const key = nameserverKey(raw)
    if (key !== '') hosts.add(reverseLabels(key))
  }
  return [...hosts]
}

/**
 * The corpus line of one record (the format of bench/lucene/CorpusIndex.java).
 *
 * @example
 * ```ts
 * corpusLine(0, 'a.com', { domain: { nameservers: ['NS1.X.com'] }, registrant: { organization: 'Acme' } })
 * // '0\ta.com\t\t\t\t1\tns1.x.com\toAcme'
 * ```
 */
export function corpusLine(rank: number, key: string, record: WhoisRecord): string {
  const domain: unknown = record.domain
  const section = (domain !== null && typeof domain === 'object' ? domain : {}) as DomainSection
  const fields = [String(rank), key]
  for (const field of DATES) {
    const instant = normInstant(section[`${field}_norm`])
    fields.push(Number.isNaN(instant) ? '' : String(instant))
  }
  const hosts = nameserverHosts(section.nameservers)
  fields.push(String(hosts.length), ...hosts)
  forEachContactValue(record, (field, value) => {
    fields.push((field === 'organization' ? 'o' : 't') + value)
  })
  return fields.map(escapeField).join('\t')
}

/**
 * The criteria of reverse-search parameters as the Java side reads them (name, value, …), after
 * domindex's own validation: the raw `phrase` and `name` text, `slop`, the normalised nameserver,
 * each date bound as whole epoch seconds (a `_from` rounded up, a `_to` down: instants are whole
 * seconds).
 *
 * @throws Error for the criteria the peer does not implement (street, postal code, phone) or a page
 * after the first
 * @example
 * ```ts
 * luceneCriteria({ name: 'Acme', created_to: '2020-12-31' }) // ['name', 'Acme', 'created_to', '1609459199']
 * ```
 */
export function luceneCriteria(params: Params): string[] {
  const query = parseReverseParams(params)
  if (
    query.phraseFields.length > 0 ||
    query.street !== null ||
    query.postalcode !== null ||
    query.phone !== null
  )
    throw new Error(
      'lucene peer: street, postalcode and phone are not implemented (no benchmark family uses them)',
    )
  if (query.page !== 0) throw new Error('lucene peer: answers the first page only')
  const out: string[] = []
  if (query.phrase !== null)
    out.push('phrase', readText(params, 'phrase') as string, 'slop', String(query.slop))
  if (query.name !== null) out.push('name', readText(params, 'name') as string)
  if (query.nameserver !== null) out.push('nameserver', query.nameserver)
  for (const field of DATES) {
    const range = query[field]
    if (range === null) continue
    if (range.from > -Infinity) out.push(`${field}_from`, String(Math.ceil(range.from)))
    if (range.to < Infinity) out.push(`${field}_to`, String(Math.floor(range.to)))
  }
  return out
}

/**
 * Reverse search over Apache Lucene 8 in a child JVM (see the file header).
 *
 * @example
 * ```ts
 * const peer = await LucenePeer.build(records, keys)
 * await peer.answer({ phrase: 'acme accounting' }) // { count: 45422, domains: ['acme-accounting.com', ...] }
 * await peer.close()
 * ```
 */
export class LucenePeer {
  readonly #dir: string
  readonly #options: LuceneOptions
  #corpus: number | undefined
  #pending: string[] = []
  #pendingChars = 0
  #child: ChildProcessWithoutNullStreams | undefined
  #exited: Promise<unknown> | undefined
  #replies: AsyncIterator<string> | undefined
  #stderr = ''
  #built: LuceneBuild | undefined

  private constructor(options: LuceneOptions) {
    this.#options = options
    this.#dir = mkdtempSync(join(tmpdir(), 'domindex-lucene-'))
    this.#corpus = openSync(join(this.#dir, 'corpus.tsv'), 'w')
  }

  /**
   * Whether java, javac and a Lucene 8 core jar are installed.
   *
   * @example
   * ```ts
   * LucenePeer.available() // { ok: false, reason: 'Lucene 8 (liblucene8-java) is not installed: run bash scripts/install-lucene.sh' }
   * ```
   */
  static available(): LuceneAvailability {
    for (const tool of ['java', 'javac']) {
      const run = spawnSync(tool, ['-version'], { stdio: 'ignore' })
      if (run.error !== undefined || run.status !== 0)
        return { ok: false, reason: `${tool} is not installed: run ${INSTALL_LUCENE}` }
    }
    if (coreJar() === undefined)
      return { ok: false, reason: `Lucene 8 (liblucene8-java) is not installed: run ${INSTALL_LUCENE}` }
    return { ok: true }
  }

  /**
   * The Lucene and JVM versions (compiles the peer when needed).
   *
   * @example
   * ```ts
   * LucenePeer.version() // 'Lucene 8.8.1 on OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1'
   * ```
   */
  static version(): string {
    const run = spawnSync('java', ['-cp', classPath(), 'LucenePeer', '--version'], { encoding: 'utf8' })
    if (run.status !== 0) throw new Error(`lucene peer: java LucenePeer --version failed: ${run.stderr}`)
    const [lucene, jvm] = splitFields(run.stdout.trim())
    return `Lucene ${lucene} on ${jvm}`
  }

  /**
   * Indexes records given in result order.
   *
   * @param records - the records, `_norm` dates included, in result order
   * @param keys - each record's normalised domain
   * @param options - JVM heap, threads, RAM buffer
   */
  static async build(
    records: readonly WhoisRecord[],
    keys: readonly string[],
    options: LuceneOptions = {},
  ): Promise<LucenePeer> {
    const peer = LucenePeer.create(options)
    records.forEach((record, rank) => {
      peer.add(rank, keys[rank] as string, record)
    })
    await peer.finish()
    return peer
  }

  /**
   * An empty peer for records added one at a time, in any order, with {@link LucenePeer.add}, then
   * {@link LucenePeer.finish}.
   *
   * @param options - JVM heap, threads, RAM buffer
   */
  static create(options: LuceneOptions = {}): LucenePeer {
    return new LucenePeer(options)
  }

  /**
   * Adds one record to the corpus file.
   *
   * @param rank - its place in result order
   * @param key - its normalised domain
   * @param record - the record, `_norm` dates included
   */
  add(rank: number, key: string, record: WhoisRecord): void {
    const line = corpusLine(rank, key, record)
    this.#pending.push(line)
    this.#pendingChars += line.length
    if (this.#pendingChars >= BATCH) this.#flush()
  }

  #flush(): void {
    if (this.#corpus === undefined) throw new Error('lucene peer: records added after finish()')
    if (this.#pending.length > 0) writeSync(this.#corpus, `${this.#pending.join('\n')}\n`)
    this.#pending = []
    this.#pendingChars = 0
  }

  /** Starts the JVM, which indexes the corpus file; resolves when the index is ready. */
  async finish(): Promise<void> {
    this.#flush()
    closeSync(this.#corpus as number)
    this.#corpus = undefined
    const corpus = join(this.#dir, 'corpus.tsv')
    const ramBufferMb = this.#options.ramBufferMb ?? 256
    const threads = this.#options.threads ?? cpus().length
    const heapMb = this.#options.heapMb ?? 2048
    const index = join(this.#dir, 'index')
    const child = spawn(
      'java',
      [
        `-Xmx${heapMb}m`,
        '-cp',
        classPath(),
        'LucenePeer',
        corpus,
        index,
        String(threads),
        String(ramBufferMb),
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    )
    this.#child = child
    this.#exited = new Promise((resolve) => {
      child.once('close', resolve)
      child.once('error', (error) => {
        this.#stderr += String(error)
        resolve(undefined)
      })
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (text: string) => {
      this.#stderr = (this.#stderr + text).slice(-4000)
    })
    this.#replies = createInterface({ input: child.stdout, crlfDelay: Infinity })[Symbol.asyncIterator]()
    const [, docs, indexMs, flushMergeMs, readMs, bytes, byExtension] = await this.#reply()
    rmSync(corpus, { force: true })
    this.#built = {
      docs: Number(docs),
      indexMs: Number(indexMs),
      flushMergeMs: Number(flushMergeMs),
      readMs: Number(readMs),
      bytes: Number(bytes),
      byExtension: Object.fromEntries(
        (byExtension ?? '')
          .split(',')
          .filter((part) => part !== '')
          .map((part) => {
            const [ext, size] = part.split('=')
            return [ext as string, Number(size)]
          }),
      ),
      threads,
      heapMb,
    }
  }

  /** What the build measured. */
  get built(): LuceneBuild {
    if (this.#built === undefined) throw new Error('lucene peer: not built yet (await finish())')
    return this.#built
  }

  /**
   * The exact count and the first 100 domains in result order.
   *
   * @param params - reverse-search parameters (phrase, slop, name, nameserver, date ranges)
   */
  async answer(params: Params): Promise<PeerAnswer> {
    const { count, domains } = await this.time(params, { runs: 0, warmup: 0, warmupMs: 0 })
    return { count, domains }
  }

  /**
   * Answers a query untimed (at least `warmup` times and for at least `warmupMs`, for the JIT), then
   * `runs` times timed in Java; each run builds the query (analysis included), counts every match
   * and reads the first 100 domains.
   *
   * @param params - reverse-search parameters
   * @param timing - timed runs, and the warm-up's runs and milliseconds
   */
  async time(params: Params, timing: LuceneTiming): Promise<LuceneTimes> {
    const child = this.#child
    if (child === undefined) throw new Error('lucene peer: not built yet (await finish())')
    const { runs, warmup, warmupMs } = timing
    const fields = ['query', String(warmup), String(warmupMs), String(runs), ...luceneCriteria(params)]
    child.stdin.write(`${fields.map(escapeField).join('\t')}\n`)
    const [, count, times, ...domains] = await this.#reply()
    return {
      count: Number(count),
      domains,
      times: times === undefined || times === '' ? [] : times.split(',').map(Number),
    }
  }

  /** The next reply line of the JVM, as fields. */
  async #reply(): Promise<string[]> {
    const next = await (this.#replies as AsyncIterator<string>).next()
    if (next.done === true) {
      await this.#exited
      throw new Error(
        `lucene peer: the JVM ended (exit ${this.#child?.exitCode}, signal ${this.#child?.signalCode}):\n${this.#stderr}`,
      )
    }
    const fields = splitFields(next.value)
    if (fields[0] === 'error') throw new Error(`lucene peer: ${fields[1]}`)
    return fields
  }

  /**
   * The JVM's resident memory now and at its peak, in bytes (Linux's VmRSS and VmHWM), NaN where
   * /proc does not tell.
   *
   * @example
   * ```ts
   * peer.memory() // { rss: 1012826112, peakRss: 2147483648 }
   * ```
   */
  memory(): { rss: number; peakRss: number } {
    let status = ''
    try {
      status = readFileSync(`/proc/${this.#child?.pid}/status`, 'utf8')
    } catch {
      // Not Linux, or the JVM has ended: NaN below.
    }
    const kb = (name: string): number => {
      const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)
      return match === null ? Number.NaN : Number(match[1]) * 1024
    }
    return { rss: kb('VmRSS'), peakRss: kb('VmHWM') }
  }

  /** Ends the JVM and removes the index. */
  async close(): Promise<void> {
    if (this.#corpus !== undefined) closeSync(this.#corpus)
    this.#corpus = undefined
    const child = this.#child
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      child.stdin.end()
      await this.#exited
    }
    rmSync(this.#dir, { recursive: true, force: true })
  }
}
