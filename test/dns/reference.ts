/**
 * The brute-force twin of DNS search (SPEC 6): a plain scan over observation objects, with its own
 * tiny expression parser (a regex tokenizer and shunting-yard, unlike the engine's recursive
 * descent), used by the property tests to check the index. It handles valid queries only.
 */
import { tokenize } from '../../src/analysis/tokenize.js'
import { normalizeHost } from '../../src/normalize/host.js'
import type { DnsKind, Envelope, Item, Observation, SummaryResponse } from '../../src/types.js'

/** The parameters the reference understands (a valid query, typed). */
export interface RefParams {
  host?: string
  nameserver?: string
  txt?: string
  from?: string
  to?: string
  most_recent?: boolean
  filter?: string[]
  expression?: string
  summarize?: string
  summary_context?: string
  summary_limit?: number
  page?: number
}

interface RefTerm {
  context: string | null
  type: string
  op: string
  value: string
}

type Rpn = (RefTerm | 'AND' | 'OR' | 'NOT')[]

/** Answers a valid query by scanning every observation. */
export function referenceSearch(
  kind: DnsKind,
  observations: readonly Observation[],
  p: RefParams,
): Envelope<Observation> | SummaryResponse {
  void kind
  const sorted = [...observations].sort((a, b) => {
    const da = a.date.slice(0, 10)
    const db = b.date.slice(0, 10)
    if (da !== db) return da < db ? 1 : -1
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  })
  const from = p.from?.slice(0, 10)
  const to = p.to?.slice(0, 10)
  const inWindow = (o: Observation) => {
    const d = o.date.slice(0, 10)
    return (from === undefined || d >= from) && (to === undefined || d <= to)
  }
  let pool = sorted.filter(inWindow)
  if (p.most_recent === true) {
    const latest = new Map<string, string>()
    for (const o of pool) {
      const apex = apexOf(o)
      const d = o.date.slice(0, 10)
      if ((latest.get(apex) ?? '') < d) latest.set(apex, d)
    }
    pool = pool.filter((o) => latest.get(apexOf(o)) === o.date.slice(0, 10))
  }
  const filterTerms = p.filter?.flatMap(splitFilter)
  const rpn = p.expression === undefined ? undefined : toRpn(p.expression)
  const txtTokens = p.txt === undefined ? undefined : tokenize(p.txt)
  const matches = pool.filter((o) => {
    if (p.host !== undefined && apexOf(o) !== key(p.host)) return false
    if (
      p.nameserver !== undefined &&
      !holds(o, { context: 'dns-ns', type: 'host', op: ':', value: p.nameserver })
    )
      return false
    if (
      txtTokens !== undefined &&
      !o.items.some((it) => it.type === 'txt' && consecutive(it.value, txtTokens))
    )
      return false
    if (filterTerms !== undefined && !filterTerms.some((t) => holds(o, t))) return false
    if (rpn !== undefined && !runRpn(rpn, o)) return false
    return true
  })
  if (p.summarize !== undefined)
    return summary(matches, p.summarize, p.summary_context, p.summary_limit ?? 100)
  const page = p.page ?? 0
  return {
    page,
    pages: Math.ceil(matches.length / 100),
    result_count: matches.length,
    results: matches.slice(page * 100, page * 100 + 100),
  }
}

function summary(
  matches: readonly Observation[],
  type: string,
  context: string | undefined,
  limit: number,
): SummaryResponse {
  const counts = new Map<string, number>()
  for (const o of matches) {
    const seen = new Set<string>()
    for (const it of o.items) {
      if (it.type !== type) continue
      if (context !== undefined && it.context !== context) continue
      if (it.is_metadata && context !== '') continue
      seen.add(it.value)
    }
    for (const v of seen) counts.set(v, (counts.get(v) ?? 0) + 1)
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  const values: Record<string, number> = {}
  for (const [v, c] of ranked.slice(0, limit))
    Object.defineProperty(values, v, { value: c, enumerable: true, writable: true, configurable: true })
  const other = ranked.slice(limit).reduce((s, [, c]) => s + c, 0)
  return { summary: { other, values } }
}

/** The host comparison key: SPEC 3 normalisation, else trimmed lower case without one final dot. */
export function key(host: string): string {
  const r = normalizeHost(host)
  if (r.ok) return r.host
  const s = host.trim().toLowerCase()
  return s.endsWith('.') ? s.slice(0, -1) : s
}

function apexOf(o: Observation): string {
  return key((o.items[0] as Item).value)
}

function consecutive(text: string, phrase: readonly string[]): boolean {
  const t = tokenize(text)
  for (let i = 0; i + phrase.length <= t.length; i++) {
    if (phrase.every((w, j) => t[i + j] === w)) return true
  }
  return false
}

function holds(o: Observation, t: RefTerm): boolean {
  return o.items.some((it) => {
    if (it.type !== t.type || (t.context !== null && it.context !== t.context)) return false
    if (t.type === 'host') {
      const k = key(it.value)
      const q = key(t.value)
      return t.op === '=' ? k === q : k === q || k.endsWith(`.${q}`)
    }
    return t.op === '='
      ? it.value.toLowerCase() === t.value.toLowerCase()
      : consecutive(it.value, tokenize(t.value))
  })
}

const LEXEME =
  /[ \t\n\v\f\r]*(?:(\()|(\))|(,)|([A-Za-z0-9_.-]+)([:=])(?:"((?:[^"\\]|\\.)*)"|([^ \t\n\v\f\r(),"]+))|(and|or|not)(?=[ \t\n\v\f\r(),]|$))/iy

function lexemes(text: string): (RefTerm | string)[] {
  const out: (RefTerm | string)[] = []
  LEXEME.lastIndex = 0
  while (LEXEME.lastIndex < text.length) {
    if (/^[ \t\n\v\f\r]*$/.test(text.slice(LEXEME.lastIndex))) break
    const m = LEXEME.exec(text)
    if (m === null) throw new Error(`reference lexer: cannot read ${JSON.stringify(text)}`)
    if (m[1] !== undefined || m[2] !== undefined || m[3] !== undefined)
      out.push((m[1] ?? m[2] ?? m[3]) as string)
    else if (m[8] !== undefined) out.push(m[8].toUpperCase())
    else {
      const field = m[4] as string
      const dot = field.lastIndexOf('.')
      const value = m[6] !== undefined ? m[6].replace(/\\(["\\])/g, '$1') : (m[7] as string)
      out.push({
        context: dot < 0 ? null : field.slice(0, dot),
        type: field.slice(dot + 1),
        op: m[5] as string,
        value,
      })
    }
  }
  return out
}

function splitFilter(text: string): RefTerm[] {
  return lexemes(text).filter((l): l is RefTerm => typeof l !== 'string')
}

// Shunting-yard to reverse Polish notation, with the implicit AND between adjacent operands.
function toRpn(text: string): Rpn {
  const prec: Record<string, number> = { OR: 1, AND: 2, NOT: 3 }
  const out: Rpn = []
  const ops: string[] = []
  let prevEndsOperand = false
  for (const l of lexemes(text)) {
    const startsOperand = typeof l !== 'string' || l === '(' || l === 'NOT'
    if (prevEndsOperand && startsOperand) pushOp('AND')
    if (typeof l !== 'string') out.push(l)
    else if (l === '(') ops.push(l)
    else if (l === ')') {
      while (ops.at(-1) !== '(') out.push(ops.pop() as 'AND')
      ops.pop()
    } else if (l === 'NOT') ops.push(l)
    else pushOp(l)
    prevEndsOperand = typeof l !== 'string' || l === ')'
  }
  while (ops.length > 0) out.push(ops.pop() as 'AND')
  return out

  function pushOp(op: string): void {
    // Left-associative binary operators; NOT is unary prefix, so it never pops for NOT.
    while (
      ops.length > 0 &&
      ops.at(-1) !== '(' &&
      (prec[ops.at(-1) as string] as number) >= (prec[op] as number)
    ) {
      out.push(ops.pop() as 'AND')
    }
    ops.push(op)
  }
}

function runRpn(rpn: Rpn, o: Observation): boolean {
  const stack: boolean[] = []
  for (const x of rpn) {
    if (x === 'NOT') stack.push(!stack.pop())
    else if (x === 'AND' || x === 'OR') {
      const b = stack.pop() as boolean
      const a = stack.pop() as boolean
      stack.push(x === 'AND' ? a && b : a || b)
    } else stack.push(holds(o, x))
  }
  return stack.pop() as boolean
}
