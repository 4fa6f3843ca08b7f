import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

interface Props {
  children: ReactNode;
  /** What failed, for the message: "this screen", "the Blog Posts tab"... */
  what?: string;
}

/**
 * Catches a render error below it, typically a lazy chunk that failed to download (network, or a
 * new deploy replaced the file), and offers a reload instead of a blank page.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="container-page py-8">
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>
            Sorry, {this.props.what ?? 'this screen'} could not be loaded. Check your connection and reload the page.
          </span>
          <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Alert>
      </div>
    );
  }
}
