import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/index.js'
import { type TempFiles, tempFiles } from './temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

const hostile = `{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}},
 "domain": {"name": "evil.com", "__proto__": {"polluted": true}, "created": "2020-01-01", "created_date": "2020-01-02",
  "nameservers": ["ns1.evil.com"]},
 "registrant": {"__proto__": {"polluted": true}, "organization": "Evil Corp", "toString": "x"},
 "admin": {"constructor": {"prototype": {"polluted": true}}, "hasOwnProperty": 1}}`

describe('keys such as __proto__ never reach a prototype', () => {
  it('loads, looks up unchanged, and leaves Object.prototype alone, in every layout', async () => {
    const oneLine = hostile.replaceAll('\n', '')
    const paths = [
      await files.write('hostile.jsonl', `${oneLine}\n`),
      await files.write('hostile.json', `[${hostile}]`),
      await files.write(
        'hostile-envelope.json',
        `{"__proto__": {"polluted": true}, "results": [${hostile}]}`,
      ),
    ]
    for (const path of paths) {
      const engine = await Engine.build({ whois: [path] })
      const record = engine.whois({ domain: 'evil.com' })
      const expected = JSON.parse(oneLine)
      expected.domain.created_norm = '2020-01-01T00:00:00Z'
      expected.domain.created_date_norm = '2020-01-02T00:00:00Z'
      expect(record).toEqual(expected)
      expect(Object.hasOwn(record as object, '__proto__')).toBe(true)
      expect(Object.getPrototypeOf(record)).toBe(Object.prototype)
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
      expect((Object.prototype as { polluted?: unknown }).polluted).toBeUndefined()
    }
  })
})
