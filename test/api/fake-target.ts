/**
 * A small ApiTarget for testing the request layer on its own: real forward-lookup and prioritize
 * validation, a reverse search over 250 numbered records, an MX search that fails unexpectedly for
 * `host=boom.example`, and a TXT search that answers a summary.
 */
import type { ApiTarget } from '../../src/api/routes.js'
import { envelope } from '../../src/collect/page.js'
import { checkKnown, readHost, readPage } from '../../src/query/params.js'
import { parsePrioritizeParams } from '../../src/query/prioritize-params.js'
import { parseSuggestParams } from '../../src/query/suggest-params.js'
import { parseWhoisParams } from '../../src/query/whois-params.js'
import { PrioritizationQueue } from '../../src/queue/prioritization-queue.js'
import type { Envelope, Observation, Params, SummaryResponse, WhoisRecord } from '../../src/types.js'

export const EXAMPLE_RECORD: WhoisRecord = { query: 'example.com', domain: { name: 'example.com' } }

export class FakeTarget implements ApiTarget {
  readonly queue = new PrioritizationQueue()

  whois(params: Params): WhoisRecord | null {
    return parseWhoisParams(params) === 'example.com' ? EXAMPLE_RECORD : null
  }

  reverse(params: Params): Envelope<WhoisRecord> {
    checkKnown(params, new Set(['phrase', 'page']))
    return envelope(250, readPage(params), (i) => ({ query: `d${i}.com` }))
  }

  mx(params: Params): Envelope<Observation> {
    checkKnown(params, new Set(['host', 'filter', 'page']))
    if (readHost(params, 'host') === 'boom.example') throw new TypeError('boom')
    return envelope(0, readPage(params), () => ({ date: '', id: '', items: [] }))
  }

  async txt(): Promise<SummaryResponse> {
    return { summary: { other: 0, values: { 'v=spf1': 2 } } }
  }

  pivots(params: Params) {
    const domain = parseWhoisParams(params)
    return domain === 'example.com' ? { domain, pivots: [] } : null
  }

  suggest(params: Params) {
    const { kind, text } = parseSuggestParams(params)
    return { kind, text, suggestions: [] }
  }

  prioritize(params: Params) {
    return this.queue.add(parsePrioritizeParams(params), new Date('2024-05-01T10:00:00.500Z'))
  }
}
