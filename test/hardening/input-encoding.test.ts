/**
 * Issue 26, item 18: input in another encoding than UTF-8 is refused before it is read, naming
 * the file, the encoding and the conversion, instead of loading as quiet damage (UTF-16 as "not
 * valid JSON" on every line, a UTF-16 CSV sniffed as JSON, Latin-1 letters as U+FFFD). A UTF-8
 * byte-order mark, and a head that ends inside a multi-byte character, are fine.
 */
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Engine } from '../../src/engine.js'
import { SnapshotError } from '../../src/errors.js'
import { encodingProblem } from '../../src/ingest/formats/text-encoding.js'
import { type TempFiles, tempFiles } from '../ingest/temp-files.js'

let files: TempFiles
beforeAll(async () => {
  files = await tempFiles()
})
afterAll(() => files.remove())

const line = '{"domain":{"name":"a.com"},"registrant":{"name":"Café"}}\n'
const csv = 'domainName,registrarName\na.com,Café Registrar\n'

async function refusal(path: string): Promise<SnapshotError> {
  const error = await Engine.build({ whois: [path] }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SnapshotError)
  return error as SnapshotError
}

describe('input encodings', () => {
  it('refuses UTF-16 and UTF-32 files, JSON, CSV and gzip alike, naming the encoding', async () => {
    const cases: [string, Buffer, RegExp][] = [
      [
        'le.jsonl',
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(line, 'utf16le')]),
        /UTF-16 little-endian \(byte-order mark FF FE\)/,
      ],
      [
        'be.csv',
        Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(csv, 'utf16le').swap16()]),
        /UTF-16 big-endian/,
      ],
      ['nobom.jsonl', Buffer.from(line, 'utf16le'), /UTF-16 without a byte-order mark/],
      [
        'le32.jsonl',
        Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from('{}\n')]),
        /UTF-32 little-endian/,
      ],
      [
        'gz.jsonl.gz',
        gzipSync(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(line, 'utf16le')])),
        /UTF-16/,
      ],
    ]
    for (const [name, bytes, expected] of cases) {
      const path = await files.write(name, bytes)
      const error = await refusal(path)
      expect(error.code, name).toBe('unreadable_file')
      expect(error.file, name).toBe(path)
      expect(error.message, name).toMatch(expected)
      expect(error.message, name).toContain('iconv')
    }
  })

  it('refuses Latin-1 text, naming the byte and its offset', async () => {
    const path = await files.write('latin1.jsonl', Buffer.from(line, 'latin1'))
    const error = await refusal(path)
    expect(error.message).toContain('byte E9 at offset 52 starts no UTF-8 character (Latin-1 writes "é" so)')
  })

  it('reads UTF-8 with or without a byte-order mark', async () => {
    const plain = await files.write('utf8.jsonl', line)
    const bom = await files.write('bom.jsonl', `\ufeff${line}`)
    const engine = await Engine.build({ whois: [plain, bom] })
    expect(engine.stats().counts.whois).toBe(1)
    expect(engine.stats().rejects.count).toBe(0)
  })

  it('does not count a character cut by the end of the head against it', () => {
    const text = Buffer.from('{"name":"Café"}')
    expect(encodingProblem(text.subarray(0, text.length - 3))).toBeUndefined() // ends inside é
    expect(encodingProblem(Buffer.from([0x7b, 0xc3]))).toBeUndefined()
    expect(encodingProblem(Buffer.from([0x7b, 0xe9, 0x7d]))).toMatch(/byte E9 at offset 1/)
  })
})
