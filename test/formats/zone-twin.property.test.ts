/**
 * The `zone` format against its twin (SPEC 13): random MX, TXT and NS records (apexes in upper
 * case and IDN, mail-policy and non-apex owners, TXT values with quotes, backslashes, semicolons,
 * parentheses, line breaks and non-ASCII text, some longer than 255 bytes), mixed with records of
 * other types, are written twice: as zone text with random presentation choices (`$ORIGIN` at the
 * apex or at its suffix, a relative `$ORIGIN`, `@` and relative names, owners left blank to continue
 * the previous one, TTL and class absent or present in either order, types in any case, data in
 * parentheses over several lines with comments, TXT values cut into several character-strings at
 * any byte, quoted or not, characters written as themselves, as `\X` or as `\DDD` bytes, comment
 * and `$TTL` lines), and as `dns-records` JSON lines with the source's date. Engines built from
 * each give the same `mx()` and `txt()` answers for every apex and the same count of skipped
 * records, and neither rejects anything. Seeded, so a failure reproduces.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { normalizeHost } from '../../src/normalize/host.js'
import type { Observation } from '../../src/types.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

const DATE = '2024-03-05'
const SETTINGS = { seed: 20240305, numRuns: 200 }

/** An apex as written: a label and a public suffix, in the case and script the data uses. */
interface Apex {
  label: string
  suffix: string
}
/** A name under an apex: `sub` is `''` for the apex itself. */
interface Name {
  sub: string
  apex: Apex
}
/** A host an MX or NS record points to: under an apex (relative names possible), or elsewhere. */
type Target = Name | { absolute: string }
type Entry =
  | { owner: Name; type: 'MX'; preference: number; exchange: Target | null }
  | { owner: Name; type: 'TXT'; value: string }
  | { owner: Name; type: 'NS'; host: Target }
  | { owner: Name; type: string; data: string }

const apex: fc.Arbitrary<Apex> = fc.record({
  label: fc.constantFrom('example', 'EXAMPLE', 'Bücher', 'xn--bcher-kva', 'MÜNCHEN', 'shop-24', 'école'),
  suffix: fc.constantFrom('com', 'org', 'co.uk', 'DE', 'рф'),
})
// Owners: the apex, a name that is no apex, mail-policy names, a wildcard.
const name = (apexes: Apex[]): fc.Arbitrary<Name> =>
  fc.record({
    sub: fc.constantFrom('', '', '', 'www', '_dmarc', 'google._domainkey', 'Sel1._bimi', '*'),
    apex: fc.constantFrom(...apexes),
  })
const target = (apexes: Apex[]): fc.Arbitrary<Target> =>
  fc.oneof(
    fc.record({ sub: fc.constantFrom('mx1', 'Mail'), apex: fc.constantFrom(...apexes) }),
    fc.record({ absolute: fc.constantFrom('mx.provider.net', 'MX2.Example-Mail.NET', 'ns1.bücher.de') }),
  )
// Characters that need quoting or escapes in zone text, and text that takes 2, 3 and 4 UTF-8 bytes.
const CHARS = [
  'a',
  'Z',
  '0',
  '7',
  ' ',
  '=',
  ';',
  '"',
  '\\',
  '(',
  ')',
  '#',
  '$',
  '@',
  'ü',
  '日',
  '😀',
  '\t',
  '\n',
]
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 30 }).map((c) => c.join(''))
const longText = fc
  .tuple(text, fc.integer({ min: 260, max: 700 }))
  .map(([t, n]) => `v=DKIM1; p=${'Ab9+/'.repeat(n / 5)}${t}`)
const OTHERS: [string, string][] = [
  ['A', '192.0.2.1'],
  ['aaaa', '2001:db8::1'],
  ['CNAME', 'target.example.net.'],
  ['CAA', '0 issue "letsencrypt.org"'],
  ['SRV', '10 5 5060 sip.example.net.'],
  ['SOA', 'ns1.example.net. hostmaster.example.net. ( 2024030501 ; serial\n  7200 3600 1209600 300 )'],
  ['TYPE65', '\\# 3 010203'],
  ['SPF', '"v=spf1 -all"'],
  ['RRSIG', 'MX 13 2 300 20240401000000 20240301000000 12345 example.com. YWJj+ZGVm/Z2hp='],
]

const records = fc
  .uniqueArray(apex, { minLength: 1, maxLength: 3, selector: (a) => a.label + a.suffix })
  .chain((apexes) =>
    fc
      .array(
        fc.oneof(
          {
            weight: 3,
            arbitrary: fc.record({
              owner: name(apexes),
              type: fc.constant('MX' as const),
              preference: fc.constantFrom(0, 10, 20, 65535),
              exchange: fc.option(target(apexes), { freq: 6 }),
            }),
          },
          {
            weight: 4,
            arbitrary: fc.record({
              owner: name(apexes),
              type: fc.constant('TXT' as const),
              value: fc.oneof({ weight: 4, arbitrary: text }, longText),
            }),
          },
          {
            weight: 2,
            arbitrary: fc.record({
              owner: name(apexes),
              type: fc.constant('NS' as const),
              host: target(apexes),
            }),
          },
          {
            weight: 2,
            arbitrary: fc
              .tuple(name(apexes), fc.constantFrom(...OTHERS))
              .map(([owner, [type, data]]): Entry => ({ owner, type, data })),
          },
        ),
        { minLength: 1, maxLength: 25 },
      )
      .map((list) => ({ apexes, list: list as Entry[] })),
  )

/** A small seeded generator for the presentation choices of one file. */
function chooser(seed: number) {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    chance: (p: number): boolean => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    below: (n: number): number => Math.floor(next() * n),
  }
}
type Choose = ReturnType<typeof chooser>

const absolute = (n: Name | Apex): string =>
  'sub' in n ? `${n.sub === '' ? '' : `${n.sub}.`}${n.apex.label}.${n.apex.suffix}` : `${n.label}.${n.suffix}`
const targetName = (t: Target): string => ('absolute' in t ? t.absolute : absolute(t))

/** The same records as `dns-records` JSON lines. */
function jsonLines(list: readonly Entry[], choose: Choose): string {
  const lines = list.map((r) => {
    const name = absolute(r.owner) + (choose.chance(0.3) ? '.' : '')
    const type = choose.chance(0.5) ? r.type.toLowerCase() : r.type
    if ('preference' in r)
      return {
        name,
        type,
        value: `${r.preference} ${r.exchange === null ? '.' : targetName(r.exchange)}`,
        date: DATE,
      }
    if ('value' in r) return { name, type, value: r.value, date: DATE }
    if ('host' in r) return { name, type, value: targetName(r.host), date: DATE }
    return { name, type, value: r.data, date: DATE }
  })
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`
}

/** The same records as zone text. */
function zoneText(list: readonly Entry[], choose: Choose): string {
  const out: string[] = []
  if (choose.chance(0.5)) out.push('; generated zone', '$TTL 1h')
  let origin: string | undefined
  let previous: Name | undefined
  const nameOf = (n: Name | Target): string => {
    if ('absolute' in n) return `${n.absolute}.`
    if (choose.chance(0.2)) return `${absolute(n)}.`
    if (origin === `${n.apex.label}.${n.apex.suffix}`) return n.sub === '' ? '@' : n.sub
    if (origin === n.apex.suffix) return n.sub === '' ? n.apex.label : `${n.sub}.${n.apex.label}`
    return `${absolute(n)}.`
  }
  for (const r of list) {
    const move = choose.below(6)
    if (move === 0) origin = setOrigin(out, `${r.owner.apex.label}.${r.owner.apex.suffix}.`)
    else if (move === 1) origin = setOrigin(out, `${r.owner.apex.suffix}.`)
    else if (move === 2) {
      setOrigin(out, `${r.owner.apex.suffix}.`)
      origin = setOrigin(out, r.owner.apex.label, `${r.owner.apex.label}.${r.owner.apex.suffix}`)
    }
    if (choose.chance(0.15))
      out.push(choose.pick([';; ANSWER SECTION:', '; a comment "with (quotes', '', '   ']))
    const same = previous !== undefined && absolute(previous) === absolute(r.owner)
    const owner = same && choose.chance(0.6) ? choose.pick([' ', '\t', '    ']) : nameOf(r.owner)
    previous = r.owner
    const ttlClass = choose.pick(['', '3600', 'IN', '300 IN', 'in 1h30m', 'IN 2D', 'CLASS1 60'])
    const typeText = choose.pick([r.type, r.type.toLowerCase(), r.type[0] + r.type.slice(1).toLowerCase()])
    let data: string[]
    if ('preference' in r) data = [String(r.preference), r.exchange === null ? '.' : nameOf(r.exchange)]
    else if ('value' in r) data = characterStrings(r.value, choose)
    else if ('host' in r) data = [nameOf(r.host)]
    else data = [r.data]
    const gap = () => choose.pick([' ', '\t', ' \t '])
    const head = [owner, ttlClass, typeText].filter((t) => t !== '').join(gap())
    const body = choose.chance(0.3) && !('data' in r) ? inParentheses(data, choose) : data.join(gap())
    const comment = choose.chance(0.2) ? ` ; note "x" (y ${choose.pick(['', ')'])}` : ''
    out.push(`${head}${gap()}${body}${comment}`)
  }
  return `${out.join('\n')}\n`
}

/** Writes a `$ORIGIN` line; returns the origin it sets (as the generator compares names). */
function setOrigin(out: string[], written: string, origin = written.slice(0, -1)): string {
  out.push(`$ORIGIN ${written}`)
  return origin
}

/** Data words over several lines in parentheses, with comments between them. */
function inParentheses(words: readonly string[], choose: Choose): string {
  const parts = words.map(
    (w) => `${choose.pick([' ', '\n', '\n\t', ' ; part\n   ', '\n; a line of comment\n  '])}${w}`,
  )
  return `(${parts.join('')}${choose.pick([' ', '\n'])})`
}

/** A TXT value as character-strings: its UTF-8 bytes cut anywhere, each string written at random. */
function characterStrings(value: string, choose: Choose): string[] {
  const bytes = Buffer.from(value, 'utf8')
  const cuts = new Set<number>([0, bytes.length])
  for (let at = 255; at < bytes.length; at += 255) cuts.add(at)
  for (let n = choose.below(4); n > 0; n--) cuts.add(choose.below(bytes.length + 1))
  const bounds = [...cuts].sort((a, b) => a - b)
  const strings: string[] = []
  for (let i = 0; i + 1 < bounds.length || strings.length === 0; i++) {
    const from = bounds[i] as number
    const to = bounds[i + 1] ?? from
    strings.push(characterString(bytes.subarray(from, to), choose))
    if (choose.chance(0.1)) strings.push('""')
  }
  return strings
}

const SPECIAL_UNQUOTED = new Set([' ', '\t', '"', ';', '(', ')', '\\'])

/** One character-string: quoted or not, each character as itself, `\X` or `\DDD`. */
function characterString(bytes: Buffer, choose: Choose): string {
  // An unquoted `\#` (or `#` as a byte) first in the data would be RFC 3597's generic form.
  const quoted = bytes.length === 0 || bytes.toString() === '#' || choose.chance(0.7)
  let out = ''
  for (let at = 0; at < bytes.length; ) {
    const lead = bytes[at] as number
    // A continuation byte first: the string starts inside a character another string began.
    const size = lead < 0x80 ? 1 : lead < 0xc0 ? 0 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4
    const whole = size > 0 && at + size <= bytes.length
    const step = whole ? size : 1
    const char = whole ? bytes.toString('utf8', at, at + size) : ''
    const must =
      char === '' ||
      char === '\n' ||
      (!quoted && SPECIAL_UNQUOTED.has(char)) ||
      (quoted && (char === '"' || char === '\\'))
    const style = choose.below(4)
    if (whole && !must && style > 0) out += char
    else if (whole && size === 1 && !/[0-9\n]/.test(char) && style < 2) out += `\\${char}`
    else for (const byte of bytes.subarray(at, at + step)) out += `\\${String(byte).padStart(3, '0')}`
    at += step
  }
  return quoted ? `"${out}"` : out
}

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

/** Each apex's MX and TXT answers. */
function answers(engine: Engine, apexes: readonly Apex[]): Observation[][] {
  return apexes.flatMap((a) => {
    const normalised = normalizeHost(absolute(a))
    const host = normalised.ok ? normalised.host : absolute(a)
    return [engine.mx({ host }).results, engine.txt({ host }).results]
  })
}

it('loads zone text as the same records written as dns-records lines', async () => {
  let run = 0
  let observations = 0
  await fc.assert(
    fc.asyncProperty(records, fc.integer(), async ({ apexes, list }, seed) => {
      run++
      const choose = chooser(seed)
      const zone = await files.write(`z${run}.zone`, zoneText(list, choose))
      const json = await files.write(`z${run}.jsonl`, jsonLines(list, choose))
      const fromZone = await Engine.build(
        { dns: [{ path: zone, format: 'zone', date: DATE }] },
        { workers: 0 },
      )
      const fromJson = await Engine.build({ dns: [{ path: json, format: 'dns-records' }] }, { workers: 0 })
      const expected = answers(fromJson, apexes)
      expect(answers(fromZone, apexes)).toEqual(expected)
      expect(fromZone.stats().rejects).toEqual({ count: 0, kept: [] })
      expect(fromJson.stats().rejects).toEqual({ count: 0, kept: [] })
      expect(fromZone.stats().dnsSkipped).toBe(fromJson.stats().dnsSkipped)
      observations += expected.flat().length
    }),
    SETTINGS,
  )
  // Not vacuous: the runs produced observations to compare.
  expect(observations).toBeGreaterThan(SETTINGS.numRuns)
}, 60_000)
