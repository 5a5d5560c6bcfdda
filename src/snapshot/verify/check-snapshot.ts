/**
 * The check `domindex check` runs, as Lucene's CheckIndex: the snapshot read with every checksum,
 * its padding and every structure checked (verify-content.ts), reporting each check as it passes.
 */
import { readSnapshot } from '../read-snapshot.js'
import { type CheckDone, Checklist } from './checklist.js'

/**
 * Checks a snapshot file through and through.
 *
 * @param path - the snapshot file
 * @param onCheck - called with each check as it passes
 * @returns every check that passed, in order
 * @throws SnapshotError `corrupt_snapshot` naming the section and the broken invariant, or as
 *   `Engine.open` throws for a file it cannot read
 * @example
 * ```ts
 * await checkSnapshot('corpus.dmx', (c) => console.log(c.count, c.name))
 * // [{ name: 'header: signature, version, byte order, file length, checksum', count: 40 }, …]
 * ```
 */
export async function checkSnapshot(
  path: string,
  onCheck?: (check: CheckDone) => void,
): Promise<CheckDone[]> {
  const checks = new Checklist(onCheck)
  await readSnapshot(path, () => undefined, { checks })
  return checks.done
}
