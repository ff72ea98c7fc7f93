import { z } from 'zod';

/** The frontmatter every doc may carry; mirrored by the GraphQL type `MdxFrontmatter`. */
export const docFrontmatterSchema = z
  .object({
    title: z.string({ required_error: 'is missing' }).trim().min(1, 'is empty'),
    description: z.string().optional(),
    sidebar_label: z.string().optional(),
    sidebar_position: z.number().finite().optional(),
    slug: z.string().startsWith('/', 'must start with "/"').optional(),
    keywords: z.array(z.string()).optional(),
    draft: z.boolean().optional(),
  })
  .passthrough();

export type DocFrontmatter = z.infer<typeof docFrontmatterSchema>;

/** GraphQL SDL for the frontmatter, so queries never depend on inference. */
export const frontmatterTypeDefs = `
  type Mdx implements Node {
    frontmatter: MdxFrontmatter
  }
  type MdxFrontmatter @dontInfer {
    title: String!
    description: String
    sidebar_label: String
    sidebar_position: Float
    slug: String
    keywords: [String!]
    draft: Boolean
  }
`;

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
