/**
 * Evaluation of filters and expressions (SPEC 6) over sorted ordinal lists. NOT is never
 * materialised as "every observation but these": a set carries a `negated` flag, and AND, OR and
 * NOT combine flagged sets by De Morgan (x AND NOT y is a difference, NOT x AND NOT y is NOT
 * (x OR y)), so `txt:spf1 NOT host:big-provider.com` costs two merges, not a complement of millions.
 */
import type { DnsState } from '../../indexes/dns-state.js'
import type { Expr, Term } from '../expression/ast.js'
import { difference, intersect, union } from './id-sets.js'
import { termObservations } from './term.js'

/** The ordinals `ids` (negated: every ordinal but `ids`). */
export interface IdSet {
  ids: Uint32Array
  negated: boolean
}

/**
 * Evaluates an expression. Recursion follows the tree, whose depth the parser bounds.
 *
 * @param state - the index state
 * @param expr - a parsed expression
 * @example
 * ```ts
 * evaluate(state, parseExpression('txt:spf1 NOT host:a.com')) // { ids: ..., negated: false }
 * ```
 */
export function evaluate(state: DnsState, expr: Expr): IdSet {
  switch (expr.kind) {
    case 'term':
      return { ids: termObservations(state, expr), negated: false }
    case 'not': {
      const inner = evaluate(state, expr.operand)
      return { ids: inner.ids, negated: !inner.negated }
    }
    case 'and':
      return expr.operands
        .map((e) => evaluate(state, e))
        .sort(shortestFirst)
        .reduce(and)
    case 'or':
      return expr.operands.map((e) => evaluate(state, e)).reduce(or)
  }
}

/**
 * Orders AND operands so that every intersection is bounded by the rarest list: positive sets
 * first, shortest first; negated ones (differences) after.
 *
 * @example
 * ```ts
 * [big, small].sort(shortestFirst) // [small, big]
 * ```
 */
export function shortestFirst(a: IdSet, b: IdSet): number {
  return Number(a.negated) - Number(b.negated) || a.ids.length - b.ids.length
}

/**
 * The union of the filter terms' matches (filters are OR-ed with each other).
 *
 * @param state - the index state
 * @param terms - the terms of every filter value, at least one
 * @example
 * ```ts
 * evaluateFilters(state, parseFilter('dns-mx.host:google.com,dns-mx.host:outlook.com'))
 * ```
 */
export function evaluateFilters(state: DnsState, terms: readonly Term[]): IdSet {
  return terms.map((t): IdSet => ({ ids: termObservations(state, t), negated: false })).reduce(or)
}

/**
 * Both sets hold.
 *
 * @example
 * ```ts
 * and({ ids: Uint32Array.of(1, 2), negated: false }, { ids: Uint32Array.of(2), negated: true }) // { ids: [1], negated: false }
 * ```
 */
export function and(a: IdSet, b: IdSet): IdSet {
  if (!a.negated && !b.negated) return { ids: intersect(a.ids, b.ids), negated: false }
  if (a.negated && b.negated) return { ids: union(a.ids, b.ids), negated: true }
  return a.negated
    ? { ids: difference(b.ids, a.ids), negated: false }
    : { ids: difference(a.ids, b.ids), negated: false }
}

/**
 * Either set holds.
 *
 * @example
 * ```ts
 * or({ ids: Uint32Array.of(1), negated: false }, { ids: Uint32Array.of(1, 2), negated: true }) // { ids: [2], negated: true }
 * ```
 */
export function or(a: IdSet, b: IdSet): IdSet {
  if (!a.negated && !b.negated) return { ids: union(a.ids, b.ids), negated: false }
  if (a.negated && b.negated) return { ids: intersect(a.ids, b.ids), negated: true }
  return a.negated
    ? { ids: difference(a.ids, b.ids), negated: true }
    : { ids: difference(b.ids, a.ids), negated: true }
}
