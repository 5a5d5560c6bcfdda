/**
 * Issue 15, item 17: a filter or expression term naming an item type, or a context and type, that
 * no item of the input has matches nothing; `domindex query` says so on stderr instead of a silent
 * 0, and `engine.itemFields(kind)` lists what the terms can name. Issue 26, item 4: a `summarize`
 * type (or `summary_context`) that no item has is warned of alike.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { unknownFieldWarnings } from '../../src/cli/unknown-fields.js'
import { Engine } from '../../src/engine.js'
import { runCli } from '../cli/run-cli.js'
import { observation, type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
let mxFile: string
let engine: Engine
beforeAll(async () => {
  files = await tempFiles()
  mxFile = await files.lines('mx.jsonl', [observation('m1', 'a.com', 'mx'), observation('m2', 'b.com', 'mx')])
  engine = await Engine.build({ dns: [{ path: mxFile, kind: 'mx' }] })
})
afterAll(async () => {
  await files.remove()
})

it('lists the contexts and types of the items of each kind', () => {
  expect(engine.itemFields('mx')).toEqual([
    { context: '', type: 'host' },
    { context: 'dns-mx', type: 'host' },
    { context: 'dns-mx', type: 'mx-preference' },
    { context: 'dns-ns', type: 'host' },
  ])
  expect(engine.itemFields('txt')).toEqual([])
})

it('warns for each term that names a type or a context no item has, once', () => {
  const request = (q: string) => `/v1/domain/mx?${new URLSearchParams(q)}`
  expect(unknownFieldWarnings(engine, request('expression=host:a.com AND dns-mx.host:mail.a.com'))).toEqual(
    [],
  )
  expect(
    unknownFieldWarnings(
      engine,
      `${request('expression=hots:a.com OR (dns-mxx.host:a.com AND NOT hots:b.com)')}&filter=txt:spf`,
    ),
  ).toEqual([
    'no mx item has type "txt" (term txt:spf); types: host, mx-preference',
    'no mx item has type "hots" (term hots:a.com); types: host, mx-preference',
    'no mx item of type host has context "dns-mxx" (term dns-mxx.host:a.com); its contexts: "", "dns-mx", "dns-ns"',
    'no mx item has type "hots" (term hots:b.com); types: host, mx-preference',
  ])
  // Not a DNS search, or invalid parameters (the answer says what is wrong): no warnings.
  expect(unknownFieldWarnings(engine, '/v1/domain/reverse?name=acme')).toEqual([])
  expect(unknownFieldWarnings(engine, '/v1/domain/mx?expression=(((')).toEqual([])
})

it('warns for a summary of a type or a context no item has', () => {
  expect(unknownFieldWarnings(engine, '/v1/domain/mx?summarize=host')).toEqual([])
  expect(unknownFieldWarnings(engine, '/v1/domain/mx?summarize=host&summary_context=dns-ns')).toEqual([])
  expect(unknownFieldWarnings(engine, '/v1/domain/mx?summarize=hots')).toEqual([
    'no mx item has type "hots" (summarize=hots): the summary counts nothing; types: host, mx-preference',
  ])
  expect(
    unknownFieldWarnings(engine, '/v1/domain/mx?summarize=mx-preference&summary_context=dns-ns'),
  ).toEqual([
    'no mx item of type mx-preference has context "dns-ns" (summarize=mx-preference&summary_context=dns-ns): the summary counts nothing; its contexts: "dns-mx"',
  ])
})

it('prints the warning on stderr from domindex query, and answers as before', async () => {
  const run = await runCli(['query', '--mx', mxFile, '/v1/domain/mx?expression=hots:a.com'])
  expect(run.status).toBe(0)
  expect(JSON.parse(run.stdout)).toMatchObject({ result_count: 0 })
  expect(run.stderr).toContain('domindex query: warning: no mx item has type "hots" (term hots:a.com)')
}, 30_000)
