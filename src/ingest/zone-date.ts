/**
 * The date of a zone source (SPEC 13): a zone file carries no date, so the source gives its records'
 * day, `{ path, format: 'zone', date: 'YYYY-MM-DD' }` (CLI `--date`). The day must be a real
 * calendar date; a zone source without one is refused naming the file, by an error the command
 * line recognises to name its own option instead.
 */
import { parseIsoDate } from '../normalize/date-iso.js'

/**
 * Whether `text` is a `YYYY-MM-DD` calendar date that exists.
 *
 * @example
 * ```ts
 * isCalendarDay('2024-02-29') // true
 * isCalendarDay('2023-02-29') // false
 * isCalendarDay('2024-02-29T00:00:00Z') // false: a day, not an instant
 * ```
 */
export function isCalendarDay(text: unknown): text is string {
  return typeof text === 'string' && text.length === 10 && typeof parseIsoDate(text) === 'string'
}

/**
 * A zone source given without a date (a `TypeError`, as any malformed source is).
 *
 * @example
 * ```ts
 * await Engine.build({ dns: [{ path: 'example.zone', format: 'zone' }] })
 * // ZoneDateMissing: domindex: example.zone: a zone file carries no date; give its records' day as the source's date: { path, format: 'zone', date: 'YYYY-MM-DD' }
 * ```
 */
export class ZoneDateMissing extends TypeError {
  /** The file, as the source named it. */
  readonly file: string
  /** The format was sniffed from the file's content, not given. */
  readonly sniffed: boolean

  /**
   * @param file - the source's path
   * @param sniffed - the format was sniffed from the file's content, not given
   */
  constructor(file: string, sniffed: boolean) {
    super(
      `domindex: ${file}: a zone file${sniffed ? ' (sniffed from its content)' : ''} carries no date; ` +
        `give its records' day as the source's date: { path, format: 'zone', date: 'YYYY-MM-DD' }`,
    )
    this.name = 'ZoneDateMissing'
    this.file = file
    this.sniffed = sniffed
  }
}
