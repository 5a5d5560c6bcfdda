/**
 * The SQLite FTS5 peer of reverse search (SPEC 5), through better-sqlite3, in memory (or in a file),
 * written as a careful SQLite user would write it:
 *
 * - `domains(id INTEGER PRIMARY KEY, domain, created, updated, expires)`: one row per record, `id`
 *   its rank in result order (created descending, undated last, domain ascending), the same
 *   numbering domindex uses, so `ORDER BY id` is the result order with no sort; B-tree indexes on
 *   the three `_norm` instants (ISO strings, whose string order is time order).
 * - `text`: a contentless FTS5 table (`unicode61`, `remove_diacritics 0`, default token
 *   characters) with one row per registration-text value, so a phrase never spans two values;
 *   column `value` holds every value, column `name` only organisation values. Its rowid is
 *   `id * 256 + value index`, so a hit's record is `rowid >> 8` without a lookup. Values are NFKC
 *   normalised before insertion because unicode61 does not normalise and domindex's analysis does.
 * - `ns(doc, rev)`: one row per nameserver, its host with the labels reversed
 *   (`ns1.cloudflare.com` → `com.cloudflare.ns1`), B-tree index on (rev, doc): a label-aligned
 *   suffix is `rev = 'com.cloudflare' OR rev in ['com.cloudflare.', 'com.cloudflare/')`.
 *
 * A query is `count(*)` and the first 100 domains `ORDER BY id`, over `domains` restricted by one
 * `id IN (subquery)` or range condition per criterion. Records are loaded in one transaction, in any
 * order (`create`, `add` per record with its rank, `finish`), so a corpus can be streamed in; the
 * indexes are created after the load, which is faster than maintaining them row by row. Text values
 * are staged in a temporary table and enter FTS5 in rowid order at `finish`: FTS5 flushes its
 * pending terms whenever a rowid is not above the last one, and records streamed in file order
 * (ranks at random) made its build about 2× slower (measured at 100,000 records).
 */
import Database from 'better-sqlite3'
import { tokenize } from '../../src/analysis/tokenize.js'
import { normalizeHost } from '../../src/normalize/host.js'
import type { Params, WhoisRecord } from '../../src/types.js'
import { contactValues } from '../../test/reverse/reference.js'

/** The answer of a peer: the exact count and the domains of the first page, in result order. */
export interface PeerAnswer {
  count: number
  domains: string[]
}

/** A prepared query: the statements and their arguments. */
interface Prepared {
  count: Database.Statement
  page: Database.Statement
  args: (string | number)[]
}

const VALUES_PER_RECORD = 256
const DATE_FIELDS = ['created', 'updated', 'expires'] as const

/**
 * A host's labels in reverse order, joined by dots.
 *
 * @example
 * ```ts
 * reversedHost('ns1.cloudflare.com') // 'com.cloudflare.ns1'
 * ```
 */
export function reversedHost(host: string): string {
  return host.split('.').reverse().join('.')
}

/** An API date bound as the ISO instant it stands for (a bare day: its first or last second). */
function bound(value: string, end: 'from' | 'to'): string {
  if (value.length > 10) return value
  return `${value}T${end === 'from' ? '00:00:00' : '23:59:59'}Z`
}

/**
 * Opens a database for a bulk load: journal off where SQLite allows it (better-sqlite3's defensive
 * mode keeps a file's rollback journal, cheap for a load into a new file), no syncs; a file gets a
 * 4 GiB page cache (random inserts into B-trees larger than the cache would otherwise go through
 * the system for every page) and memory-mapped reads (up to SQLite's compiled limit, 2 GiB here).
 *
 * @param path - a file, or `:memory:`
 * @example
 * ```ts
 * openDatabase(':memory:').pragma('synchronous', { simple: true }) // 0
 * ```
 */
export function openDatabase(path: string): Database.Database {
  const db = new Database(path)
  db.pragma('journal_mode = OFF')
  db.pragma('synchronous = OFF')
  if (path !== ':memory:') {
    db.pragma('cache_size = -4194304')
    db.pragma('mmap_size = 1099511627776')
  }
  return db
}

/**
 * Reverse search over SQLite FTS5 and B-tree indexes (see the file header for the schema).
 *
 * @example
 * ```ts
 * const peer = SqlitePeer.build(records, keys)
 * peer.answer({ phrase: 'acme accounting' }) // { count: 45422, domains: ['acme-accounting.com', ...] }
 * ```
 */
export class SqlitePeer {
  readonly #db: Database.Database
  readonly #addDomain: Database.Statement
  readonly #addNs: Database.Statement
  readonly #addText: Database.Statement

  private constructor(db: Database.Database) {
    this.#db = db
    this.#addDomain = db.prepare('INSERT INTO domains VALUES (?, ?, ?, ?, ?)')
    this.#addNs = db.prepare('INSERT INTO ns VALUES (?, ?)')
    this.#addText = db.prepare('INSERT INTO staged VALUES (?, ?, ?)')
  }

  /**
   * Loads records (in result order) and creates the indexes.
   *
   * @param records - the records in result order
   * @param keys - each record's normalised domain
   */
  static build(records: readonly WhoisRecord[], keys: readonly string[]): SqlitePeer {
    const peer = SqlitePeer.create()
    records.forEach((r, doc) => {
      peer.add(doc, keys[doc] as string, r)
    })
    peer.finish()
    return peer
  }

  /**
   * An empty database with the tables and an open transaction, for records added one at a time
   * (in any order) with {@link SqlitePeer.add}, then {@link SqlitePeer.finish}.
   *
   * @param path - the database file; default in memory
   */
  static create(path = ':memory:'): SqlitePeer {
    const db = openDatabase(path)
    db.exec(`
      CREATE TABLE domains (id INTEGER PRIMARY KEY, domain TEXT NOT NULL, created TEXT, updated TEXT, expires TEXT);
      CREATE TABLE ns (doc INTEGER NOT NULL, rev TEXT NOT NULL);
      CREATE VIRTUAL TABLE text USING fts5(value, name, content='', tokenize='unicode61 remove_diacritics 0');
      CREATE TEMP TABLE staged (id INTEGER NOT NULL, value TEXT NOT NULL, name TEXT);
      BEGIN;
    `)
    return new SqlitePeer(db)
  }

  /**
   * Adds one record.
   *
   * @param doc - its rank in result order
   * @param key - its normalised domain
   * @param record - the record, `_norm` dates included
   */
  add(doc: number, key: string, record: WhoisRecord): void {
    const norm = (field: string): string | null => {
      const value = record.domain?.[`${field}_norm`]
      return typeof value === 'string' ? value : null
    }
    this.#addDomain.run(doc, key, norm('created'), norm('updated'), norm('expires'))
    for (const raw of record.domain?.nameservers ?? []) {
      const host = normalizeHost(raw)
      if (host.ok) this.#addNs.run(doc, reversedHost(host.host))
    }
    const values = contactValues(record)
    if (values.length > VALUES_PER_RECORD) throw new Error(`${key}: more than 256 contact values`)
    values.forEach(([field, value], k) => {
      const text = value.normalize('NFKC')
      this.#addText.run(doc * VALUES_PER_RECORD + k, text, field === 'organization' ? text : null)
    })
  }

  /** Commits the records, creates the B-tree indexes, merges the FTS5 segments and analyses. */
  finish(): void {
    this.#db.exec(`
      INSERT INTO text (rowid, value, name) SELECT id, value, name FROM staged ORDER BY id;
      DROP TABLE staged;
      COMMIT;
      CREATE INDEX ns_rev ON ns (rev, doc);
      CREATE INDEX domains_created ON domains (created);
      CREATE INDEX domains_updated ON domains (updated);
      CREATE INDEX domains_expires ON domains (expires);
      INSERT INTO text (text) VALUES ('optimize');
      ANALYZE;
    `)
  }

  /** The version of the SQLite library better-sqlite3 was built with. */
  static version(): string {
    const db = new Database(':memory:')
    const version = db.prepare('SELECT sqlite_version()').pluck().get() as string
    db.close()
    return version
  }

  /** The database's size in bytes (pages in use × page size). */
  bytes(): number {
    const pages = this.#db.pragma('page_count', { simple: true }) as number
    const size = this.#db.pragma('page_size', { simple: true }) as number
    return pages * size
  }

  /**
   * Prepares the statements answering reverse-search parameters. `slop` above 0 becomes FTS5
   * `NEAR(…, slop)`, which is unordered and so matches a superset of Lucene's slop.
   *
   * @param params - valid reverse-search parameters (phrase, slop, name, nameserver, date ranges)
   * @returns a function running the query
   */
  prepare(params: Params): () => PeerAnswer {
    const { phrase, slop, name, nameserver } = params
    const conditions: string[] = []
    const args: (string | number)[] = []
    const fts = 'd.id IN (SELECT rowid >> 8 FROM text WHERE text MATCH ?)'
    if (phrase !== undefined) {
      // Tokens are runs of letters and digits: nothing in them needs escaping in an FTS5 query.
      const tokens = tokenize(String(phrase))
      const near = Number(slop ?? 0) > 0 && tokens.length > 1
      conditions.push(fts)
      args.push(
        near
          ? `value : NEAR(${tokens.map((t) => `"${t}"`).join(' ')}, ${Number(slop)})`
          : `value : "${tokens.join(' ')}"`,
      )
    }
    if (name !== undefined) {
      conditions.push(fts)
      args.push(
        `name : (${tokenize(String(name))
          .map((t) => `"${t}"`)
          .join(' AND ')})`,
      )
    }
    if (nameserver !== undefined) {
      const host = normalizeHost(String(nameserver))
      if (!host.ok) throw new Error(`nameserver ${String(nameserver)}: ${host.reason}`)
      const rev = reversedHost(host.host)
      // '/' follows '.' in every collation: [rev + '.', rev + '/') is every host under rev.
      conditions.push('d.id IN (SELECT doc FROM ns WHERE rev = ? OR (rev >= ? AND rev < ?))')
      args.push(rev, `${rev}.`, `${rev}/`)
    }
    for (const field of DATE_FIELDS) {
      const from = params[`${field}_from`]
      const to = params[`${field}_to`]
      if (from !== undefined) {
        conditions.push(`d.${field} >= ?`)
        args.push(bound(String(from), 'from'))
      }
      if (to !== undefined) {
        conditions.push(`d.${field} <= ?`)
        args.push(bound(String(to), 'to'))
      }
    }
    const where = conditions.join(' AND ')
    const prepared: Prepared = {
      count: this.#db.prepare(`SELECT count(*) FROM domains d WHERE ${where}`).pluck(),
      page: this.#db.prepare(`SELECT d.domain FROM domains d WHERE ${where} ORDER BY d.id LIMIT 100`).pluck(),
      args,
    }
    return () => ({
      count: prepared.count.get(...prepared.args) as number,
      domains: prepared.page.all(...prepared.args) as string[],
    })
  }

  /** Frees the database. */
  close(): void {
    this.#db.close()
  }
}
