/** @jest-environment node */
import siteConfig from '../../../site.config';
import { readDocsVersions } from '@src/config/docs-versions';
import { codeAfterSwitch, STARTER_PROGRAM, STARTER_PROGRAM_1_0, starterFor } from '@src/theme/PlaygroundPage/starter';

describe('the starter of each release', () => {
  it('is that release’s own for every release the docs document (the worker tests type-check each against its release)', () => {
    const releases = readDocsVersions(siteConfig).map((version) => version.release);
    expect(releases).toEqual(['1.2.0-rc4', '1.0.0-rc14']);
    expect(releases.map(starterFor)).toEqual([STARTER_PROGRAM, STARTER_PROGRAM_1_0]);
  });

  it('is the newest starter for a release without one of its own, also one named like an inherited property', () => {
    expect(starterFor('9.9.9')).toBe(STARTER_PROGRAM);
    expect(starterFor('constructor')).toBe(STARTER_PROGRAM);
  });
});

describe('codeAfterSwitch', () => {
  it('gives the new release its starter when the editor holds the previous release’s starter unchanged', () => {
    expect(codeAfterSwitch(STARTER_PROGRAM, '1.2.0-rc4', '1.0.0-rc14')).toBe(STARTER_PROGRAM_1_0);
    expect(codeAfterSwitch(`${STARTER_PROGRAM_1_0.trimEnd()}\n\n`, '1.0.0-rc14', '1.2.0-rc4')).toBe(STARTER_PROGRAM);
  });

  it('keeps the reader’s code', () => {
    const edited = STARTER_PROGRAM.replace('atom(1,', 'atom(2,');
    expect(codeAfterSwitch(edited, '1.2.0-rc4', '1.0.0-rc14')).toBe(edited);
    expect(codeAfterSwitch("console.log('mine');", '1.2.0-rc4', '1.0.0-rc14')).toBe("console.log('mine');");
  });
});
