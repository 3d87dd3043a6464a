// What signed-out visitors (and non-admins on admin pages) see instead of a page.
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@omega/ui';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths.js';

export function SignInRequired() {
  const location = useLocation();
  return (
    <main className="omega-page omega-page--centered">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Sign in required</h1>
          </CardTitle>
          <CardDescription>Please sign in with an account that can open this page.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to={paths.auth} state={{ from: location.pathname }}>
              Go to sign in
            </Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
