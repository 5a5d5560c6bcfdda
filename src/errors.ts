/**
 * The two error classes of domindex. Each carries a stable `code` that callers may switch on;
 * messages are prefixed with `domindex:` and name the offending parameter or file:line and value.
 */

/** Codes of {@link QueryError}. */
export type QueryErrorCode = 'invalid_parameter' | 'unknown_parameter' | 'missing_parameter'

/**
 * A query parameter was invalid, unknown or missing.
 *
 * @example
 * ```ts
 * try { engine.reverse({ slop: 'x', phrase: 'a' }) } catch (e) { (e as QueryError).param } // 'slop'
 * ```
 */
export class QueryError extends Error {
  override readonly name = 'QueryError'
  /** Stable machine-readable code. */
  readonly code: QueryErrorCode
  /** The parameter at fault. */
  readonly param: string

  constructor(code: QueryErrorCode, param: string, message: string) {
    super(`domindex: ${message}`)
    this.code = code
    this.param = param
  }
}

/** Codes of {@link SnapshotError}. */
export type SnapshotErrorCode =
  | 'bad_record'
  | 'unreadable_file'
  | 'corrupt_snapshot'
  | 'incompatible_snapshot'
  | 'locked'
  | 'snapshot_changed'
  | 'closed'

/**
 * An input file or a saved snapshot could not be used.
 *
 * @example
 * ```ts
 * await Engine.build({ whois: ['bad.jsonl'] }, { strict: true }) // throws SnapshotError bad_record, file 'bad.jsonl', line 3
 * ```
 */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError'
  /** Stable machine-readable code. */
  readonly code: SnapshotErrorCode
  /** The file at fault, when known. */
  readonly file: string | undefined
  /** The 1-based line at fault, when known. */
  readonly line: number | undefined

  constructor(code: SnapshotErrorCode, message: string, where: { file?: string; line?: number } = {}) {
    const at =
      where.file === undefined
        ? ''
        : where.line === undefined
          ? `${where.file}: `
          : `${where.file}:${where.line}: `
    super(`domindex: ${at}${message}`)
    this.code = code
    this.file = where.file
    this.line = where.line
  }
}

/**
 * What a field must be, for an error message: `"<name> must be <what>, got <value>"`, or
 * `"<name> is missing; it must be <what>"` when the field is absent (not "got undefined").
 *
 * @param name - the field, as the input writes it (`date`, `items[2].value`)
 * @param what - what it must be (`a YYYY-MM-DD calendar date`)
 * @param value - the value found
 * @example
 * ```ts
 * mustBe('date', 'a YYYY-MM-DD calendar date', '2024-13-01') // 'date must be a YYYY-MM-DD calendar date, got "2024-13-01"'
 * mustBe('date', 'a YYYY-MM-DD calendar date', undefined)    // 'date is missing; it must be a YYYY-MM-DD calendar date'
 * ```
 */
export function mustBe(name: string, what: string, value: unknown): string {
  return value === undefined
    ? `${name} is missing; it must be ${what}`
    : `${name} must be ${what}, got ${showValue(value)}`
}

/** Quotes a value for an error message, shortened so that huge inputs stay readable. */
export function showValue(value: unknown): string {
  let text: string
  try {
    // Numbers as written: JSON would say null for Infinity and NaN, and 0 for -0.
    if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value)
    text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? String(value))
  } catch {
    text = Object.prototype.toString.call(value)
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}
