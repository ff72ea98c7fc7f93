/**
 * Splits a highlighted value (`a <mark>b</mark> c`) into plain-text parts, so pages render highlights as
 * React text and elements: nothing from a record or a query is ever injected as HTML.
 */
export interface HighlightPart {
  text: string;
  highlighted: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[\da-f]+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function highlightParts(value: string, pre = '<mark>', post = '</mark>'): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let rest = value;
  while (rest.length > 0) {
    const start = rest.indexOf(pre);
    const end = start < 0 ? -1 : rest.indexOf(post, start + pre.length);
    if (start < 0 || end < 0) {
      parts.push({ text: decodeEntities(rest), highlighted: false });
      break;
    }
    if (start > 0) parts.push({ text: decodeEntities(rest.slice(0, start)), highlighted: false });
    parts.push({ text: decodeEntities(rest.slice(start + pre.length, end)), highlighted: true });
    rest = rest.slice(end + post.length);
  }
  return parts.filter((p) => p.text !== '');
}
