/**
 * Bearer-token authentication of `request()` (SPEC 8): with tokens configured, the `Authorization`
 * header must be `Bearer <token>` with one of them. Tokens are compared as SHA-256 digests with
 * `timingSafeEqual`, and every configured token is compared, so the time taken tells nothing about
 * how much of a guess was right or which token it was closest to.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { showValue } from '../errors.js'

/** Request headers as `request()` takes them: a plain object (names in any case) or `Headers`. */
export type HeaderInput = Readonly<Record<string, string>> | Headers

/**
 * The value of a header, looked up case-insensitively, or null when absent.
 *
 * @param headers - a plain object or a `Headers`
 * @param name - the header name in lower case
 * @example
 * ```ts
 * headerValue({ AUTHORIZATION: 'Bearer t' }, 'authorization') // 'Bearer t'
 * ```
 */
export function headerValue(headers: HeaderInput | undefined, name: string): string | null {
  if (headers === undefined || headers === null) return null
  if (headers instanceof Headers) return headers.get(name)
  for (const key of Object.keys(headers)) {
    const value: unknown = headers[key]
    if (key.toLowerCase() === name && typeof value === 'string') return value
  }
  return null
}

/**
 * Whether an `Authorization` header carries one of the tokens; always true when none are configured.
 *
 * @param authorization - the header value, or null when absent
 * @param tokens - the accepted tokens
 * @example
 * ```ts
 * isAuthorized('bearer s3cret', ['s3cret']) // true: the scheme is case-insensitive (RFC 7235)
 * isAuthorized(null, ['s3cret'])            // false
 * isAuthorized(null, [])                    // true
 * ```
 */
export function isAuthorized(authorization: string | null, tokens: readonly string[]): boolean {
  if (tokens.length === 0) return true
  const token = bearerToken(authorization)
  if (token === null) return false
  const given = digest(token)
  let ok = false
  // No early exit: every token is compared whatever the outcome.
  for (const accepted of tokens) ok = timingSafeEqual(given, digest(accepted)) || ok
  return ok
}

function bearerToken(authorization: string | null): string | null {
  if (authorization === null) return null
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization)
  return match === null ? null : (match[1] as string)
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

/**
 * Checks the `tokens` option of a build, open or update: an array of tokens, each a non-empty
 * string without white space (a bearer token has none, so such a token could never match and
 * would lock every client out). Throws before any file is read.
 *
 * @param tokens - the option as given (undefined: no tokens, no check)
 * @returns the tokens
 * @throws TypeError naming the option and the bad value
 * @example
 * ```ts
 * checkTokens(['s3cret']) // ['s3cret']
 * checkTokens('s3cret')   // TypeError: domindex: tokens must be an array of strings, got "s3cret"
 * ```
 */
export function checkTokens(tokens: unknown): readonly string[] | undefined {
  if (tokens === undefined) return undefined
  if (!Array.isArray(tokens)) {
    throw new TypeError(`domindex: tokens must be an array of strings, got ${showValue(tokens)}`)
  }
  tokens.forEach((token: unknown, i) => {
    if (typeof token !== 'string' || token.length === 0 || /\s/.test(token)) {
      throw new TypeError(
        `domindex: tokens[${i}] must be a non-empty string without white space, got ${showValue(token)}`,
      )
    }
  })
  return tokens as readonly string[]
}
