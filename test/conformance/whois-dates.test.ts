/**
 * Conformance of `normalizeDate` with the real registry date strings of the shared corpus
 * (`whois_dates.jsonl`: 1,891 strings from five WHOIS parsers' fixtures, each with an expected UTC
 * instant cross-checked by two parsers; `whois_date_formats_asyncwhois.json`: 46 format examples;
 * the verified `*_utc` dates of `whois_records.jsonl`).
 * Skips when the shared folder is absent.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { normalizeDate } from '../../src/normalize/date.js'
import { realData } from '../helpers/real-data.js'

interface DateRow {
  raw: string
  expected_utc: string | null
  tld: string | null
  confidence: 'high' | 'medium' | 'disputed' | 'approximate'
}

/** Agreement below this share fails the test. */
const REQUIRED_AGREEMENT = 0.99

/** The corpus keeps fractions (`…:47.77Z`); normalizeDate truncates them. */
function toSeconds(expected: string | null): string | null {
  return expected === null || expected.length === 20 ? expected : `${expected.slice(0, 19)}Z`
}

function disagreements(rows: readonly DateRow[]): string[] {
  const out: string[] = []
  for (const row of rows) {
    const options = row.tld === null ? {} : { tld: row.tld }
    const got = normalizeDate(row.raw, options)
    const want = toSeconds(row.expected_utc)
    if (got !== want) out.push(`${JSON.stringify(row.raw)} tld=${row.tld}: got ${got}, expected ${want}`)
  }
  return out
}

const datesFile = realData('whois_dates.jsonl')
describe.skipIf(datesFile === null)('normalizeDate on whois_dates.jsonl', () => {
  const rows = datesFile === null ? [] : readJsonLines(datesFile)

  it('agrees with expected_utc on at least 99% of the high and medium rows', () => {
    const checked = rows.filter((row) => row.confidence === 'high' || row.confidence === 'medium')
    expect(checked.length).toBeGreaterThan(1800)
    const wrong = disagreements(checked)
    // The disagreements are the failure message, so a failing run shows every one of them.
    expect(
      1 - wrong.length / checked.length,
      `${wrong.length} of ${checked.length} disagree:\n${wrong.join('\n')}`,
    ).toBeGreaterThanOrEqual(REQUIRED_AGREEMENT)
  })

  it('reads the approximate dates as null and the disputed .lu date day first', () => {
    const other = rows.filter((row) => row.confidence === 'approximate' || row.confidence === 'disputed')
    expect(other.length).toBe(3)
    expect(disagreements(other)).toEqual([])
  })
})

interface FormatRow {
  raw: string
  expected_utc: string | null
  maintainer_marked_extra: boolean
}

/**
 * Where domindex reads a string the corpus marks null: RFC 3339 allows a lower-case `t` and `z`,
 * and an RFC 9557 annotation after an explicit offset (`Z[UTC]`) is informative only.
 */
const DECIDED_OTHERWISE: ReadonlyMap<string, string> = new Map([
  ['2007-01-26T19:10:31Z[UTC]', '2007-01-26T19:10:31Z'],
  ['2007-01-26t19:10:31.00z', '2007-01-26T19:10:31Z'],
])

const formatsFile = realData('whois_date_formats_asyncwhois.json')
describe.skipIf(formatsFile === null)('normalizeDate on the asyncwhois format examples', () => {
  it('reads every example as the corpus does, apart from the decisions listed', () => {
    const rows = JSON.parse(readFileSync(formatsFile as string, 'utf8')) as FormatRow[]
    expect(rows.length).toBe(46)
    const wrong: string[] = []
    for (const row of rows) {
      const want = DECIDED_OTHERWISE.get(row.raw) ?? toSeconds(row.expected_utc)
      const got = normalizeDate(row.raw)
      if (got !== want) wrong.push(`${JSON.stringify(row.raw)}: got ${got}, expected ${want}`)
    }
    expect(wrong).toEqual([])
  })
})

interface RecordRow {
  domain?: { tld?: unknown; [field: string]: unknown }
}

const recordsFile = realData('whois_records.jsonl')
describe.skipIf(recordsFile === null)('normalizeDate on the dates of whois_records.jsonl', () => {
  it('agrees with every verified created_utc, updated_utc and expires_utc', () => {
    const wrong: string[] = []
    let checked = 0
    for (const line of readFileSync(recordsFile as string, 'utf8').split('\n')) {
      if (line.trim().length === 0) continue
      const domain = (JSON.parse(line) as RecordRow).domain ?? {}
      const tld = typeof domain.tld === 'string' ? { tld: domain.tld } : {}
      for (const field of ['created', 'updated', 'expires']) {
        const raw = domain[field]
        const want = domain[`${field}_utc`]
        if (typeof raw !== 'string' || typeof want !== 'string') continue
        checked++
        const got = normalizeDate(raw, tld)
        if (got !== toSeconds(want)) wrong.push(`${JSON.stringify(raw)}: got ${got}, expected ${want}`)
      }
    }
    expect(checked).toBeGreaterThan(1000)
    expect(wrong).toEqual([])
  })
})

function readJsonLines(path: string): DateRow[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as DateRow)
}
