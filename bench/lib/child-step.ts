/**
 * Runs one step of a benchmark in a fresh Node process (`--expose-gc`, a given heap limit, tsx), so
 * that one step's memory and garbage never count in another's, and a step that runs out of memory
 * or time is reported as such instead of ending the whole run. The child writes its result as JSON
 * to a file; its stdout and stderr pass through (stderr's tail is kept to name a failure).
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

/** How a child step ended when it did not succeed. */
export interface StepFailure {
  /** Exit code, or null when a signal ended it. */
  code: number | null
  signal: string | null
  /** One line: out of memory, timeout, killed, or the error's last line. */
  reason: string
}

/** The outcome of a child step: its result, or how it failed; wall time either way. */
export type StepOutcome<T> =
  | { ok: true; ms: number; result: T }
  | { ok: false; ms: number; failure: StepFailure }

/** Options of {@link runChildStep}. */
export interface ChildStepOptions {
  /** The TypeScript file to run. */
  script: string
  /** Its arguments. */
  args: readonly string[]
  /** `--max-old-space-size` in MB. */
  heapMb: number
  /** Killed (SIGKILL) after this many milliseconds. */
  timeoutMs: number
  /** Where the child writes its JSON result. */
  resultFile: string
}

const TAIL = 8192

/**
 * Runs a script in a child process and reads its JSON result.
 *
 * @param options - script, arguments, heap, timeout, result file
 * @example
 * ```ts
 * await runChildStep({ script: 'bench/scale.bench.ts', args: ['--step', 'parse'], heapMb: 20000,
 *   timeoutMs: 3_600_000, resultFile: '/tmp/run/parse.json' }) // { ok: true, ms: 61234, result: {...} }
 * ```
 */
export function runChildStep<T>(options: ChildStepOptions): Promise<StepOutcome<T>> {
  const { script, args, heapMb, timeoutMs, resultFile } = options
  rmSync(resultFile, { force: true })
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      `--max-old-space-size=${heapMb}`,
      '--import',
      import.meta.resolve('tsx'),
      script,
      ...args,
    ],
    { stdio: ['ignore', 'inherit', 'pipe'] },
  )
  let tail = ''
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk)
    tail = (tail + chunk.toString('utf8')).slice(-TAIL)
  })
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    child.kill('SIGKILL')
  }, timeoutMs)
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const ms = performance.now() - started
      if (code === 0 && existsSync(resultFile)) {
        resolve({ ok: true, ms, result: JSON.parse(readFileSync(resultFile, 'utf8')) as T })
        return
      }
      let reason: string
      if (timedOut) reason = `timed out after ${(timeoutMs / 60_000).toFixed(0)} min (killed)`
      else if (/heap out of memory|Reached heap limit|Allocation failed/.test(tail))
        reason = `out of memory: V8 heap limit ${heapMb} MB reached`
      else if (signal === 'SIGKILL')
        reason = 'killed by SIGKILL (the kernel out-of-memory killer, most likely)'
      else if (code === 0) reason = 'exited without writing its result'
      else {
        // The thrown error's first line, not the stack or Node's version banner after it.
        const lines = tail.split('\n').filter((l) => /\S/.test(l) && !/^\s+at |^Node\.js v/.test(l))
        const error =
          lines.find((l) => /^\s*\w*Error\b/.test(l)) ??
          lines.find((l) => /Error\b/.test(l)) ??
          lines.at(-1) ??
          ''
        reason = `exit code ${code ?? '-'}${signal === null ? '' : ` (${signal})`}: ${error.trim()}`
      }
      resolve({ ok: false, ms, failure: { code, signal, reason } })
    })
  })
}
