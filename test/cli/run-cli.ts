/**
 * Runs the `domindex` command line from source as a child process, the way a user would, and
 * collects its exit status and output.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))

/** What a run of the CLI gave. */
export interface CliResult {
  status: number
  stdout: string
  stderr: string
}

/**
 * Runs `domindex ...args` with node and tsx from the project root; stdout and stderr are pipes.
 *
 * @param args - the command-line arguments
 * @param input - what standard input holds (default: nothing, closed at once)
 */
export function runCli(args: readonly string[], input: string | Buffer = ''): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', MAIN, ...args],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
        resolve({ status, stdout, stderr })
      },
    )
    child.stdin?.end(input)
  })
}
