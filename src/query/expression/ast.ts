/**
 * The syntax tree of DNS search filters and expressions (SPEC 6): terms `[context.]type:value` and
 * `[context.]type=value`, combined with NOT, AND and OR. AND and OR nodes are n-ary (a chain of
 * `a AND b AND c` is one node), so the tree's depth is the nesting of parentheses and NOTs.
 */

/**
 * One term. `:` means the value's tokens occur consecutively in an item of that type (for type
 * `host`, a label-aligned suffix); `=` means the item's value equals the value, ignoring case.
 */
export interface Term {
  kind: 'term'
  /** The item context the term names (`dns-mx` in `dns-mx.host=…`), or null for every context. */
  context: string | null
  /** The item type (`host`, `txt`, `mx-preference`…). */
  type: string
  operator: ':' | '='
  /** The value as written, with quotes and escapes resolved. */
  value: string
  /** Where the term starts in the parameter text, counting from 0 (for error messages). */
  position: number
}

/** `NOT operand`. */
export interface NotNode {
  kind: 'not'
  operand: Expr
}

/** All operands hold. */
export interface AndNode {
  kind: 'and'
  operands: Expr[]
}

/** At least one operand holds. */
export interface OrNode {
  kind: 'or'
  operands: Expr[]
}

/** A parsed expression. */
export type Expr = Term | NotNode | AndNode | OrNode
