// The System Control Panel card: user and log counts, the server's security flags in badges,
// when they were last checked, and 'Refresh Status'.
import type { SystemStatus } from '@omega/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@omega/ui';
import { useSystemStatus } from '../api/supergod-api.js';
import { flagLabel, flagValue, when } from './format.js';

function Figures({ system }: { system: SystemStatus }) {
  return (
    <dl className="omega-supergod__figures">
      <div>
        <dt>Users</dt>
        <dd>
          <span className="omega-supergod__figure">{system.users.count.toLocaleString()}</span>
          <span className="omega-muted">{system.users.note}</span>
        </dd>
      </div>
      <div>
        <dt>Error logs</dt>
        <dd className="omega-supergod__figure">{system.logs.errors.toLocaleString()}</dd>
      </div>
      <div>
        <dt>Activity logs</dt>
        <dd className="omega-supergod__figure">{system.logs.activities.toLocaleString()}</dd>
      </div>
    </dl>
  );
}

function SecurityFlags({ security }: { security: SystemStatus['security'] }) {
  const flags = Object.entries(security);
  if (flags.length === 0) return <p className="omega-muted">No security flags reported.</p>;
  return (
    <ul className="omega-supergod__flags" aria-label="Security flags">
      {flags.map(([name, value]) => (
        <li key={name}>
          <span>{flagLabel(name)}</span>
          <Badge
            variant={typeof value === 'boolean' ? (value ? 'default' : 'outline') : 'secondary'}
          >
            {flagValue(value)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

export function SystemControlPanel({ enabled }: { enabled: boolean }) {
  const { data, error, isLoading, isValidating, mutate } = useSystemStatus(enabled);
  const system = data?.system;
  return (
    <section aria-labelledby="supergod-status-heading">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id="supergod-status-heading" className="omega-card-heading">
              System Control Panel
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="omega-stack">
          {error && <p role="alert">Failed to fetch system status</p>}
          {isLoading && !system && <Skeleton style={{ height: '8rem' }} />}
          {system && (
            <>
              <Figures system={system} />
              <h3 className="omega-supergod__subheading">Security</h3>
              <SecurityFlags security={system.security} />
            </>
          )}
          <div className="omega-supergod__footer">
            <p className="omega-muted">
              Last checked:{' '}
              {system ? (
                <time dateTime={system.lastChecked}>{when(system.lastChecked)}</time>
              ) : (
                'Never'
              )}
            </p>
            <Button variant="outline" loading={isValidating} onClick={() => mutate()}>
              Refresh Status
            </Button>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
