/**
 * A small, fully known corpus for the request and CLI tests, written as the three files of a data
 * directory: 230 WHOIS records (three pages of reverse results), 120 MX and 30 TXT observations.
 * Values follow simple rules of the index `i` so that tests can state exact expectations.
 */
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Engine } from '../../src/index.js'

export const WHOIS_COUNT = 230
export const MX_COUNT = 120
export const TXT_COUNT = 30

const DAY = 86_400_000
const START = Date.UTC(2015, 0, 1)

/** The ISO date of day `i` after 2015-01-01. */
export function dayOf(i: number): string {
  return new Date(START + i * DAY).toISOString().slice(0, 10)
}

/** The WHOIS record of index `i`: `site{i}.com`, created on day `i * 3`. */
export function whoisRecord(i: number): Record<string, unknown> {
  const org = i % 2 === 0 ? 'Acme Holdings Group' : 'Globex Trading Company'
  return {
    query: `site${i}.com`,
    server: 'whois.example-registry.net',
    domain: {
      name: `site${i}.com`,
      created: `${dayOf(i * 3)}T12:00:00Z`,
      nameservers: [`ns1.provider${i % 3}.net`, `ns2.provider${i % 3}.net`],
      registrar_name: 'Example Registrar',
    },
    registrant: {
      organization: org,
      street: `${i} Main Street`,
      city: 'Springfield',
      postal_code: `SP${1000 + i}`,
      phone: `+1.650253${String(i).padStart(4, '0')}`,
      country: 'US',
    },
  }
}

function observation(kind: 'mx' | 'txt', i: number): Record<string, unknown> {
  const host = `site${i % 40}.com`
  const answers =
    kind === 'mx'
      ? [
          { context: 'dns-mx', is_metadata: false, type: 'host', value: `mx${i % 2}.mailhost${i % 4}.com` },
          { context: 'dns-mx', is_metadata: false, type: 'mx-preference', value: '10' },
        ]
      : [
          {
            context: 'dns-txt',
            is_metadata: false,
            type: 'txt',
            value: `v=spf1 include:_spf.mailhost${i % 4}.com ~all`,
          },
        ]
  return {
    date: dayOf(i),
    id: `${kind}-${String(i).padStart(4, '0')}`,
    items: [
      { context: '', is_metadata: true, type: 'host', value: host },
      ...answers,
      { context: 'dns-ns', is_metadata: false, type: 'host', value: `ns1.provider${i % 3}.net` },
    ],
  }
}

function jsonl(values: readonly unknown[]): string {
  return values.map((v) => `${JSON.stringify(v)}\n`).join('')
}

/**
 * Writes the corpus into a new temporary directory.
 *
 * @returns the directory, holding whois.jsonl, dns-mx.jsonl and dns-txt.jsonl
 */
export async function writeFixture(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'domindex-fixture-'))
  const range = (n: number) => Array.from({ length: n }, (_, i) => i)
  await writeFile(join(dir, 'whois.jsonl'), jsonl(range(WHOIS_COUNT).map(whoisRecord)))
  await writeFile(join(dir, 'dns-mx.jsonl'), jsonl(range(MX_COUNT).map((i) => observation('mx', i))))
  await writeFile(join(dir, 'dns-txt.jsonl'), jsonl(range(TXT_COUNT).map((i) => observation('txt', i))))
  return dir
}

/** Writes the fixture to a fresh temporary directory and builds an engine over it. */
export async function buildFixtureEngine(): Promise<{ dir: string; engine: Engine }> {
  const dir = await writeFixture()
  const engine = await Engine.build({
    whois: [join(dir, 'whois.jsonl')],
    dns: [
      { path: join(dir, 'dns-mx.jsonl'), kind: 'mx' },
      { path: join(dir, 'dns-txt.jsonl'), kind: 'txt' },
    ],
  })
  return { dir, engine }
}
