// What a page shows when its code could not be downloaded (the network dropped, or a deploy
// replaced the files since this tab opened) or it failed while drawing: a sentence saying so
// and a way to load it again, instead of an empty window. The shell (top bar, navigation,
// assistant) stays, so the person can also go elsewhere; another page has its own boundary.
// The shell's own pieces that load on demand (the bell, the assistant, the view-as banner) have
// a PieceBoundary each: one that cannot be downloaded shows its fallback instead of taking the
// whole window down with it.
import { Button } from '@omega/ui';
import { Component, type ReactNode } from 'react';

/** Chrome's, Firefox's and Safari's words for a module that could not be downloaded. */
const NOT_DOWNLOADED =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

const PAGE_NOT_DOWNLOADED =
  'This page could not be downloaded: the connection may have dropped, or Omega was updated since this tab opened.';
const PAGE_FAILED = 'Something went wrong while showing this page.';

interface State {
  failed: boolean;
  error: unknown;
}

/**
 * Shows `fallback` (nothing by default, or what it makes of the error) in place of a piece that
 * could not be loaded or drawn.
 */
export class PieceBoundary extends Component<
  { children: ReactNode; fallback?: ReactNode | ((error: unknown) => ReactNode) },
  State
> {
  override state: State = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override render() {
    const { fallback = null, children } = this.props;
    if (!this.state.failed) return children;
    return typeof fallback === 'function' ? fallback(this.state.error) : fallback;
  }
}

/** A page that did not open: why, and a reload. */
function PageDidNotOpen({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="omega-page omega-page--centered">
      <h1>This page did not open</h1>
      <p role="alert">{NOT_DOWNLOADED.test(message) ? PAGE_NOT_DOWNLOADED : PAGE_FAILED}</p>
      <div className="omega-actions">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </div>
    </main>
  );
}

export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <PieceBoundary fallback={(error) => <PageDidNotOpen error={error} />}>{children}</PieceBoundary>
  );
}
