/** @jest-environment node */
// Every npm command the README tells a reader to run is a script of package.json (a renamed or removed script
// leaves no instruction behind).
import fs from 'fs';
import path from 'path';

const ROOT = path.resolve(__dirname, '../..');
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** The scripts the README names: `npm run <name>`, and npm's shorthands `npm test` and `npm start`. */
const named = [
  ...[...readme.matchAll(/\bnpm run ([\w:.-]*\w)/g)].map((m) => m[1]),
  ...[...readme.matchAll(/\bnpm (test|start)\b/g)].map((m) => m[1]),
];

it('names the scripts it documents, the docs versions command among them', () => {
  expect(named).toEqual(expect.arrayContaining(['build', 'develop', 'test', 'docs:version']));
});

it.each([...new Set(named)].sort())('npm run %s is a script of package.json', (name) => {
  expect(Object.keys(scripts)).toContain(name);
});
