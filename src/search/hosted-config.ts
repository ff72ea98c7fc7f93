/**
 * Hosted search is configured by three environment variables. All three (hosted) or none (local index);
 * anything in between is a configuration error naming what is missing.
 */
export const HOSTED_SEARCH_ENV = {
  appId: 'GATSBY_DOCSEARCH_APP_ID',
  apiKey: 'GATSBY_DOCSEARCH_API_KEY',
  indexName: 'GATSBY_DOCSEARCH_INDEX_NAME',
} as const;

export interface HostedSearchEnv {
  appId: string;
  apiKey: string;
  indexName: string;
}

export class HostedSearchConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostedSearchConfigError';
  }
}

/** The hosted credentials, or null when none is set. Throws when only some are set. */
export function hostedSearchFromEnv(env: Record<string, string | undefined>): HostedSearchEnv | null {
  const entries = Object.entries(HOSTED_SEARCH_ENV) as Array<[keyof HostedSearchEnv, string]>;
  const values = entries.map(([key, name]) => [key, name, env[name]?.trim() ?? ''] as const);
  const missing = values.filter(([, , value]) => value === '').map(([, name]) => name);
  if (missing.length === entries.length) return null;
  if (missing.length > 0) {
    const set = values.filter(([, , value]) => value !== '').map(([, name]) => name);
    throw new HostedSearchConfigError(
      `Hosted search is half configured: ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but ` +
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Set all three to use the hosted index, ` +
        `or unset them all to use the local index.`,
    );
  }
  return Object.fromEntries(values.map(([key, , value]) => [key, value])) as unknown as HostedSearchEnv;
}
