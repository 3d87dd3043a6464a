// /module/:id: one module with its locally editable name (spec section 2). The name is the
// page's level-one heading, so it changes as it is typed.
import { Button, Card, CardContent, CardHeader, CardTitle, Input, Label } from '@omega/ui';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../app/status-pages/not-found.js';
import { paths } from '../../../lib/paths.js';
import { defaultModuleName, MODULE_COUNT, useModuleName } from '../module-names.js';

export function ModulePage() {
  const { id } = useParams();
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1 || n > MODULE_COUNT) return <NotFound />;
  return <ModuleDetail id={n} />;
}

function ModuleDetail({ id }: { id: number }) {
  const [name, setName] = useModuleName(id);
  return (
    <main className="omega-page">
      <Button asChild variant="outline">
        <Link to={paths.appCentral}>Back to Modules</Link>
      </Button>
      <Card className="omega-module-detail">
        <CardHeader>
          <CardTitle>
            <h1>{name.trim() || defaultModuleName(id)}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Label htmlFor="module-name">Module name</Label>
          <Input
            id="module-name"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            onBlur={(e) => {
              if (!e.target.value.trim()) setName(defaultModuleName(id));
            }}
          />
          <p className="omega-muted">The name is kept in this browser only.</p>
        </CardContent>
      </Card>
    </main>
  );
}
