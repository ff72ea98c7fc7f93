/**
 * What a titled sample prints, and what its comments say it prints. A sample's `console.log(…); // 12.6` and
 * `// logs "counter: 1"` comments are its promise to the reader; a claim test runs the page's own code and compares
 * the two, so neither a changed sample under an unchanged comment nor a changed package passes.
 */
import fs from 'fs';
import path from 'path';
import { format } from 'util';
import { claimPageFile, type ClaimPage, type VersionedClaimPage } from './claims';
import { runSample, type SampleModules } from './run-sample';
import { codeSamples, REPO_ROOT } from './samples';

/**
 * The lines a sample prints with console.log (each call's arguments formatted as Node.js prints them), in order; the
 * sample imports the package of the page's version unless `modules` says otherwise.
 */
export function printedBy(
  page: ClaimPage | VersionedClaimPage,
  title: string,
  modules?: SampleModules,
  version: 'final' | 'initial' = 'final',
): string[] {
  const lines: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(format(...args));
  });
  try {
    runSample(page, title, modules, version);
  } finally {
    log.mockRestore();
  }
  return lines;
}

/** The text of a comment's expected output: a quoted string, a bracketed value, markup, or the first word. */
function expectedText(comment: string): string {
  const text = comment.trim();
  const quoted = /^"([^"]*)"/.exec(text);
  if (quoted) return quoted[1] ?? '';
  const open = text[0];
  if (open === '{' || open === '[') {
    const close = open === '{' ? '}' : ']';
    let depth = 0;
    for (let i = 0; i < text.length; i += 1) {
      if (text[i] === open) depth += 1;
      if (text[i] === close && (depth -= 1) === 0) return text.slice(0, i + 1);
    }
    return text;
  }
  // Markup runs to the end of its last closing tag; anything else is one word ("12.6", "true" before ": why").
  if (open === '<') return /^<.*<\/[^>]+>/.exec(text)?.[0] ?? text;
  return /^[^\s,:]+/.exec(text)?.[0] ?? '';
}

/**
 * The output a titled sample's comments promise, in the order they appear: the comment after each statement that
 * is a `console.log(…)`, and each `logs "…"` in a comment (on a line of code or a line of its own).
 */
export function commentedOutput(page: ClaimPage | VersionedClaimPage, title: string): string[] {
  const { file } = claimPageFile(page);
  const [block] = codeSamples(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), file).filter((sample) => sample.title === title);
  if (!block) throw new Error(`${file}: no code block titled "${title}"`);
  const expected: string[] = [];
  for (const line of block.code.split('\n')) {
    const comment = /\/\/(.*)$/.exec(line)?.[1];
    if (comment === undefined) continue;
    if (/^\s*console\.log\(/.test(line)) expected.push(expectedText(comment));
    for (const logged of comment.matchAll(/logs "([^"]*)"/g)) expected.push(logged[1] ?? '');
  }
  return expected;
}
