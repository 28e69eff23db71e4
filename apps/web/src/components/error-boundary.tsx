import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What to show instead of the crashed subtree; `reset` renders the children again. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** Where the error is reported in the console. */
  name: string;
  children?: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/** Keeps a crash inside its subtree (a lab, a page) so the shell around it keeps working. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`${this.props.name} crashed`, error, info.componentStack);
  }

  reset = (): void => {
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}
