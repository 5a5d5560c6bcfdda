/**
 * PLACEHOLDER (replaced by the date-normalisation work): registry date strings to UTC instants.
 */

/** Options of {@link normalizeDate}. */
export interface NormalizeDateOptions {
  /** The record's TLD, which decides day-first or month-first numeric dates. */
  tld?: string
}

/** Normalises a registry date string to `YYYY-MM-DDTHH:MM:SSZ`, or null when it is not a date. */
export function normalizeDate(raw: string, options: NormalizeDateOptions = {}): string | null {
  void options
  const ms = Date.parse(raw)
  return Number.isNaN(ms) ? null : `${new Date(ms).toISOString().slice(0, 19)}Z`
}
