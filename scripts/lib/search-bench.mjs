/** Pure parts of `npm run bench:search`: a generated corpus, percentiles, query timing. */

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same corpus. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/**
 * A docs site of `pages` pages shaped like this one (sections, body text, identifiers), built from the
 * vocabulary of the real records so term frequencies stay realistic.
 */
export function generateCorpus(realRecords, { pages = 2000, seed = 42 } = {}) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const words = realRecords.flatMap((r) => (r.content ?? '').split(/\s+/)).filter((w) => /^[A-Za-z][\w-]*[.,]?$/.test(w));
  const headings = realRecords.filter((r) => r.type !== 'lvl1' && r.type !== 'content').map((r) => r.hierarchy[r.type]);
  const categories = ['Getting started', 'API', 'Guides', 'Recipes', 'Integrations', 'Reference'];
  const sentence = (n) => Array.from({ length: n }, () => pick(words)).join(' ');
  const records = [];
  for (let p = 0; p < pages; p++) {
    const id = `generated/page-${p}`;
    const path = `/docs/${id}`;
    const lvl0 = pick(categories);
    const lvl1 = `${pick(headings)} ${p}`;
    const base = { url_without_anchor: path, language: 'en', docusaurus_tag: 'docs-default-current' };
    let position = 0;
    const push = (type, anchor, hierarchy, content, extra = {}) =>
      records.push({
        ...base,
        objectID: `${id}-${position}`,
        url: anchor ? `${path}#${anchor}` : path,
        anchor,
        type,
        hierarchy: { lvl0, lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null, ...hierarchy },
        content,
        weight: { pageRank: p, level: type === 'content' ? 0 : type === 'lvl1' ? 100 : 90, position: position++ },
        ...extra,
      });
    push('lvl1', null, {}, null, { keywords: sentence(4) });
    push('content', null, {}, sentence(20 + Math.floor(next() * 30)));
    const sections = 3 + Math.floor(next() * 5);
    for (let s = 0; s < sections; s++) {
      const lvl2 = pick(headings);
      const anchor = `${lvl2.toLowerCase().replace(/[^\w]+/g, '-')}-${s}`;
      push('lvl2', anchor, { lvl2 }, null, { code: `use${pick(['Stan', 'Store', 'Atom'])}${p} make${s}Thing${p}` });
      const blocks = 2 + Math.floor(next() * 5);
      for (let b = 0; b < blocks; b++) push('content', anchor, { lvl2 }, sentence(15 + Math.floor(next() * 40)));
    }
  }
  return records;
}

/** Every prefix of each query from 2 characters on: what the engine sees while a reader types. */
export function typingQueries(queries) {
  return queries.flatMap((q) => Array.from({ length: Math.max(0, q.length - 1) }, (_, i) => q.slice(0, i + 2)));
}

/** Times `run(query)` for each query after a warm-up; returns milliseconds per query. */
export function timeQueries(queries, run, { warmup = 50 } = {}) {
  for (const q of queries.slice(0, warmup)) run(q);
  return queries.map((q) => {
    const start = process.hrtime.bigint();
    run(q);
    return Number(process.hrtime.bigint() - start) / 1e6;
  });
}
