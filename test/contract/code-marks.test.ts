import { compilableCode, finalCode, hasCodeMarks, initialCode, parseCodeMarks } from '@src/contract/code-marks';

describe('code marks', () => {
  it('marks the line a trailing comment sits on and strips the comment', () => {
    const lines = parseCodeMarks("const a = atom(1); // [!code --]\nconst a = atom(2); // [!code ++]\nexport {};");
    expect(lines).toEqual([
      { text: 'const a = atom(1);', marks: ['--'] },
      { text: 'const a = atom(2);', marks: ['++'] },
      { text: 'export {};', marks: [] },
    ]);
  });

  it('gives the code a diff ends with: removed lines dropped, added lines kept without marks', () => {
    const source = [
      "import { atom } from '@rkrupinski/stan';",
      'const count = atom(0); // [!code --]',
      "const count = atom(0, { tag: 'count' }); // [!code ++]",
      'count.set(1); // [!code focus]',
    ].join('\n');
    expect(finalCode(source)).toBe(
      ["import { atom } from '@rkrupinski/stan';", "const count = atom(0, { tag: 'count' });", 'count.set(1);'].join('\n'),
    );
  });

  it('applies a comment alone on its line to the lines after it, and removes that line', () => {
    const lines = parseCodeMarks('a();\n// [!code highlight:2]\nb();\nc();\nd();');
    expect(lines).toEqual([
      { text: 'a();', marks: [] },
      { text: 'b();', marks: ['highlight'] },
      { text: 'c();', marks: ['highlight'] },
      { text: 'd();', marks: [] },
    ]);
  });

  it('gives the code a diff starts from: added lines dropped, removed ones kept without marks', () => {
    const source = 'keep(); // [!code focus]\nold(); // [!code --]\n// [!code ++:2]\nnew1();\nnew2();\nend();';
    expect(initialCode(source)).toBe('keep();\nold();\nend();');
    expect(finalCode(source)).toBe('keep();\nnew1();\nnew2();\nend();');
  });

  it('extends a trailing mark over N lines and drops all of them when it is a removal', () => {
    expect(finalCode('keep();\nold1(); // [!code --:3]\nold2();\nold3();\nnew1(); // [!code ++]')).toBe('keep();\nnew1();');
  });

  it('reads JSX comments, block comments, several marks and the hl alias', () => {
    const lines = parseCodeMarks(
      '<p>old</p> {/* [!code --] */}\n<p>new</p> /* [!code ++] */\nx(); // [!code focus] [!code hl]',
    );
    expect(lines.map((l) => l.text)).toEqual(['<p>old</p>', '<p>new</p>', 'x();']);
    expect(lines.map((l) => l.marks)).toEqual([['--'], ['++'], ['focus', 'highlight']]);
  });

  it('leaves unmarked code and ordinary comments alone', () => {
    const source = 'const x = 1; // [!code] is not a mark\n// a note\nx;';
    expect(hasCodeMarks(source)).toBe(false);
    expect(finalCode(source)).toBe(source);
    expect(parseCodeMarks(source).map((l) => l.text)).toEqual(source.split('\n'));
  });
});

describe('compilableCode', () => {
  it('blanks removed lines in place, so line and column positions stay those of the shown sample', () => {
    const source = "import { atom } from 'x';\nconst a = atom(1); // [!code --]\nconst a = atom(2); // [!code ++]\n// [!code --]\nold();";
    const compiled = compilableCode(source);
    expect(compiled).toBe(
      "import { atom } from 'x';\n" + ' '.repeat(32) + "\nconst a = atom(2); // [!code ++]\n// [!code --]\n" + ' '.repeat(6),
    );
    expect(compiled).toHaveLength(source.length);
  });

  it('leaves unmarked code as it is', () => {
    expect(compilableCode('a();\nb();')).toBe('a();\nb();');
  });
});
