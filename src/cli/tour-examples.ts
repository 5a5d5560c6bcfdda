/**
 * The example requests of `domindex tour`, with values picked from the loaded data so that each
 * one finds something: a WHOIS record with an organisation, nameservers and a creation date, and
 * the answering nameservers of the first MX and TXT observations.
 */
import type { Engine } from '../engine.js'
import { apexDomain } from '../normalize/apex.js'
import type { Observation, WhoisRecord } from '../types.js'

/** One request of the tour and what it shows. */
export interface Example {
  title: string
  path: string
}

/**
 * Picks the tour's requests for an engine's data; kinds of data that are absent are skipped.
 *
 * @param engine - the loaded engine
 * @example
 * ```ts
 * tourExamples(engine)[0] // { title: 'Forward lookup', path: '/v1/domain/whois?domain=acme.com' }
 * ```
 */
export function tourExamples(engine: Engine): Example[] {
  const examples: Example[] = []
  const record = pickRecord(engine)
  if (record !== undefined) {
    const { name, organization, nameserver, created } = record
    const q = encodeURIComponent
    examples.push(
      { title: 'Forward lookup', path: `/v1/domain/whois?domain=${q(name)}` },
      {
        title: 'Apex lookup of a host name',
        path: `/v1/domain/whois?domain=www.${q(name)}&apex_domain=true`,
      },
      {
        title: 'Reverse search by phrase, one word skipped',
        path: `/v1/domain/reverse?${phraseQuery(organization)}`,
      },
      {
        title: 'Reverse search by nameserver',
        path: `/v1/domain/reverse?nameserver=${q(parentOf(nameserver))}`,
      },
      {
        title: 'Reverse search by creation date range',
        path: `/v1/domain/reverse?created_from=${created.slice(0, 4)}-01-01&created_to=${created.slice(0, 4)}-12-31`,
      },
      {
        title: "The domain's pivots: what it shares with others, rarest first (API extension)",
        path: `/v1/domain/pivots?domain=${q(name)}`,
      },
    )
  }
  const mxServer = answeringServer(engine.mx({}))
  if (mxServer !== undefined) {
    examples.push({
      title: 'Latest MX observations of domains served by a nameserver',
      path: `/v1/domain/mx?nameserver=${encodeURIComponent(parentOf(mxServer))}&most_recent=true`,
    })
  }
  const txtServer = answeringServer(engine.txt({}))
  if (txtServer !== undefined) {
    examples.push({
      title: 'TXT values served by a nameserver, counted',
      path: `/v1/domain/txt?nameserver=${encodeURIComponent(parentOf(txtServer))}&summarize=txt&summary_context=dns-txt&summary_limit=5`,
    })
  }
  examples.push({
    title: 'An invalid request: 30 February',
    path: '/v1/domain/reverse?created_from=2021-02-30',
  })
  return examples
}

interface PickedRecord {
  name: string
  organization: string
  nameserver: string
  created: string
}

function pickRecord(engine: Engine): PickedRecord | undefined {
  let best: PickedRecord | undefined
  let bestCount = 0
  // Every record with a creation date matches this range, newest first. Of the first hundred, the
  // one whose phrase example finds the most records shows phrase search best.
  for (const record of engine.reverse({ created_from: '1000-01-01' }).results) {
    const picked = usable(record)
    if (picked === undefined) continue
    const count = engine.reverse(phraseParams(picked.organization)).result_count
    if (count > bestCount) [best, bestCount] = [picked, count]
  }
  return best
}

function usable(record: WhoisRecord): PickedRecord | undefined {
  const name = record.domain?.name ?? record.query
  const organization = record.registrant?.organization
  const nameserver = record.domain?.nameservers?.[0]
  const created = record.domain?.created_norm
  if (typeof name !== 'string' || typeof organization !== 'string' || typeof created !== 'string')
    return undefined
  if (typeof nameserver !== 'string' || words(organization).length === 0) return undefined
  return { name, organization, nameserver, created }
}

/** A phrase search that skips a word when the name has three: `acme … holdings`~1. */
function phraseParams(organization: string): { phrase: string; slop: number } {
  const w = words(organization)
  return { phrase: w.length >= 3 ? `${w[0]} ${w[2]}` : w.join(' '), slop: 1 }
}

function phraseQuery(organization: string): string {
  const { phrase, slop } = phraseParams(organization)
  return `phrase=${encodeURIComponent(phrase).replaceAll('%20', '+')}&slop=${slop}`
}

function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0)
}

/** `ns1.provider.net` → `provider.net`: the registrable domain, which matches the provider's other servers too. */
function parentOf(host: string): string {
  return apexDomain(host.toLowerCase()) ?? host
}

function answeringServer(answer: ReturnType<Engine['mx']>): string | undefined {
  if (!('results' in answer)) return undefined
  const observation: Observation | undefined = answer.results[0]
  return observation?.items.find((item) => item.context === 'dns-ns' && item.type === 'host')?.value
}
