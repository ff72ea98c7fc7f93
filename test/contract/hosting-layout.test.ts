/** @jest-environment node */
import { isExecutableScriptType } from '@src/contract/hosting-layout.mjs';

describe('isExecutableScriptType', () => {
  it('runs scripts without a type and with a JavaScript type, in any case and spacing', () => {
    for (const type of [undefined, null, '', 'module', ' Text/JavaScript ', 'application/javascript', 'text/ecmascript']) {
      expect(isExecutableScriptType(type)).toBe(true);
    }
  });

  it('treats data blocks and templates as not run', () => {
    for (const type of ['application/ld+json', 'application/json', 'text/template']) {
      expect(isExecutableScriptType(type)).toBe(false);
    }
  });
});
