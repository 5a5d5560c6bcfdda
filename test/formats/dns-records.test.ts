import { describe, expect, it } from 'vitest'
import { utcDay } from '../../src/ingest/formats/dns-day.js'
import { parseDnsRecordLine } from '../../src/ingest/formats/dns-record.js'

const DAY = '2024-03-05'

describe('parseDnsRecordLine: records', () => {
  it.each([
    [{ name: 'example.com', type: 'mx', value: '10 mx1.example.com', date: DAY }, 'mx1.example.com', 10],
    [{ name: 'example.com', type: 'MX', value: '  5   MX2.Example.COM.  ', date: DAY }, 'mx2.example.com', 5],
    [{ name: 'example.com', type: 'Mx', value: '0 .', date: DAY }, '.', 0],
    [
      { name: 'example.com', type: 'mX', value: '65535 xn--mnchen-3ya.de', date: DAY },
      'xn--mnchen-3ya.de',
      65535,
    ],
    [
      { name: 'example.com', type: 'MX', value: '20 mail.münchen.de', date: DAY },
      'mail.xn--mnchen-3ya.de',
      20,
    ],
  ])('MX %j', (line, value, preference) => {
    expect(parseDnsRecordLine(line)).toEqual({ name: 'example.com', kind: 'mx', value, preference, day: DAY })
  })

  it('reads TXT values exactly as written and NS hosts normalised', () => {
    expect(
      parseDnsRecordLine({ name: 'example.com', type: 'TXT', value: ' v=spf1  -all ', date: DAY }),
    ).toEqual({
      name: 'example.com',
      kind: 'txt',
      value: ' v=spf1  -all ',
      day: DAY,
    })
    expect(parseDnsRecordLine({ name: 'example.com', type: 'txt', value: '', date: DAY })).toMatchObject({
      value: '',
    })
    expect(
      parseDnsRecordLine({ name: 'example.com', type: 'Ns', value: 'NS1.Example.NET.', date: DAY }),
    ).toEqual({
      name: 'example.com',
      kind: 'ns',
      value: 'ns1.example.net',
      day: DAY,
    })
  })

  it('normalises the owner name, and accepts a wildcard owner (the grouper decides what it is)', () => {
    const line = { type: 'txt', value: 'x', date: DAY }
    expect(parseDnsRecordLine({ ...line, name: 'MÜNCHEN.de.' })).toMatchObject({ name: 'xn--mnchen-3ya.de' })
    expect(parseDnsRecordLine({ ...line, name: '*._domainkey.Example.com' })).toMatchObject({
      name: '*._domainkey.example.com',
    })
  })

  it('ignores fields it does not know', () => {
    const line = {
      name: 'example.com',
      type: 'ns',
      value: 'ns1.example.net',
      date: DAY,
      ttl: 300,
      class: 'IN',
    }
    expect(parseDnsRecordLine(line)).toEqual({
      name: 'example.com',
      kind: 'ns',
      value: 'ns1.example.net',
      day: DAY,
    })
  })
})

describe('parseDnsRecordLine: the day', () => {
  const at = (when: Record<string, unknown>) =>
    (parseDnsRecordLine({ name: 'example.com', type: 'txt', value: 'x', ...when }) as { day: string }).day

  it.each([
    [{ date: '2024-03-05' }, '2024-03-05'],
    [{ timestamp: '2024-03-05T12:34:56Z' }, '2024-03-05'],
    [{ timestamp: '2024-03-05T12:34:56+00:00' }, '2024-03-05'],
    [{ timestamp: '2024-03-05T22:00:00-04:00' }, '2024-03-06'],
    [{ timestamp: '2024-03-06T01:00:00+02:00' }, '2024-03-05'],
    [{ timestamp: '2024-03-05T12:34:56.123456789Z' }, '2024-03-05'],
    [{ timestamp: '2024-03-05 12:34:56' }, '2024-03-05'],
    [{ timestamp: '2024-03-05' }, '2024-03-05'],
    [{ timestamp: 1709642096 }, '2024-03-05'],
    [{ timestamp: 1709642096.75 }, '2024-03-05'],
    [{ timestamp: '1709596799' }, '2024-03-04'],
    [{ timestamp: 0 }, '1970-01-01'],
    [{ date: '2024-03-05', timestamp: '2024-04-01T00:00:00Z' }, '2024-03-05'],
  ])('%j → %s', (when, day) => {
    expect(at(when)).toBe(day)
  })

  it('utcDay refuses what is no instant, and milliseconds taken for seconds', () => {
    expect(utcDay('yesterday')).toBeNull()
    expect(utcDay(1709642096000)).toBeNull()
    expect(utcDay(Number.NaN)).toBeNull()
    expect(utcDay(null)).toBeNull()
    expect(utcDay('2024-02-30T00:00:00Z')).toBeNull()
  })
})

describe('parseDnsRecordLine: skips and rejects', () => {
  it.each(['A', 'aaaa', 'CNAME', 'SOA', 'srv', ''])('type %j is skipped, not rejected', (type) => {
    expect(parseDnsRecordLine({ name: 'example.com', type, value: 'x', date: DAY })).toEqual({
      skip: `type ${JSON.stringify(type)} is not mx, txt or ns`,
    })
  })

  const base = { name: 'example.com', type: 'mx', value: '10 mx.example.com', date: DAY }
  it.each([
    [[base], 'a dns-records line must be a JSON object {name, type, value, timestamp | date}, got [{"name"'],
    [null, 'a dns-records line must be a JSON object {name, type, value, timestamp | date}, got null'],
    [
      'example.com',
      'a dns-records line must be a JSON object {name, type, value, timestamp | date}, got "example.com"',
    ],
    [{ ...base, type: undefined }, 'type is missing; it must be "mx", "txt" or "ns" (any case)'],
    [{ ...base, type: 15 }, 'type must be "mx", "txt" or "ns" (any case), got 15'],
    [{ ...base, name: undefined }, 'name must be a host name, got nothing'],
    [
      { ...base, name: 'exa mple.com' },
      'name is not a host name (illegal characters in label "exa mple"): "exa mple.com"',
    ],
    [
      { ...base, name: 'a*.example.com' },
      'name is not a host name (illegal characters in label "a*"): "a*.example.com"',
    ],
    [{ ...base, value: undefined }, "value is missing; it must be the MX record's value, a string"],
    [
      { ...base, value: 'mx.example.com' },
      'value must be an MX value "<preference 0-65535> <host>", such as "10 mx.example.com", got "mx.example.com"',
    ],
    [
      { ...base, value: '70000 mx.example.com' },
      'value must be an MX value "<preference 0-65535> <host>", such as "10 mx.example.com", got "70000 mx.example.com"',
    ],
    [{ ...base, value: '-1 mx.example.com' }, 'value must be an MX value'],
    [{ ...base, value: '10 mx.example.com extra' }, 'value must be an MX value'],
    [{ ...base, value: '10 mx..example.com' }, 'value is not a host name (empty label): "mx..example.com"'],
    [{ ...base, type: 'NS', value: '.' }, 'value is not a host name (empty host): "."'],
    [{ ...base, type: 'TXT', value: 12 }, "value must be the TXT record's value, a string, got 12"],
    [
      { ...base, date: '2024-02-30' },
      'date must be a YYYY-MM-DD calendar date (an instant goes in timestamp), got "2024-02-30"',
    ],
    [
      { ...base, date: '2024-03-05T00:00:00Z' },
      'date must be a YYYY-MM-DD calendar date (an instant goes in timestamp), got "2024-03-05T00:00:00Z"',
    ],
    [
      { ...base, date: undefined },
      'date and timestamp are missing; a line needs date (YYYY-MM-DD) or timestamp (ISO 8601 or unix seconds)',
    ],
    [
      { ...base, date: undefined, timestamp: 'soon' },
      'timestamp must be an ISO 8601 timestamp or unix seconds, got "soon"',
    ],
    [
      { ...base, date: undefined, timestamp: 1709642096000 },
      'timestamp must be an ISO 8601 timestamp or unix seconds, got 1709642096000',
    ],
  ])('%j is rejected', (line, reason) => {
    const result = parseDnsRecordLine(line)
    expect(typeof result).toBe('string')
    expect(result).toContain(reason)
  })
})
