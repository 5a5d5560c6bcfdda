/**
 * Runs `domindex serve` from source as a child process, the way a user would: waits for the URL
 * it prints on stdout, keeps its stderr (the start line and the log), and stops it by signal.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))

/** A running `domindex serve`. */
export interface ServeProcess {
  /** The URL it printed, e.g. `http://127.0.0.1:41234`. */
  url: string
  /** Its port. */
  port: number
  child: ChildProcess
  /** Everything written on stderr so far. */
  stderr(): string
  /** Sends a signal and resolves with the exit status. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
  /** The exit status, once it has exited. */
  exited: Promise<number | null>
}

/** How a `domindex serve` that did not start ended. */
export interface ServeFailure {
  status: number | null
  stderr: string
}

/**
 * Starts `domindex serve ...args` and resolves once it prints its URL, or with its exit status
 * and stderr when it exits first.
 *
 * @param args - the arguments after `serve`
 */
export async function startServe(args: readonly string[]): Promise<ServeProcess | ServeFailure> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  })
  let stdout = ''
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  const url = await new Promise<string | null>((resolve) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      const line = /^(http:\/\/\S+)\n/.exec(stdout)
      if (line !== null) resolve(line[1] as string)
    })
    void exited.then(() => resolve(null))
  })
  if (url === null) {
    const status = await exited
    // The pipe may hold the last lines after the exit event.
    await new Promise((resolve) => setImmediate(resolve))
    return { status, stderr }
  }
  return {
    url,
    port: Number(new URL(url).port),
    child,
    stderr: () => stderr,
    stop: (signal = 'SIGTERM') => {
      child.kill(signal)
      return exited
    },
    exited,
  }
}

/**
 * Starts `domindex serve` and fails with its stderr when it does not start.
 *
 * @param args - the arguments after `serve`
 */
export async function mustServe(args: readonly string[]): Promise<ServeProcess> {
  const started = await startServe(args)
  if (!('url' in started)) {
    throw new Error(`domindex serve exited with ${started.status}:\n${started.stderr}`)
  }
  return started
}
