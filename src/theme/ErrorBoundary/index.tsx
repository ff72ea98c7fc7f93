import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryFallbackProps {
  error: Error;
  /** Clears the error and renders the children again. */
  tryAgain: () => void;
}

interface Props {
  children: ReactNode;
  fallback: (props: ErrorBoundaryFallbackProps) => ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
}

/** Anything thrown, as an Error (a thrown string or object keeps its text). */
export function toError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  return new Error(typeof thrown === 'string' ? thrown : `Non-error value thrown: ${String(thrown)}`);
}

/** Catches render errors below it and shows `fallback` until `tryAgain` is called. */
export default class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(thrown: unknown) {
    return { error: toError(thrown) };
  }

  override componentDidCatch(thrown: unknown, info: ErrorInfo) {
    this.props.onError?.(toError(thrown), info);
  }

  tryAgain = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    return error ? this.props.fallback({ error, tryAgain: this.tryAgain }) : this.props.children;
  }
}
