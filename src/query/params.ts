/**
 * Validation primitives shared by every query family, for typed method arguments and for the strings
 * a query string carries alike (SPEC 1): one validator serves the methods and `request()`.
 * Every failure is a QueryError naming the parameter and the value, and saying what is accepted.
 */
import { QueryError, showValue } from '../errors.js'
import { normalizeHost } from '../normalize/host.js'
import type { Params, ParamValue } from '../types.js'
import { closestName } from './closest-name.js'

/** A scalar parameter value after repeated query-string keys are resolved. */
export type Scalar = string | number | boolean

const hasOwn = Object.prototype.hasOwnProperty

/** Throws `unknown_parameter` for the first own key of `params` not in `allowed`. */
export function checkKnown(params: Params, allowed: ReadonlySet<string>): void {
  if (params === null || typeof params !== 'object') {
    throw new QueryError('invalid_parameter', '', `parameters must be an object, got ${showValue(params)}`)
  }
  for (const key of Object.keys(params)) {
    if (!allowed.has(key)) {
      const near = closestName(key, allowed)
      throw new QueryError(
        'unknown_parameter',
        key,
        `unknown parameter ${showValue(key)}${near === undefined ? '' : ` (did you mean ${near}?)`}; accepted: ${[...allowed].join(', ')}`,
      )
    }
  }
}

/** The single value of a parameter, or undefined when absent; a repeated key is invalid. */
export function scalar(params: Params, name: string): Scalar | undefined {
  if (!hasOwn.call(params, name)) return undefined
  const value: ParamValue = params[name]
  if (value === undefined) return undefined
  if (Array.isArray(value)) {
    if (value.length === 1) return value[0] as string
    throw new QueryError('invalid_parameter', name, `${name} given ${value.length} times; give it once`)
  }
  if (typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return value
  throw new QueryError('invalid_parameter', name, `${name} has unsupported value ${showValue(value)}`)
}

/** A non-empty text parameter (numbers are taken as their decimal text). */
export function readText(params: Params, name: string): string | undefined {
  const value = scalar(params, name)
  if (value === undefined) return undefined
  if (typeof value === 'boolean') {
    throw new QueryError('invalid_parameter', name, `${name} must be text, got ${showValue(value)}`)
  }
  const text = String(value)
  if (text.trim().length === 0) {
    throw new QueryError('invalid_parameter', name, `${name} must not be empty`)
  }
  return text
}

/** A boolean parameter: `true`/`false` or those strings. */
export function readBool(params: Params, name: string): boolean | undefined {
  const value = scalar(params, name)
  if (value === undefined) return undefined
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  throw new QueryError('invalid_parameter', name, `${name} must be true or false, got ${showValue(value)}`)
}

/** An integer parameter within [min, max]; decimal digits when given as text. */
export function readInt(params: Params, name: string, min: number, max: number): number | undefined {
  const value = scalar(params, name)
  if (value === undefined) return undefined
  let n: number
  if (typeof value === 'number') n = value
  else if (typeof value === 'string' && /^-?\d{1,20}$/.test(value)) n = Number(value)
  else n = Number.NaN
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new QueryError(
      'invalid_parameter',
      name,
      `${name} must be an integer from ${min} to ${max}, got ${showValue(value)}`,
    )
  }
  // -0 (typed, or the text "-0") is 0: it would otherwise come back as -0 in an envelope.
  return n === 0 ? 0 : n
}

/** A host-name parameter, normalised (SPEC 3). */
export function readHost(params: Params, name: string): string | undefined {
  const text = readText(params, name)
  if (text === undefined) return undefined
  const result = normalizeHost(text)
  if (!result.ok) {
    throw new QueryError(
      'invalid_parameter',
      name,
      `${name} is not a host name (${result.reason}): ${showValue(text)}`,
    )
  }
  return result.host
}

// Groups: year, month, day, then hour, minute, second, fraction, zone (`Z` or a ±HH:MM / ±HHMM offset).
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * A time parameter as UTC epoch seconds: `YYYY-MM-DDTHH:MM:SSZ` (fractions allowed) or `YYYY-MM-DD`,
 * which means the start of that day, or its end (`23:59:59Z`) when `endOfDay` is set. The API's time
 * ranges are UTC with a `Z` suffix, so an offset or a missing zone is refused rather than guessed.
 */
export function readInstant(params: Params, name: string, endOfDay: boolean): number | undefined {
  const text = readText(params, name)
  if (text === undefined) return undefined
  const m = INSTANT.exec(text)
  const seconds = m === null || (m[4] !== undefined && m[8] !== 'Z') ? null : instantOf(m, endOfDay)
  if (seconds === null) {
    throw new QueryError(
      'invalid_parameter',
      name,
      `${name} must be YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DD, a real calendar date, got ${showValue(text)}`,
    )
  }
  return seconds
}

/**
 * A date parameter as a day number (days since 1970-01-01): `YYYY-MM-DD`, or a full timestamp whose
 * date, as written, counts (`2020-01-01T23:00:00-05:00` is 2020-01-01).
 */
export function readDay(params: Params, name: string): number | undefined {
  const text = readText(params, name)
  if (text === undefined) return undefined
  const m = INSTANT.exec(text)
  // instantOf validates the time and zone; the day is the calendar date as written.
  const seconds = m === null || instantOf(m, false) === null ? null : (dayStartMs(m) as number) / 1000
  if (seconds === null) {
    throw new QueryError(
      'invalid_parameter',
      name,
      `${name} must be YYYY-MM-DD (or YYYY-MM-DDTHH:MM:SSZ), a real calendar date, got ${showValue(text)}`,
    )
  }
  return Math.floor(seconds / 86400)
}

/** Epoch milliseconds of the start of the matched calendar date, or null when there is no such date. */
function dayStartMs(m: RegExpExecArray): number | null {
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const ms = Date.UTC(year, month - 1, day)
  const check = new Date(ms)
  const real =
    check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day
  return real ? ms : null
}

function instantOf(m: RegExpExecArray, endOfDay: boolean): number | null {
  const ms = dayStartMs(m)
  if (ms === null) return null
  if (m[4] === undefined) return ms / 1000 + (endOfDay ? 86399 : 0)
  const [h, min, s] = [Number(m[4]), Number(m[5]), Number(m[6])]
  if (h > 23 || min > 59 || s > 59) return null
  const offset = zoneOffsetSeconds(m[8])
  if (offset === null) return null
  return ms / 1000 + h * 3600 + min * 60 + s + (m[7] === undefined ? 0 : Number(`0${m[7]}`)) - offset
}

/** Seconds east of UTC of a `Z`, `±HH:MM` or `±HHMM` zone (absent: UTC), or null when out of range. */
function zoneOffsetSeconds(zone: string | undefined): number | null {
  if (zone === undefined || zone === 'Z') return 0
  const digits = zone.replace(':', '')
  const hours = Number(digits.slice(1, 3))
  const minutes = Number(digits.slice(3, 5))
  if (hours > 18 || minutes > 59) return null
  return (zone.startsWith('-') ? -1 : 1) * (hours * 3600 + minutes * 60)
}

/** The zero-based `page` parameter (default 0). */
export function readPage(params: Params): number {
  return readInt(params, 'page', 0, Number.MAX_SAFE_INTEGER) ?? 0
}
