/**
 * SPEC 13's grouping of raw DNS records against a brute-force reference: random `dns-records`
 * lines, shuffled and spread over several files, load to an engine whose MX and TXT answers for
 * every apex are the observations the reference builds straight from the rule (one per apex, date
 * and kind; MX pairs by preference then host, TXT values and NS hosts in input order, each once,
 * then the mail-policy TXT records in theirs; names that are not an apex skipped), and an update with the later files answers the same
 * (unless the first file holds NS records with no answer of their day to end, which no engine keeps).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import type { Item, Observation } from '../../src/types.js'

const APEXES = ['a.com', 'b.org', 'c.co.uk']
// Mail-policy names (SPEC 13), by the apex, context and selector their TXT records belong to; the
// last is over a name that is no apex, so it is skipped as any other.
const POLICIES: Record<string, [string, string, string | null] | undefined> = {
  '_dmarc.a.com': ['a.com', 'dns-txt-dmarc', null],
  'google._domainkey.a.com': ['a.com', 'dns-txt-dkim', 'google'],
  '*._domainkey.b.org': ['b.org', 'dns-txt-dkim', '*'],
  '_mta-sts.c.co.uk': ['c.co.uk', 'dns-txt-mta-sts', null],
  '_smtp._tls.b.org': ['b.org', 'dns-txt-tlsrpt', null],
  'default._bimi.a.com': ['a.com', 'dns-txt-bimi', 'default'],
}
const NAMES = [...APEXES, 'www.a.com', 'mail.b.org', ...Object.keys(POLICIES), '_dmarc.www.a.com']
const DAYS = ['2024-03-05', '2024-03-06']

interface Line {
  name: string
  type: 'MX' | 'TXT' | 'NS'
  value: string
  date: string
}

const line: fc.Arbitrary<Line> = fc.oneof(
  fc.record({
    name: fc.constantFrom(...NAMES),
    type: fc.constant('MX' as const),
    value: fc
      .tuple(fc.constantFrom(0, 5, 10, 20), fc.constantFrom('mx1.x.net', 'mx2.x.net', 'alt.y.net'))
      .map(([preference, host]) => `${preference} ${host}`),
    date: fc.constantFrom(...DAYS),
  }),
  fc.record({
    name: fc.constantFrom(...NAMES),
    type: fc.constant('TXT' as const),
    value: fc.constantFrom('v=spf1 -all', 'google-site-verification=x', 'hello world', 'v=DMARC1'),
    date: fc.constantFrom(...DAYS),
  }),
  fc.record({
    name: fc.constantFrom(...NAMES),
    type: fc.constant('NS' as const),
    value: fc.constantFrom('ns1.d.net', 'ns2.d.net', 'ns3.e.org'),
    date: fc.constantFrom(...DAYS),
  }),
)

/** The observations SPEC 13 makes of the lines, written out rule by rule. */
function reference(lines: readonly Line[]): Observation[] {
  const out: Observation[] = []
  const firstSeen: string[] = []
  const groups = new Map<string, Line[]>()
  const apexOf = (l: Line): string | undefined =>
    APEXES.includes(l.name) ? l.name : l.type === 'TXT' ? POLICIES[l.name]?.[0] : undefined
  for (const l of lines) {
    const apex = apexOf(l)
    if (apex === undefined || l.type === 'NS') continue
    const key = `${l.type === 'MX' ? 'mx' : 'txt'}-${l.date}-${apex}`
    if (!groups.has(key)) {
      groups.set(key, [])
      firstSeen.push(key)
    }
    groups.get(key)?.push(l)
  }
  for (const id of firstSeen) {
    const members = groups.get(id) as Line[]
    const { date } = members[0] as Line
    const name = apexOf(members[0] as Line) as string
    const items: Item[] = [{ context: '', is_metadata: true, type: 'host', value: name }]
    if (id.startsWith('mx-')) {
      const pairs = [...new Set(members.map((m) => m.value))]
        .map((v) => v.split(' ') as [string, string])
        .sort((x, y) => Number(x[0]) - Number(y[0]) || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0))
      for (const [preference, host] of pairs) {
        items.push({ context: 'dns-mx', is_metadata: false, type: 'host', value: host })
        items.push({ context: 'dns-mx', is_metadata: false, type: 'mx-preference', value: preference })
      }
    } else {
      const own = members.filter((m) => m.name === name)
      for (const v of new Set(own.map((m) => m.value))) {
        items.push({ context: 'dns-txt', is_metadata: false, type: 'txt', value: v })
      }
      // Then the mail-policy records in input order, each (context, selector, value) once.
      const seen = new Set<string>()
      for (const m of members) {
        const policy = POLICIES[m.name]
        if (policy === undefined) continue
        const [, context, selector] = policy
        if (seen.has(`${context} ${selector} ${m.value}`)) continue
        seen.add(`${context} ${selector} ${m.value}`)
        if (selector !== null) items.push({ context, is_metadata: false, type: 'selector', value: selector })
        items.push({ context, is_metadata: false, type: 'txt', value: m.value })
      }
    }
    const ns = lines.filter((l) => l.type === 'NS' && l.name === name && l.date === date).map((l) => l.value)
    for (const host of new Set(ns))
      items.push({ context: 'dns-ns', is_metadata: false, type: 'host', value: host })
    out.push({ date, id, items })
  }
  return out
}

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'domindex-dns-grouping-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Each apex's MX and TXT observations, in result order. */
function answers(engine: Engine): Observation[] {
  return APEXES.flatMap((host) => [...engine.mx({ host }).results, ...engine.txt({ host }).results])
}

/** The reference observations in the order `answers` lists them: apex, MX before TXT, newest first. */
function byApex(observations: Observation[]): Observation[] {
  const rank = (o: Observation) => [
    APEXES.indexOf(o.items[0]?.value as string),
    o.id.startsWith('mx-') ? 0 : 1,
  ]
  return [...observations].sort((x, y) => {
    const [ax, kx] = rank(x) as [number, number]
    const [ay, ky] = rank(y) as [number, number]
    return ax - ay || kx - ky || (x.date < y.date ? 1 : x.date > y.date ? -1 : 0)
  })
}

it('groups random records across files as the rule says, and an update answers as the build', async () => {
  let run = 0
  await fc.assert(
    fc.asyncProperty(
      fc.array(line, { minLength: 15, maxLength: 60 }),
      fc.integer({ min: 1, max: 3 }),
      async (lines, parts) => {
        run++
        const paths: string[] = []
        const size = Math.ceil(lines.length / parts)
        for (let p = 0; p * size < lines.length; p++) {
          const path = join(dir, `r${run}-${p}.jsonl`)
          await writeFile(
            path,
            `${lines
              .slice(p * size, (p + 1) * size)
              .map((l) => JSON.stringify(l))
              .join('\n')}\n`,
          )
          paths.push(path)
        }
        const expected = byApex(reference(lines))
        const built = await Engine.build({
          dns: paths.map((path) => ({ path, format: 'dns-records' as const })),
        })
        expect(answers(built)).toEqual(expected)
        const first = paths.slice(0, 1).map((path) => ({ path, format: 'dns-records' as const }))
        const rest = paths.slice(1).map((path) => ({ path, format: 'dns-records' as const }))
        // An engine keeps no NS record without an MX or TXT answer of its day to end: when the first
        // file has such records, a later update cannot attach them (docs/limits.md).
        const firstLines = lines.slice(0, size)
        const orphan = firstLines.some(
          (l) =>
            l.type === 'NS' &&
            !firstLines.some((m) => m.type !== 'NS' && m.name === l.name && m.date === l.date),
        )
        if (orphan) return
        const updated = await (await Engine.build({ dns: first })).update({ dns: rest })
        expect(answers(updated)).toEqual(expected)
      },
    ),
    { seed: 13, numRuns: 60 },
  )
}, 120_000)
