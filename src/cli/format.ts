/**
 * Human-readable numbers for the command line: byte sizes, counts with thousands separators, and
 * short durations.
 */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const

/**
 * A byte count in binary units with three significant digits.
 *
 * @example
 * ```ts
 * formatBytes(1536) // '1.50 KiB'
 * ```
 */
export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  const digits = unit === 0 ? 0 : value >= 100 ? 0 : value >= 10 ? 1 : 2
  return `${value.toFixed(digits)} ${UNITS[unit]}`
}

/**
 * An integer with thousands separators.
 *
 * @example
 * ```ts
 * formatCount(1234567.8) // '1,234,568'
 * ```
 */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US')
}

/**
 * A duration in seconds as `45s`, `3m05s` or `2h07m`.
 *
 * @example
 * ```ts
 * formatDuration(185) // '3m05s'
 * ```
 */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(s / 3600)}h${String(Math.floor(s / 60) % 60).padStart(2, '0')}m`
}
