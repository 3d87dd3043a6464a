// The Command Terminal card: the button that opens the command dialog, and a terminal-style
// log of the commands run in this browser session with their output.
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@omega/ui';
import { useCommandHistory } from '../stores/command-history.js';
import { CommandDialog } from './command-dialog.js';
import { when } from './format.js';

function TerminalLog() {
  const runs = useCommandHistory((s) => s.runs);
  return (
    // A scrollable log: focusable so keyboard users can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <div role="log" aria-label="Command output" className="omega-supergod__terminal" tabIndex={0}>
      {runs.length === 0 ? (
        <p className="omega-supergod__terminal-empty">
          No commands run in this session yet. Run <code>help</code> to list them.
        </p>
      ) : (
        runs.map((run) => (
          <article key={run.id} className="omega-supergod__run" data-ok={run.ok}>
            <header>
              <span className="omega-supergod__prompt">$ {run.command}</span>{' '}
              <time dateTime={run.at}>{when(run.at)}</time>
              {!run.ok && <span className="omega-supergod__refused"> (refused)</span>}
            </header>
            <pre>{run.output}</pre>
          </article>
        ))
      )}
    </div>
  );
}

export function CommandTerminal() {
  const hasRuns = useCommandHistory((s) => s.runs.length > 0);
  const clear = useCommandHistory((s) => s.clear);
  return (
    <section aria-labelledby="supergod-terminal-heading">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id="supergod-terminal-heading" className="omega-card-heading">
              Command Terminal
            </h2>
          </CardTitle>
          <CardDescription>
            Run a supergod command: user roles, sign-outs, log clearing, maintenance mode and
            announcements. Every run is written to the activity log.
          </CardDescription>
        </CardHeader>
        <CardContent className="omega-stack">
          <div className="omega-actions">
            <CommandDialog />
            {hasRuns && (
              <Button variant="ghost" onClick={clear}>
                Clear output
              </Button>
            )}
          </div>
          <TerminalLog />
        </CardContent>
      </Card>
    </section>
  );
}
