/**
 * A denser encoding of MiniSearch's serialised index: postings become delta-encoded base-36 strings instead
 * of objects keyed by string ids, which roughly halves the gzip size. `unpackIndex` restores MiniSearch's own
 * plain-object form exactly, so loading still goes through `MiniSearch.loadJS`.
 */
import type MiniSearch from 'minisearch';

type PlainIndex = ReturnType<MiniSearch['toJSON']>;

/**
 * Per term one string: `term f<deltas>[/<frequencies>] f<…>`, with a one-digit field id, record ids as
 * base-36 deltas joined by dots, and term frequencies only when one of them is not 1.
 */
type PackedTerm = string;

const b36 = (n: number) => n.toString(36);

export interface PackedIndex {
  documentCount: number;
  nextId: number;
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  /**
   * Lengths of the fields in `storedLengthFields` by short id (= record position), trailing zeros dropped.
   * The other fields' lengths are derived from the stored records on load.
   */
  fieldLength: number[][];
  storedLengthFields: number[];
  terms: PackedTerm[];
  serializationVersion: number;
}

/** `storedLengthFields`: ids of the fields whose text is not in the index file (so their lengths are kept). */
export function packIndex(plain: PlainIndex, storedLengthFields: number[]): PackedIndex {
  const count = plain.nextId;
  Object.entries(plain.documentIds).forEach(([shortId, id]) => {
    // The packed form relies on ids being record positions assigned in order.
    if (Number(shortId) !== id) throw new Error(`search index: short id ${shortId} maps to ${String(id)}`);
  });
  const terms = plain.index.map(([term, fields]): PackedTerm => {
    const parts = [term];
    for (const [fieldId, postings] of Object.entries(fields)) {
      if (!/^\d$/.test(fieldId)) throw new Error(`search index: field id ${fieldId} is not one digit`);
      const entries = Object.entries(postings)
        .map(([doc, tf]) => [Number(doc), tf] as const)
        .sort((a, b) => a[0] - b[0]);
      let previous = 0;
      const deltas = entries.map(([doc]) => {
        const delta = doc - previous;
        previous = doc;
        return b36(delta);
      });
      const tfs = entries.map(([, tf]) => tf);
      parts.push(`${fieldId}${deltas.join('.')}${tfs.every((tf) => tf === 1) ? '' : `/${tfs.map(b36).join('.')}`}`);
    }
    return parts.join(' ');
  });
  return {
    documentCount: plain.documentCount,
    nextId: plain.nextId,
    fieldIds: plain.fieldIds,
    averageFieldLength: plain.averageFieldLength,
    fieldLength: Array.from({ length: count }, (_, id) => {
      const kept = storedLengthFields.map((field) => plain.fieldLength[id]?.[field] ?? 0);
      while (kept.length > 0 && kept[kept.length - 1] === 0) kept.pop();
      return kept;
    }),
    storedLengthFields,
    terms,
    serializationVersion: plain.serializationVersion,
  };
}

/** Value of a base-36 digit (`0`–`9`, `a`–`z`) by char code. */
const digit = (code: number) => (code <= 57 ? code - 48 : code - 87);
const SPACE = 32;
const DOT = 46;
const SLASH = 47;

/**
 * The postings of one packed term, read in a single pass over its characters (no intermediate arrays of
 * substrings: loading the index is on the path to the first hits).
 */
function unpackTerm(packed: string): [string, Record<string, Record<string, number>>] {
  const space = packed.indexOf(' ');
  if (space < 0) return [packed, {}];
  const fields: Record<string, Record<string, number>> = {};
  const docs: number[] = [];
  let i = space + 1;
  while (i < packed.length) {
    const fieldId = packed.charAt(i++);
    docs.length = 0;
    let doc = 0;
    let n = 0;
    let code = 0;
    // Deltas up to the end of the field (space), or up to its frequencies (slash).
    for (; i < packed.length; i++) {
      code = packed.charCodeAt(i);
      if (code === DOT || code === SPACE || code === SLASH) {
        doc += n;
        docs.push(doc);
        n = 0;
        if (code !== DOT) break;
      } else {
        n = n * 36 + digit(code);
      }
    }
    if (i === packed.length) {
      doc += n;
      docs.push(doc);
    }
    const postings: Record<string, number> = {};
    if (code === SLASH) {
      let j = 0;
      n = 0;
      for (i++; i < packed.length; i++) {
        code = packed.charCodeAt(i);
        if (code === DOT || code === SPACE) {
          postings[docs[j++] ?? 0] = n;
          n = 0;
          if (code === SPACE) break;
        } else {
          n = n * 36 + digit(code);
        }
      }
      if (i === packed.length) postings[docs[j] ?? 0] = n;
    } else {
      for (const d of docs) postings[d] = 1;
    }
    fields[fieldId] = postings;
    i++; // past the space
  }
  return [packed.slice(0, space), fields];
}

/** `derivedLengths(id)`: the field lengths of a record computed from its stored text (one entry per field). */
export function unpackIndex(packed: PackedIndex, derivedLengths: (id: number) => number[]): PlainIndex {
  const index: PlainIndex['index'] = packed.terms.map(unpackTerm);
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  packed.fieldLength.forEach((stored, id) => {
    documentIds[id] = id;
    const lengths = derivedLengths(id);
    packed.storedLengthFields.forEach((field, j) => {
      lengths[field] = stored[j] ?? 0;
    });
    fieldLength[id] = lengths;
  });
  return {
    documentCount: packed.documentCount,
    nextId: packed.nextId,
    documentIds,
    fieldIds: packed.fieldIds,
    fieldLength,
    averageFieldLength: packed.averageFieldLength,
    storedFields: {},
    index,
    serializationVersion: packed.serializationVersion,
  };
}
