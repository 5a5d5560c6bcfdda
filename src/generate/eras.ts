/**
 * Eras of a generated domain's DNS set-up. One domain in five moves to another nameserver and mail
 * provider at some point of the observed years (era 0 before, era 1 after); the others keep one
 * set-up throughout. WHOIS records show the current era (1).
 */
import { hash32 } from './random.js'

const SALT = 0x5e7a5e7a

/**
 * Whether domain `index` of corpus `seed` changes providers during the observed years.
 *
 * @example
 * ```ts
 * changesProviders(1, 42) // true for about one index in five
 * ```
 */
export function changesProviders(seed: number, index: number): boolean {
  return hash32(seed ^ SALT, index) % 5 === 0
}

/**
 * The seed from which the set-up of domain `index` in `era` (0 or 1) is drawn: equal for both eras
 * of a domain that never changes, so its WHOIS nameservers match every DNS observation.
 *
 * @example
 * ```ts
 * domainEraSeed(1, 42, 0) === domainEraSeed(1, 42, 1) // true unless changesProviders(1, 42)
 * ```
 */
export function domainEraSeed(seed: number, index: number, era: 0 | 1): number {
  const changed = era === 1 && changesProviders(seed, index)
  return hash32(seed ^ (SALT + 1), index * 2 + (changed ? 1 : 0))
}
