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
import { type Postings, PostingsBuilder } from './postings.js'

/** The positions between consecutive values, Lucene's default for multi-valued text fields. */
export const POSITION_GAP = 100

// Codes are uint32 with two class bits, so positions stay below 2^30 (about ten million values).
const MAX_POSITION = 2 ** 30 - 1
// Earlier distinct values of a record a new value is compared with (generated records have ~10).
const SEARCHED_VALUES = 64

/** The plain-data state of {@link RegistrationText}. */
export interface RegistrationTextState {
  readonly dictionary: TermDictionaryState
  readonly positions: Postings
  readonly organizations: Postings
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
  readonly positions: Postings
  /** Term id → documents, each with the ordinals of its organization values holding the term. */
  readonly organizations: Postings

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
 * @example
 * ```ts
 * const b = new RegistrationTextBuilder()
 * b.startDoc(0); b.addValue('street', '1 Main St'); b.endDoc(); b.finish()
 * ```
 */
export class RegistrationTextBuilder {
  readonly #dictionary = new TermDictionaryBuilder()
  readonly #positions = new PostingsBuilder(true)
  readonly #organizations = new PostingsBuilder(true)
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

  /** Starts document `doc` (ascending). */
  startDoc(doc: number): void {
    this.#positions.startDoc(doc)
    this.#organizations.startDoc(doc)
    this.#next = 0
    this.#texts.clear()
    this.#organizationCount = 0
  }

  /**
   * Adds one value of the current document.
   *
   * @param field - the contact field holding the value
   * @param text - the value
   */
  addValue(field: string, text: string): void {
    const k = this.#distinct(text)
    const ids = this.#ids
    const start = this.#idStart[k] as number
    const end = this.#idStart[k + 1] as number
    if (start === end) return
    const first = this.#next
    if (first + end - start > MAX_POSITION) {
      throw new SnapshotError(
        'bad_record',
        `registration text of one record exceeds ${MAX_POSITION} positions`,
      )
    }
    const cls = fieldClass(field)
    for (let i = start; i < end; i++) this.#positions.add(ids[i] as number, (first + i - start) * 4 + cls)
    this.#next = first + end - start + POSITION_GAP
    if (field !== 'organization' || this.#organizationOf[k] !== -1) return
    const ordinal = this.#organizationCount++
    this.#organizationOf[k] = ordinal
    for (let i = start; i < end; i++) this.#organizations.add(ids[i] as number, ordinal)
  }

  /** Ends the current document. */
  endDoc(): void {
    this.#positions.endDoc()
    this.#organizations.endDoc()
  }

  /** Lays out the postings and freezes the dictionary. */
  finish(): RegistrationText {
    const dictionary = this.#dictionary.freeze()
    return new RegistrationText({
      dictionary: dictionary.state,
      positions: this.#positions.finish(dictionary.size),
      organizations: this.#organizations.finish(dictionary.size),
    })
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
