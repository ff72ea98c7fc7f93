/** The hosted service's `facetFilters`, applied to the local index's records (language, docs tag). */
import type { FacetFilters, SearchRecord } from '../types';

type Predicate = (record: SearchRecord) => boolean;

function facetPredicate(filter: string): Predicate {
  const colon = filter.indexOf(':');
  if (colon < 0) return () => true;
  let attribute = filter.slice(0, colon);
  let value = filter.slice(colon + 1);
  let negate = false;
  if (attribute.startsWith('-')) [attribute, negate] = [attribute.slice(1), true];
  if (value.startsWith('-')) [value, negate] = [value.slice(1), true];
  value = value.replace(/^"(.*)"$/, '$1');
  const path = attribute.split('.');
  return (record) => {
    let actual: unknown = record;
    for (const key of path) actual = actual && typeof actual === 'object' ? (actual as Record<string, unknown>)[key] : undefined;
    const hit = Array.isArray(actual) ? actual.map(String).includes(value) : String(actual) === value;
    return negate ? !hit : hit;
  };
}

/** facetFilters of the hosted service: entries are ANDed; an inner array is an OR; `attr:-v` negates. */
export function facetFilterPredicate(filters: FacetFilters | undefined): Predicate {
  if (filters === undefined) return () => true;
  const list = typeof filters === 'string' ? [filters] : filters;
  const groups = list.map((entry) => (typeof entry === 'string' ? [entry] : [...entry]).map(facetPredicate));
  return (record) => groups.every((group) => group.length === 0 || group.some((p) => p(record)));
}
