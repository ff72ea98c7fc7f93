/** @jest-environment node */
// The tests of src/ live in test/, a tree that mirrors src/ (src/node/x.ts → test/node/x.test.ts): Gatsby's query
// extraction parses every src/ file that names one of its words in each build and develop process, tests too.
// Two folders of test/ stand for no folder of src/: content-tests (the docs' claims, run against the package) and
// support (the helpers those tests share).
import fs from 'fs';
import path from 'path';

const ROOT = path.resolve(__dirname, '..');
const OWN_FOLDERS = ['test/content-tests', 'test/support'];

/** Every file and folder below `dir` (a folder of the repository), as repository paths with forward slashes. */
function entriesBelow(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const entryPath = `${dir}/${entry.name}`;
    return entry.isDirectory() ? [entryPath, ...entriesBelow(entryPath)] : [entryPath];
  });
}

const isTestFile = (entry: string) => /\.test\.[cm]?[jt]sx?$/.test(entry);

describe('where the tests of src/ live', () => {
  it('no test, __tests__ folder or test helper is in src/ (move it to the same place under test/)', () => {
    const inSrc = entriesBelow('src').filter((entry) => entry.split('/').includes('__tests__') || isTestFile(entry));
    expect(inSrc).toEqual([]);
  });

  it('test/ has no __tests__ folders: the tree itself says what is a test', () => {
    expect(entriesBelow('test').filter((entry) => path.posix.basename(entry) === '__tests__')).toEqual([]);
  });

  it('each test of src/ sits in the folder of test/ that mirrors its folder of src/ (test/a/x.test.ts tests src/a)', () => {
    const tests = entriesBelow('test').filter(
      (entry) => isTestFile(entry) && !OWN_FOLDERS.some((own) => entry.startsWith(`${own}/`)) && path.posix.dirname(entry) !== 'test',
    );
    expect(tests.length).toBeGreaterThan(100);
    const unmirrored = tests.filter((entry) => !fs.existsSync(path.join(ROOT, `src${path.posix.dirname(entry).slice('test'.length)}`)));
    expect(unmirrored).toEqual([]);
  });
});
