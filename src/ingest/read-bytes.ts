/**
 * Streams a file's bytes, gunzipping when the file starts with the gzip magic bytes (whatever its
 * name), in chunks of at most `chunkSize` bytes. Never reads a whole file: inputs far beyond the
 * 2 GiB `readFile` limit stream in constant memory.
 *
 * A gzip file cut short or corrupted ends its content where zlib stops (`damage` says why), so the
 * records before the damage still load; only I/O failures throw. zlib drops the output of the call
 * that failed, so up to one gunzip chunk of content just before the damage is not read: chunks of
 * 64 KiB keep that small (streaming 40 MB of WHOIS records, as fast as 256 KiB chunks; 16 KiB ones
 * took twice as long).
 */
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { pipeline } from 'node:stream'
import { createGunzip } from 'node:zlib'

const GUNZIP_CHUNK = 64 * 1024

/** A file being read: its chunks and the count of bytes read from disk so far. */
export interface ByteSource {
  /** True when the file is gzip-compressed. */
  gzip: boolean
  /** Bytes read from disk so far (compressed bytes for a gzip file), comparable to the file size. */
  diskBytes(): number
  /** The (decompressed) content, chunk by chunk. */
  chunks(): AsyncGenerator<Buffer>
  /**
   * Once the chunks have ended: why zlib stopped early (a file cut short, corrupt data), or
   * undefined when the content ended normally.
   */
  damage(): string | undefined
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
  const content = gzip ? pipeline(raw, createGunzip({ chunkSize: GUNZIP_CHUNK }), () => {}) : raw
  let damage: string | undefined
  return {
    gzip,
    diskBytes: () => raw.bytesRead,
    chunks: async function* () {
      try {
        for await (const chunk of content as AsyncIterable<Buffer>) {
          if (chunk.length <= chunkSize) yield chunk
          else for (let at = 0; at < chunk.length; at += chunkSize) yield chunk.subarray(at, at + chunkSize)
        }
      } catch (error) {
        if (!gzip || !isZlibError(error)) throw error
        damage = error.message
      }
    },
    damage: () => damage,
  }
}

/** An error of zlib itself (`Z_DATA_ERROR`, `Z_BUF_ERROR`, ...), not of reading the file. */
function isZlibError(error: unknown): error is Error {
  const code: unknown = (error as { code?: unknown } | null)?.code
  return error instanceof Error && typeof code === 'string' && code.startsWith('Z_')
}
