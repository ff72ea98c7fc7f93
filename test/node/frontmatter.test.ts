import { validateDocFrontmatter } from '@src/node/frontmatter';

describe('validateDocFrontmatter', () => {
  it('accepts the frontmatter our docs use', () => {
    expect(
      validateDocFrontmatter(
        { title: 'atom', description: 'd', sidebar_label: 'atom', sidebar_position: 1, keywords: ['a'] },
        'content/docs/api/atom.mdx',
      ),
    ).toEqual([]);
  });

  it('names the file and the fix when the title is missing', () => {
    const [message, ...rest] = validateDocFrontmatter({ description: 'x' }, 'content/docs/api/atom.mdx');
    expect(rest).toEqual([]);
    expect(message).toMatch(/^content\/docs\/api\/atom\.mdx: frontmatter "title" is missing\./);
    expect(message).toContain('Add a line such as "title: ');
  });

  it('treats no frontmatter at all as a missing title', () => {
    expect(validateDocFrontmatter(undefined, 'content/docs/x.mdx')[0]).toContain('"title" is missing');
  });

  it('rejects a blank title and a non-numeric sidebar_position', () => {
    const messages = validateDocFrontmatter({ title: '  ', sidebar_position: 'first' }, 'content/docs/x.mdx');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('"title" is empty');
    expect(messages[1]).toContain('"sidebar_position"');
  });

  it('requires a slug to be root-relative', () => {
    expect(validateDocFrontmatter({ title: 't', slug: 'intro' }, 'content/docs/x.mdx')[0]).toContain(
      '"slug" must start with "/"',
    );
  });
});
