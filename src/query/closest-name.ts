/**
 * "Did you mean": the known name closest to a mistyped one (a parameter, an option, a command),
 * when one is close enough to be the likely intent.
 */

/**
 * The candidate nearest to `name` by edit distance, ignoring case (ties: the first), if within
 * `most` edits.
 *
 * @param name - what was written
 * @param candidates - the names that exist
 * @param most - the largest distance suggested (default 2)
 * @example
 * ```ts
 * closestName('nameservers', ['nameserver', 'email']) // 'nameserver'
 * closestName('pivts', ['pivots', 'query'])           // 'pivots'
 * closestName('zzz', ['pivots'])                      // undefined
 * ```
 */
export function closestName(name: string, candidates: Iterable<string>, most = 2): string | undefined {
  let best: string | undefined
  let bestDistance = most + 1
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

/**
 * Levenshtein distance: insertions, deletions and substitutions of one character each.
 *
 * @example
 * ```ts
 * editDistance('kitten', 'sitting') // 3
 * ```
 */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1)
      next.push(Math.min(substitution, (row[j] as number) + 1, (next[j - 1] as number) + 1))
    }
    row = next
  }
  return row[b.length] as number
}
