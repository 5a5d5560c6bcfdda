/**
 * Where are the terms within a record's registration text (SPEC 5)? One term dictionary and two
 * posting sets over its term ids:
 *
 *   positions      term → documents → position codes, for phrase, slop, street text and the flags
 *   organizations  term → documents → ordinals of the `organization` values holding it, for `name`
 *
 * Position codes: `position · 4 + fieldClass` (classes from contact-values.ts), so one Uint32 per
 * occurrence carries both where the token is and which kind of field holds it; the street, postal
 * code and phone restrictions filter on the low two bits without a per-value table.
 *
 * Positions follow Lucene's `position_increment_gap = 100`: the first value's first token is at
 * position 0, tokens of a value are consecutive, and the next value's first token is at the
 * previous value's last position + 101. A value without tokens takes no positions. With slop below
 * 100 a phrase never spans two values, however long (see query/reverse/phrase.ts).
 *
 * Organization ordinals number a document's distinct organization strings in record order (0, 1,
 * …); identical strings (registrant, admin, tech and billing often repeat one) share one ordinal,
 * which cannot change a match because identical values hold identical tokens. A token repeated in
 * one value is stored once.
 */
import { tokenize } from '../../analysis/tokenize.js'
import { SnapshotError } from '../../errors.js'
import { grow } from '../grow.js'
import { TermDictionary, TermDictionaryBuilder, type TermDictionaryState } from '../term-dictionary.js'
import { fieldClass } from './contact-values.js'
import { DocTexts } from './doc-texts.js'
import { packPostings } from './packed-postings.js'
import { PostingsLayout } from './postings-layout.js'
import type { StoredPostings } from './term-lists.js'
import { VarintChunks } from './varint-chunks.js'

/** The positions between consecutive values, Lucene's default for multi-valued text fields. */
export const POSITION_GAP = 100

// Codes are uint32 with two class bits, so positions stay below 2^30 (about ten million values).
const MAX_POSITION = 2 ** 30 - 1
// Earlier distinct values of a record a new value is compared with (generated records have ~10).
const SEARCHED_VALUES = 64

/** The plain-data state of {@link RegistrationText}. */
export interface RegistrationTextState {
  readonly dictionary: TermDictionaryState
  readonly positions: StoredPostings
  readonly organizations: StoredPostings
}

/**
 * Registration-text terms with their position codes and organization ordinals.
 *
 * @example
 * ```ts
 * const b = new RegistrationTextBuilder()
 * b.startDoc(0); b.addValue('organization', 'Acme Holdings'); b.endDoc()
 * const text = b.finish()
 * text.dictionary.get('holdings') // 1; positions payload [1 · 4 + FIELD_OTHER], organizations payload [0]
 * ```
 */
export class RegistrationText {
  /** Term → id. */
  readonly dictionary: TermDictionary
  /** Term id → documents, each with its position codes. */
  readonly positions: StoredPostings
  /** Term id → documents, each with the ordinals of its organization values holding the term. */
  readonly organizations: StoredPostings

  /** @param state - as {@link RegistrationText.state} or a saved snapshot gives it */
  constructor(state: RegistrationTextState) {
    this.dictionary = new TermDictionary(state.dictionary)
    this.positions = state.positions
    this.organizations = state.organizations
  }

  /** The plain data of this index. */
  get state(): RegistrationTextState {
    return { dictionary: this.dictionary.state, positions: this.positions, organizations: this.organizations }
  }
}

/**
 * Builds {@link RegistrationText} from the registration-text values of documents in id order.
 *
 * While the records are read, each document is kept as a compact record in a varint stream
 * (varint-chunks.ts) instead of as postings occurrences: its distinct value texts as term ids, then
 * per value with tokens the text it holds, its field class and whether it is the first value of an
 * organization text. `finish` replays the records twice into two {@link PostingsLayout}s (count,
 * then scatter), the second time giving each stream chunk back once read. Measured at 1M generated
 * records the stream holds ~80 bytes a record, where grouped occurrences of positions and ordinals
 * (PostingsBuilder) held ~190 next to the ~325 of the finished postings.
 *
 * Stream, per document with at least one value holding a token:
 *   doc − previous doc − 1, K, then per distinct text k < K: its token count and term ids,
 *   then V, then per value: k · 8 + fieldClass · 2 + (1 if it gets the next organization ordinal)
 *
 * @example
 * ```ts
 * const b = new RegistrationTextBuilder()
 * b.startDoc(0); b.addValue('street', '1 Main St'); b.endDoc(); b.finish()
 * ```
 */
export class RegistrationTextBuilder {
  readonly #dictionary = new TermDictionaryBuilder()
  readonly #records = new VarintChunks()
  #recordCount = 0
  #recordDoc = -1
  #doc = -1
  #next = 0
  // The current document's distinct value texts and their term ids (ids[idStart[k], idStart[k + 1])).
  // 62% of the values of generated records repeat one of the same record (contacts share
  // organization, street, city, phone), and comparing with the record's few earlier values is far
  // cheaper than tokenising and interning again. A global text → ids Map (89% hits) measured slower
  // overall (~1.9 s against ~1.4 s per 100,000 records), as every value string must be hashed.
  readonly #texts = new DocTexts()
  #idStart: Uint32Array = new Uint32Array(64)
  #ids: Uint32Array = new Uint32Array(256)
  #organizationOf: Int32Array = new Int32Array(64)
  #organizationCount = 0
  // The current document's values with tokens, coded as in the stream.
  #valueCodes: Uint32Array = new Uint32Array(64)
  #valueCount = 0

  /** Starts document `doc` (ascending). */
  startDoc(doc: number): void {
    if (doc <= this.#doc) throw new Error(`domindex: documents must ascend, got ${doc} after ${this.#doc}`)
    this.#doc = doc
    this.#next = 0
    this.#texts.clear()
    this.#organizationCount = 0
    this.#valueCount = 0
  }

  /**
   * Adds one value of the current document.
   *
   * @param field - the contact field holding the value
   * @param text - the value
   */
  addValue(field: string, text: string): void {
    const k = this.#distinct(text)
    const length = (this.#idStart[k + 1] as number) - (this.#idStart[k] as number)
    if (length === 0) return
    const first = this.#next
    if (first + length > MAX_POSITION) {
      throw new SnapshotError(
        'bad_record',
        `registration text of one record exceeds ${MAX_POSITION} positions`,
      )
    }
    this.#next = first + length + POSITION_GAP
    let organization = 0
    if (field === 'organization' && this.#organizationOf[k] === -1) {
      this.#organizationOf[k] = this.#organizationCount++
      organization = 1
    }
    const v = this.#valueCount++
    if (v >= this.#valueCodes.length) this.#valueCodes = grow(this.#valueCodes, v + 1)
    this.#valueCodes[v] = k * 8 + fieldClass(field) * 2 + organization
  }

  /** Ends the current document, appending its record. */
  endDoc(): void {
    const values = this.#valueCount
    if (values === 0) return
    const records = this.#records
    records.push(this.#doc - this.#recordDoc - 1)
    this.#recordDoc = this.#doc
    this.#recordCount++
    const texts = this.#texts.count
    records.push(texts)
    for (let k = 0; k < texts; k++) {
      const start = this.#idStart[k] as number
      const end = this.#idStart[k + 1] as number
      records.push(end - start)
      for (let i = start; i < end; i++) records.push(this.#ids[i] as number)
    }
    records.push(values)
    for (let v = 0; v < values; v++) records.push(this.#valueCodes[v] as number)
  }

  /** Lays out the postings and freezes the dictionary; the builder must not be used afterwards. */
  finish(): RegistrationText {
    const dictionary = this.#dictionary.freeze()
    const positions = new PostingsLayout(dictionary.size, true)
    const organizations = new PostingsLayout(dictionary.size, true)
    this.#replay(positions, organizations, false)
    positions.allocate()
    organizations.allocate()
    this.#replay(positions, organizations, true)
    return new RegistrationText({
      dictionary: dictionary.state,
      positions: packPostings(positions.finish()),
      organizations: packPostings(organizations.finish()),
    })
  }

  /** Adds every recorded document's occurrences, in the order addValue met them. */
  #replay(positions: PostingsLayout, organizations: PostingsLayout, consume: boolean): void {
    const records = this.#records.reader(consume)
    for (let r = 0, doc = -1; r < this.#recordCount; r++) {
      doc += records.next() + 1
      positions.startDoc(doc)
      organizations.startDoc(doc)
      // The distinct texts go back into the per-document scratch: they fitted there when recorded.
      const texts = records.next()
      for (let k = 0, at = 0; k < texts; k++) {
        for (let i = records.next(); i > 0; i--) this.#ids[at++] = records.next()
        this.#idStart[k + 1] = at
      }
      const ids = this.#ids
      const idStart = this.#idStart
      for (let v = records.next(), next = 0, ordinal = 0; v > 0; v--) {
        const code = records.next()
        const k = code >>> 3
        const cls = (code >>> 1) & 3
        const start = idStart[k] as number
        const end = idStart[k + 1] as number
        for (let i = start; i < end; i++) positions.add(ids[i] as number, (next + i - start) * 4 + cls)
        next += end - start + POSITION_GAP
        if ((code & 1) === 0) continue
        for (let i = start; i < end; i++) organizations.add(ids[i] as number, ordinal)
        ordinal++
      }
    }
  }

  /** The index of `text` among the document's distinct values, tokenising and interning it when new. */
  #distinct(text: string): number {
    // Only the first values are compared, so that a record with thousands of values stays linear.
    const known = this.#texts.indexOf(text, SEARCHED_VALUES)
    if (known >= 0) return known
    const k = this.#texts.add(text)
    if (k + 2 > this.#idStart.length) {
      this.#idStart = grow(this.#idStart, k + 2)
      const organizationOf = new Int32Array(this.#idStart.length)
      organizationOf.set(this.#organizationOf)
      this.#organizationOf = organizationOf
    }
    this.#organizationOf[k] = -1
    const tokens = tokenize(text)
    const start = k === 0 ? 0 : (this.#idStart[k] as number)
    if (start + tokens.length > this.#ids.length) this.#ids = grow(this.#ids, start + tokens.length)
    for (let i = 0; i < tokens.length; i++)
      this.#ids[start + i] = this.#dictionary.intern(tokens[i] as string)
    this.#idStart[k] = start
    this.#idStart[k + 1] = start + tokens.length
    return k
  }
}
