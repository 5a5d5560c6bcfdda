/**
 * An SQLite peer for the exact-key reverse criteria of SPEC 14 (`email`, `registrar`): one row per
 * (kind, key, document) with the keys domindex compares (src/indexes/reverse/exact-keys.ts), a
 * B-tree index on (kind, key, doc), and documents numbered in result order, so a query is an index
 * range: `count(*)` and the first 100 domains `ORDER BY doc` with no sort.
 */
import Database from 'better-sqlite3'
import { emailKey, registrarKey } from '../../src/indexes/reverse/exact-keys.js'
import type { WhoisRecord } from '../../src/types.js'
import type { PeerAnswer } from './sqlite-peer.js'

const SECTIONS = ['registrant', 'admin', 'tech', 'billing'] as const

function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v]
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

/**
 * Exact-key reverse queries in SQLite (in memory).
 *
 * @example
 * ```ts
 * const peer = SqliteKeyPeer.build(records, keys)
 * peer.answer('email', 'info@acme.com') // { count: 3, domains: ['a.com', …] }
 * ```
 */
export class SqliteKeyPeer {
  readonly #count: Database.Statement
  readonly #page: Database.Statement

  private constructor(db: Database.Database) {
    this.#count = db.prepare('SELECT count(*) FROM keys WHERE kind = ? AND key = ?').pluck()
    this.#page = db
      .prepare(
        'SELECT domain FROM keys JOIN docs ON docs.id = keys.doc WHERE kind = ? AND key = ? ORDER BY doc LIMIT 100',
      )
      .pluck()
  }

  /**
   * Loads records given in result order.
   *
   * @param records - the records, in result order
   * @param domains - each record's normalised domain
   */
  static build(records: readonly WhoisRecord[], domains: readonly string[]): SqliteKeyPeer {
    const db = new Database(':memory:')
    db.exec('CREATE TABLE docs (id INTEGER PRIMARY KEY, domain TEXT NOT NULL)')
    db.exec('CREATE TABLE keys (kind TEXT NOT NULL, key TEXT NOT NULL, doc INTEGER NOT NULL)')
    const addDoc = db.prepare('INSERT INTO docs VALUES (?, ?)')
    const addKey = db.prepare('INSERT INTO keys VALUES (?, ?, ?)')
    db.transaction(() => {
      records.forEach((record, doc) => {
        addDoc.run(doc, domains[doc])
        const keys = new Set<string>()
        for (const section of SECTIONS) {
          const contact = record[section]
          if (contact === null || typeof contact !== 'object') continue
          for (const email of strings((contact as Record<string, unknown>)['email'])) {
            const key = emailKey(email)
            if (key !== '') keys.add(`email\u0000${key}`)
          }
        }
        for (const name of strings(record.domain?.['registrar_name'])) {
          const key = registrarKey(name)
          if (key !== '') keys.add(`registrar\u0000${key}`)
        }
        for (const entry of keys) {
          const [kind, key] = entry.split('\u0000')
          addKey.run(kind, key, doc)
        }
      })
    })()
    db.exec('CREATE INDEX by_key ON keys (kind, key, doc)')
    return new SqliteKeyPeer(db)
  }

  /** The count and first 100 domains of `kind = key` (the key already normalised). */
  answer(kind: 'email' | 'registrar', key: string): PeerAnswer {
    return { count: this.#count.get(kind, key) as number, domains: this.#page.all(kind, key) as string[] }
  }
}
