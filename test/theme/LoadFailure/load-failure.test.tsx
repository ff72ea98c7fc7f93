import { act, fireEvent, render, screen } from '@testing-library/react';
import LoadFailure from '@src/theme/LoadFailure';
import { latePiece } from '@src/theme/islands/loader';

async function failedPiece() {
  let attempt = 0;
  let finish!: (value: string) => void;
  const piece = latePiece('Search', () => {
    attempt += 1;
    return attempt === 1 ? Promise.reject(new Error('offline')) : new Promise<string>((resolve) => (finish = resolve));
  });
  await piece.load().catch(() => undefined);
  return { piece, finish: (value: string) => finish(value), attempts: () => attempt };
}

describe('LoadFailure', () => {
  it('names the piece in one short sentence, as an alert, with Retry', async () => {
    const { piece } = await failedPiece();
    render(<LoadFailure piece={piece} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Search could not load.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is not an alert when another notice of the same piece already announces it', async () => {
    const { piece } = await failedPiece();
    render(<LoadFailure piece={piece} announce={false} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Search could not load.')).toBeInTheDocument();
  });

  it('Retry loads again; the button says so and keeps its focus meanwhile, without loading twice', async () => {
    const { piece, finish, attempts } = await failedPiece();
    render(<LoadFailure piece={piece} />);
    const button = screen.getByRole('button', { name: 'Retry' });
    button.focus();
    await act(async () => fireEvent.click(button));
    expect(button).toHaveTextContent('Retrying…');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    fireEvent.click(button);
    await act(async () => finish('modal'));
    expect(attempts()).toBe(2);
    expect(piece.state).toEqual({ status: 'ready', value: 'modal' });
  });
});
