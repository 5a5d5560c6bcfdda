/**
 * `npm run bench -- NAME [ARGS…]`: runs `bench/NAME.bench.ts` with its arguments (with
 * `--expose-gc`, which the benchmarks use to measure memory), or lists the benchmarks when no
 * name (or an unknown one) is given.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const names = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort()
const [name, ...args] = process.argv.slice(2)

if (name === undefined || !names.includes(name)) {
  if (name !== undefined) process.stderr.write(`no benchmark named ${JSON.stringify(name)}\n`)
  process.stderr.write(
    `Usage: npm run bench -- NAME [ARGS...]\nBenchmarks: ${names.join(', ')} (see docs/benchmarks.md)\n`,
  )
  process.exit(name === undefined ? 0 : 2)
}
const run = spawnSync(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', `${here}${name}.bench.ts`, ...args],
  { stdio: 'inherit' },
)
process.exit(run.status ?? 1)
