/**
 * The limits of the HTTP server (SPEC 15): how long a request target and a request head may be,
 * and how long a client may take to send its request or stay idle. The defaults are what
 * `domindex serve` uses; tests shorten the timeouts.
 */

/** Sizes and timeouts of the HTTP server. */
export interface ServerLimits {
  /** Longest request target (path and query string) answered; a longer one is 414. Default 16 KiB. */
  maxTargetBytes: number
  /**
   * Longest request head (request line and headers) Node's parser accepts; past it the request is
   * refused before it is parsed (414 when its request line is the long part, else 431). Default
   * 64 KiB: room for a 16 KiB target and ordinary headers.
   */
  maxHeadBytes: number
  /** Milliseconds a client may take to send a whole request head (slow clients): 408. Default 10 s. */
  headersTimeoutMs: number
  /** Milliseconds an idle keep-alive connection is kept open between requests. Default 5 s. */
  keepAliveTimeoutMs: number
  /**
   * Milliseconds a connection may go without any traffic while a response is being sent (a client
   * that stops reading): it is then closed. Default 30 s.
   */
  idleTimeoutMs: number
  /** How often timed-out request heads are looked for, in milliseconds. Default 1 s. */
  timeoutCheckMs: number
  /**
   * Once the server is closing, milliseconds a connection without a response under way (a client
   * still sending its request head, or silent) is kept before it is closed; a connection whose
   * response is still being sent is closed after twice as long. Node stops enforcing its own
   * timeouts once a server closes, so this bounds a shutdown. Default 5 s.
   */
  shutdownMs: number
}

/** The limits `domindex serve` applies. */
export const DEFAULT_LIMITS: Readonly<ServerLimits> = Object.freeze({
  maxTargetBytes: 16 * 1024,
  maxHeadBytes: 64 * 1024,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  timeoutCheckMs: 1_000,
  shutdownMs: 5_000,
})

/**
 * The limits with defaults for those not given.
 *
 * @param given - the limits to change
 * @example
 * ```ts
 * serverLimits({ headersTimeoutMs: 500 }).maxTargetBytes // 16384
 * ```
 */
export function serverLimits(given: Partial<ServerLimits> = {}): ServerLimits {
  return { ...DEFAULT_LIMITS, ...given }
}
