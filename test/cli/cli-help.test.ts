import { readFile, rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFixture } from '../api/fixture.js'
import { runCli } from './run-cli.js'

let dir: string

beforeAll(async () => {
  dir = await writeFixture()
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('domindex help, version and usage mistakes', () => {
  it('prints help for itself and for each command, and its version', async () => {
    const help = await runCli(['--help'])
    expect(help.status).toBe(0)
    for (const command of ['build', 'query', 'stats', 'generate', 'tour'])
      expect(help.stdout).toContain(command)
    const buildHelp = await runCli(['build', '--help'])
    expect(buildHelp.stdout).toMatch(/^Usage: domindex build --whois FILE\.\.\./)
    const version = await runCli(['--version'])
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
    expect(version.stdout.trim()).toBe(pkg.version)
  })

  it('says which command or parameter was meant, what argument is missing, and how + reads', async () => {
    const command = await runCli(['pivts', dir])
    expect(command.status).toBe(2)
    expect(command.stderr).toContain('unknown command "pivts" (did you mean pivots?)')
    const domain = await runCli(['pivots', dir])
    expect(domain.status).toBe(2)
    expect(domain.stderr).toContain(`give a DOMAIN after the input: domindex pivots ${dir} example.com`)
    const param = await runCli(['query', dir, '/v1/domain/reverse?nameservers=ns1.example.com'])
    expect(param.status).toBe(1)
    expect(JSON.parse(param.stdout).error.message).toContain(
      'unknown parameter "nameservers" (did you mean nameserver?)',
    )
    const plus = await runCli(['query', dir, '/v1/domain/txt?txt=v=spf1+include'])
    expect(plus.stderr).toContain("'+' in a query string is a space")
    const plain = await runCli(['query', dir, '/v1/domain/txt?txt=spf1'])
    expect(plain.stderr).not.toContain("'+'")
  }, 60_000)

  it('exits 2 with a pointer to --help for a usage mistake', async () => {
    const result = await runCli(['query', dir, '--frobnicate', '/v1/domain/txt'])
    expect(result.status).toBe(2)
    expect(result.stderr).toContain('unknown option --frobnicate; options: --whois')
    expect(result.stderr).toContain("Run 'domindex query --help'")
    expect(result.stdout).toBe('')
  })
})
