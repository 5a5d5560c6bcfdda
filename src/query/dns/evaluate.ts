/**
 * Evaluation of filters and expressions (SPEC 6) over sets of ordinals (doc-set.ts). NOT is never
 * materialised as "every observation but these": a set carries a `negated` flag, and AND, OR and
 * NOT combine flagged sets by De Morgan (x AND NOT y is a difference, NOT x AND NOT y is NOT
 * (x OR y)), so `txt:spf1 NOT host:big-provider.com` costs two set operations, not a complement
 * of millions.
 */
import type { DnsState } from '../../indexes/dns/state.js'
import type { Expr, Term } from '../expression/ast.js'
import { andSets, type DocSet, minusSets, orSets, sizeHint } from './doc-set.js'
import { termObservations } from './term.js'

/** The ordinals of `set` (negated: every ordinal but those). */
export interface IdSet {
  set: DocSet
  negated: boolean
}

/**
 * Evaluates an expression. Recursion follows the tree, whose depth the parser bounds.
 *
 * @param state - the index state
 * @param expr - a parsed expression
 * @example
 * ```ts
 * evaluate(state, parseExpression('txt:spf1 NOT host:a.com')) // { set: { list: ..., bits: null }, negated: false }
 * ```
 */
export function evaluate(state: DnsState, expr: Expr): IdSet {
  switch (expr.kind) {
    case 'term':
      return { set: termObservations(state, expr), negated: false }
    case 'not': {
      const inner = evaluate(state, expr.operand)
      return { set: inner.set, negated: !inner.negated }
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
  return Number(a.negated) - Number(b.negated) || sizeHint(a.set) - sizeHint(b.set)
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
  return terms.map((t): IdSet => ({ set: termObservations(state, t), negated: false })).reduce(or)
}

/**
 * Both sets hold.
 *
 * @example
 * ```ts
 * and({ set: listSet(Uint32Array.of(1, 2)), negated: false }, { set: listSet(Uint32Array.of(2)), negated: true })
 * // { set: { list: [1] }, negated: false }
 * ```
 */
export function and(a: IdSet, b: IdSet): IdSet {
  if (!a.negated && !b.negated) return { set: andSets(a.set, b.set), negated: false }
  if (a.negated && b.negated) return { set: orSets(a.set, b.set), negated: true }
  return a.negated
    ? { set: minusSets(b.set, a.set), negated: false }
    : { set: minusSets(a.set, b.set), negated: false }
}

/**
 * Either set holds.
 *
 * @example
 * ```ts
 * or({ set: listSet(Uint32Array.of(1)), negated: false }, { set: listSet(Uint32Array.of(1, 2)), negated: true })
 * // { set: { list: [2] }, negated: true }
 * ```
 */
export function or(a: IdSet, b: IdSet): IdSet {
  if (!a.negated && !b.negated) return { set: orSets(a.set, b.set), negated: false }
  if (a.negated && b.negated) return { set: andSets(a.set, b.set), negated: true }
  return a.negated
    ? { set: minusSets(a.set, b.set), negated: true }
    : { set: minusSets(b.set, a.set), negated: true }
}
