/**
 * The kinds of pivot that have spelling variants (SPEC 14), in a module of their own: the public
 * types (`SuggestParams`, `SuggestResponse`) reach it, and nothing here reaches Node or FlexSearch.
 */

/** The kinds of pivot that have spelling variants. */
export const SUGGEST_KINDS = ['email', 'organization', 'street', 'registrar', 'nameserver'] as const

/** A kind of pivot with spelling variants. */
export type SuggestKind = (typeof SUGGEST_KINDS)[number]
