import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LoadOptions, loadSources } from '../../src/ingest/load.js'
import type { Sources } from '../../src/types.js'
import { observation, type TempFiles, tempFiles, whoisRecord, withoutNorm } from './temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

const records = [whoisRecord('example.com'), whoisRecord('münchen.de'), whoisRecord('example.co.uk')]
const keys = ['example.com', 'xn--mnchen-3ya.de', 'example.co.uk']

async function loadWhois(path: string, options: LoadOptions = {}) {
  return loadSources({ whois: [path] }, options)
}

describe('loadSources: input layouts', () => {
  it('loads JSON Lines with blank lines, CRLF, a BOM and no final newline', async () => {
    const text = `\uFEFF${JSON.stringify(records[0])}\r\n\r\n  \n${JSON.stringify(records[1])}\r\n${JSON.stringify(records[2])}`
    const loaded = await loadWhois(await files.write('crlf.jsonl', text))
    expect(loaded.whois.keys).toEqual(keys)
    expect(loaded.stats.rejects.count).toBe(0)
    expect(loaded.stats.sources[0]).toMatchObject({ format: 'lines', gzip: false })
  })

  it('loads .ndjson and gzip (detected by content, whatever the name)', async () => {
    const text = records.map((r) => JSON.stringify(r)).join('\n')
    for (const name of ['a.ndjson', 'a.jsonl.gz', 'a.gz', 'compressed.jsonl']) {
      const path = name === 'a.ndjson' ? await files.write(name, text) : await files.gzip(name, text)
      const loaded = await loadWhois(path)
      expect(loaded.whois.keys).toEqual(keys)
      expect(loaded.stats.sources[0]?.gzip).toBe(name !== 'a.ndjson')
    }
  })

  it('loads a JSON array, compact or pretty-printed, plain or gzip', async () => {
    for (const text of [JSON.stringify(records), JSON.stringify(records, null, 2)]) {
      for (const path of [await files.write('array.json', text), await files.gzip('array.json.gz', text)]) {
        const loaded = await loadWhois(path)
        expect(loaded.whois.keys).toEqual(keys)
        expect(loaded.stats.sources[0]?.format).toBe('json')
      }
    }
  })

  it('loads the results of a saved envelope, one-line or pretty-printed', async () => {
    const envelope = { page: 0, pages: 1, result_count: 3, results: records }
    for (const text of [JSON.stringify(envelope), JSON.stringify(envelope, null, 2)]) {
      const loaded = await loadWhois(await files.write('envelope.json', text))
      expect(loaded.whois.keys).toEqual(keys)
      expect(loaded.whois.records.map(withoutNorm)).toEqual(records)
    }
  })

  it('loads a JSON Lines file of envelopes and a JSON array of envelopes', async () => {
    const pages = [
      { page: 0, pages: 2, result_count: 3, results: records.slice(0, 2) },
      { page: 1, pages: 2, result_count: 3, results: records.slice(2) },
    ]
    const asLines = await loadWhois(await files.lines('pages.jsonl', pages))
    expect(asLines.whois.keys).toEqual(keys)
    const asArray = await loadWhois(await files.write('pages.json', JSON.stringify(pages)))
    expect(asArray.whois.keys).toEqual(keys)
  })

  it('reads a .json file of JSON Lines as lines (sniffed by content)', async () => {
    const loaded = await loadWhois(await files.lines('lines.json', records))
    expect(loaded.whois.keys).toEqual(keys)
    expect(loaded.stats.sources[0]?.format).toBe('lines')
  })

  it('gives the same records with 7-byte chunks as with the default chunk size', async () => {
    const text = records.map((r) => JSON.stringify(r)).join('\r\n')
    const inputs = [
      await files.write('tiny.jsonl', text),
      await files.write('tiny.json', JSON.stringify({ results: records }, null, 2)),
      await files.gzip('tiny.json.gz', JSON.stringify(records)),
    ]
    for (const path of inputs) {
      const tiny = await loadWhois(path, { chunkSize: 7 })
      const normal = await loadWhois(path)
      expect(tiny.whois.records).toEqual(normal.whois.records)
      expect(tiny.whois.keys).toEqual(keys)
    }
  })

  it('streams a multi-megabyte array and JSON Lines file at the default chunk size', async () => {
    const many = Array.from({ length: 6000 }, (_, i) =>
      whoisRecord(`domain-${i}.example`, {
        registrant: { organization: `Ünïcödé Org ${i} ${'x'.repeat(300)}` },
      }),
    )
    const array = await files.write('big.json', JSON.stringify(many, null, 1))
    const lines = await files.lines('big.jsonl', many)
    for (const path of [array, lines]) {
      const loaded = await loadWhois(path)
      expect(loaded.stats.sources[0]?.bytes).toBeGreaterThan(2 * (1 << 20))
      expect(loaded.whois.records.length).toBe(6000)
      expect(loaded.whois.records[5999]?.registrant?.organization).toBe(many[5999]?.registrant?.organization)
    }
  })

  it('loads several sources of both kinds, declared kinds included', async () => {
    const sources: Sources = {
      whois: [
        await files.lines('w1.jsonl', records.slice(0, 1)),
        await files.lines('w2.jsonl', records.slice(1)),
      ],
      dns: [
        await files.lines('obs.jsonl', [
          observation('1', 'example.com', 'mx'),
          observation('2', 'example.com', 'txt'),
        ]),
        { path: await files.lines('empty-mx.jsonl', [observation('3', 'example.org', 'empty')]), kind: 'mx' },
      ],
    }
    const loaded = await loadSources(sources)
    expect(loaded.whois.keys).toEqual(keys)
    expect(loaded.mx.map((o) => o.id)).toEqual(['1', '3'])
    expect(loaded.txt.map((o) => o.id)).toEqual(['2'])
    expect(loaded.stats).toMatchObject({ files: 4, whoisRecords: 3, observations: 3 })
  })

  it('loads an empty file and a whitespace-only file as nothing', async () => {
    for (const text of ['', ' \n\r\n ']) {
      const loaded = await loadWhois(await files.write('empty.json', text))
      expect(loaded.whois.records).toEqual([])
      expect(loaded.stats.rejects.count).toBe(0)
    }
  })
})
