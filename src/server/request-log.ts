/**
 * The server's log: one line per request, `<ISO time> <method> <target> <status> <ms>ms`, as
 * SPEC 15 asks (method, path, status, milliseconds). The target keeps its query string (it says
 * what was asked) but never a header, so no token reaches the log. A client controls the target,
 * so bytes outside printable ASCII are percent-escaped (no line can be forged) and a target is cut
 * at 300 characters (a 16 KiB target makes no readable log line).
 */

const MAX_TARGET_CHARS = 300

/** One request as the log records it. */
export interface LoggedRequest {
  /** When it arrived. */
  at: Date
  /** Its method, or `-` when the head could not be parsed. */
  method: string
  /** Its request target, or `-` when unknown. */
  target: string
  /** The status sent, or undefined when the client went away before it. */
  status: number | undefined
  /** Milliseconds from its arrival to the last byte of the response handed to the socket; unknown for a head that could not be parsed. */
  ms?: number
  /** Whether the client went away before the whole response was handed to the socket. */
  aborted?: boolean
}

/**
 * Formats one log line (without its newline).
 *
 * @param request - the request and its outcome
 * @example
 * ```ts
 * logLine({ at: new Date(0), method: 'GET', target: '/v1/domain/mx?host=a.com', status: 200, ms: 1.234 })
 * // '1970-01-01T00:00:00.000Z GET /v1/domain/mx?host=a.com 200 1.2ms'
 * logLine({ at: new Date(0), method: '-', target: '-', status: 408 })
 * // '1970-01-01T00:00:00.000Z - - 408 -'
 * ```
 */
export function logLine(request: LoggedRequest): string {
  const { at, method, target, status, ms, aborted } = request
  const shown = printable(target.length > MAX_TARGET_CHARS ? target.slice(0, MAX_TARGET_CHARS) : target)
  const cut = target.length > MAX_TARGET_CHARS ? `…(${target.length} chars)` : ''
  const end = aborted === true ? ' aborted' : ''
  return `${at.toISOString()} ${printable(method)} ${shown}${cut} ${status ?? '-'} ${ms === undefined ? '-' : `${ms.toFixed(1)}ms`}${end}`
}

// Node hands the request line over as latin1, one character per byte.
function printable(text: string): string {
  return text.replace(/[^\x21-\x7e]/g, (c) => {
    const code = c.charCodeAt(0)
    return `%${code > 0xff ? 'u' : ''}${code
      .toString(16)
      .toUpperCase()
      .padStart(code > 0xff ? 4 : 2, '0')}`
  })
}
