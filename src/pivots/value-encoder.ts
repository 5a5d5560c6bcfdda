/**
 * The encoder every value and text of spelling variants goes through: FlexSearch's `LatinExtra`
 * (case, accents, doubled letters and similar sounds folded; docs/pivots.md). In a module of its
 * own so the public types never reach FlexSearch's.
 */
import { Charset, Encoder } from 'flexsearch'

/** The encoder every value and text goes through. */
export const VALUE_ENCODER = new Encoder(Charset.LatinExtra)
