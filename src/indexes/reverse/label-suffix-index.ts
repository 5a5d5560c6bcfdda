/**
 * Which documents use a nameserver under a domain? Every distinct nameserver host is keyed by its
 * labels in reverse order (`ns1.example.com` → `com.example.ns1`), and the keys are sorted, so the
 * hosts ending in the labels of `example.com` are the key `com.example` itself plus the contiguous
 * run of keys starting with `com.example.` (both found by binary search), and never
 * `com.notexample…` or `net.evil.com.example`.
 *
 * Stored values are normalised like hosts (SPEC 3: trimmed, lower case, one trailing dot dropped,
 * Unicode labels as punycode). A value that is not a valid host (`ns1.example.com..`, a label with
 * a space) is still kept, as its trimmed lower-cased text without trailing dots, so that it can be
 * found by the labels it does have.
 *
 * A large provider's domain is under many hosts (`cloudflare.com`: every `*.ns.cloudflare.com`),
 * and a query for it would merge all their lists. So every domain of two or more labels with at
 * least {@link SHARED_SUFFIX_ENTRIES} host entries under it, spread over two or more hosts, keeps
 * its documents merged at build time: a shared suffix. A query for it reads one list (its exact
 * count is the list's length) instead of merging ~400,000 entries at 1M records (1.3 ms).
 *
 * Layout:
 *   keyBytes        Uint8Array        UTF-8 keys in sorted (bytewise) order, concatenated
 *   keyStart        Uint32Array(H+1)  host rank r's key is keyBytes[keyStart[r], keyStart[r + 1])
 *   hosts           Postings          host rank → documents (no payload)
 *   docHostStart    Uint32Array(N+1)  document d's hosts are docHostRank[docHostStart[d] … docHostStart[d + 1])
 *   docHostRank     Uint32Array       host ranks, distinct within a document
 *   suffixKeyBytes  Uint8Array        the shared suffixes' keys (reversed labels), sorted, concatenated
 *   suffixKeyStart  Uint32Array(S+1)  shared suffix i's key is suffixKeyBytes[suffixKeyStart[i], …[i + 1])
 *   suffixes        Postings          shared suffix → the documents with a host equal to or under it
 * The shared suffixes follow from the hosts and their postings alone ({@link sharedSuffixes}).
 */

import { normalizeHost } from '../../normalize/host.js'
import { Column } from '../../storage/column.js'
import { type LazyArray, wholeUint32 } from '../../storage/lazy-array.js'
import { inMemory, type StoredBytes } from '../../storage/lazy-section.js'
import { type ByteTable, startOf } from '../byte-table.js'
import { grow } from '../grow.js'
import { sortedDistinct } from '../sorted-distinct.js'
import { TermDictionaryBuilder } from '../term-dictionary.js'
import { U32List } from '../u32-list.js'
import { compareBytes, decodeUtf8, encodeUtf8, utf8Scratch } from '../utf8.js'
import { packPostings } from './packed-postings.js'
import type { Postings } from './postings.js'
import { PostingsLayout } from './postings-layout.js'
import type { StoredPostings } from './term-lists.js'

/** The plain-data state of a {@link LabelSuffixIndex}. */
export interface LabelSuffixIndexState extends SharedSuffixes {
  /** Left on disk by an opened snapshot (SPEC 16), as are the three offset and rank arrays. */
  readonly keyBytes: StoredBytes
  readonly keyStart: Uint32Array | LazyArray
  readonly hosts: StoredPostings
  readonly docHostStart: Uint32Array | LazyArray
  readonly docHostRank: Uint32Array | LazyArray
}

/** The shared suffixes of a {@link LabelSuffixIndex}; see the file comment. */
export interface SharedSuffixes {
  readonly suffixKeyBytes: Uint8Array
  readonly suffixKeyStart: Uint32Array
  readonly suffixes: StoredPostings
}

/** Host entries under a domain from which its documents are merged at build time. */
export const SHARED_SUFFIX_ENTRIES = 4096

/** Host-rank intervals [lo1, hi1) ∪ [lo2, hi2) of the hosts under a domain. */
export interface SuffixRanks {
  /** The host equal to the domain: an interval of length 0 or 1. */
  readonly exactLo: number
  readonly exactHi: number
  /** The hosts strictly below the domain. */
  readonly belowLo: number
  readonly belowHi: number
}

/**
 * The key of a stored nameserver: its labels reversed, after host normalisation (or the fallback
 * for an invalid host); '' for a value with nothing to match.
 *
 * @example
 * ```ts
 * nameserverKey('NS1.Example.COM.') // 'com.example.ns1'
 * nameserverKey('ns1.münchen.de')   // 'de.xn--mnchen-3ya.ns1'
 * ```
 */
export function nameserverKey(raw: string): string {
  const normalized = normalizeHost(raw)
  const host = normalized.ok ? normalized.host : raw.trim().toLowerCase().replace(/\.+$/, '')
  return reverseLabels(host)
}

/**
 * A host's labels in reverse order.
 *
 * @example
 * ```ts
 * reverseLabels('ns1.example.com') // 'com.example.ns1'
 * ```
 */
export function reverseLabels(host: string): string {
  return host.split('.').reverse().join('.')
}

/**
 * Nameserver hosts sorted by reversed labels, with their documents.
 *
 * @example
 * ```ts
 * const b = new LabelSuffixIndexBuilder(2)
 * b.addDoc(['ns1.example.com']); b.addDoc(['ns1.notexample.com'])
 * b.finish().ranks('example.com') // document 0's host only
 * ```
 */
export class LabelSuffixIndex {
  /** Host rank → documents. */
  readonly hosts: StoredPostings
  /** Document → start of its host ranks in {@link LabelSuffixIndex.docHostRank}. */
  readonly docHostStart: Column
  /** Host ranks per document. */
  readonly docHostRank: Column
  /** The plain data of this index. */
  readonly state: LabelSuffixIndexState
  readonly #keys: Keys
  readonly #shared: SharedSuffixes

  /** @param state - as {@link LabelSuffixIndex.state} or a saved snapshot gives it */
  constructor(state: LabelSuffixIndexState) {
    this.state = state
    this.hosts = state.hosts
    this.docHostStart = new Column(state.docHostStart)
    this.docHostRank = new Column(state.docHostRank)
    this.#keys = { bytes: state.keyBytes, starts: new Column(state.keyStart) }
    this.#shared = {
      suffixKeyBytes: state.suffixKeyBytes,
      suffixKeyStart: state.suffixKeyStart,
      suffixes: state.suffixes,
    }
  }

  /**
   * The shared suffix equal to `domain` (a normalised host), or −1: its documents are
   * `termDocs(index.sharedPostings, t)`.
   *
   * @example
   * ```ts
   * index.sharedSuffix('cloudflare.com') // 12, or -1
   * ```
   */
  sharedSuffix(domain: string): number {
    const { suffixKeyBytes, suffixKeyStart } = this.#shared
    const keys = { bytes: suffixKeyBytes, starts: suffixKeyStart }
    const at = lowerBoundKey(keys, reverseLabels(domain))
    if (at === suffixKeyStart.length - 1 || compareKey(keys, at, reverseLabels(domain)) !== 0) return -1
    return at
  }

  /** Shared suffix → the documents with a host equal to or under it. */
  get sharedPostings(): StoredPostings {
    return this.#shared.suffixes
  }

  /**
   * The ranks of the hosts equal to or under `domain` (a normalised host).
   *
   * @example
   * ```ts
   * index.ranks('example.com') // { exactLo: 3, exactHi: 4, belowLo: 4, belowHi: 9 }
   * ```
   */
  ranks(domain: string): SuffixRanks {
    return suffixRanks(this.#keys, reverseLabels(domain))
  }
}

/** Keys sorted bytewise, concatenated: key r is `bytes[starts[r] … starts[r + 1])`. */
type Keys = ByteTable

// The host ranks under a reversed-label key, in sorted keys.
function suffixRanks(keys: Keys, key: string): SuffixRanks {
  const exactLo = lowerBoundKey(keys, key)
  const exactHi =
    exactLo < keys.starts.length - 1 && compareKey(keys, exactLo, key) === 0 ? exactLo + 1 : exactLo
  // '/' is the character after '.', so [key + '.', key + '/') is every key with key + '.' as prefix.
  return {
    exactLo,
    exactHi,
    belowLo: lowerBoundKey(keys, `${key}.`),
    belowHi: lowerBoundKey(keys, `${key}/`),
  }
}

// The first rank whose key is not below `key`, in keys sorted bytewise.
function lowerBoundKey(keys: Keys, key: string): number {
  let lo = 0
  let hi = keys.starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (compareKey(keys, mid, key) < 0) lo = mid + 1
    else hi = mid
  }
  return lo
}

// Key `rank` against `key`, bytewise: compared in place in memory, through its block on disk.
function compareKey(keys: Keys, rank: number, key: string): number {
  const length = encodeUtf8(key)
  const start = startOf(keys, rank)
  const end = startOf(keys, rank + 1)
  const { bytes } = keys
  if (bytes instanceof Uint8Array) return compareBytes(bytes, start, end, utf8Scratch(), 0, length)
  return compareBytes(bytes.read(start, end), 0, end - start, utf8Scratch(), 0, length)
}

/**
 * The shared suffixes of sorted host keys and their postings (see the file comment): what a build
 * stores, and what a snapshot check compares the stored ones with.
 *
 * @param keyBytes - the host keys, sorted bytewise, concatenated
 * @param keyStart - host rank r's key is keyBytes[keyStart[r], keyStart[r + 1])
 * @param hosts - host rank → documents
 * @param docCount - the number of documents
 * @example
 * ```ts
 * sharedSuffixes(index.state.keyBytes, index.state.keyStart, index.hosts, 1000).suffixKeyStart.length - 1 // 2
 * ```
 */
export function sharedSuffixes(
  keyBytes: Uint8Array,
  keyStart: Uint32Array,
  hosts: Postings,
  docCount: number,
): SharedSuffixes {
  const { termStart, docs } = hosts
  // Host entries under each domain of two or more labels (reversed-label keys): every key's own
  // label-aligned prefixes, itself included.
  const entries = new Map<string, number>()
  for (let r = 0; r + 1 < keyStart.length; r++) {
    const key = decodeUtf8(keyBytes, keyStart[r] as number, keyStart[r + 1] as number)
    const n = (termStart[r + 1] as number) - (termStart[r] as number)
    let dot = key.indexOf('.')
    while (dot > 0) {
      const next = key.indexOf('.', dot + 1)
      const prefix = next < 0 ? key : key.slice(0, next)
      entries.set(prefix, (entries.get(prefix) ?? 0) + n)
      dot = next
    }
  }
  const shared: string[] = []
  for (const [key, n] of entries) if (n >= SHARED_SUFFIX_ENTRIES) shared.push(key)
  // Bytewise, as lookups compare (UTF-16 order differs past the surrogates).
  const sorted = shared.map((key) => ({ key, bytes: utf8Scratch().slice(0, encodeUtf8(key)) }))
  sorted.sort((a, b) => compareBytes(a.bytes, 0, a.bytes.length, b.bytes, 0, b.bytes.length))
  const keys = new TermDictionaryBuilder()
  const lists: Uint32Array[] = []
  for (const { key } of sorted) {
    const r = suffixRanks({ bytes: keyBytes, starts: keyStart }, key)
    if (r.exactHi - r.exactLo + r.belowHi - r.belowLo < 2) continue
    const exact = docs.subarray(termStart[r.exactLo], termStart[r.exactHi])
    const below = docs.subarray(termStart[r.belowLo], termStart[r.belowHi])
    const all = new Uint32Array(exact.length + below.length)
    all.set(exact)
    all.set(below, exact.length)
    keys.intern(key)
    lists.push(sortedDistinct(all, docCount))
  }
  const suffixTermStart = new Uint32Array(lists.length + 1)
  lists.forEach((list, i) => {
    suffixTermStart[i + 1] = (suffixTermStart[i] as number) + list.length
  })
  const suffixDocs = new Uint32Array(suffixTermStart[lists.length] as number)
  lists.forEach((list, i) => {
    suffixDocs.set(list, suffixTermStart[i])
  })
  const frozen = keys.freeze().state
  const starts = wholeUint32(frozen.starts)
  const bytes = inMemory(frozen.bytes)
  return {
    suffixKeyBytes: bytes,
    suffixKeyStart: starts,
    suffixes: packPostings({
      termStart: suffixTermStart,
      docs: suffixDocs,
      payloadStart: new Uint32Array(0),
      payload: new Uint16Array(0),
    }),
  }
}

/**
 * The host postings, the transpose of the documents' host ranks: two passes over them (count,
 * then place), nothing collected in between. What a build stores, and what a snapshot check
 * compares the stored postings with.
 *
 * @param hostCount - the number of hosts H
 * @param docHostStart - document d's hosts are docHostRank[docHostStart[d] … docHostStart[d + 1])
 * @param docHostRank - host ranks below H, distinct within a document
 * @example
 * ```ts
 * hostPostings(2, Uint32Array.of(0, 2, 3), Uint32Array.of(1, 0, 1)) // host 0: [0]; host 1: [0, 1]
 * ```
 */
export function hostPostings(
  hostCount: number,
  docHostStart: Uint32Array,
  docHostRank: Uint32Array,
): Postings {
  const hosts = new PostingsLayout(hostCount, false)
  for (let pass = 0; pass < 2; pass++) {
    if (pass === 1) hosts.allocate()
    for (let doc = 0; doc + 1 < docHostStart.length; doc++) {
      const end = docHostStart[doc + 1] as number
      let i = docHostStart[doc] as number
      if (i === end) continue
      hosts.startDoc(doc)
      for (; i < end; i++) hosts.add(docHostRank[i] as number, 0)
    }
  }
  return hosts.finish()
}

/**
 * Builds a {@link LabelSuffixIndex} from each document's nameserver values, given in id order as
 * the records are read. Only interned ids are kept while the records stream by (a raw value's
 * host id, and per document its distinct host ids), never the records' own arrays or strings.
 *
 * @example
 * ```ts
 * const b = new LabelSuffixIndexBuilder(2)
 * b.addDoc(['ns1.example.com', 'ns2.example.com']); b.addDoc(undefined)
 * b.finish().docHostStart // Uint32Array [0, 2, 2]
 * ```
 */
export class LabelSuffixIndexBuilder {
  readonly #dictionary = new TermDictionaryBuilder()
  // Raw value → host id (-1: nothing to match), so each distinct raw value is normalised once. In
  // typed arrays rather than a Map: nothing for the collector to trace while the records' large
  // heap is live, and no bound to reset at (1M generated records hold ~450,000 distinct hosts).
  readonly #raws = new TermDictionaryBuilder()
  #hostOfRaw = new Int32Array(1024)
  readonly #docHostStart: Uint32Array
  readonly #pairHost = new U32List()
  #doc = 0

  /** @param docCount - the number of documents N; each must be added, in id order */
  constructor(docCount: number) {
    this.#docHostStart = new Uint32Array(docCount + 1)
  }

  /**
   * Adds the next document's `domain.nameservers`: a string, an array (non-string elements are
   * skipped), or anything else for none.
   *
   * @example
   * ```ts
   * b.addDoc(['ns1.example.com'])
   * ```
   */
  addDoc(value: unknown): void {
    const doc = this.#doc++
    if (doc + 1 >= this.#docHostStart.length)
      throw new Error(
        `domindex: nameservers of document ${doc}, but ${this.#docHostStart.length - 1} documents expected`,
      )
    const pairHost = this.#pairHost
    const first = pairHost.length
    const values: readonly unknown[] = Array.isArray(value) ? value : [value]
    for (const raw of values) {
      if (typeof raw !== 'string') continue
      const id = this.#hostOf(raw)
      if (id < 0) continue
      let seen = false
      for (let i = first; i < pairHost.length && !seen; i++) seen = pairHost.get(i) === id
      if (!seen) pairHost.push(id)
    }
    this.#docHostStart[doc + 1] = pairHost.length
  }

  /** Sorts the hosts by key and lays out the index; the builder must not be used afterwards. */
  finish(): LabelSuffixIndex {
    const docCount = this.#docHostStart.length - 1
    if (this.#doc !== docCount)
      throw new Error(`domindex: nameservers of ${this.#doc} documents added, ${docCount} expected`)
    const docHostStart = this.#docHostStart
    const pairHost = this.#pairHost
    const frozen = this.#dictionary.freeze().state
    const starts = wholeUint32(frozen.starts)
    const bytes = inMemory(frozen.bytes)
    const count = starts.length - 1
    const byKey = new Uint32Array(count)
    for (let id = 0; id < count; id++) byKey[id] = id
    byKey.sort((a, b) =>
      compareBytes(
        bytes,
        starts[a] as number,
        starts[a + 1] as number,
        bytes,
        starts[b] as number,
        starts[b + 1] as number,
      ),
    )
    const rankOf = new Uint32Array(count)
    const keyStart = new Uint32Array(count + 1)
    const keyBytes = new Uint8Array(bytes.length)
    for (let r = 0; r < count; r++) {
      const id = byKey[r] as number
      rankOf[id] = r
      const start = starts[id] as number
      const end = starts[id + 1] as number
      keyBytes.set(bytes.subarray(start, end), keyStart[r] as number)
      keyStart[r + 1] = (keyStart[r] as number) + end - start
    }
    const docHostRank = new Uint32Array(pairHost.length)
    for (let i = 0; i < docHostRank.length; i++) docHostRank[i] = rankOf[pairHost.get(i)] as number
    const hosts = hostPostings(count, docHostStart, docHostRank)
    const shared = sharedSuffixes(keyBytes, keyStart, hosts, docCount)
    return new LabelSuffixIndex({
      keyBytes,
      keyStart,
      hosts: packPostings(hosts),
      docHostStart,
      docHostRank,
      ...shared,
    })
  }

  /** The host id of a raw value, or -1 when it has nothing to match. */
  #hostOf(raw: string): number {
    const known = this.#raws.size
    const rawId = this.#raws.intern(raw)
    if (rawId === known) {
      if (rawId >= this.#hostOfRaw.length) this.#hostOfRaw = grow(this.#hostOfRaw, rawId + 1)
      const key = nameserverKey(raw)
      this.#hostOfRaw[rawId] = key === '' ? -1 : this.#dictionary.intern(key)
    }
    return this.#hostOfRaw[rawId] as number
  }
}
