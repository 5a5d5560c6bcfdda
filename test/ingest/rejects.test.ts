import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SnapshotError } from '../../src/errors.js'
import { loadSources } from '../../src/ingest/load.js'
import { observation, type TempFiles, tempFiles, whoisRecord } from './temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

/** Loads one WHOIS line after a valid one and returns the single reject's reason. */
async function whoisReason(line: string): Promise<string> {
  const path = await files.write('bad-whois.jsonl', `${JSON.stringify(whoisRecord('good.com'))}\n${line}\n`)
  const loaded = await loadSources({ whois: [path] })
  expect(loaded.whois.keys).toEqual(['good.com'])
  expect(loaded.stats.rejects.count).toBe(1)
  expect(loaded.stats.rejects.kept[0]).toMatchObject({ file: path, line: 2 })
  return loaded.stats.rejects.kept[0]?.reason ?? ''
}

/** Loads one observation line (declaring `kind` if given) and returns the single reject's reason. */
async function dnsReason(value: unknown, kind?: 'mx' | 'txt'): Promise<string> {
  const path = await files.write('bad-dns.jsonl', `\n${JSON.stringify(value)}\n`)
  const loaded = await loadSources({ dns: [kind === undefined ? path : { path, kind }] })
  expect(loaded.stats.rejects.count).toBe(1)
  expect(loaded.stats.rejects.kept[0]).toMatchObject({ file: path, line: 2 })
  return loaded.stats.rejects.kept[0]?.reason ?? ''
}

describe('WHOIS rejects name the field and the value', () => {
  const cases: [string, unknown, RegExp][] = [
    ['invalid JSON', '{"domain": {', /^not valid JSON: /],
    ['a scalar', 42, /must be a JSON object, got number/],
    ['an array record inside an array', [[1]], /\[0\]: expected a record object, got a nested array/],
    ['no key', { domain: { created: '2020-01-01' } }, /no domain\.name or query/],
    ['a null name and no query', { domain: { name: null } }, /no domain\.name or query/],
    [
      'a bad host key',
      { domain: { name: 'exa mple.com' } },
      /domain\.name is not a host name .*"exa mple\.com"/,
    ],
    ['a bad query key', { query: 'a..b' }, /query is not a host name \(empty label\): "a\.\.b"/],
    ['a non-string name', { domain: { name: 7 } }, /domain\.name must be a string, got 7/],
    ['a non-string query', { query: ['x.com'] }, /query must be a string, got \["x\.com"\]/],
    ['a non-object domain', { query: 'x.com', domain: 'x.com' }, /domain must be an object, got "x\.com"/],
    ['an array contact', { query: 'x.com', admin: ['a'] }, /admin must be an object, got \["a"\]/],
    [
      'a numeric contact field',
      { query: 'x.com', tech: { phone: 6502530000 } },
      /tech\.phone must be a string, got 6502530000/,
    ],
    [
      'a bad street',
      { query: 'x.com', billing: { street: ['a', 1] } },
      /billing\.street must be a string or an array of strings/,
    ],
    [
      'a bad redacted flag',
      { query: 'x.com', registrant: { redacted: 'yes' } },
      /registrant\.redacted must be true or false, got "yes"/,
    ],
    [
      'nameservers not an array',
      { domain: { name: 'x.com', nameservers: 'ns1.x.com' } },
      /domain\.nameservers must be an array/,
    ],
    [
      'a non-string nameserver',
      { domain: { name: 'x.com', nameservers: ['ns1.x.com', 5] } },
      /domain\.nameservers\[1\] must be a string, got 5/,
    ],
    [
      'a nameserver with an IP address',
      { domain: { name: 'x.com', nameservers: ['ns1.x.com 192.0.2.1'] } },
      /domain\.nameservers\[0\] is not a host name .*"ns1\.x\.com 192\.0\.2\.1"/,
    ],
    [
      'a numeric date',
      { domain: { name: 'x.com', created: 20190813 } },
      /domain\.created must be a date string, got 20190813/,
    ],
    [
      'an object *_date',
      { domain: { name: 'x.com', paid_till_date: {} } },
      /domain\.paid_till_date must be a date string/,
    ],
  ]
  for (const [name, value, reason] of cases) {
    it(name, async () => {
      expect(await whoisReason(typeof value === 'string' ? value : JSON.stringify(value))).toMatch(reason)
    })
  }

  it('prefixes the position of an envelope result', async () => {
    const envelope = { results: [whoisRecord('a.com'), { domain: { name: '' } }] }
    const loaded = await loadSources({ whois: [await files.lines('envelope-bad.jsonl', [envelope])] })
    expect(loaded.stats.rejects.kept[0]?.reason).toMatch(
      /^results\[1\]: domain\.name is not a host name \(empty host\)/,
    )
  })
})

describe('DNS rejects', () => {
  const good = observation('o1', 'example.com', 'mx')
  const withItems = (items: unknown[]) => ({ ...good, items })
  const meta = good.items[0]
  const cases: [string, unknown, RegExp][] = [
    [
      'a missing date',
      { id: 'a', items: good.items },
      /date is missing; it must be a YYYY-MM-DD calendar date/,
    ],
    [
      'an impossible date',
      { ...good, date: '2021-02-30' },
      /date must be a YYYY-MM-DD calendar date, got "2021-02-30"/,
    ],
    ['a timestamp date', { ...good, date: '2021-02-03T00:00:00Z' }, /YYYY-MM-DD/],
    ['an empty id', { ...good, id: '' }, /id must be a non-empty string, got ""/],
    ['a numeric id', { ...good, id: 7 }, /id must be a non-empty string, got 7/],
    ['no items', { ...good, items: [] }, /items must be a non-empty array/],
    ['a non-object item', withItems([meta, 'x']), /items\[1\] must be an object, got "x"/],
    [
      'a bad item field type',
      withItems([meta, { context: 'dns-mx', is_metadata: 'no', type: 'host', value: 'a.b' }]),
      /items\[1\]\.is_metadata must be true or false/,
    ],
    [
      'a missing item value',
      withItems([meta, { context: 'dns-txt', is_metadata: false, type: 'txt' }]),
      /items\[1\]\.value is missing; it must be a string/,
    ],
    ['no metadata item first', withItems(good.items.slice(1)), /items\[0\] must be the metadata host item/],
    [
      'a bad apex',
      withItems([{ ...meta, value: 'bad host' }, ...good.items.slice(1)]),
      /items\[0\]\.value is not a host name/,
    ],
    [
      'a bad MX host',
      withItems([meta, { context: 'dns-mx', is_metadata: false, type: 'host', value: 'a..b' }]),
      /items\[1\]\.value is not a host name \(empty label\)/,
    ],
    [
      'both MX and TXT items',
      withItems([...good.items, { context: 'dns-txt', is_metadata: false, type: 'txt', value: 'x' }]),
      /both dns-mx and dns-txt/,
    ],
    [
      'an empty answer without a declared kind',
      observation('e', 'example.com', 'empty'),
      /declare the source's kind/,
    ],
  ]
  for (const [name, value, reason] of cases) {
    it(name, async () => {
      expect(await dnsReason(value)).toMatch(reason)
    })
  }

  it('a declared kind contradicted by the items', async () => {
    expect(await dnsReason(good, 'txt')).toMatch(/declared txt but the observation has dns-mx items/)
  })

  it('accepts the null MX "."', async () => {
    const nullMx = withItems([meta, { context: 'dns-mx', is_metadata: false, type: 'host', value: '.' }])
    const loaded = await loadSources({ dns: [await files.lines('null-mx.jsonl', [nullMx])] })
    expect(loaded.mx).toHaveLength(1)
  })
})

describe('reject bookkeeping', () => {
  it('counts every reject and keeps the first 1,000 in full', async () => {
    const lines = Array.from({ length: 1205 }, (_, i) =>
      i % 2 === 0 ? 'not json' : JSON.stringify(whoisRecord(`d${i}.com`)),
    )
    const loaded = await loadSources({ whois: [await files.write('many.jsonl', lines.join('\n'))] })
    expect(loaded.stats.rejects.count).toBe(603)
    expect(loaded.stats.rejects.kept).toHaveLength(603)
    const more = Array.from({ length: 2500 }, () => '[')
    const many = await loadSources({ whois: [await files.write('more.jsonl', more.join('\n'))] })
    expect(many.stats.rejects.count).toBe(2500)
    expect(many.stats.rejects.kept).toHaveLength(1000)
    expect(many.stats.rejects.kept[999]?.line).toBe(1000)
    expect(many.stats.sources[0]?.rejects).toBe(2500)
  })

  it('strict mode throws a SnapshotError naming file and line at the first reject', async () => {
    const path = await files.write(
      'strict.jsonl',
      `${JSON.stringify(whoisRecord('a.com'))}\n\n{"query": 5}\nnot json\n`,
    )
    const error = await loadSources({ whois: [path] }, { strict: true }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SnapshotError)
    expect(error).toMatchObject({ code: 'bad_record', file: path, line: 3 })
    expect((error as Error).message).toContain(`${path}:3: query must be a string, got 5`)
  })

  it('strict mode throws for a structural problem in a JSON array', async () => {
    const path = await files.write('strict.json', '[{"query": "a.com"}, {"query": ')
    await expect(loadSources({ whois: [path] }, { strict: true })).rejects.toMatchObject({
      code: 'bad_record',
      line: 1,
    })
  })

  it('a missing file, a directory and a bad source are unreadable_file; a corrupt gzip a reject', async () => {
    const missing = `${files.dir}/missing.jsonl`
    await expect(loadSources({ whois: [missing] })).rejects.toMatchObject({
      code: 'unreadable_file',
      file: missing,
    })
    await expect(loadSources({ dns: [files.dir] })).rejects.toMatchObject({
      code: 'unreadable_file',
      file: files.dir,
    })
    const corrupt = await files.write(
      'corrupt.jsonl.gz',
      Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7]),
    )
    const loaded = await loadSources({ whois: [corrupt] })
    expect(loaded.stats.rejects.kept).toEqual([
      { file: corrupt, line: 1, reason: expect.stringMatching(/^gzip data cut short or damaged/) },
    ])
    await expect(loadSources({ dns: [{ path: corrupt, kind: 'ns' as 'mx' }] })).rejects.toThrow(
      /kind must be 'mx' or 'txt'/,
    )
    await expect(loadSources({ whois: [42 as unknown as string] })).rejects.toThrow(/must be a file path/)
  })
})
