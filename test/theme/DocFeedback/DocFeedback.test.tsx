import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import DocFeedback, { parseAnswer } from '@src/theme/DocFeedback';

const ROUTE = '/docs/api/atom';
const KEY = `stan.feedback.${ROUTE}`;

type Win = Window & { dataLayer?: Array<Record<string, unknown>> };
const feedbackEvents = () => ((window as Win).dataLayer ?? []).filter((e) => e.event === 'page_feedback');

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
  delete (window as Win).dataLayer;
});

describe('DocFeedback', () => {
  it('asks with two toggle buttons, neither pressed, in a named group', () => {
    render(<DocFeedback route={ROUTE} />);
    const group = screen.getByRole('group', { name: 'Was this page helpful?' });
    expect(group).toContainElement(screen.getByRole('button', { name: 'Yes', pressed: false }));
    expect(group).toContainElement(screen.getByRole('button', { name: 'No', pressed: false }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('Yes → the button is pressed and a reason is asked for; Send sends answer and reason, then thanks', async () => {
    render(<DocFeedback route={ROUTE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByRole('button', { name: 'Yes', pressed: true })).toBeInTheDocument();
    expect(window.localStorage.getItem(KEY)).toBe('yes');
    const text = await screen.findByRole('textbox', { name: 'What helped? (optional)' });
    expect(text).toHaveFocus();
    expect(text).toHaveAttribute('maxlength', '300');
    // Not sent yet: the reader may still give a reason.
    expect(feedbackEvents()).toEqual([]);
    fireEvent.change(text, { target: { value: '  The examples.  ' } });
    expect(screen.getByText('283 characters left')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(feedbackEvents()).toEqual([{ event: 'page_feedback', page_path: ROUTE, helpful: true, reason: 'The examples.' }]);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Thank you for your feedback.');
    expect(status).toHaveFocus();
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('No → Skip sends the answer without a reason', async () => {
    render(<DocFeedback route={ROUTE} />);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await screen.findByRole('textbox', { name: 'What was missing or unclear? (optional)' });
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(feedbackEvents()).toEqual([{ event: 'page_feedback', page_path: ROUTE, helpful: false, reason: '' }]);
    expect(window.localStorage.getItem(KEY)).toBe('no');
  });

  it('the reader may change their mind before sending; one event with the last answer', async () => {
    render(<DocFeedback route={ROUTE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByRole('textbox');
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('button', { name: 'No', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes', pressed: false })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(feedbackEvents()).toEqual([{ event: 'page_feedback', page_path: ROUTE, helpful: false, reason: '' }]);
  });

  it('leaving the page before sending or skipping still sends the answer, once', async () => {
    const { unmount } = render(<DocFeedback route={ROUTE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByRole('textbox');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    unmount();
    expect(feedbackEvents()).toEqual([{ event: 'page_feedback', page_path: ROUTE, helpful: true, reason: '' }]);
  });

  it('keeps the thanks after a reload (the stored answer), and sends nothing again', async () => {
    window.localStorage.setItem(KEY, 'no');
    render(<DocFeedback route={ROUTE} />);
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(screen.queryByRole('group')).toBeNull();
    expect(feedbackEvents()).toEqual([]);
  });

  it('asks again when the stored value is corrupt, and replaces it with the new answer', async () => {
    window.localStorage.setItem(KEY, '{"helpful":tru');
    render(<DocFeedback route={ROUTE} />);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(window.localStorage.getItem(KEY)).toBe('no');
    expect(parseAnswer('maybe')).toBeNull();
    expect(parseAnswer(null)).toBeNull();
  });

  it('works when storage is unavailable: the answer is sent and thanked, kept for this tab only', async () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(denied);
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(denied);
    render(<DocFeedback route="/docs/guides/ssr" />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(screen.getByRole('status')).toHaveTextContent('Thank you for your feedback.');
    expect(feedbackEvents()).toEqual([{ event: 'page_feedback', page_path: '/docs/guides/ssr', helpful: true, reason: '' }]);
  });

  it('with Global Privacy Control on, sends nothing and says the answer stays on this device', async () => {
    Object.defineProperty(window.navigator, 'globalPrivacyControl', { value: true, configurable: true });
    render(<DocFeedback route={ROUTE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/Thank you.*stays on this device/));
    expect(feedbackEvents()).toEqual([]);
    delete (window.navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
  });
});
