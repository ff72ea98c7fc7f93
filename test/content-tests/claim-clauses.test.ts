/** @jest-environment node */
// Every claim test backs each clause of what it quotes: a quote of more than one clause is split into clauses, each
// with a check of its own (`clause('words', check)`), and the split leaves no part of the quote out. Read from the
// tests' source with the parser the build counts claims with, so no claim needs to run for its form to be checked.
import fs from 'fs';
import path from 'path';
import { declaredClaimsInSource, declaredClaimsOnDisk, type DeclaredClaim } from '@src/node/claim-count';
import { clauseCoverage, clausesOf, hasSeveralClauses } from '../support/claim-clauses';
import { clauseProblems } from '../support/claims';

const ROOT = path.resolve(__dirname, '../..');
/**
 * Claims written before clauses were checked that quote several clauses and name none, by file, each by its first
 * quote. The list only shrinks: a claim taken off it (or reworded) must name its clauses.
 */
const BASELINE_FILE = path.join(__dirname, 'claim-clauses-baseline.json');
const baseline = JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8')) as Record<string, string[]>;

type ClaimOnDisk = DeclaredClaim & { file: string };
const where = (claim: ClaimOnDisk) => `${claim.file}:${claim.line}`;
const firstQuote = (claim: ClaimOnDisk) => claim.quotes?.[0] ?? '';

describe('the rules', () => {
  it('splits a statement at sentence ends, semicolons, colons, conjunctions after a comma and comparisons', () => {
    expect(clausesOf('Stan compares family parameters by their serialized value, as Recoil does')).toEqual([
      'Stan compares family parameters by their serialized value',
      'as Recoil does',
    ]);
    expect(clausesOf('Stan, like Jotai, needs none: the definition object is the identity')).toEqual([
      'Stan, like Jotai, needs none',
      'the definition object is the identity',
    ]);
    expect(clausesOf('It runs once per store; it receives three functions, and it may throw. Then it stops.')).toEqual([
      'It runs once per store',
      'it receives three functions',
      'and it may throw.',
      'Then it stops.',
    ]);
    // Punctuation inside code is no break, nor is a short label.
    expect(clausesOf('`effects` (optional): functions that run when the atom is initialized')).toEqual([
      'functions that run when the atom is initialized',
    ]);
    expect(clausesOf('`a; b. C: d` stays one clause of code')).toEqual(['`a; b. C: d` stays one clause of code']);
    expect(hasSeveralClauses(['one clause only here'])).toBe(false);
    expect(hasSeveralClauses(['first clause here', 'second clause there'])).toBe(true);
  });

  it('requires the clauses to cover every word of the quotes but punctuation and connectives', () => {
    const quote = 'Stan compares family parameters by their serialized value, as Recoil does';
    expect(clauseCoverage([quote], ['Stan compares family parameters by their serialized value', 'as Recoil does'])).toEqual({
      unplaced: [],
      uncovered: [],
    });
    expect(clauseCoverage([quote], ['Stan compares family parameters by their serialized value'])).toEqual({
      unplaced: [],
      uncovered: ['as Recoil does'],
    });
    expect(clauseCoverage([quote], ['as Jotai does', 'Stan compares family parameters by their serialized value', 'as Recoil does'])).toEqual({
      unplaced: ['as Jotai does'],
      uncovered: [],
    });
    expect(clauseCoverage(['it runs, and it stops; then it waits'], ['it runs', 'it stops', 'it waits']).uncovered).toEqual([]);
    // A clause is placed once: the same words twice need two places in the quotes.
    expect(clauseCoverage(['a b c'], ['a b c', 'a b c']).unplaced).toEqual(['a b c']);
  });

  it('fails a claim whose clause asserts nothing, was not awaited, or leaves words out', () => {
    const quote = 'It runs once per store, and it receives three functions';
    expect(clauseProblems([quote], [])).toBeUndefined();
    expect(
      clauseProblems([quote], [
        { words: 'It runs once per store', assertions: 2 },
        { words: 'it receives three functions', assertions: 1 },
      ]),
    ).toBeUndefined();
    expect(
      clauseProblems([quote], [
        { words: 'It runs once per store', assertions: 0 },
        { words: 'it receives three functions', assertions: undefined },
      ]),
    ).toBe('clause "it receives three functions" was not awaited; clause "It runs once per store" asserts nothing');
    expect(clauseProblems([quote], [{ words: 'It runs once per store', assertions: 1 }])).toBe(
      '"and it receives three functions" belongs to no clause',
    );
  });

  it("reads a claim's quotes and the clauses its run names from the test's source", () => {
    const source = `import { claimsOf } from '../../support/claims';
const claim = claimsOf('api/atom');
claim(['a, and b', 'c'], async (clause) => {
  clause('a', () => expect(1).toBe(1));
  await clause(\`b\`, async () => expect(2).toBe(2));
  if (Math.random() > 2) clause('c', () => expect(3).toBe(3));
});
claim('plain', () => {});`;
    expect(declaredClaimsInSource(source, 'x.test.ts').map(({ quotes, clauses, line }) => ({ quotes, clauses, line }))).toEqual([
      { quotes: ['a, and b', 'c'], clauses: ['a', 'b', 'c'], line: 3 },
      { quotes: ['plain'], clauses: [], line: 8 },
    ]);
  });
});

describe('the claim tests', () => {
  const claims = declaredClaimsOnDisk(ROOT);

  it('are all read (sanity: hundreds of claims, some of them in clauses)', () => {
    expect(claims.length).toBeGreaterThan(400);
    expect(claims.filter((c) => c.clauses.length > 0).length).toBeGreaterThan(0);
  });

  it('quote literal words and name literal clauses, so each can be read here', () => {
    const unreadable = claims.filter((c) => c.quotes === null || c.unreadableClauses > 0).map(where);
    expect(unreadable).toEqual([]);
  });

  it('that name clauses cover every word they quote with them', () => {
    const gaps = claims
      .filter((c) => c.clauses.length > 0)
      .flatMap((c) => {
        const { unplaced, uncovered } = clauseCoverage(c.quotes ?? [], c.clauses);
        return [...unplaced.map((w) => `${where(c)}: clause "${w}" is not in the quote`), ...uncovered.map((w) => `${where(c)}: "${w}" belongs to no clause`)];
      });
    expect(gaps).toEqual([]);
  });

  it('name the clauses of every quote of several clauses, unless listed in the baseline', () => {
    const flagged = claims.filter((c) => c.clauses.length === 0 && hasSeveralClauses(c.quotes ?? []));
    const listed = (c: ClaimOnDisk) => baseline[c.file]?.includes(firstQuote(c)) ?? false;
    const unlisted = flagged.filter((c) => !listed(c)).map((c) => `${where(c)}: "${firstQuote(c)}" has clauses ${JSON.stringify((c.quotes ?? []).flatMap(clausesOf))}`);
    expect(unlisted).toEqual([]);
  });

  it('keeps the baseline to claims that are still there and still name no clauses', () => {
    const stillFlagged = new Set(
      claims.filter((c) => c.clauses.length === 0 && hasSeveralClauses(c.quotes ?? [])).map((c) => `${c.file}\n${firstQuote(c)}`),
    );
    const stale = Object.entries(baseline).flatMap(([file, quotes]) => quotes.filter((q) => !stillFlagged.has(`${file}\n${q}`)).map((q) => `${file}: "${q}"`));
    expect(stale).toEqual([]);
  });
});
