import { createContext, useContext, type Context } from 'react';

/** A context whose hook throws, naming the hook and its provider, when used outside that provider. */
export function createRequiredContext<T>(hook: string, provider: string): [Context<T | null>, () => T] {
  const context = createContext<T | null>(null);
  const use = () => {
    const value = useContext(context);
    if (value === null) throw new Error(`${hook}() was called outside <${provider}>. Wrap the tree in <${provider}>.`);
    return value;
  };
  return [context, use];
}
