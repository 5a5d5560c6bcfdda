/**
 * Checks the nameserver index (indexes/reverse/label-suffix-index.ts): host keys strictly
 * ascending bytewise (a suffix search is two binary searches over them), each document's host
 * ranks below the host count and distinct, host postings equal to the transpose of those ranks,
 * and the shared suffixes (keys and documents) equal to those the hosts give.
 */
import { hostPostings, sharedSuffixes } from '../../indexes/reverse/label-suffix-index.js'
import { unpackPostings } from '../../indexes/reverse/packed-postings.js'
import { compareBytes } from '../../indexes/utf8.js'
import { wholeUint32 } from '../../storage/lazy-array.js'
import { type Checklist, Violation } from './checklist.js'
import { checkPostings } from './postings.js'
import { allBelow, object, offsets, sameArray, typedArray } from './values.js'

/**
 * Checks a nameserver index state.
 *
 * @param where - its path in the content, e.g. `segments.0.reverse.nameservers`
 * @param value - the state as read
 * @param docs - the number of documents
 * @param checks - where the passed checks go
 * @example
 * ```ts
 * checkLabelSuffixIndex('segments.0.reverse.nameservers', reverse.nameservers, 3000, checks)
 * ```
 */
export function checkLabelSuffixIndex(where: string, value: unknown, docs: number, checks: Checklist): void {
  const state = object(where, value)
  const keyBytes = typedArray(`${where}.keyBytes`, state['keyBytes'], Uint8Array)
  const keyStart = typedArray(`${where}.keyStart`, state['keyStart'], Uint32Array)
  const hostCount = offsets(`${where}.keyStart`, keyStart, keyBytes.length)
  for (let r = 1; r < hostCount; r++) {
    const before = keyStart[r - 1] as number
    const start = keyStart[r] as number
    if (compareBytes(keyBytes, before, start, keyBytes, start, keyStart[r + 1] as number) >= 0)
      throw new Violation(`${where}.keyBytes`, `host key ${r} does not sort after host key ${r - 1}`)
  }
  checks.passed(`${where}.keyBytes: host keys strictly ascending`, hostCount)
  const docHostStart = typedArray(`${where}.docHostStart`, state['docHostStart'], Uint32Array, docs + 1)
  const docHostRank = typedArray(`${where}.docHostRank`, state['docHostRank'], Uint32Array)
  offsets(`${where}.docHostStart`, docHostStart, docHostRank.length)
  allBelow(`${where}.docHostRank`, docHostRank, hostCount)
  const lastDoc = new Int32Array(hostCount).fill(-1)
  for (let d = 0; d < docs; d++) {
    for (let i = docHostStart[d] as number; i < (docHostStart[d + 1] as number); i++) {
      const r = docHostRank[i] as number
      if (lastDoc[r] === d) throw new Violation(`${where}.docHostRank`, `document ${d} lists host ${r} twice`)
      lastDoc[r] = d
    }
  }
  const hosts = checkPostings(
    `${where}.hosts`,
    state['hosts'],
    { terms: hostCount, docs, payload: false },
    checks,
  )
  const derived = hostPostings(hostCount, docHostStart, docHostRank)
  sameArray(`${where}.hosts.termStart`, hosts.termStart, derived.termStart, "the documents' host ranks")
  sameArray(`${where}.hosts.docs`, hosts.docs, derived.docs, "the documents' host ranks")
  checks.passed(`${where}: host postings are the transpose of the documents' hosts`, docHostRank.length)
  const suffixKeyBytes = typedArray(`${where}.suffixKeyBytes`, state['suffixKeyBytes'], Uint8Array)
  const suffixKeyStart = typedArray(`${where}.suffixKeyStart`, state['suffixKeyStart'], Uint32Array)
  const suffixCount = offsets(`${where}.suffixKeyStart`, suffixKeyStart, suffixKeyBytes.length)
  const suffixes = checkPostings(
    `${where}.suffixes`,
    state['suffixes'],
    { terms: suffixCount, docs, payload: false },
    checks,
  )
  // A check reads every section into memory: the postings' documents are arrays here.
  const shared = sharedSuffixes(keyBytes, keyStart, hosts, docs)
  const from = 'the hosts under each shared suffix'
  sameArray(`${where}.suffixKeyStart`, suffixKeyStart, shared.suffixKeyStart, from)
  sameArray(`${where}.suffixKeyBytes`, suffixKeyBytes, shared.suffixKeyBytes, from)
  sameArray(`${where}.suffixes.termStart`, suffixes.termStart, wholeUint32(shared.suffixes.termStart), from)
  sameArray(`${where}.suffixes.docs`, suffixes.docs, unpackPostings(shared.suffixes).docs, from)
  checks.passed(`${where}: shared suffixes are the merged hosts under them`, suffixCount)
}
