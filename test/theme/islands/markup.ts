import { renderDocToHtml } from '../../support/render';

/** The build-time HTML of an MDX snippet, mounted in the document like DocContent does. */
export async function mountDoc(source: string): Promise<HTMLElement> {
  const root = document.createElement('div');
  root.innerHTML = await renderDocToHtml(source, 'content/docs/test.mdx');
  document.body.append(root);
  return root;
}

export const fence = (meta: string, code: string) => `\`\`\`${meta}\n${code}\n\`\`\`\n`;
