/**
 * Checks one parsed DNS observation (SPEC 2) and tells its kind. Observations are kept exactly as
 * loaded: nothing is added or rewritten.
 *
 * Rules, decided where SPEC is silent:
 * - `date` is `YYYY-MM-DD` and a real calendar date (the API's format); timestamps are rejected so
 *   that a date never depends on a zone;
 * - `id` is a non-empty string; `items` a non-empty array of `{context, is_metadata, type, value}`
 *   with those types (items may carry further fields);
 * - the first item is the metadata host item, its value a valid host name (the apex);
 * - every other item of type `host` is a valid host name, except the null MX `.` (RFC 7505) in
 *   context `dns-mx`;
 * - items of context `dns-mx` make an MX observation, `dns-txt` a TXT one; both is a reject; neither
 *   takes the source's declared kind, and without one is a reject; a declared kind the items
 *   contradict is a reject.
 */
import { mustBe, showValue } from '../errors.js'
import type { DnsKind } from '../types.js'
import type { HostCheck } from './host-check.js'

/** A checked observation's kind, or why it is rejected. */
export type ObservationCheck = { ok: true; kind: DnsKind; id: string } | { ok: false; reason: string }

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Checks a parsed observation.
 *
 * @param value - what JSON.parse returned for one observation
 * @param declared - the kind the source declares, if any
 * @param hosts - the load's memoised host checker
 * @example
 * ```ts
 * checkObservation({ date: '2024-01-31', id: 'a1', items: [
 *   { context: '', is_metadata: true, type: 'host', value: 'example.com' },
 *   { context: 'dns-txt', is_metadata: false, type: 'txt', value: 'v=spf1 -all' },
 * ] }, undefined, new HostCheck()) // { ok: true, kind: 'txt', id: 'a1' }
 * ```
 */
export function checkObservation(
  value: unknown,
  declared: DnsKind | undefined,
  hosts: HostCheck,
): ObservationCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(
      `an observation must be a JSON object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    )
  }
  const record = value as { date?: unknown; id?: unknown; items?: unknown }
  const date = record.date
  if (typeof date !== 'string' || !isCalendarDate(date)) {
    return fail(mustBe('date', 'a YYYY-MM-DD calendar date', date))
  }
  const id = record.id
  if (typeof id !== 'string' || id.length === 0) return fail(mustBe('id', 'a non-empty string', id))
  const items = record.items
  if (!Array.isArray(items) || items.length === 0) {
    return fail(mustBe('items', 'a non-empty array of items', items))
  }
  let mx = false
  let txt = false
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i]
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return fail(mustBe(`items[${i}]`, 'an object', item))
    }
    const { context, is_metadata, type, value: text } = item as Record<string, unknown>
    if (typeof context !== 'string') return fail(mustBe(`items[${i}].context`, 'a string', context))
    if (typeof is_metadata !== 'boolean') {
      return fail(mustBe(`items[${i}].is_metadata`, 'true or false', is_metadata))
    }
    if (typeof type !== 'string') return fail(mustBe(`items[${i}].type`, 'a string', type))
    if (typeof text !== 'string') return fail(mustBe(`items[${i}].value`, 'a string', text))
    if (i === 0 && !(is_metadata && context === '' && type === 'host')) {
      return fail(
        mustBe(`items[0]`, 'the metadata host item {context: "", is_metadata: true, type: "host"}', item),
      )
    }
    if (type === 'host' && !(context === 'dns-mx' && text === '.')) {
      const problem = hosts.problem(text)
      if (problem !== null)
        return fail(`items[${i}].value is not a host name (${problem}): ${showValue(text)}`)
    }
    if (context === 'dns-mx') mx = true
    // The mail-policy contexts (dns-txt-dmarc, dns-txt-dkim, …) are TXT answers too (SPEC 13).
    else if (context === 'dns-txt' || context.startsWith('dns-txt-')) txt = true
  }
  if (mx && txt) return fail('observation has both dns-mx and dns-txt items; an observation is MX or TXT')
  const kind: DnsKind | undefined = mx ? 'mx' : txt ? 'txt' : declared
  if (kind === undefined) {
    return fail(
      "observation has no dns-mx or dns-txt items (an empty answer): declare the source's kind, {path, kind: 'mx' | 'txt'}",
    )
  }
  if (declared !== undefined && kind !== declared) {
    return fail(`source is declared ${declared} but the observation has dns-${kind} items`)
  }
  return { ok: true, kind, id }
}

function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text)
  if (m === null) return false
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  const check = new Date(Date.UTC(year, month - 1, day))
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day
}

function fail(reason: string): ObservationCheck {
  return { ok: false, reason }
}
