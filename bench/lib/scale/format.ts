/**
 * Number formats of the scale benchmark's report: milliseconds, seconds, counts, bytes, ratios and
 * scale names, so every table prints figures the same way.
 */

/** Bytes in a GiB and a MiB. */
export const GIB = 2 ** 30
export const MIB = 2 ** 20

/** A ratio as `12×`, `3.4×`. */
export function ratio(theirs: number, ours: number): string {
  if (!Number.isFinite(theirs) || !Number.isFinite(ours) || ours <= 0) return ''
  const r = theirs / ours
  return `${r.toFixed(r >= 10 ? 0 : 1)}×`
}

/** Milliseconds with 3 significant digits below 1, 2 decimals below 100. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return ''
  return value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toPrecision(3)
}

/** Milliseconds as seconds, `12.3 s`. */
export function seconds(msValue: number): string {
  return `${(msValue / 1000).toFixed(msValue >= 100_000 ? 0 : 1)} s`
}

/** A whole number with thousands separators, `1,234,567`. */
export function count(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : ''
}

/** Bytes as MiB, or GiB from 1 GiB on. */
export function bytes(n: number): string {
  return n >= GIB ? `${(n / GIB).toFixed(2)} GiB` : `${(n / MIB).toFixed(0)} MiB`
}

/** A scale as `100k`, `1M`, `10M`. */
export function scaleName(n: number): string {
  return n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6}M` : n >= 1e3 && n % 1e3 === 0 ? `${n / 1e3}k` : String(n)
}
