import { errorMessageChain, MAX_CAUSES } from '@src/theme/ErrorPage/error-chain';

describe('errorMessageChain', () => {
  it('follows error.cause, outermost first', () => {
    const root = new Error('HTTP 500');
    const middle = new Error('Loading page data failed', { cause: root });
    expect(errorMessageChain(new Error('This doc could not render', { cause: middle }))).toEqual([
      'This doc could not render',
      'Loading page data failed',
      'HTTP 500',
    ]);
  });

  it('includes a non-error cause as text and stops there', () => {
    expect(errorMessageChain(new Error('outer', { cause: 'a string cause' }))).toEqual(['outer', 'a string cause']);
  });

  it('survives cycles and very deep chains', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(errorMessageChain(b)).toEqual(['b', 'a']);
    let deep = new Error('0');
    for (let i = 1; i < 50; i += 1) deep = new Error(String(i), { cause: deep });
    expect(errorMessageChain(deep)).toHaveLength(MAX_CAUSES + 1);
  });

  it('uses the error name when the message is empty', () => {
    expect(errorMessageChain(new TypeError(''))).toEqual(['TypeError']);
  });
});
