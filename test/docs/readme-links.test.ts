/**
 * Issue 26, item 11: the README is a short front page (at most 200 lines) and every relative link
 * in it and in docs/ leads to a file that exists, and to a heading of that file when it names one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'

const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
]

// GitHub's heading anchors: lower case, spaces to '-', punctuation other than '-' and '_' dropped.
function anchors(markdown: string): Set<string> {
  const found = new Set<string>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line)
    if (heading !== null) {
      found.add(
        (heading[1] as string)
          .toLowerCase()
          .replace(/[^\p{L}\p{N} _-]/gu, '')
          .replace(/ /g, '-'),
      )
    }
  }
  return found
}

// Each [text](target) outside code: relative targets only.
function links(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^[a-z]+:/.test(target))
}

describe('the README and docs/', () => {
  it('keep the README to a front page', () => {
    const lines = readFileSync('README.md', 'utf8').split('\n')
    expect(lines.length).toBeLessThanOrEqual(200)
    expect(lines.slice(0, 6).join('\n')).toContain('npm ci && npm start')
    expect(lines.slice(0, 6).join('\n')).toContain('npm test')
  })

  it('link only to files and headings that exist', () => {
    const broken: string[] = []
    for (const page of PAGES) {
      for (const target of links(readFileSync(page, 'utf8'))) {
        const [path, anchor] = target.split('#') as [string, string | undefined]
        const file = path === '' ? page : normalize(join(dirname(page), path))
        if (!existsSync(file)) broken.push(`${page}: ${target}`)
        else if (
          anchor !== undefined &&
          file.endsWith('.md') &&
          !anchors(readFileSync(file, 'utf8')).has(anchor)
        ) {
          broken.push(`${page}: ${target} (no such heading)`)
        }
      }
    }
    expect(broken).toEqual([])
  })

  it('link every docs/ page from the README', () => {
    const readme = links(readFileSync('README.md', 'utf8'))
    for (const page of PAGES.filter((p) => p !== 'README.md')) expect(readme).toContain(page)
  })
})
