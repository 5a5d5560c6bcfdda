/**
 * Issue 15, item 15: a check tool, as Lucene's CheckIndex. A snapshot forged with its checksums
 * recomputed (forge-snapshot.ts) opens without complaint and can answer wrongly; `Engine.open(path,
 * { verify: true })` refuses it with `corrupt_snapshot`, naming the section and the broken
 * invariant. One forgery per class of invariant: checksums, padding, record store offsets and
 * lookups, dictionaries, postings order and ranges, payloads, date columns, phone grams, host
 * keys, DNS ordinals, offsets, result order, hash tables, apexes and latest bits, deletion sets,
 * counts. Good snapshots, one of them with several segments and deletions, verify clean.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { SnapshotError } from '../../src/errors.js'
import type { DeletedDocsState } from '../../src/indexes/deleted-docs.js'
import { packPostings, unpackPostings } from '../../src/indexes/reverse/packed-postings.js'
import { BLOCK } from '../../src/indexes/reverse/packed-reader.js'
import type { Postings } from '../../src/indexes/reverse/postings.js'
import { docFrequency, type StoredPostings } from '../../src/indexes/reverse/term-lists.js'
import { TermDictionary, TermDictionaryBuilder } from '../../src/indexes/term-dictionary.js'
import { type Commit, commitTable, type SectionEntry } from '../../src/snapshot/format.js'
import { isLazySection } from '../../src/snapshot/lazy-parts.js'
import { readSnapshot } from '../../src/snapshot/read-snapshot.js'
import type { SnapshotContent } from '../../src/snapshot/snapshot-content.js'
import { checkSnapshot } from '../../src/snapshot/verify/check-snapshot.js'
import { tempDir } from '../snapshot/fixture.js'
import { forge, patchByte } from './forge-snapshot.js'

const dir = tempDir()
const good = join(dir, 'good.dmx')
const updated = join(dir, 'updated.dmx')
let content: SnapshotContent
let sections: SectionEntry[]
let commit: Commit
let forgeries = 0

function nextPath(): string {
  return join(dir, `forged-${forgeries++}.dmx`)
}

/** The first `n` lines of a data file, written into the test directory. */
async function head(file: string, n: number, from = 0): Promise<string> {
  const lines = (await readFile(join('data', file), 'utf8')).split('\n').slice(from, from + n)
  const path = join(dir, `${from}-${n}-${file}`)
  await writeFile(path, `${lines.join('\n')}\n`)
  return path
}

/** Opening takes the file (every checksum passes); opening with `verify` refuses it. */
async function refused(path: string, where: string, what: RegExp): Promise<void> {
  await expect(Engine.open(path)).resolves.toBeInstanceOf(Engine)
  const error = await Engine.open(path, { verify: true }).then(
    () => 'opened',
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SnapshotError)
  const { code, file, message } = error as SnapshotError
  expect({ code, file }).toEqual({ code: 'corrupt_snapshot', file: path })
  expect(message).toContain(`${where}: `)
  expect(message).toMatch(what)
}

/** Forges the good snapshot at `path`; expects verify to refuse it at `where` (default: `path`). */
async function forgedAt<T>(
  path: string,
  change: (value: T) => unknown,
  what: RegExp,
  where = path,
): Promise<string> {
  const out = nextPath()
  await forge(good, out, path, change)
  await refused(out, where, what)
  return out
}

function swap(array: { [i: number]: number }, i: number, j: number): void {
  const t = array[i] as number
  array[i] = array[j] as number
  array[j] = t
}

// Moves the entry of an open-addressing slot past the next empty slot, so that its probe ends first.
function hideEntry(slots: Uint32Array): number {
  const mask = slots.length - 1
  for (let s = 0; s < slots.length; s++) {
    if (slots[s] !== 0 && slots[(s + 1) & mask] === 0 && slots[(s + 2) & mask] === 0) {
      const entry = slots[s] as number
      slots[s] = 0
      slots[(s + 2) & mask] = entry
      return entry - 1
    }
  }
  throw new Error('no entry to hide')
}

const segment = () => content.segments[0] as SnapshotContent['segments'][number]

beforeAll(async () => {
  const sources = {
    whois: [await head('whois.jsonl', 400)],
    dns: [
      { path: await head('dns-mx.jsonl', 400), kind: 'mx' as const },
      { path: await head('dns-txt.jsonl', 400), kind: 'txt' as const },
    ],
  }
  // One segment whatever DOMINDEX_MEMORY_BUDGET says: each case damages one segment's structure.
  const engine = await Engine.build(sources, { memoryBudget: 2 ** 40 })
  engine.prioritize({ domain: 'example.org' })
  await engine.save(good)
  content = await readSnapshot(good, (c) => c)
  const bytes = await readFile(good)
  ;({ commit, entries: sections } = commitTable(bytes))

  // Two updates: records sent again (replaced), WHOIS domains and observations removed.
  const whois = (await readFile(sources.whois[0] as string, 'utf8')).trim().split('\n')
  const domains = whois.slice(300, 310).map((line) => (JSON.parse(line) as { query: string }).query)
  const mx = (await readFile(sources.dns[0]?.path as string, 'utf8')).trim().split('\n')
  const ids = mx.slice(0, 12).map((line) => (JSON.parse(line) as { id: string }).id)
  const once = await engine.update(
    { whois: [await head('whois.jsonl', 30)], dns: [{ path: await head('dns-txt.jsonl', 20), kind: 'txt' }] },
    { remove: { whois: domains, dns: ids } },
  )
  const twice = await once.update({ whois: [await head('whois.jsonl', 20, 100)] })
  await twice.save(updated)
})

describe('good snapshots verify clean', () => {
  it('lists every checksum, the padding and each structure of a built snapshot', async () => {
    const checks = await checkSnapshot(good)
    const names = checks.map((c) => c.name)
    expect(checks.find((c) => c.name.startsWith('sections: '))?.count).toBe(sections.length)
    for (const part of [
      'header: ',
      'section table: ',
      'padding: ',
      'segments.0.store.chunks: ',
      'segments.0.store.domains: ',
      'segments.0.reverse.text.positions: ',
      'segments.0.reverse.digits: ',
      'segments.0.reverse.email.postings: ',
      'segments.0.reverse.email.dictionary: terms non-empty and normalised',
      'segments.0.reverse.registrar.dictionary: terms non-empty and normalised',
      'segments.0.reverse.nameservers: ',
      'segments.0.reverse.expires: ',
      'segments.0.mx.itemPostings: ',
      'segments.0.txt.trie*: ',
      'segments.0.txt.tokenValues: ',
      'segments.0.deleted.txt: ',
      'load, removed, buildMs, queue: ',
    ])
      expect(
        names.some((name) => name.startsWith(part)),
        part,
      ).toBe(true)
    const verified = await Engine.open(good, { verify: true })
    const opened = await Engine.open(good)
    expect(verified.stats().counts).toEqual(opened.stats().counts)
    expect(verified.reverse({ phrase: 'inc' })).toEqual(opened.reverse({ phrase: 'inc' }))
  })

  it('verifies a snapshot with several segments and deletions', async () => {
    const engine = await Engine.open(updated, { verify: true })
    const stats = engine.stats()
    expect(stats.segments).toBeGreaterThanOrEqual(2)
    expect(stats.removed.whois + stats.removed.observations).toBeGreaterThan(0)
    const saved = await readSnapshot(updated, (c) => c)
    const deleted = saved.segments.flatMap((s) => [s.deleted.whois, s.deleted.mx, s.deleted.txt])
    expect(deleted.some((d) => d.count > 0)).toBe(true)
    const names = (await checkSnapshot(updated)).map((c) => c.name)
    expect(names.some((name) => name.startsWith(`segments.${stats.segments - 1}.deleted.whois: `))).toBe(true)
    // Merged segments are laid out by other code paths: the compacted engine verifies too.
    const compacted = join(dir, 'compacted.dmx')
    await (await engine.compact()).save(compacted)
    expect((await Engine.open(compacted, { verify: true })).stats().counts).toEqual(stats.counts)
  })
})

describe('checksums and padding', () => {
  it('a section byte changed without its checksum is refused by open alone', async () => {
    // A section read at open (the largest), not one left on disk until a query reads it.
    const section = sections
      .filter((s) => s.name.startsWith('segments.0.') && !isLazySection(s.name))
      .reduce((a, b) => (b.length > a.length ? b : a))
    const bytes = new Uint8Array(await readFile(good))
    bytes[section.offset + 4] = (bytes[section.offset + 4] as number) ^ 1
    const out = nextPath()
    await writeFile(out, bytes)
    for (const options of [{}, { verify: true }]) {
      const error = await Engine.open(out, options).catch((e: unknown) => e)
      expect((error as SnapshotError).code).toBe('corrupt_snapshot')
      expect((error as SnapshotError).message).toContain(`section ${section.name} fails its checksum`)
    }
  })

  it('padding after a section (under no checksum) must be zero', async () => {
    const before = sections.find((s) => s.length % 8 !== 0) as SectionEntry
    const out = nextPath()
    await patchByte(good, out, before.offset + before.length, 1)
    await refused(out, `the padding after section ${before.name}`, /byte 0 is 1, not 0/)
  })

  it('padding after a name in the section table (its checksum recomputed) must be zero', async () => {
    let at = commit.tableOffset
    for (const section of sections) {
      const end = at + 24 + Buffer.byteLength(section.name)
      if (end % 8 !== 0) {
        const out = nextPath()
        await patchByte(good, out, end, 0x20)
        await refused(out, `section table: the padding after the name of ${section.name}`, /is 32, not 0/)
        return
      }
      at = Math.ceil(end / 8) * 8
    }
    throw new Error('no padded name')
  })
})

describe('forged with checksums recomputed: open takes them, verify refuses them', () => {
  it('record store: value offsets out of order', async () => {
    await forgedAt<Uint32Array>(
      'segments.0.store.ends',
      (ends) => swap(ends, 1, 2),
      /slot 2 ends at \d+, before slot 1/,
    )
  })

  it('record store: a table-coded value that does not decode', async () => {
    await forgedAt<Uint8Array>(
      'segments.0.store.chunks.0',
      (bytes) => {
        bytes[0] = 0xce // an unused tag where slot 0's object starts
      },
      /slot 0 does not decode: domindex: unknown tag 0xce/,
    )
  })

  it('record store: string table ends out of order', async () => {
    await forgedAt<Uint32Array>(
      'segments.0.store.tableEnds.0',
      (ends) => swap(ends, 0, 1),
      /tableEnds\.0.*end 1 \(\d+\) is below end 0/,
    )
  })

  it('record store: a key that leads to the record of another domain (a wrong answer)', async () => {
    const domain = new TermDictionary(segment().store.domains).term(0)
    const out = await forgedAt<Uint32Array>(
      'segments.0.store.docOfKey',
      (docs) => swap(docs, 0, 1),
      /the key ".*" leads to the record of/,
    )
    const right = (await Engine.open(good)).whois({ domain })
    const wrong = (await Engine.open(out)).whois({ domain })
    expect(wrong).not.toEqual(right)
  })

  it('term dictionary: a term its lookup does not find (a missing answer)', async () => {
    let hidden = -1
    const out = await forgedAt<Uint32Array>(
      'segments.0.store.domains.slots',
      (slots) => {
        hidden = hideEntry(slots)
      },
      /term \d+ ".*" looks up to nothing/,
      'segments.0.store.domains',
    )
    const domain = new TermDictionary(segment().store.domains).term(hidden)
    expect((await Engine.open(good)).whois({ domain })).not.toBeNull()
    expect((await Engine.open(out)).whois({ domain })).toBeNull()
  })

  it('term dictionary: term offsets out of order', async () => {
    await forgedAt<Uint32Array>(
      'segments.0.reverse.text.dictionary.starts',
      (starts) => swap(starts, 5, 6),
      /offset 6 \(\d+\) is below offset 5/,
    )
  })

  // Postings are forged as decoded arrays packed again, so only the structure check can tell.
  // Documents and values are stored as gaps, so none can descend; a gap can run past the end.
  const repacked =
    (change: (postings: Postings) => Postings) =>
    (stored: StoredPostings): StoredPostings => {
      const postings = unpackPostings(stored)
      return packPostings(change(postings))
    }

  it('postings: a document id beyond the documents', async () => {
    await forgedAt<StoredPostings>(
      'segments.0.reverse.postal.postings',
      repacked((postings) => {
        postings.docs[(postings.termStart[1] as number) - 1] = 400 + 7
        return postings
      }),
      /407 at \d+ is not below 400/,
      'segments.0.reverse.postal.postings.docBytes',
    )
  })

  it('postings: an entry without positions', async () => {
    await forgedAt<StoredPostings>(
      'segments.0.reverse.text.positions',
      repacked(({ termStart, docs, payloadStart, payload }) => {
        // Entry 5's values taken out.
        const from = payloadStart[5] as number
        const cut = (payloadStart[6] as number) - from
        const starts = payloadStart.map((start, e) => (e > 5 ? start - cut : start))
        const values = new Uint32Array(payload.length - cut)
        values.set(payload.subarray(0, from))
        values.set(payload.subarray(from + cut), from)
        return { termStart, docs, payloadStart: starts, payload: values }
      }),
      /entry \d+ has no payload value/,
      'segments.0.reverse.text.positions',
    )
  })

  it('postings: payload offsets that overrun the payload bytes', async () => {
    await forgedAt<Uint32Array>(
      'segments.0.reverse.text.organizations.payloadAt',
      (at) => {
        at[at.length - 1] = (at[at.length - 1] as number) + 3
      },
      /payload bytes \[\d+, \d+\) are out of order or past the end/,
      'segments.0.reverse.text.organizations',
    )
  })

  it("postings: a term's bytes that do not decode exactly", async () => {
    await forgedAt<Uint32Array>(
      'segments.0.reverse.postal.postings.docAt',
      (at) => {
        for (let t = 1; t < at.length; t++) at[t] = (at[t] as number) + 1
      },
      /term 0 holds \d+ document bytes, \d+ decoded/,
      'segments.0.reverse.postal.postings',
    )
  })

  it('postings: a skip entry that disagrees with its block', async () => {
    const positions = segment().reverse.text.positions
    const { docAt } = positions
    let t = 0
    while (docFrequency(positions, t) < BLOCK) t++
    await forgedAt<Uint8Array>(
      'segments.0.reverse.text.positions.docBytes',
      (bytes) => {
        const at = (docAt as Uint32Array)[t] as number
        bytes[at] = (bytes[at] as number) ^ 1
      },
      new RegExp(`term ${t}'s skip entry 0 does not match its block`),
      'segments.0.reverse.text.positions',
    )
  })

  it('email and registrar terms: a term that is not a key (a query could never find it)', async () => {
    for (const part of ['email', 'registrar'] as const) {
      const dictionary = new TermDictionary(segment().reverse[part].dictionary)
      expect(dictionary.size).toBeGreaterThan(1)
      await forgedAt<unknown>(
        `segments.0.reverse.${part}.dictionary`,
        () => {
          // The same terms, the first in upper case: a well-formed dictionary of a wrong key.
          const b = new TermDictionaryBuilder()
          for (let id = 0; id < dictionary.size; id++)
            b.intern(id === 0 ? ` ${dictionary.term(id).toUpperCase()}` : dictionary.term(id))
          return b.freeze().state
        },
        /term 0 " .*" is not a key \(its key is ".*"\)/,
        `segments.0.reverse.${part}.dictionary`,
      )
    }
  })

  it('email postings: a document id beyond the documents', async () => {
    await forgedAt<StoredPostings>(
      'segments.0.reverse.email.postings',
      repacked((postings) => {
        postings.docs[(postings.termStart[1] as number) - 1] = 400 + 3
        return postings
      }),
      /403 at \d+ is not below 400/,
      'segments.0.reverse.email.postings.docBytes',
    )
  })

  it('date column: instants out of order', async () => {
    await forgedAt<Float64Array>(
      'segments.0.reverse.created.instants',
      (instants) => swap(instants, 0, instants.length - 1),
      /rank \d+ .* sorts before rank/,
    )
  })

  it('phone digits: gram postings that disagree with the digits', async () => {
    await forgedAt<Uint8Array>(
      'segments.0.reverse.digits.digits',
      (digits) => {
        digits[0] = ((digits[0] as number) + 1) % 10
      },
      /where the phone digits give/,
      'segments.0.reverse.digits.grams.termStart',
    )
  })

  it('nameservers: host keys out of order', async () => {
    await forgedAt<Uint8Array>(
      'segments.0.reverse.nameservers.keyBytes',
      (bytes) => {
        bytes[0] = 0x7e
      },
      /host key 1 does not sort after host key 0/,
    )
  })

  it('counts: a document count that is not the record count', async () => {
    await forgedAt<number>(
      'segments.0.reverse.docCount',
      () => 399,
      /is 399, but the record store holds 400 records/,
    )
  })

  it('DNS: an ordinal beyond the observations in an item posting', async () => {
    await forgedAt<Uint32Array>(
      'segments.0.mx.itemPostings',
      (postings) => {
        postings[postings.length - 1] = 400 + 1
      },
      /401 at \d+ is not below 400/,
    )
  })

  it('DNS: occurrence offsets out of order', async () => {
    await forgedAt<Uint32Array>(
      'segments.0.mx.obsItemStart',
      (starts) => swap(starts, 1, 2),
      /offset 2 \(\d+\) is below offset 1/,
    )
  })

  it('DNS: ordinals out of result order', async () => {
    await forgedAt<Int32Array>(
      'segments.0.mx.days',
      (days) => swap(days, 0, days.length - 1),
      /sorts before ordinal/,
    )
  })

  it('DNS: a token its hash lookup does not find', async () => {
    await forgedAt<Uint32Array>(
      'segments.0.txt.tokenSlots',
      (slots) => {
        hideEntry(slots)
      },
      /token \d+ ".*" does not look up to itself/,
    )
  })

  it('DNS: a host key its trie lookup does not find', async () => {
    await forgedAt<Uint32Array>(
      'segments.0.mx.trieSlots',
      (slots) => {
        hideEntry(slots)
      },
      /host key \d+ ".*" looks up to node -1/,
    )
  })

  it('DNS: an ordinal filed under another apex', async () => {
    const apexOf = segment().mx.apexOf as Uint32Array
    const other = apexOf.findIndex((key) => key !== apexOf[0])
    await forgedAt<Uint32Array>(
      'segments.0.mx.apexOf',
      (keys) => {
        keys[0] = apexOf[other] as number
      },
      /lists ordinal 0, whose apex is key/,
      'segments.0.mx.apexObs',
    )
  })

  it('DNS: latest-date bits that disagree with the days', async () => {
    await forgedAt<Uint32Array>(
      'segments.0.mx.latestBits',
      (bits) => {
        bits[0] = (bits[0] as number) ^ 1
      },
      /where the days of each apex give/,
    )
  })
})

describe('deletion sets and counts, forged in a snapshot with several segments', () => {
  let forgedUpdated: (
    path: string,
    change: (value: DeletedDocsState) => DeletedDocsState,
    what: RegExp,
  ) => Promise<void>
  let where = ''

  beforeAll(async () => {
    const saved = await readSnapshot(updated, (c) => c)
    const at = saved.segments.findIndex((s) => s.deleted.whois.count > 0)
    where = `segments.${at}.deleted.whois`
    forgedUpdated = async (path, change, what) => {
      const out = nextPath()
      await forge<DeletedDocsState>(updated, out, where, change)
      await refused(out, path, what)
    }
  })

  it('a deleted document beyond the segment', async () => {
    await forgedUpdated(
      `${where}.words`,
      ({ words, count }) => {
        const copy = words.slice()
        copy[copy.length - 1] = (copy[copy.length - 1] as number) | 0x80000000
        return { words: copy, count: count + 1 }
      },
      /deletes documents at or beyond \d+, past the segment's documents/,
    )
  })

  it('a bitset sized for another segment', async () => {
    await forgedUpdated(
      `${where}.words`,
      ({ words, count }) => ({ words: Uint32Array.from([...words, 0]), count }),
      /holds \d+ words for \d+ documents/,
    )
  })

  it('a count that is not the number of deleted documents', async () => {
    await forgedUpdated(
      `${where}.count`,
      ({ words, count }) => ({ words: words.slice(), count: count + 1 }),
      /is \d+, but \d+ documents are marked deleted/,
    )
  })

  it('a removal count that is not a count', async () => {
    const out = nextPath()
    await forge<number>(updated, out, 'removed.whois', () => 1.5)
    await refused(out, 'removed.whois', /is number 1.5, not a count/)
  })
})
