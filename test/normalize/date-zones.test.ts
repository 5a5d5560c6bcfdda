import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { normalizeDate } from '../../src/normalize/date.js'
import { isUtcName, zoneOffsetMinutes } from '../../src/normalize/date-zones.js'

/**
 * Each abbreviation of the table, with a time-zone database zone that uses it and a local time at
 * which it does (January or July), so that the table is checked against the IANA database.
 */
const ABBREVIATIONS: readonly (readonly [string, string, string])[] = [
  ['UTC', 'UTC', '2019-07-13T12:00:00'],
  ['GMT', 'UTC', '2019-07-13T12:00:00'],
  ['UT', 'UTC', '2019-07-13T12:00:00'],
  ['Z', 'UTC', '2019-07-13T12:00:00'],
  ['WET', 'Europe/Lisbon', '2019-01-13T12:00:00'],
  ['WEST', 'Europe/Lisbon', '2019-07-13T12:00:00'],
  ['BST', 'Europe/London', '2019-07-13T12:00:00'],
  ['CET', 'Europe/Paris', '2019-01-13T12:00:00'],
  ['CEST', 'Europe/Paris', '2019-07-13T12:00:00'],
  ['MET', 'Europe/Berlin', '2019-01-13T12:00:00'],
  ['MEST', 'Europe/Berlin', '2019-07-13T12:00:00'],
  ['EET', 'Europe/Athens', '2019-01-13T12:00:00'],
  ['EEST', 'Europe/Athens', '2019-07-13T12:00:00'],
  ['MSK', 'Europe/Moscow', '2019-07-13T12:00:00'],
  ['WAT', 'Africa/Lagos', '2019-07-13T12:00:00'],
  ['CAT', 'Africa/Maputo', '2019-07-13T12:00:00'],
  ['SAST', 'Africa/Johannesburg', '2019-07-13T12:00:00'],
  ['EAT', 'Africa/Nairobi', '2019-07-13T12:00:00'],
  ['GST', 'Asia/Dubai', '2019-07-13T12:00:00'],
  ['PKT', 'Asia/Karachi', '2019-07-13T12:00:00'],
  ['IST', 'Asia/Kolkata', '2019-07-13T12:00:00'],
  ['ICT', 'Asia/Bangkok', '2019-07-13T12:00:00'],
  ['WIB', 'Asia/Jakarta', '2019-07-13T12:00:00'],
  ['HKT', 'Asia/Hong_Kong', '2019-07-13T12:00:00'],
  ['SGT', 'Asia/Singapore', '2019-07-13T12:00:00'],
  ['MYT', 'Asia/Kuala_Lumpur', '2019-07-13T12:00:00'],
  ['PHT', 'Asia/Manila', '2019-07-13T12:00:00'],
  ['AWST', 'Australia/Perth', '2019-07-13T12:00:00'],
  ['JST', 'Asia/Tokyo', '2019-07-13T12:00:00'],
  ['KST', 'Asia/Seoul', '2019-07-13T12:00:00'],
  ['ACST', 'Australia/Adelaide', '2019-07-13T12:00:00'],
  ['ACDT', 'Australia/Adelaide', '2019-01-13T12:00:00'],
  ['AEST', 'Australia/Sydney', '2019-07-13T12:00:00'],
  ['AEDT', 'Australia/Sydney', '2019-01-13T12:00:00'],
  ['NZST', 'Pacific/Auckland', '2019-07-13T12:00:00'],
  ['NZDT', 'Pacific/Auckland', '2019-01-13T12:00:00'],
  ['NST', 'America/St_Johns', '2019-01-13T12:00:00'],
  ['NDT', 'America/St_Johns', '2019-07-13T12:00:00'],
  ['AST', 'America/Halifax', '2019-01-13T12:00:00'],
  ['ADT', 'America/Halifax', '2019-07-13T12:00:00'],
  ['BRT', 'America/Sao_Paulo', '2019-07-13T12:00:00'],
  ['ART', 'America/Argentina/Buenos_Aires', '2019-07-13T12:00:00'],
  ['CLT', 'America/Santiago', '2019-07-13T12:00:00'],
  ['CLST', 'America/Santiago', '2019-01-13T12:00:00'],
  ['EST', 'America/New_York', '2019-01-13T12:00:00'],
  ['EDT', 'America/New_York', '2019-07-13T12:00:00'],
  ['CST', 'America/Chicago', '2019-01-13T12:00:00'],
  ['CDT', 'America/Chicago', '2019-07-13T12:00:00'],
  ['MST', 'America/Denver', '2019-01-13T12:00:00'],
  ['MDT', 'America/Denver', '2019-07-13T12:00:00'],
  ['PST', 'America/Los_Angeles', '2019-01-13T12:00:00'],
  ['PDT', 'America/Los_Angeles', '2019-07-13T12:00:00'],
  ['AKST', 'America/Anchorage', '2019-01-13T12:00:00'],
  ['AKDT', 'America/Anchorage', '2019-07-13T12:00:00'],
  ['HST', 'Pacific/Honolulu', '2019-07-13T12:00:00'],
]

describe('zone abbreviations against the IANA time-zone database', () => {
  it.each(ABBREVIATIONS)('%s is the offset of %s at %s', (abbreviation, zone, local) => {
    const instant = DateTime.fromISO(local, { zone })
    expect(instant.isValid).toBe(true)
    expect(zoneOffsetMinutes(abbreviation)).toBe(instant.offset)
    const written = `${local.slice(0, 10)} ${local.slice(11)} ${abbreviation}`
    expect(normalizeDate(written)).toBe(instant.toUTC().toISO({ suppressMilliseconds: true }))
  })

  it('reads abbreviations in any case and refuses unknown ones', () => {
    expect(zoneOffsetMinutes('eest')).toBe(180)
    expect(zoneOffsetMinutes('Jst')).toBe(540)
    expect(zoneOffsetMinutes('XYZ')).toBeUndefined()
    expect(zoneOffsetMinutes('constructor')).toBeUndefined()
  })

  it('lets only UTC names carry a written offset', () => {
    expect(['UTC', 'gmt', 'Ut'].every(isUtcName)).toBe(true)
    expect(['EST', 'Z', 'JST', ''].some(isUtcName)).toBe(false)
  })
})
