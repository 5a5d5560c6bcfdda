/**
 * Streams one input file into records: opens it (gunzipping by content), decides its layout from
 * its first bytes, splits it into JSON texts, parses each, unwraps arrays and saved envelopes, and
 * hands every record with its line to a sink. Malformed JSON becomes a reject at its line.
 *
 * Layout decision:
 * - a `.jsonl`/`.ndjson` name (before any `.gz`): JSON Lines, split at newlines (the fast path; a
 *   bad line is one reject and the next line starts afresh);
 * - otherwise by content: first significant byte `[`: a JSON array (or several), split by the
 *   byte-level ValueSplitter; `{` whose first line parses alone as a record: JSON Lines; any other
 *   `{`: a pretty-printed or minified JSON document (a saved envelope, a sequence of objects), split
 *   by the ValueSplitter; anything else: JSON Lines, so that each bad line is reported.
 * Within either layout a value that is an array yields its elements, and an object with a `results`
 * array (an API envelope) yields its results: a JSON Lines file of envelopes loads too.
 *
 * A source that names a text format is not sniffed: a CSV file (`csv`) is split into rows, and a
 * zone file (`text`) into its non-blank lines, handed on as strings.
 *
 * A gzip file cut short or corrupted loads up to the damage; the rest is one reject at the line
 * reached.
 */
import { SnapshotError } from '../errors.js'
import { CsvSplitter } from './formats/csv-splitter.js'
import { LineSplitter } from './line-splitter.js'
import { MAX_NESTING, nestsWithin } from './nesting-depth.js'
import { readBytes } from './read-bytes.js'
import { ValueSplitter } from './value-splitter.js'

/** Receives one record, its line, and where in the line's value it sat (`''`, `[3]`, `results[3]`). */
export type RecordSink = (value: unknown, line: number, where: string) => void

/** How a file was read. */
export interface FileReport {
  file: string
  /**
   * `lines` (JSON Lines, or the text lines of a zone file), `json` (arrays, envelopes,
   * pretty-printed documents) or `csv` (rows).
   */
  format: 'lines' | 'json' | 'csv'
  gzip: boolean
  /** Bytes read from disk (compressed bytes for gzip). */
  bytes: number
}

/** What {@link loadFile} needs besides the file. */
export interface FileContext {
  chunkSize: number
  /** The file holds CSV rows (format `csv`): the sink gets each row as an object, header → cell. */
  csv?: boolean
  /** The file holds text lines (format `zone`): the sink gets each non-blank line as a string. */
  text?: boolean
  /** Records a reject (or throws in strict mode). */
  reject: (line: number, reason: string) => void
  /**
   * Called after every chunk with the file's disk bytes read so far; reading waits for a returned
   * promise (a streaming consumer's backpressure).
   */
  progress: (diskBytes: number) => Promise<void> | undefined
}

const SNIFF_LIMIT = 16 * 1024 * 1024
// Line feeds handed to a splitter in place of the white space before the first record.
const NEWLINES = Buffer.alloc(1 << 16, 0x0a)
const TOO_DEEP = `record is nested more than ${MAX_NESTING} levels deep (objects and arrays)`
const hasOwn = Object.prototype.hasOwnProperty

/**
 * Streams a file's records into `sink`.
 *
 * @param file - the path
 * @param sink - receives each record
 * @param context - chunk size, reject and progress callbacks
 * @example
 * ```ts
 * await loadFile('whois.jsonl.gz', (record, line) => store(record, line), context)
 * // { file: 'whois.jsonl.gz', format: 'lines', gzip: true, bytes: 52431 }
 * ```
 */
export async function loadFile(file: string, sink: RecordSink, context: FileContext): Promise<FileReport> {
  const dispatch = jsonDispatcher(sink, context)
  let source: Awaited<ReturnType<typeof readBytes>>
  try {
    source = await readBytes(file, context.chunkSize)
  } catch (error) {
    throw unreadable(file, error)
  }
  const lines = /\.(jsonl|ndjson)(\.gz)?$/i.test(file)
  const given = givenLayout(context)
  let splitter: LineSplitter | ValueSplitter | CsvSplitter | undefined
  let format: FileReport['format'] = 'lines'
  // Until the layout is decided: the newlines of the white space before the first significant
  // byte (the white space itself is dropped, its newlines handed on so line numbers stay), then the
  // chunks from that byte on, each scanned once, so any input loads in linear time.
  let blankNewlines = 0
  let started = false
  let newlineSeen = false
  let pending: Buffer[] = []
  let pendingBytes = 0
  const begin = (decided: FileReport['format']): void => {
    format = decided
    splitter = makeSplitter(decided, dispatch, sink, context)
    for (let n = blankNewlines; n > 0; n -= NEWLINES.length)
      splitter.push(NEWLINES.subarray(0, Math.min(n, NEWLINES.length)))
    for (const piece of pending) splitter.push(piece)
    pending = []
  }
  const chunks = source.chunks()
  try {
    for (let first = true; ; first = false) {
      const step = await nextChunk(chunks, file)
      if (step.done === true) break
      let chunk = step.value
      if (first) chunk = withoutBom(chunk)
      if (splitter !== undefined) splitter.push(chunk)
      else if (given !== undefined) {
        pending.push(chunk)
        begin(given)
      } else {
        if (!started) {
          const at = firstSignificant(chunk)
          blankNewlines += countNewlines(chunk, at === -1 ? chunk.length : at)
          if (at !== -1) {
            started = true
            chunk = chunk.subarray(at)
          }
        }
        if (started) {
          pending.push(chunk)
          pendingBytes += chunk.length
          newlineSeen ||= chunk.includes(0x0a)
          const decided = decide(pending, pendingBytes, newlineSeen, lines, false)
          if (decided !== undefined) begin(decided)
        } else if (lines) begin('lines')
      }
      const paused = context.progress(source.diskBytes())
      if (paused !== undefined) await paused
    }
  } finally {
    // Closes the file (and the gunzip stream) when a reject or callback ended the load early.
    await chunks.return(undefined)
  }
  if (splitter === undefined)
    begin(given ?? decide(pending, pendingBytes, newlineSeen, lines, true) ?? 'lines')
  const damage = source.damage()
  // A damaged gzip file: what was read of the line it cuts is no record, and is not ended.
  if (damage === undefined) splitter?.end()
  else
    context.reject(
      splitter?.line ?? 1,
      `gzip data cut short or damaged (${damage}): the rest of the file is not read`,
    )
  return { file, format, gzip: source.gzip, bytes: source.diskBytes() }
}

/**
 * Parses one JSON text and hands its records to `sink`: the value itself, an array's elements, or
 * an envelope's results; text that is not JSON, and a record nested more than
 * {@link MAX_NESTING} levels deep (nesting-depth.ts), is a reject at its line.
 *
 * @param sink - receives each record
 * @param context - its `reject` receives malformed texts and too deep records
 * @example
 * ```ts
 * const dispatch = jsonDispatcher(sink, context)
 * dispatch('[{"query":"a.com"},{"query":"b.com"}]', 7) // sink gets both, at line 7, as '[0]' and '[1]'
 * ```
 */
export function jsonDispatcher(
  sink: RecordSink,
  context: Pick<FileContext, 'reject'>,
): (text: string, line: number) => void {
  // Every later walk over a record is recursive: a record nested too deep is a reject here.
  const bounded: RecordSink = (value, line, where) => {
    if (nestsWithin(value, MAX_NESTING)) sink(value, line, where)
    else context.reject(line, `${where === '' ? '' : `${where}: `}${TOO_DEEP}`)
  }
  return (text, line) => {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      context.reject(line, `not valid JSON: ${(error as Error).message}`)
      return
    }
    unwrap(value, line, bounded, context)
  }
}

/**
 * The next chunk of a file being read. Only failures of the stream itself (I/O; a damaged gzip
 * file ends its chunks early instead, read-bytes.ts) are `unreadable_file`; a strict-mode reject
 * or an exception of a callback, thrown between two reads, propagates unchanged.
 *
 * @param chunks - the file's chunks (generic rather than `Buffer`: the public declarations reach
 *   this file, and they must compile without `@types/node`)
 * @param file - the path, for the error
 * @example
 * ```ts
 * for (let step = await nextChunk(chunks, file); step.done !== true; step = await nextChunk(chunks, file)) use(step.value)
 * ```
 */
export async function nextChunk<Chunk>(
  chunks: AsyncIterator<Chunk>,
  file: string,
): Promise<IteratorResult<Chunk>> {
  try {
    return await chunks.next()
  } catch (error) {
    throw unreadable(file, error)
  }
}

/**
 * The layout of a file from its bytes from the first significant one on (none: white space only),
 * or undefined when more bytes are needed. Only a file that starts with `{` needs its first line,
 * whose pieces are joined once.
 */
function decide(
  pieces: readonly Buffer[],
  bytes: number,
  newlineSeen: boolean,
  lines: boolean,
  atEnd: boolean,
): FileReport['format'] | undefined {
  if (lines) return 'lines'
  const first = pieces[0]?.[0]
  if (first === undefined) return atEnd ? 'lines' : undefined
  if (first === 0x5b) return 'json'
  if (first !== 0x7b) return 'lines'
  if (!newlineSeen && !atEnd && bytes < SNIFF_LIMIT) return undefined
  if (!newlineSeen && !atEnd) return 'json'
  const head = Buffer.concat(pieces, bytes)
  const newline = head.indexOf(0x0a)
  try {
    const value: unknown = JSON.parse(head.toString('utf8', 0, newline === -1 ? head.length : newline))
    return isEnvelope(value) ? 'json' : 'lines'
  } catch {
    return 'json'
  }
}

/** The layout a text format gives a file (not sniffed), or undefined for JSON. */
function givenLayout(context: FileContext): FileReport['format'] | undefined {
  return context.csv === true ? 'csv' : context.text === true ? 'lines' : undefined
}

/** The first byte that is not white space (space, tab, CR, LF), or −1. */
function firstSignificant(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return i
  }
  return -1
}

/** The line feeds among the first `end` bytes. */
function countNewlines(bytes: Buffer, end: number): number {
  let n = 0
  for (let at = bytes.indexOf(0x0a); at !== -1 && at < end; at = bytes.indexOf(0x0a, at + 1)) n++
  return n
}

function withoutBom(head: Buffer): Buffer {
  return head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head
}

function makeSplitter(
  format: FileReport['format'],
  dispatch: (text: string, line: number) => void,
  sink: RecordSink,
  context: FileContext,
): LineSplitter | ValueSplitter | CsvSplitter {
  const problem = (reason: string, line: number): void => context.reject(line, reason)
  if (format === 'csv') return new CsvSplitter((row, line) => sink(row, line, ''), context.reject)
  if (context.text === true) return new LineSplitter((text, line) => sink(text, line, ''), problem)
  return format === 'lines' ? new LineSplitter(dispatch, problem) : new ValueSplitter(dispatch, problem)
}

function unwrap(value: unknown, line: number, sink: RecordSink, context: Pick<FileContext, 'reject'>): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i]
      if (isEnvelope(element)) unwrapEnvelope(element, line, sink, `[${i}].`, context)
      else if (Array.isArray(element))
        context.reject(line, `[${i}]: expected a record object, got a nested array`)
      else sink(element, line, `[${i}]`)
    }
  } else if (isEnvelope(value)) unwrapEnvelope(value, line, sink, '', context)
  else sink(value, line, '')
}

function unwrapEnvelope(
  envelope: { results: unknown[] },
  line: number,
  sink: RecordSink,
  prefix: string,
  context: Pick<FileContext, 'reject'>,
): void {
  const results = envelope.results
  for (let i = 0; i < results.length; i++) {
    if (Array.isArray(results[i]))
      context.reject(line, `${prefix}results[${i}]: expected a record object, got an array`)
    else sink(results[i], line, `${prefix}results[${i}]`)
  }
}

/** An API envelope: an object whose own `results` is an array. */
function isEnvelope(value: unknown): value is { results: unknown[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    hasOwn.call(value, 'results') &&
    Array.isArray((value as { results: unknown }).results)
  )
}

function unreadable(file: string, error: unknown): SnapshotError {
  const message = error instanceof Error ? error.message : String(error)
  return new SnapshotError('unreadable_file', `cannot read: ${message}`, { file })
}
