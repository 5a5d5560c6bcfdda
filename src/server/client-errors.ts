/**
 * Requests Node's HTTP parser refuses before there is a request object (its `clientError` event):
 * a head over the size limit (414 or 431), a head not sent in time (408), a method the parser does
 * not know (405) and anything else that is not HTTP/1.1 (400). The answer is written straight to
 * the socket with `connection: close`.
 *
 * A head over the limit is refused before it is parsed, so whether its request line or its headers
 * are the long part is read from the bytes in hand (`rawPacket`, the chunk being parsed): a chunk
 * with no line end (a line longer than the chunk is being read), a whole request line whose target
 * is over the limit, or the end of a request line begun in an earlier chunk is a 414; a chunk
 * whose first line is a header is a 431. One header line longer than a chunk is taken for a
 * target: the bytes in hand cannot tell them apart.
 */
import { STATUS_CODES } from 'node:http'
import type { ApiResponse } from '../api/responses.js'
import type { ServerLimits } from './limits.js'
import { headTimeout, headTooLarge, malformed, targetTooLong, UNKNOWN_METHOD } from './refusals.js'
import { encodeResponse } from './response-encoding.js'

/** What Node hands the `clientError` listener. */
export interface ClientError extends Error {
  code?: string
  reason?: string
  rawPacket?: Buffer
}

/**
 * The answer to a request the parser refused, or null when there is no one to answer (the client
 * reset or closed the connection).
 *
 * @param error - the parser's error
 * @param limits - the server's limits, for the messages
 * @example
 * ```ts
 * clientErrorAnswer(Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD' }), DEFAULT_LIMITS)?.status // 405
 * ```
 */
export function clientErrorAnswer(error: ClientError, limits: ServerLimits): ApiResponse | null {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return null
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return headTimeout(limits.headersTimeoutMs)
    case 'HPE_INVALID_METHOD':
      return UNKNOWN_METHOD
    case 'HPE_HEADER_OVERFLOW':
      return isTargetTooLong(error.rawPacket, limits.maxTargetBytes)
        ? targetTooLong(undefined, limits.maxTargetBytes)
        : headTooLarge(limits.maxHeadBytes)
    default:
      return malformed(error.reason ?? error.message)
  }
}

/** `GET ` and the like: a request line's start. */
const REQUEST_LINE_START = /^[A-Z]{1,20} /
/** A request line's end, `SP HTTP/1.1 CR`. */
const REQUEST_LINE_END = / HTTP\/\d\.\d\r?$/

function isTargetTooLong(packet: Buffer | undefined, maxTargetBytes: number): boolean {
  if (packet === undefined) return false
  const lineEnd = packet.indexOf(0x0a)
  // No line ends in the chunk: the line being read is longer than the chunk.
  if (lineEnd < 0) return true
  const start = REQUEST_LINE_START.exec(packet.subarray(0, 21).toString('latin1'))
  // A whole request line, `METHOD SP target SP HTTP/1.1 CR LF`: 11 bytes follow the target.
  if (start !== null) return lineEnd - start[0].length - 11 > maxTargetBytes
  // The end of a request line begun in an earlier chunk.
  return REQUEST_LINE_END.test(packet.subarray(Math.max(0, lineEnd - 10), lineEnd).toString('latin1'))
}

/**
 * Writes an answer straight to a socket, as `HTTP/1.1` with `connection: close`, and ends the
 * socket's writing side (the client's remaining bytes are still read and dropped, so that closing
 * does not reset a connection whose client has not read the answer yet).
 *
 * @param socket - the connection
 * @param response - the answer
 * @example
 * ```ts
 * await writeRawResponse(socket, headTimeout(10_000)) // HTTP/1.1 408 Request Timeout …
 * ```
 */
export async function writeRawResponse(
  socket: { end(data: Buffer): unknown },
  response: ApiResponse,
): Promise<void> {
  const { status, headers, body } = await encodeResponse(response, false)
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`]
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  lines.push('connection: close', '', '')
  socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]))
}
