import { describe, expect, it } from 'vitest'
import { logLine } from '../../src/server/request-log.js'

const at = new Date('2026-11-25T10:00:00.123Z')

describe('logLine', () => {
  it('writes time, method, target, status and milliseconds', () => {
    expect(logLine({ at, method: 'GET', target: '/v1/domain/mx?host=a.com', status: 200, ms: 1.26 })).toBe(
      '2026-11-25T10:00:00.123Z GET /v1/domain/mx?host=a.com 200 1.3ms',
    )
    expect(logLine({ at, method: '-', target: '-', status: 408 })).toBe('2026-11-25T10:00:00.123Z - - 408 -')
    expect(logLine({ at, method: 'GET', target: '/x', status: undefined, ms: 3, aborted: true })).toBe(
      '2026-11-25T10:00:00.123Z GET /x - 3.0ms aborted',
    )
  })

  it('escapes what a client could forge a line with, and cuts long targets', () => {
    const line = logLine({ at, method: 'GET', target: '/a b\r\n2026 GET /forged\u00e9', status: 404, ms: 0 })
    expect(line).toBe('2026-11-25T10:00:00.123Z GET /a%20b%0D%0A2026%20GET%20/forged%E9 404 0.0ms')
    const long = logLine({ at, method: 'GET', target: `/${'a'.repeat(20_000)}`, status: 414, ms: 0 })
    expect(long).toContain('…(20001 chars) 414')
    expect(long.length).toBeLessThan(400)
  })
})
