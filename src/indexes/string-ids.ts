/**
 * A string → dense integer id dictionary that holds more than the 16.7M entries a single JS `Map`
 * can (V8's limit is 2^24 entries per Map). Strings are spread over 64 Maps by a cheap hash of
 * their characters; ids are assigned in insertion order, so `string(id)` is an array read.
 */

const SHARDS = 64

/** An append-only string dictionary with dense ids. */
export class StringIds {
  readonly #shards: Map<string, number>[] = Array.from({ length: SHARDS }, () => new Map())
  readonly #strings: string[] = []

  /** The number of distinct strings. */
  get size(): number {
    return this.#strings.length
  }

  /** The id of `s`, adding it when new. */
  intern(s: string): number {
    const shard = this.#shards[shardOf(s)] as Map<string, number>
    let id = shard.get(s)
    if (id === undefined) {
      id = this.#strings.length
      this.#strings.push(s)
      shard.set(s, id)
    }
    return id
  }

  /** The id of `s`, or -1 when absent. */
  get(s: string): number {
    return (this.#shards[shardOf(s)] as Map<string, number>).get(s) ?? -1
  }

  /** The string of an id. */
  string(id: number): string {
    return this.#strings[id] as string
  }
}

function shardOf(s: string): number {
  const n = s.length
  // Mixing the length and three characters is enough to spread domain-like and token-like strings.
  return (n * 31 + s.charCodeAt(n - 1) * 7 + s.charCodeAt(n >> 1) * 3 + s.charCodeAt(0)) & (SHARDS - 1)
}
