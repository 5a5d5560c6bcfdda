/**
 * The SQLite peer of DNS MX/TXT search (SPEC 6), through better-sqlite3, one database per kind, in
 * memory (or in a file), written as a careful SQLite user would write it:
 *
 * - `obs(id INTEGER PRIMARY KEY, oid, day, apex)`: one row per observation, `id` its rank in result
 *   order (date descending, id ascending), so `ORDER BY id` is the result order with no sort; `day`
 *   the date as a day number; `apex` the key of its metadata host. Indexes on (apex, day) for host
 *   lookups and most_recent, and on (day) for from/to.
 * - `hosts(context, rev, obs)`: every host item (the metadata apex included) with its labels
 *   reversed (`ns1.cloudflare.com` → `com.cloudflare.ns1`), a WITHOUT ROWID table keyed by all
 *   three, so a label-aligned suffix under a context is one B-tree range:
 *   `context = 'dns-ns' AND (rev = 'com.cloudflare' OR (rev >= 'com.cloudflare.' AND rev < 'com.cloudflare/'))`.
 * - `vals(obs, type, context, value)`: every non-metadata item, keyed WITHOUT ROWID by all four (so
 *   a value repeated within one observation is one row: a summary counts observations), plus an
 *   index on (type, context, value, obs) for summaries over every observation.
 * - `txt`: a contentless FTS5 table (`unicode61 remove_diacritics 0`) with one row per `txt` item,
 *   rowid = id × 64 + item index, so a `txt` phrase is an FTS5 phrase query within one value. Values
 *   are staged and enter FTS5 in rowid order at `finish` (see bench/lib/sqlite-peer.ts for why).
 *
 * A query is `count(*)` plus the first 100 `oid`s `ORDER BY id` over `obs` restricted by one
 * condition per criterion; `most_recent` is `day = (SELECT max(day) FROM obs m WHERE m.apex = o.apex
 * [AND the window])`; a summary is a GROUP BY over `vals` of the matching observations with the
 * total as a window sum, `ORDER BY count DESC, value LIMIT n`. Expressions and filters compile when
 * every term is a host term (`:` suffix or `=` equality, with or without a context); other
 * criteria (text terms, metadata summaries) are not answered (`prepare` returns undefined).
 */
import type Database from 'better-sqlite3'
import { dayNumber } from '../../src/indexes/dns/day.js'
import { hostKey } from '../../src/indexes/dns/host-key.js'
import { type DnsQuery, parseDnsParams } from '../../src/query/dns-params.js'
import type { Expr, Term } from '../../src/query/expression/ast.js'
import type { DnsKind, Observation, Params } from '../../src/types.js'
import { openDatabase, reversedHost } from './sqlite-peer.js'

/** A DNS answer: count and first page of observation ids, or a summary's ranked values and `other`. */
export type DnsPeerAnswer = { count: number; ids: string[] } | { values: [string, number][]; other: number }

const ITEMS_PER_OBSERVATION = 64

/** A condition over `obs o` and its arguments. */
interface Condition {
  sql: string
  args: (string | number)[]
}

/**
 * DNS search of one kind over SQLite B-tree indexes and FTS5 (see the file header for the schema).
 *
 * @example
 * ```ts
 * const peer = SqliteDnsPeer.create('mx')
 * observations.forEach((o, rank) => peer.add(rank, o))
 * peer.finish()
 * peer.prepare({ nameserver: 'cloudflare.com' })?.() // { count: 311821, ids: ['mx-…', …] }
 * ```
 */
export class SqliteDnsPeer {
  readonly #kind: DnsKind
  readonly #db: Database.Database
  readonly #addObs: Database.Statement
  readonly #addHost: Database.Statement
  readonly #addVal: Database.Statement
  readonly #addTxt: Database.Statement

  private constructor(kind: DnsKind, db: Database.Database) {
    this.#kind = kind
    this.#db = db
    this.#addObs = db.prepare('INSERT INTO obs VALUES (?, ?, ?, ?)')
    this.#addHost = db.prepare('INSERT OR IGNORE INTO hosts VALUES (?, ?, ?)')
    this.#addVal = db.prepare('INSERT OR IGNORE INTO vals VALUES (?, ?, ?, ?)')
    this.#addTxt = db.prepare('INSERT INTO staged VALUES (?, ?)')
  }

  /**
   * An empty database with the tables and an open transaction, for observations added one at a
   * time (in any order) with {@link SqliteDnsPeer.add}, then {@link SqliteDnsPeer.finish}.
   *
   * @param kind - the kind of observation this database answers
   * @param path - the database file; default in memory
   */
  static create(kind: DnsKind, path = ':memory:'): SqliteDnsPeer {
    const db = openDatabase(path)
    db.exec(`
      CREATE TABLE obs (id INTEGER PRIMARY KEY, oid TEXT NOT NULL, day INTEGER NOT NULL, apex TEXT NOT NULL);
      CREATE TABLE hosts (context TEXT NOT NULL, rev TEXT NOT NULL, obs INTEGER NOT NULL,
        PRIMARY KEY (context, rev, obs)) WITHOUT ROWID;
      CREATE TABLE vals (obs INTEGER NOT NULL, type TEXT NOT NULL, context TEXT NOT NULL, value TEXT NOT NULL,
        PRIMARY KEY (obs, type, context, value)) WITHOUT ROWID;
      CREATE VIRTUAL TABLE txt USING fts5(value, content='', tokenize='unicode61 remove_diacritics 0');
      CREATE TEMP TABLE staged (id INTEGER NOT NULL, value TEXT NOT NULL);
      BEGIN;
    `)
    return new SqliteDnsPeer(kind, db)
  }

  /**
   * Adds one observation.
   *
   * @param rank - its rank in result order
   * @param o - the observation as loaded
   */
  add(rank: number, o: Observation): void {
    const { items } = o
    if (items.length > ITEMS_PER_OBSERVATION) throw new Error(`${o.id}: more than 64 items`)
    const apex = items[0] === undefined ? '' : hostKey(items[0].value)
    this.#addObs.run(rank, o.id, dayNumber(o.date), apex)
    items.forEach((it, k) => {
      if (it.type === 'host') this.#addHost.run(it.context, reversedHost(hostKey(it.value)), rank)
      if (it.type === 'txt') this.#addTxt.run(rank * ITEMS_PER_OBSERVATION + k, it.value.normalize('NFKC'))
      if (!it.is_metadata) this.#addVal.run(rank, it.type, it.context, it.value)
    })
  }

  /** Commits the observations, creates the secondary indexes, merges FTS5 segments and analyses. */
  finish(): void {
    this.#db.exec(`
      INSERT INTO txt (rowid, value) SELECT id, value FROM staged ORDER BY id;
      DROP TABLE staged;
      COMMIT;
      CREATE INDEX obs_apex ON obs (apex, day);
      CREATE INDEX obs_day ON obs (day);
      CREATE INDEX vals_value ON vals (type, context, value, obs);
      INSERT INTO txt (txt) VALUES ('optimize');
      ANALYZE;
    `)
  }

  /** The database's size in bytes (pages in use × page size). */
  bytes(): number {
    const pages = this.#db.pragma('page_count', { simple: true }) as number
    const size = this.#db.pragma('page_size', { simple: true }) as number
    return pages * size
  }

  /**
   * Prepares the statements answering valid MX or TXT parameters, or returns undefined when the
   * query holds a criterion this peer does not compile (see the file header).
   *
   * @param params - the API's parameters for this kind
   * @returns a function running the query
   */
  prepare(params: Params): (() => DnsPeerAnswer) | undefined {
    const query = parseDnsParams(this.#kind, params)
    const conditions = this.#conditions(query)
    if (conditions === undefined) return undefined
    const where = conditions.length === 0 ? '1' : conditions.map((c) => c.sql).join(' AND ')
    const args = conditions.flatMap((c) => c.args)
    const { summary } = query
    if (summary !== null) {
      if (summary.context === '') return undefined
      const context = summary.context === null ? '' : 'AND v.context = ?'
      const restrict = conditions.length === 0 ? '' : `AND v.obs IN (SELECT o.id FROM obs o WHERE ${where})`
      const statement = this.#db.prepare(`
        SELECT value, c, sum(c) OVER () AS total FROM (
          SELECT v.value AS value, count(*) AS c FROM vals v WHERE v.type = ? ${context} ${restrict} GROUP BY v.value
        ) ORDER BY c DESC, value LIMIT ?`)
      const summaryArgs = [summary.type, ...(summary.context === null ? [] : [summary.context]), ...args]
      return () => {
        const rows = statement.all(...summaryArgs, summary.limit) as {
          value: string
          c: number
          total: number
        }[]
        const listed = rows.reduce((sum, r) => sum + r.c, 0)
        return { values: rows.map((r) => [r.value, r.c]), other: (rows[0]?.total ?? 0) - listed }
      }
    }
    const count = this.#db.prepare(`SELECT count(*) FROM obs o WHERE ${where}`).pluck()
    const page = this.#db.prepare(`SELECT o.oid FROM obs o WHERE ${where} ORDER BY o.id LIMIT 100`).pluck()
    return () => ({ count: count.get(...args) as number, ids: page.all(...args) as string[] })
  }

  /** The conditions of a query's criteria over `obs o`, or undefined when one does not compile. */
  #conditions(query: DnsQuery): Condition[] | undefined {
    const out: Condition[] = []
    const { from, to } = query
    const window: Condition = { sql: '', args: [] }
    if (from !== null) {
      window.sql += ' AND m.day >= ?'
      window.args.push(from)
      out.push({ sql: 'o.day >= ?', args: [from] })
    }
    if (to !== null) {
      window.sql += ' AND m.day <= ?'
      window.args.push(to)
      out.push({ sql: 'o.day <= ?', args: [to] })
    }
    if (query.mostRecent) {
      out.push({
        sql: `o.day = (SELECT max(m.day) FROM obs m WHERE m.apex = o.apex${window.sql})`,
        args: window.args,
      })
    }
    if (query.host !== null) out.push({ sql: 'o.apex = ?', args: [query.host] })
    if (query.nameserver !== null) out.push(hostCondition('dns-ns', ':', query.nameserver))
    if (query.txt !== null) {
      out.push({
        sql: `o.id IN (SELECT rowid >> 6 FROM txt WHERE txt MATCH ?)`,
        args: [`"${query.txt.join(' ')}"`],
      })
    }
    if (query.filters !== null) {
      const terms = query.filters.map(termCondition)
      if (terms.some((t) => t === undefined)) return undefined
      const compiled = terms as Condition[]
      out.push({ sql: `(${compiled.map((t) => t.sql).join(' OR ')})`, args: compiled.flatMap((t) => t.args) })
    }
    if (query.expression !== null) {
      const compiled = exprCondition(query.expression)
      if (compiled === undefined) return undefined
      out.push(compiled)
    }
    return out
  }

  /** Frees the database. */
  close(): void {
    this.#db.close()
  }
}

/** Observations with a host item under a context (any context when null), by suffix or equality. */
function hostCondition(context: string | null, operator: ':' | '=', value: string): Condition {
  const rev = reversedHost(hostKey(value))
  const inContext = context === null ? '' : 'context = ? AND '
  const contextArgs = context === null ? [] : [context]
  if (operator === '=') {
    return { sql: `o.id IN (SELECT obs FROM hosts WHERE ${inContext}rev = ?)`, args: [...contextArgs, rev] }
  }
  // '/' follows '.' in every collation: [rev + '.', rev + '/') is every host under rev.
  return {
    sql: `o.id IN (SELECT obs FROM hosts WHERE ${inContext}(rev = ? OR (rev >= ? AND rev < ?)))`,
    args: [...contextArgs, rev, `${rev}.`, `${rev}/`],
  }
}

function termCondition(term: Term): Condition | undefined {
  return term.type === 'host' ? hostCondition(term.context, term.operator, term.value) : undefined
}

function exprCondition(expr: Expr): Condition | undefined {
  if (expr.kind === 'term') return termCondition(expr)
  if (expr.kind === 'not') {
    const operand = exprCondition(expr.operand)
    return operand === undefined ? undefined : { sql: `NOT ${operand.sql}`, args: operand.args }
  }
  const operands = expr.operands.map(exprCondition)
  if (operands.some((o) => o === undefined)) return undefined
  const compiled = operands as Condition[]
  const joiner = expr.kind === 'and' ? ' AND ' : ' OR '
  return { sql: `(${compiled.map((c) => c.sql).join(joiner)})`, args: compiled.flatMap((c) => c.args) }
}
