/**
 * Issue 15, item 18: a clean `npm ci && npm test` is quiet. Every package with an install script
 * is covered by `allowScripts` (else npm warns at every install), and the lint and format check
 * reports nothing at all, not even infos (else each run prints hundreds of lines of them).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'))

it('covers every package with an install script in allowScripts', () => {
  const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> }
  const pkg = read('package.json') as { allowScripts?: Record<string, boolean> }
  const scripted = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript === true)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
  expect(scripted.length).toBeGreaterThan(0)
  expect(scripted.filter((name) => pkg.allowScripts?.[name] === undefined)).toEqual([])
})

it('leaves the lint and format check without a single diagnostic', () => {
  const out = execFileSync('npx', ['biome', 'check', '.', '--diagnostic-level=info', '--reporter=summary'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  expect(out).not.toMatch(/\binfos?\b|\bwarnings?\b|\berrors?\b/i)
}, 60_000)
