/**
 * TypeScript (9 MB of JavaScript, ~0.2 s to load) is needed only to compile samples, read declared names and count
 * claims, so it is loaded on first use: every Gatsby process that loads gatsby-node (the main one, each query
 * worker, each HTML worker) would otherwise pay for it at start.
 */
import type TS from 'typescript';

let loaded: typeof TS | undefined;

export function typescript(): typeof TS {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('typescript') as typeof TS);
}

/** TypeScript's module object, loaded on the first property read (for modules that call it in many places). */
export function lazyTypescript(): typeof TS {
  return new Proxy({} as typeof TS, { get: (_target, key) => Reflect.get(typescript(), key) });
}
