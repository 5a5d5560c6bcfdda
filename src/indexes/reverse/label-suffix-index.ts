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
 * Layout:
 *   keyBytes      Uint8Array        UTF-8 keys in sorted (bytewise) order, concatenated
 *   keyStart      Uint32Array(H+1)  host rank r's key is keyBytes[keyStart[r], keyStart[r + 1])
 *   hosts         Postings          host rank → documents (no payload)
 *   docHostStart  Uint32Array(N+1)  document d's hosts are docHostRank[docHostStart[d] … docHostStart[d + 1])
 *   docHostRank   Uint32Array       host ranks, distinct within a document
 */
import { normalizeHost } from '../../normalize/host.js'
import { TermDictionaryBuilder } from '../term-dictionary.js'
import { U32Chunks } from '../u32-chunks.js'
import { compareBytes, encodeUtf8, utf8Scratch } from '../utf8.js'
import { type Postings, PostingsBuilder } from './postings.js'

/** The plain-data state of a {@link LabelSuffixIndex}. */
export interface LabelSuffixIndexState {
  readonly keyBytes: Uint8Array
  readonly keyStart: Uint32Array
  readonly hosts: Postings
  readonly docHostStart: Uint32Array
  readonly docHostRank: Uint32Array
}

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
 * const index = LabelSuffixIndex.build([['ns1.example.com'], ['ns1.notexample.com']])
 * const r = index.ranks('example.com') // document 0's host only
 * ```
 */
export class LabelSuffixIndex {
  /** Host rank → documents. */
  readonly hosts: Postings
  /** Document → start of its host ranks in {@link LabelSuffixIndex.docHostRank}. */
  readonly docHostStart: Uint32Array
  /** Host ranks per document. */
  readonly docHostRank: Uint32Array
  readonly #keyBytes: Uint8Array
  readonly #keyStart: Uint32Array

  /** @param state - as {@link LabelSuffixIndex.state} or a saved snapshot gives it */
  constructor(state: LabelSuffixIndexState) {
    this.hosts = state.hosts
    this.docHostStart = state.docHostStart
    this.docHostRank = state.docHostRank
    this.#keyBytes = state.keyBytes
    this.#keyStart = state.keyStart
  }

  /**
   * Builds the index from each document's nameserver values (a string, an array, or anything else
   * for none; non-string elements are skipped).
   *
   * @param byDoc - the `domain.nameservers` of each document, in id order
   */
  static build(byDoc: ArrayLike<unknown>): LabelSuffixIndex {
    const dictionary = new TermDictionaryBuilder()
    const docHostStart = new Uint32Array(byDoc.length + 1)
    const pairHost = new U32Chunks()
    // Raw value → host id (-1: nothing to match), so each distinct raw value is normalised once. In
    // typed arrays rather than a Map: nothing for the collector to trace while the records' large
    // heap is live, and no bound to reset at (1M generated records hold ~450,000 distinct hosts).
    const raws = new TermDictionaryBuilder()
    let hostOfRaw = new Int32Array(1024)
    for (let doc = 0; doc < byDoc.length; doc++) {
      const value = byDoc[doc]
      const values: readonly unknown[] = Array.isArray(value) ? value : [value]
      const first = pairHost.length
      for (const raw of values) {
        if (typeof raw !== 'string') continue
        const known = raws.size
        const rawId = raws.intern(raw)
        if (rawId >= hostOfRaw.length) {
          const bigger = new Int32Array(hostOfRaw.length * 2)
          bigger.set(hostOfRaw)
          hostOfRaw = bigger
        }
        if (rawId === known) {
          const key = nameserverKey(raw)
          hostOfRaw[rawId] = key === '' ? -1 : dictionary.intern(key)
        }
        const id = hostOfRaw[rawId] as number
        if (id < 0) continue
        let seen = false
        for (let i = first; i < pairHost.length && !seen; i++) seen = pairHost.get(i) === id
        if (!seen) pairHost.push(id)
      }
      docHostStart[doc + 1] = pairHost.length
    }
    const { starts, bytes } = dictionary.freeze().state
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
    const postings = new PostingsBuilder(false)
    for (let doc = 0; doc < byDoc.length; doc++) {
      const end = docHostStart[doc + 1] as number
      let i = docHostStart[doc] as number
      if (i === end) continue
      postings.startDoc(doc)
      for (; i < end; i++) {
        const rank = rankOf[pairHost.get(i)] as number
        docHostRank[i] = rank
        postings.add(rank, 0)
      }
      postings.endDoc()
    }
    return new LabelSuffixIndex({
      keyBytes,
      keyStart,
      hosts: postings.finish(count),
      docHostStart,
      docHostRank,
    })
  }

  /** The plain data of this index. */
  get state(): LabelSuffixIndexState {
    return {
      keyBytes: this.#keyBytes,
      keyStart: this.#keyStart,
      hosts: this.hosts,
      docHostStart: this.docHostStart,
      docHostRank: this.docHostRank,
    }
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
    const key = reverseLabels(domain)
    const exactLo = this.#lowerBound(key)
    const exactHi =
      exactLo < this.#keyStart.length - 1 && this.#compareAt(exactLo, key) === 0 ? exactLo + 1 : exactLo
    // '/' is the character after '.', so [key + '.', key + '/') is every key with key + '.' as prefix.
    return { exactLo, exactHi, belowLo: this.#lowerBound(`${key}.`), belowHi: this.#lowerBound(`${key}/`) }
  }

  #lowerBound(key: string): number {
    let lo = 0
    let hi = this.#keyStart.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.#compareAt(mid, key) < 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  #compareAt(rank: number, key: string): number {
    const length = encodeUtf8(key)
    return compareBytes(
      this.#keyBytes,
      this.#keyStart[rank] as number,
      this.#keyStart[rank + 1] as number,
      utf8Scratch(),
      0,
      length,
    )
  }
}
