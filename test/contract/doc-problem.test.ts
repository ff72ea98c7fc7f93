import { docProblemHtml } from '@src/contract/doc-problem';

describe('docProblemHtml', () => {
  it('shows the error as text in an alert, naming file and line as given', () => {
    const container = document.createElement('div');
    container.innerHTML = docProblemHtml('content/docs/a.mdx:3:7: Unexpected <b>character</b> & more');
    const alert = container.querySelector('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(alert?.querySelector('b')).toBeNull();
    expect(alert?.querySelector('pre')?.textContent).toBe('content/docs/a.mdx:3:7: Unexpected <b>character</b> & more');
  });
});
