/**
 * `--format csv|table|jsonl` and `--columns` (issue 26, item 8): each format's rows are the JSON
 * body's results, read back with csv-parse and compared with the fields taken from the JSON answer.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFixture } from '../api/fixture.js'
import { runCli } from './run-cli.js'

let dir: string
let tricky: string

interface Rec {
  query: string
  domain: { created_norm?: string; created?: string; registrar_name?: string; nameservers?: string[] }
  registrant?: { organization?: string; email?: string; phone?: string }
  admin?: { email?: string }
}

const TRICKY = [
  {
    query: 'comma.com',
    domain: {
      created: '2024-01-02',
      registrar_name: 'Registrar, Inc.',
      nameservers: ['ns1.a.net', 'ns2.a.net'],
    },
    registrant: { organization: 'He said "hi"\nand left', email: 'a@comma.com', phone: '+1.5551234' },
  },
  {
    query: 'formula.com',
    domain: { created: '2024-01-03', registrar_name: 'Registrar, Inc.' },
    registrant: {
      organization: '=HYPERLINK("http://x.test","click")',
      email: '@home',
      phone: '+44.2071234567',
    },
  },
]

beforeAll(async () => {
  dir = await writeFixture()
  tricky = await mkdtemp(join(tmpdir(), 'domindex-output-'))
  await writeFile(join(tricky, 'whois.jsonl'), `${TRICKY.map((r) => JSON.stringify(r)).join('\n')}\n`)
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
  await rm(tricky, { recursive: true, force: true })
})

async function jsonBody(args: string[]): Promise<Record<string, unknown>> {
  const result = await runCli(['query', ...args])
  expect(result.status, result.stderr).toBe(0)
  return JSON.parse(result.stdout) as Record<string, unknown>
}

function rowsOf(csv: string): string[][] {
  return parse(csv, { relax_column_count: false }) as string[][]
}

// The reference: the default columns taken from a JSON record by hand.
function whoisRow(r: Rec): string[] {
  return [
    r.query,
    r.domain.created_norm ?? r.domain.created ?? '',
    '',
    r.domain.registrar_name ?? '',
    r.registrant?.organization ?? '',
    r.registrant?.email ?? '',
    '',
    (r.domain.nameservers ?? []).join(' | '),
  ]
}

describe('results as CSV, tables and JSON Lines', () => {
  it('a reverse page as CSV: the default columns of each result, in order', async () => {
    const request = '/v1/domain/reverse?name=acme&page=1'
    const body = await jsonBody([dir, request])
    const csv = await runCli(['query', dir, request, '--format', 'csv'])
    expect(csv.status, csv.stderr).toBe(0)
    const [header, ...rows] = rowsOf(csv.stdout)
    expect(header).toEqual([
      'domain',
      'created',
      'expires',
      'registrar',
      'registrant_organization',
      'registrant_email',
      'registrant_country',
      'nameservers',
    ])
    const results = body['results'] as Rec[]
    expect(results.length).toBeGreaterThan(0)
    expect(rows.map((row) => row[0])).toEqual(results.map((r) => r.query))
    for (const [i, r] of results.entries()) {
      const row = rows[i] as string[]
      expect(row[1]).toBe(r.domain.created_norm ?? '')
      expect(row[3]).toBe(r.domain.registrar_name ?? '')
      expect(row[7]).toBe((r.domain.nameservers ?? []).join(' | '))
    }
  })

  it('quotes commas, quotes and line breaks so the cells read back exactly', async () => {
    const request = '/v1/domain/reverse?registrar=Registrar%2C%20Inc.'
    const body = await jsonBody([tricky, request])
    const csv = await runCli(['query', tricky, request, '--format', 'csv'])
    const [, ...rows] = rowsOf(csv.stdout)
    const expected = (body['results'] as Rec[]).map((r) => {
      const row = whoisRow(r)
      row[6] = ''
      return row
    })
    expect(rows).toEqual(expected)
    expect(rows.map((row) => row[4])).toContain('He said "hi"\nand left')
  })

  it('--escape-formulas guards cells a spreadsheet would run; without it the values are exact', async () => {
    const request = '/v1/domain/reverse?registrar=Registrar%2C%20Inc.'
    const columns = ['--columns', 'domain,registrant_organization,registrant_email,registrant_phone']
    const plain = rowsOf((await runCli(['query', tricky, request, '--format', 'csv', ...columns])).stdout)
    const guarded = rowsOf(
      (await runCli(['query', tricky, request, '--format', 'csv', ...columns, '--escape-formulas'])).stdout,
    )
    const formula = (rows: string[][]) => rows.find((row) => row[0] === 'formula.com') as string[]
    expect(formula(plain)).toEqual([
      'formula.com',
      TRICKY[1]?.registrant.organization,
      '@home',
      '+44.2071234567',
    ])
    expect(formula(guarded)).toEqual([
      'formula.com',
      `'${TRICKY[1]?.registrant.organization}`,
      "'@home",
      "'+44.2071234567",
    ])
  })

  it('--all --format csv writes one header and every result of every page', async () => {
    const request = '/v1/domain/reverse?name=acme'
    const first = await jsonBody([dir, request])
    const all = await runCli([
      'query',
      dir,
      request,
      '--all',
      '--format',
      'csv',
      '--columns',
      'domain,admin.email',
    ])
    expect(all.status, all.stderr).toBe(0)
    const [header, ...rows] = rowsOf(all.stdout)
    expect(header).toEqual(['domain', 'admin.email'])
    expect(rows).toHaveLength(first['result_count'] as number)
    expect(new Set(rows.map((row) => row[0])).size).toBe(rows.length)
    expect(all.stderr).toContain(`${rows.length} results`)
    const lines = await runCli(['query', dir, request, '--all'])
    const records = lines.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Rec)
    expect(rows).toEqual(records.map((r) => [r.query, r.admin?.email ?? '']))
  })

  it('observations: named columns and CONTEXT.TYPE paths; a summary as value and count rows', async () => {
    // The bundled sample: its MX observations list several hosts.
    const request = '/v1/domain/mx?nameserver=dnspod.net'
    const body = await jsonBody(['data', request])
    const csv = await runCli([
      'query',
      'data',
      request,
      '--format',
      'csv',
      '--columns',
      'id,date,dns-mx.host,mx',
    ])
    expect(csv.status, csv.stderr).toBe(0)
    const [, ...rows] = rowsOf(csv.stdout)
    const results = body['results'] as {
      id: string
      date: string
      items: { context: string; type: string; value: string }[]
    }[]
    expect(rows.some((row) => (row[2] as string).includes(' | '))).toBe(true)
    expect(rows).toEqual(
      results.map((o) => {
        const hosts = o.items.filter((i) => i.context === 'dns-mx' && i.type === 'host').map((i) => i.value)
        return [o.id, o.date, hosts.join(' | '), hosts.join(' | ')]
      }),
    )
    const summary = await jsonBody([dir, '/v1/domain/mx?summarize=host&summary_limit=3'])
    const values = (summary['summary'] as { other: number; values: Record<string, number> }).values
    const table = await runCli([
      'query',
      dir,
      '/v1/domain/mx?summarize=host&summary_limit=3',
      '--format',
      'csv',
    ])
    expect(rowsOf(table.stdout)).toEqual([
      ['value', 'count'],
      ...Object.entries(values).map(([v, n]) => [v, String(n)]),
    ])
  })

  it('a table aligns the columns under a rule; jsonl writes a result a line', async () => {
    const table = await runCli([
      'query',
      dir,
      '/v1/domain/reverse?name=acme',
      '--format',
      'table',
      '--columns',
      'domain,created',
    ])
    const [head, rule, ...lines] = table.stdout.trimEnd().split('\n')
    expect(head).toMatch(/^domain\s+created$/)
    expect(rule).toMatch(/^─+ {2}─+$/)
    expect(lines).toHaveLength(100)
    const column = (head as string).indexOf('created')
    for (const line of lines) expect(line[column - 1]).toBe(' ')
    const jsonl = await runCli(['query', dir, '/v1/domain/reverse?name=acme', '--format', 'jsonl'])
    const body = await jsonBody([dir, '/v1/domain/reverse?name=acme'])
    expect(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(body['results'])
  })

  it('pivots and suggest as CSV', async () => {
    const pivots = await runCli(['pivots', tricky, 'comma.com', '--format', 'csv'])
    expect(pivots.status, pivots.stderr).toBe(0)
    const json = JSON.parse((await runCli(['pivots', tricky, 'comma.com'])).stdout) as {
      pivots: { kind: string; value: string; count: number; request: string }[]
    }
    expect(rowsOf(pivots.stdout)).toEqual([
      ['kind', 'value', 'count', 'request'],
      ...json.pivots.map((p) => [p.kind, p.value, String(p.count), p.request]),
    ])
    const suggest = await runCli(['suggest', tricky, 'registrar', 'registrar', '--format', 'csv'])
    expect(suggest.status, suggest.stderr).toBe(0)
    expect(rowsOf(suggest.stdout)[0]).toEqual(['value', 'count', 'request'])
  })

  it('mistakes: an unknown column with a hint, a format for a path without rows, an error body on stderr', async () => {
    const column = await runCli([
      'query',
      dir,
      '/v1/domain/reverse?name=acme',
      '--format',
      'csv',
      '--columns',
      'domian',
    ])
    expect(column.status).toBe(2)
    expect(column.stderr).toContain('no column "domian" (did you mean domain?)')
    const item = await runCli(['query', dir, '/v1/domain/mx', '--format', 'csv', '--columns', 'dns-mx.hots'])
    expect(item.status).toBe(2)
    expect(item.stderr).toContain('dns-mx.host')
    const path = await runCli(['query', dir, '/v1/domain/whois/prioritize?domain=a.com', '--format', 'csv'])
    expect(path.status).toBe(2)
    const json = await runCli(['query', dir, '/v1/domain/reverse?name=acme', '--columns', 'domain'])
    expect(json.stderr).toContain('--columns needs --format csv or table')
    const bad = await runCli(['query', dir, '/v1/domain/reverse?phrase=acme&slop=x', '--format', 'csv'])
    expect(bad.status).toBe(1)
    expect(bad.stdout).toBe('')
    expect(JSON.parse(bad.stderr)).toMatchObject({ error: { code: 'invalid_parameter', param: 'slop' } })
  })
})
