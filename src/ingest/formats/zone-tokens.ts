/**
 * The tokens of DNS presentation format (RFC 1035 §5.1), read a line at a time into the record
 * being read: words separated by spaces and tabs, character-strings in double quotes, `(` and `)`
 * that let a record go on over several lines, and `;` comments to the end of the line.
 *
 * Rules, decided where the RFC is silent or loose:
 * - Outside quotes, white space (space, tab, a CR of a CRLF line end), `;`, `(`, `)` and `"` end a
 *   word; a `"` anywhere outside a quoted string starts one. Inside quotes, only `"` ends it.
 * - A quoted string ends on its line, as BIND reads zone files ("unbalanced quotes"): one left open
 *   is a problem of the record, and the rest of the line is in it.
 * - Escapes, in words and quoted strings alike: `\DDD` is the byte DDD (three decimal digits,
 *   0…255), `\X` is the character X itself (`\"`, `\\`, `\;`, `\(`, `\ `). A token's bytes are read
 *   as UTF-8 once all its escapes are decoded, so a character written as `\195\188` is `ü`, and a
 *   sequence that is no UTF-8 becomes U+FFFD; the bytes are kept as well, so that the strings of one
 *   TXT record can be joined as bytes when a 255-byte split cut a character in two.
 * - A bad escape (`\` ending the line, `\DD` followed by no third digit, `\256`) and a `)` that closes
 *   no `(` are problems of the record; reading goes on, so the parentheses are still counted.
 *
 * Words and quoted strings without a backslash (nearly all of them) are slices of the line; only
 * tokens with escapes go through bytes.
 */

/** One word or quoted character-string of a record, escapes decoded. */
export interface ZoneToken {
  /** The text, escapes decoded. */
  readonly text: string
  /** The bytes the escapes gave, when the token has escapes (else the text's UTF-8 is its bytes). */
  readonly bytes: Uint8Array | undefined
  /** Written in double quotes. */
  readonly quoted: boolean
  /** An escape gave a `.` (`\.`, `\046`): in a name, a label holding a dot, which no host name has. */
  readonly dotEscaped: boolean
}

/** The record being read: its tokens so far, open parentheses, and its first problem. */
export interface ZoneTokenState {
  tokens: ZoneToken[]
  /** Parentheses open: above 0, the record goes on at the next line. */
  depth: number
  /** The first problem met in the record's text, or undefined. */
  problem: string | undefined
}

const TAB = 9
const CR = 13
const SPACE = 32
const QUOTE = 34
const OPEN = 40
const CLOSE = 41
const DOT = 46
const ZERO = 48
const NINE = 57
const SEMICOLON = 59
const BACKSLASH = 92

/**
 * Reads one line's tokens into `state`.
 *
 * @param line - the line's text, without its line feed
 * @param state - the record being read; its `depth` says whether the record goes on
 * @example
 * ```ts
 * const state = { tokens: [], depth: 0, problem: undefined }
 * readZoneTokens('@ 3600 IN TXT ( "v=spf1 \\"a\\"" ; a comment', state)
 * state.tokens.map((t) => t.text) // ['@', '3600', 'IN', 'TXT', 'v=spf1 "a"']
 * state.depth                     // 1: the record goes on at the next line
 * ```
 */
export function readZoneTokens(line: string, state: ZoneTokenState): void {
  const n = line.length
  let i = 0
  while (i < n) {
    const c = line.charCodeAt(i)
    if (c === SPACE || c === TAB || c === CR) i++
    else if (c === SEMICOLON) return
    else if (c === OPEN) {
      state.depth++
      i++
    } else if (c === CLOSE) {
      if (state.depth === 0) state.problem ??= 'a ")" closes no "("'
      else state.depth--
      i++
    } else i = readToken(line, i, c === QUOTE, state)
  }
}

/** Reads the word or quoted string starting at `start`; returns the index after it. */
function readToken(line: string, start: number, quoted: boolean, state: ZoneTokenState): number {
  const n = line.length
  const from = quoted ? start + 1 : start
  let i = from
  let run = from
  let bytes: number[] | undefined
  let dotEscaped = false
  while (i < n) {
    const c = line.charCodeAt(i)
    if (quoted ? c === QUOTE : isDelimiter(c)) break
    if (c !== BACKSLASH) {
      i++
      continue
    }
    bytes ??= []
    pushUtf8(bytes, line.slice(run, i))
    const next = line.charCodeAt(i + 1)
    if (i + 1 >= n) {
      state.problem ??= 'bad escape: a "\\" ends the line'
      run = i = n
    } else if (next >= ZERO && next <= NINE) {
      const digits = line.slice(i + 1, i + 4)
      const byte = Number(digits)
      if (!/^\d{3}$/.test(digits)) state.problem ??= `bad escape "\\${digits}": \\DDD takes three digits`
      else if (byte > 255) state.problem ??= `bad escape "\\${digits}": \\DDD is a byte, 0 to 255`
      else {
        bytes.push(byte)
        dotEscaped ||= byte === DOT
      }
      run = i = Math.min(i + 4, n)
    } else {
      // `\X`: X starts the next literal run (a surrogate pair stays whole in it).
      dotEscaped ||= next === DOT
      run = i + 1
      i += 2
    }
  }
  if (quoted && i >= n) state.problem ??= 'a quoted string is not closed on its line'
  let text: string
  let decoded: Uint8Array | undefined
  if (bytes === undefined) text = line.slice(from, i)
  else {
    pushUtf8(bytes, line.slice(run, i))
    decoded = Uint8Array.from(bytes)
    text = Buffer.from(decoded).toString('utf8')
  }
  state.tokens.push({ text, bytes: decoded, quoted, dotEscaped })
  return quoted ? i + 1 : i
}

function isDelimiter(c: number): boolean {
  return c === SPACE || c === TAB || c === CR || c === SEMICOLON || c === OPEN || c === CLOSE || c === QUOTE
}

function pushUtf8(bytes: number[], text: string): void {
  if (text.length > 0) for (const byte of Buffer.from(text, 'utf8')) bytes.push(byte)
}
