/**
 * The reverse WHOIS index (SPEC 5, and SPEC 14's `email` and `registrar`): built once from the
 * records in result order (document id = array index, so ascending ids are result order), then
 * read-only. It holds one structure per kind of criterion, each a handful of typed arrays and byte
 * string tables:
 *
 *   text         registration-text terms → documents → position codes (phrase, slop, street, flags)
 *                and → organization value ordinals (name)
 *   postal       postal-code keys → documents (postalcode text)
 *   email        contact `email` keys → documents (email)
 *   registrar    `domain.registrar_name` keys → documents (registrar)
 *   digits       phone 4-gram → documents, and phone digits per document (phone text)
 *   nameservers  hosts sorted by reversed labels → documents, and host ranks per document (nameserver)
 *   created, updated, expires   instants sorted with their documents, and ranks per document (ranges)
 *
 * `state` is the plain data of all of them, and the constructor takes it back, so a snapshot can save
 * and reopen the index without rebuilding.
 *
 * Build memory: while the records are read, each builder keeps only compact typed data (varint
 * records of term ids, digit strings, interned host ids, one instant per document and date field),
 * never a record's own objects or strings, and no posting occurrence where it can produce it again
 * at the end; each structure is then laid out at its exact size, the registration text (two thirds
 * of the state) first. Measured at 1M generated records: resident memory peaks ~640 MB above its
 * level before the build, for a finished state of 465 MB (~1.95 GB when builders kept four bytes
 * an occurrence and every record's nameserver array).
 */

import type { DomainSection, WhoisRecord } from '../../types.js'
import { FIELD_PHONE, FIELD_POSTAL, fieldClass, forEachContactValue } from './contact-values.js'
import { DateColumn, type DateColumnState, normInstant } from './date-column.js'
import { DigitsIndex, DigitsIndexBuilder, type DigitsIndexState } from './digits-index.js'
import { emailKey, postalKey, registrarKey } from './exact-keys.js'
import { ExactTerms, ExactTermsBuilder, type ExactTermsState } from './exact-terms.js'
import {
  LabelSuffixIndex,
  LabelSuffixIndexBuilder,
  type LabelSuffixIndexState,
} from './label-suffix-index.js'
import { RegistrationText, RegistrationTextBuilder, type RegistrationTextState } from './registration-text.js'

/** Records by document id, read one at a time (a RecordStore is one). */
export interface RecordSource {
  /** The number of records. */
  readonly size: number
  /** The record of a document id. */
  get(doc: number): WhoisRecord
}

/** The structures a reverse search reads (query/reverse/planner.ts). */
export interface ReverseStructures {
  readonly docCount: number
  readonly text: RegistrationText
  readonly postal: ExactTerms
  readonly email: ExactTerms
  readonly registrar: ExactTerms
  readonly digits: DigitsIndex
  readonly nameservers: LabelSuffixIndex
  readonly created: DateColumn
  readonly updated: DateColumn
  readonly expires: DateColumn
}

/** The plain-data state of a {@link ReverseIndex}. */
export interface ReverseIndexState {
  readonly docCount: number
  readonly text: RegistrationTextState
  readonly postal: ExactTermsState
  readonly email: ExactTermsState
  readonly registrar: ExactTermsState
  readonly digits: DigitsIndexState
  readonly nameservers: LabelSuffixIndexState
  readonly created: DateColumnState
  readonly updated: DateColumnState
  readonly expires: DateColumnState
}

/**
 * The frozen reverse-search index over records numbered in result order.
 *
 * @example
 * ```ts
 * const index = ReverseIndex.build(records)
 * matchReverse(index, parseReverseParams({ phrase: 'acme holdings', slop: 1 })) // Uint32Array [0, 7, 42]
 * ```
 */
export class ReverseIndex {
  readonly #s: ReverseStructures

  /** @param state - as {@link ReverseIndex.state} or a saved snapshot gives it */
  constructor(state: ReverseIndexState) {
    this.#s = Object.freeze({
      docCount: state.docCount,
      text: new RegistrationText(state.text),
      postal: new ExactTerms(state.postal),
      email: new ExactTerms(state.email),
      registrar: new ExactTerms(state.registrar),
      digits: new DigitsIndex(state.digits),
      nameservers: new LabelSuffixIndex(state.nameservers),
      created: new DateColumn(state.created),
      updated: new DateColumn(state.updated),
      expires: new DateColumn(state.expires),
    })
  }

  /**
   * Builds the index, reading each record once, in document order.
   *
   * @param records - the records in result order: an array (document id = index) or a record
   *   store, which decodes each record as it is read
   * @example
   * ```ts
   * ReverseIndex.build([{ registrant: { organization: 'Acme' } }]).size // 1
   * ```
   */
  static build(records: readonly WhoisRecord[] | RecordSource): ReverseIndex {
    const source: RecordSource = Array.isArray(records)
      ? { size: records.length, get: (doc) => records[doc] as WhoisRecord }
      : (records as RecordSource)
    const n = source.size
    const text = new RegistrationTextBuilder()
    const postal = new ExactTermsBuilder(postalKey)
    const email = new ExactTermsBuilder(emailKey)
    const registrar = new ExactTermsBuilder(registrarKey)
    const digits = new DigitsIndexBuilder()
    const nameservers = new LabelSuffixIndexBuilder(n)
    const created = new Float64Array(n)
    const updated = new Float64Array(n)
    const expires = new Float64Array(n)
    const visit = (field: string, value: string): void => {
      text.addValue(field, value)
      const cls = fieldClass(field)
      if (cls === FIELD_POSTAL) postal.addValue(value)
      else if (cls === FIELD_PHONE) digits.addValue(value)
      else if (field === 'email') email.addValue(value)
    }
    for (let doc = 0; doc < n; doc++) {
      const record = source.get(doc)
      text.startDoc(doc)
      postal.startDoc(doc)
      email.startDoc(doc)
      registrar.startDoc(doc)
      digits.startDoc(doc)
      forEachContactValue(record, visit)
      text.endDoc()
      postal.endDoc()
      email.endDoc()
      // Loaded records are checked, but in-memory ones may carry anything: read `domain` defensively.
      const domain: unknown = record.domain
      const section = (domain !== null && typeof domain === 'object' ? domain : {}) as DomainSection
      nameservers.addDoc(section.nameservers)
      addStrings(registrar, section['registrar_name'])
      registrar.endDoc()
      created[doc] = normInstant(section.created_norm)
      updated[doc] = normInstant(section.updated_norm)
      expires[doc] = normInstant(section.expires_norm)
    }
    return new ReverseIndex({
      docCount: n,
      text: text.finish().state,
      postal: postal.finish().state,
      email: email.finish().state,
      registrar: registrar.finish().state,
      digits: digits.finish().state,
      nameservers: nameservers.finish().state,
      created: DateColumn.build(created).state,
      updated: DateColumn.build(updated).state,
      expires: DateColumn.build(expires).state,
    })
  }

  /** The number of documents. */
  get size(): number {
    return this.#s.docCount
  }

  /** The `created_norm` column: the first key of the result order. */
  get created(): DateColumn {
    return this.#s.created
  }

  /** The plain data of every structure, for saving. */
  get state(): ReverseIndexState {
    const s = this.#s
    return {
      docCount: s.docCount,
      text: s.text.state,
      postal: s.postal.state,
      email: s.email.state,
      registrar: s.registrar.state,
      digits: s.digits.state,
      nameservers: s.nameservers.state,
      created: s.created.state,
      updated: s.updated.state,
      expires: s.expires.state,
    }
  }

  /** The structures, for the query planner (query/reverse/planner.ts). */
  get structures(): ReverseStructures {
    return this.#s
  }
}

// A string value, or each string element of an array (as contact fields and nameservers are read);
// anything else holds no value.
function addStrings(terms: ExactTermsBuilder, value: unknown): void {
  if (typeof value === 'string') terms.addValue(value)
  else if (Array.isArray(value)) {
    for (const element of value as unknown[]) if (typeof element === 'string') terms.addValue(element)
  }
}
