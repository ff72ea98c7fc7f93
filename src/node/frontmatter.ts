import { z } from 'zod';
import type { DocSource } from './types';

/** The frontmatter every doc may carry; mirrored by the GraphQL type `MdxFrontmatter` (src/node/gatsby/schema.ts). */
export const docFrontmatterSchema = z
  .object({
    title: z.string({ required_error: 'is missing' }).trim().min(1, 'is empty'),
    description: z.string().optional(),
    sidebar_label: z.string().optional(),
    sidebar_position: z.number().finite().optional(),
    slug: z.string().startsWith('/', 'must start with "/"').optional(),
    keywords: z.array(z.string()).optional(),
    draft: z.boolean().optional(),
    /**
     * A page that compares or lists changes (an upgrade guide, a comparison with other libraries): it names many terms
     * other pages explain, so search ranks it after any page that holds the query as well.
     */
    overview: z.boolean().optional(),
  })
  .passthrough();

/**
 * Returns one message per problem, each naming the file and the fix; an empty list when the frontmatter is valid.
 */
export function validateDocFrontmatter(frontmatter: unknown, file: string): string[] {
  const result = docFrontmatterSchema.safeParse(frontmatter ?? {});
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const field = issue.path.join('.') || 'frontmatter';
    const fix =
      field === 'title'
        ? ' Add a line such as "title: Getting started" between the --- fences at the top of the file.'
        : '';
    return `${file}: frontmatter "${field}" ${issue.message}.${fix}`;
  });
}

/**
 * A doc as the docs model reads it: its file and id, and the fields of its frontmatter (a field of the wrong type is
 * left out here; validateDocFrontmatter fails the build on it).
 */
export function docSourceOf(frontmatter: Readonly<Record<string, unknown>> | null | undefined, file: string, id: string): DocSource {
  const fm = frontmatter ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    file,
    id,
    title: text(fm.title) ?? '',
    description: text(fm.description),
    sidebarLabel: text(fm.sidebar_label),
    sidebarPosition: typeof fm.sidebar_position === 'number' ? fm.sidebar_position : null,
    slug: text(fm.slug),
    draft: fm.draft === true,
  };
}
