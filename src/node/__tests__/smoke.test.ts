import { atom, DEFAULT_STORE } from '@rkrupinski/stan';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
test('smoke', () => {
  const a = atom(1);
  a(DEFAULT_STORE).get();
  a(DEFAULT_STORE).set(2);
  expect(a(DEFAULT_STORE).get()).toBe(2);
  const tree = unified().use(remarkParse).use(remarkMdx).parse('## Hi\n\n[x](/docs)');
  expect(tree.children.length).toBe(2);
});
