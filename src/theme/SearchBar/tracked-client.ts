/**
 * The search client the modal gives DocSearch: the site's, with whether the latest search failed tracked beside it
 * and a Retry that runs the query again.
 *
 * A failed search never reaches DocSearch as a rejection: autocomplete rethrows it from its input handler, where
 * nothing catches it (an unhandled rejection per keystroke), and resets its "error" status in the same tick, so its
 * own error screen never stays. DocSearch gets no hits instead, and the modal shows its own error screen
 * (./ErrorScreen.tsx) while the last search failed.
 */
import { useCallback, useMemo, useState } from 'react';
import type { SearchClientLike } from '../../search/types';

type SearchArgs = Parameters<SearchClientLike['search']>[0];

/** What DocSearch is told when a search failed: no hits (the error screen says why). */
export function noResults({ requests }: SearchArgs): Awaited<ReturnType<SearchClientLike['search']>> {
  return {
    results: requests.map((request) => {
      const query = request.query ?? request.params?.query ?? '';
      return { hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 0, query, params: '', index: request.indexName, queryID: '', processingTimeMS: 0, exhaustiveNbHits: true };
    }),
  };
}

/** `client`, reporting whether the latest search failed instead of rejecting. Never rejects. */
export function reportingClient(client: SearchClientLike, onOutcome: (failed: boolean) => void): SearchClientLike {
  let latest = 0;
  return {
    async search(args) {
      const call = ++latest;
      try {
        const result = await client.search(args);
        if (call === latest) onOutcome(false);
        return result;
      } catch {
        if (call === latest) onOutcome(true);
        return noResults(args);
      }
    },
  };
}

/** `client`, telling `onAnswer` each first request's query, its hits' addresses in rank order and how many it found. */
export function answeringClient(
  client: SearchClientLike,
  onAnswer: (query: string, hitUrls: string[], found: number) => void,
): SearchClientLike {
  return {
    async search(args) {
      const result = await client.search(args);
      const [request] = args.requests;
      const [response] = result.results;
      if (request && response) {
        onAnswer(request.query ?? request.params?.query ?? '', response.hits.map((hit) => hit.url ?? ''), response.nbHits);
      }
      return result;
    },
  };
}

export interface TrackedSearchClient {
  /** The client to give DocSearch: stable for the life of the modal, so DocSearch keeps one. */
  client: SearchClientLike;
  /** Whether the latest search failed. */
  failed: boolean;
  /** Whether a Retry is waiting for its search's answer. */
  retrying: boolean;
  /** DocSearch's key and initial query: a Retry mounts it afresh with the query typed so far, which runs it at once. */
  attempt: { key: number; query: string | undefined };
  retry: (query: string) => void;
  /** Mounts DocSearch afresh running `query` (e.g. with another client), without counting it as a Retry. */
  restart: (query: string) => void;
}

export function useTrackedSearchClient(shared: SearchClientLike, initialQuery: string | undefined): TrackedSearchClient {
  const [failed, setFailed] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [attempt, setAttempt] = useState({ key: 0, query: initialQuery });
  const client = useMemo(
    () =>
      reportingClient(shared, (outcome) => {
        setFailed(outcome);
        setRetrying(false);
      }),
    [shared],
  );
  const restart = useCallback((query: string) => setAttempt(({ key }) => ({ key: key + 1, query })), []);
  const retry = useCallback(
    (query: string) => {
      setRetrying(true);
      restart(query);
    },
    [restart],
  );
  return { client, failed, retrying, attempt, retry, restart };
}
