/**
 * Access to the shared real third-party material, which lives beside the project (`../shared`)
 * and is absent from a user's clone: tests that use it skip cleanly when it is missing.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../../shared/real-data/', import.meta.url))

/** The path of a real-data file, or null when the shared folder is absent. */
export function realData(name: string): string | null {
  const path = ROOT + name
  return existsSync(path) ? path : null
}
