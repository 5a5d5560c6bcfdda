/**
 * The token index over the distinct text values of a DNS index (values of items whose type is not
 * `host`): a token dictionary, each token's text values, each text value's token sequence, and a
 * hash of the lower-cased values for exact terms. It is built over distinct values, not over
 * observations, because a few texts (SPF records) repeat millions of times. Layout in dns/state.ts.
 *
 * ASCII values (nearly all) are tokenized in place, exactly as `tokenize` does (runs of ASCII
 * letters and digits, lower-cased): a token is hashed and compared straight from the value's
 * characters, and only a token never seen before becomes a string. Other values go through
 * `tokenize` (NFKC, Unicode letters and digits). The dictionary's hash table, FNV-1a over the
 * token's code units, is the state's `tokenSlots` (dns/string-hash.ts).
 */

import { tokenize } from '../../analysis/tokenize.js'
import { inMemory } from '../../storage/lazy-section.js'
import { byteTableOf, entryAt, entryCount, type MemoryByteTable } from '../byte-table.js'
import { U32List } from '../u32-list.js'
import { unshiftStarts } from './csr.js'
import { buildStringHash, hashString, lowerCaseHash } from './string-hash.js'

/** The token-index part of the DNS state. */
export interface TokenIndex {
  tokens: MemoryByteTable
  tokenSlots: Uint32Array
  tokenValueStart: Uint32Array
  tokenValues: Uint32Array
  valueTokenStart: Uint32Array
  valueTokens: Uint32Array
  lowerSlots: Uint32Array
}

/**
 * Builds the token index of the strings marked as text values.
 *
 * @param strings - the string table (values are decoded one at a time, as they are tokenized)
 * @param isText - 1 for the string ids that are text values
 * @example
 * ```ts
 * buildTokenIndex(byteTableOf(1, () => 'v=spf1 -all'), Uint8Array.of(1)).tokens // a byte table of 'v', 'spf1', 'all'
 * ```
 */
export function buildTokenIndex(strings: MemoryByteTable, isText: Uint8Array): TokenIndex {
  const dict = new TokenDict()
  const count = entryCount(strings)
  const { starts } = strings
  const bytes = inMemory(strings.bytes)
  const valueTokenStart = new Uint32Array(count + 1)
  const sequence = new U32List(count * 4)
  const textIds = new U32List()
  // lowerCaseHash of each text value, in textIds order: computed while tokenizing, when the value
  // is in cache, rather than in a pass of its own over a million strings.
  const lowerHashes = new U32List()
  for (let s = 0; s < count; s++) {
    if (isText[s] === 1) {
      textIds.push(s)
      const from = starts[s] as number
      const to = starts[s + 1] as number
      const value = entryAt(strings, s)
      if (isAscii(bytes, from, to)) lowerHashes.push(dict.tokenizeAscii(value, sequence))
      else {
        for (const token of tokenize(value)) sequence.push(dict.intern(token))
        lowerHashes.push(lowerCaseHash(value))
      }
    }
    valueTokenStart[s + 1] = sequence.length
  }
  const valueTokens = sequence.toArray()
  const tokenCount = dict.tokens.length
  return {
    tokens: byteTableOf(tokenCount, (t) => dict.tokens[t] as string),
    tokenSlots: dict.slots,
    ...tokenValueLists(tokenCount, valueTokenStart, valueTokens),
    valueTokenStart,
    valueTokens,
    lowerSlots: buildStringHash(textIds.toArray(), (_, at) => lowerHashes.get(at)),
  }
}

/**
 * Each token's values, ascending, each once (a value repeating a token, "include:… include:…",
 * is listed once): counted, then filled, with no (token, value) pair arrays in between. What a
 * build stores, and what a snapshot check compares the stored lists with.
 *
 * @param tokenCount - the number of tokens
 * @param valueTokenStart - value s's tokens are valueTokens[valueTokenStart[s] … valueTokenStart[s + 1])
 * @param valueTokens - token ids below `tokenCount`
 * @example
 * ```ts
 * tokenValueLists(2, Uint32Array.of(0, 2, 3), Uint32Array.of(1, 1, 0)) // { tokenValueStart: [0, 1, 2], tokenValues: [1, 0] }
 * ```
 */
export function tokenValueLists(
  tokenCount: number,
  valueTokenStart: Uint32Array,
  valueTokens: Uint32Array,
): Pick<TokenIndex, 'tokenValueStart' | 'tokenValues'> {
  const count = valueTokenStart.length - 1
  const tokenValueStart = new Uint32Array(tokenCount + 1)
  const lastValue = new Int32Array(tokenCount).fill(-1)
  for (let s = 0; s < count; s++) {
    for (let j = valueTokenStart[s] as number; j < (valueTokenStart[s + 1] as number); j++) {
      const t = valueTokens[j] as number
      if (lastValue[t] === s) continue
      lastValue[t] = s
      tokenValueStart[t + 1] = (tokenValueStart[t + 1] as number) + 1
    }
  }
  for (let t = 0; t < tokenCount; t++) {
    tokenValueStart[t + 1] = (tokenValueStart[t + 1] as number) + (tokenValueStart[t] as number)
  }
  const tokenValues = new Uint32Array(tokenValueStart[tokenCount] as number)
  lastValue.fill(-1)
  for (let s = 0; s < count; s++) {
    for (let j = valueTokenStart[s] as number; j < (valueTokenStart[s + 1] as number); j++) {
      const t = valueTokens[j] as number
      if (lastValue[t] === s) continue
      lastValue[t] = s
      const at = tokenValueStart[t] as number
      tokenValueStart[t] = at + 1
      tokenValues[at] = s
    }
  }
  unshiftStarts(tokenValueStart)
  return { tokenValueStart, tokenValues }
}

function isAscii(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if ((bytes[i] as number) > 127) return false
  return true
}

// The growing token dictionary: open addressing (slot = id + 1), kept at most half full. Each
// token's hash is kept too, so that a probe passing other tokens and a rehash do not read their
// strings: at 3M observations the dictionary holds 2.2M tokens scattered over the heap, and
// rehashing them from their strings took ~1 s of the token index's ~7 s of CPU time.
class TokenDict {
  readonly tokens: string[] = []
  readonly #hashes = new U32List()
  slots = new Uint32Array(1 << 16)

  // Appends the ids of the tokens of an ASCII value to `out`, and returns lowerCaseHash(value),
  // hashed on the way (the token hashes see the same lower-cased characters).
  tokenizeAscii(value: string, out: U32List): number {
    const n = value.length
    let all = 0x811c9dc5
    let i = 0
    while (i < n) {
      const c = value.charCodeAt(i)
      if (!isWordChar(c)) {
        // Not a letter, so already lower case.
        all = Math.imul(all ^ c, 0x01000193)
        i++
        continue
      }
      const start = i
      let h = 0x811c9dc5
      for (; i < n; i++) {
        const d = value.charCodeAt(i)
        if (!isWordChar(d)) break
        const lower = d >= 65 && d <= 90 ? d + 32 : d
        h = Math.imul(h ^ lower, 0x01000193)
        all = Math.imul(all ^ lower, 0x01000193)
      }
      out.push(this.#find(value, start, i, h >>> 0))
    }
    return all >>> 0
  }

  // The id of a token given as a string (non-ASCII values, after `tokenize`).
  intern(token: string): number {
    return this.#find(token, 0, token.length, hashString(token))
  }

  // The id of the token text[start, end) lower-cased (ASCII letters only), added when new.
  #find(text: string, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1
    let s = hash & mask
    for (; this.slots[s] !== 0; s = (s + 1) & mask) {
      const id = (this.slots[s] as number) - 1
      // Equal tokens have equal hashes: `hash` is that of the token's lower case.
      if (this.#hashes.get(id) === hash && sameToken(this.tokens[id] as string, text, start, end)) return id
    }
    const id = this.tokens.length
    const token = text.slice(start, end).toLowerCase()
    this.tokens.push(token)
    this.#hashes.push(hashString(token))
    this.slots[s] = id + 1
    if (this.tokens.length * 2 > this.slots.length) this.#grow()
    return id
  }

  #grow(): void {
    const slots = new Uint32Array(this.slots.length * 2)
    const mask = slots.length - 1
    for (let id = 0; id < this.tokens.length; id++) {
      let s = this.#hashes.get(id) & mask
      while (slots[s] !== 0) s = (s + 1) & mask
      slots[s] = id + 1
    }
    this.slots = slots
  }
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90)
}

// Whether `token` (lower case) equals text[start, end) with ASCII capitals lowered.
function sameToken(token: string, text: string, start: number, end: number): boolean {
  if (token.length !== end - start) return false
  for (let i = 0; i < token.length; i++) {
    const c = text.charCodeAt(start + i)
    if (token.charCodeAt(i) !== (c >= 65 && c <= 90 ? c + 32 : c)) return false
  }
  return true
}
