/**
 * Splits a byte stream into JSON Lines text lines. Lines are found on the bytes (`\n` never occurs
 * inside a UTF-8 sequence) and each complete line is decoded on its own, so a sequence cut by a
 * chunk boundary decodes whole, and only lines holding non-ASCII text become two-byte strings
 * (decoding whole chunks made every chunk with one `ü` a two-byte string, which JSON.parse reads
 * more slowly). A line spanning chunks is kept as a list of byte pieces and joined once. A trailing
 * `\r` is left on the line: JSON.parse takes it as whitespace. Blank lines are counted but not emitted.
 */

/** Receives one non-blank line and its 1-based line number. */
export type LineSink = (text: string, line: number) => void
/** Receives a line that cannot be handled and why. */
export type LineProblemSink = (reason: string, line: number) => void

const NEWLINE = 0x0a
/**
 * Longest line decoded, in bytes: a V8 string holds at most ~512 MB (and UTF-16 doubles non-ASCII
 * text), so a longer line is reported and skipped rather than failing the whole load.
 */
const MAX_LINE_BYTES = 256 * 1024 * 1024

/**
 * A push-style line splitter.
 *
 * @example
 * ```ts
 * const lines = new LineSplitter((text, line) => console.log(line, text), (reason, line) => console.warn(line, reason))
 * lines.push(Buffer.from('{"a":1}\n\n{"b"')); lines.push(Buffer.from(':2}')); lines.end()
 * // 1 {"a":1}   then   3 {"b":2}
 * ```
 */
export class LineSplitter {
  readonly #sink: LineSink
  readonly #problem: LineProblemSink
  readonly #maxLineBytes: number
  #pieces: Buffer[] = []
  #piecesBytes = 0
  /** The current line is over the limit: its bytes are dropped up to its newline. */
  #overlong = false
  #line = 0

  /**
   * @param sink - called with each non-blank line
   * @param problem - called for a line longer than `maxLineBytes`
   * @param maxLineBytes - the longest line decoded (default 256 MiB)
   */
  constructor(sink: LineSink, problem: LineProblemSink, maxLineBytes = MAX_LINE_BYTES) {
    this.#sink = sink
    this.#problem = problem
    this.#maxLineBytes = maxLineBytes
  }

  /** Lines ended so far (blank ones included): after `end`, the number of lines of the input. */
  get lines(): number {
    return this.#line
  }

  /** The line being read: the one after the lines ended so far. */
  get line(): number {
    return this.#line + 1
  }

  /** Feeds the next chunk of bytes. */
  push(chunk: Buffer): void {
    let newline = chunk.indexOf(NEWLINE)
    if (newline === -1) {
      this.#keep(chunk)
      return
    }
    if (this.#overlong || this.#pieces.length > 0) {
      this.#keep(chunk.subarray(0, newline))
      this.#flushPieces()
    } else if (newline > this.#maxLineBytes) {
      this.#tooLong()
    } else this.#emit(chunk.toString('utf8', 0, newline))
    let start = newline + 1
    newline = chunk.indexOf(NEWLINE, start)
    while (newline !== -1) {
      if (newline - start > this.#maxLineBytes) this.#tooLong()
      else this.#emit(newline === start ? '' : chunk.toString('utf8', start, newline))
      start = newline + 1
      newline = chunk.indexOf(NEWLINE, start)
    }
    if (start < chunk.length) this.#keep(chunk.subarray(start))
  }

  /** Flushes the last line (a file need not end with a newline). */
  end(): void {
    if (this.#overlong || this.#pieces.length > 0) this.#flushPieces()
  }

  /** Keeps a piece of a line that goes on in the next chunk, unless the line is already too long. */
  #keep(piece: Buffer): void {
    if (this.#overlong || piece.length === 0) return
    this.#piecesBytes += piece.length
    if (this.#piecesBytes > this.#maxLineBytes) {
      this.#overlong = true
      this.#pieces = []
    } else this.#pieces.push(piece)
  }

  /** Emits (or reports) the line gathered from pieces. */
  #flushPieces(): void {
    if (this.#overlong) this.#tooLong()
    else this.#emit(Buffer.concat(this.#pieces).toString('utf8'))
    this.#pieces = []
    this.#piecesBytes = 0
    this.#overlong = false
  }

  #tooLong(): void {
    this.#line++
    this.#problem(
      `line longer than ${this.#maxLineBytes} bytes, skipped (a huge single-line JSON document loads from a .json file)`,
      this.#line,
    )
  }

  #emit(text: string): void {
    this.#line++
    // Most lines start with `{`; only a line starting with whitespace needs the blank test.
    if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim().length === 0)) return
    this.#sink(text, this.#line)
  }
}
