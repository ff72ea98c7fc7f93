/** @jest-environment node */
// printedBy and commentedOutput on a page of an older docs version read that version's file and run its sample
// against the release it documents, so the claim tests `npm run docs:version` copies keep working for the version.
import { commentedOutput, printedBy } from '../support/printed';

it("reads a versioned page's sample comments from its own file", () => {
  expect(commentedOutput('version-1.0.0-rc14/api/atom', 'write-first.ts')).toEqual(['dark']);
});

it("runs a versioned page's sample against the release of that version", () => {
  // In 1.0.0-rc14 `atom()` returns the state itself; against the installed release `theme.set` is not a function.
  expect(printedBy('version-1.0.0-rc14/api/atom', 'write-first.ts')).toEqual(['dark']);
});
