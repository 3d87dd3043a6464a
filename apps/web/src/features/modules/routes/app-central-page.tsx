// /app-central: the module list (spec section 2; 10 slots named 'Module {n}').
import { Button, Card, CardHeader, CardTitle } from '@omega/ui';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.js';
import { MODULE_COUNT, useModuleName } from '../module-names.js';

function ModuleCard({ id }: { id: number }) {
  const [name] = useModuleName(id);
  return (
    <li>
      <Link to={paths.module(id)} className="omega-module-link">
        <Card className="omega-module-card">
          <CardHeader>
            <CardTitle>{name}</CardTitle>
          </CardHeader>
        </Card>
      </Link>
    </li>
  );
}

export function AppCentralPage() {
  return (
    <main className="omega-page">
      <div className="omega-page__header">
        <h1>Omega Module System</h1>
        <Button asChild>
          <Link to={paths.subscription}>Manage Subscription</Link>
        </Button>
      </div>
      <ul className="omega-module-grid" aria-label="Modules">
        {Array.from({ length: MODULE_COUNT }, (_, i) => (
          <ModuleCard key={i + 1} id={i + 1} />
        ))}
      </ul>
    </main>
  );
}
