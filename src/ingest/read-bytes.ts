/**
 * Streams a file's bytes, gunzipping when the file starts with the gzip magic bytes (whatever its
 * name), in chunks of at most `chunkSize` bytes. Never reads a whole file: inputs far beyond the
 * 2 GiB `readFile` limit stream in constant memory.
 */
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { pipeline } from 'node:stream'
import { createGunzip } from 'node:zlib'

/** A file being read: its chunks and the count of bytes read from disk so far. */
export interface ByteSource {
  /** True when the file is gzip-compressed. */
  gzip: boolean
  /** Bytes read from disk so far (compressed bytes for a gzip file), comparable to the file size. */
  diskBytes(): number
  /** The (decompressed) content, chunk by chunk. */
  chunks(): AsyncGenerator<Buffer>
}

/**
 * Opens a file for streaming.
 *
 * @param path - the file
 * @param chunkSize - the largest chunk handed out, in bytes
 * @example
 * ```ts
 * const source = await readBytes('records.jsonl.gz', 1 << 20)
 * for await (const chunk of source.chunks()) consume(chunk) // decompressed bytes
 * ```
 */
export async function readBytes(path: string, chunkSize: number): Promise<ByteSource> {
  const handle = await open(path, 'r')
  let gzip: boolean
  try {
    const head = Buffer.alloc(2)
    const { bytesRead } = await handle.read(head, 0, 2, 0)
    gzip = bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b
  } finally {
    await handle.close()
  }
  const raw = createReadStream(path, { highWaterMark: Math.max(chunkSize, 64) })
  const content = gzip ? pipeline(raw, createGunzip({ chunkSize: 256 * 1024 }), () => {}) : raw
  return {
    gzip,
    diskBytes: () => raw.bytesRead,
    chunks: async function* () {
      for await (const chunk of content as AsyncIterable<Buffer>) {
        if (chunk.length <= chunkSize) yield chunk
        else for (let at = 0; at < chunk.length; at += chunkSize) yield chunk.subarray(at, at + chunkSize)
      }
    },
  }
}
