// /auth: the Welcome card with Login and Register tabs (spec section 2, 'Auth screen').
import { Button, Tabs, TabsContent, TabsList, TabsTrigger, toast } from '@omega/ui';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.js';
import { useRefreshSession, useSession } from '../../../lib/session.js';
import { login, register } from '../api/auth-api.js';
import { AuthCard } from '../components/auth-card.js';
import { CredentialsForm } from '../components/credentials-form.js';
import { serverFieldErrors } from '../components/server-field-errors.js';
import type { FormValues } from '../components/validate.js';

/** Where to go after signing in: back to the page that sent the visitor here. */
function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== paths.auth
    ? from
    : paths.home;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function AuthPage() {
  const { user } = useSession();
  const refresh = useRefreshSession();
  const navigate = useNavigate();
  const returnTo = useReturnPath();

  if (user) return <Navigate to={returnTo} replace />;

  const submit = (kind: 'login' | 'register') => async (values: FormValues) => {
    try {
      const body = { username: values.username, password: values.password };
      const res = kind === 'login' ? await login(body) : await register(body);
      await refresh(res.user);
      toast({
        title: kind === 'login' ? 'Logged in successfully' : 'Registered successfully',
        description: `Welcome ${res.user.username}!`,
      });
      navigate(returnTo, { replace: true });
    } catch (err) {
      toast({ title: 'Error', description: errorText(err), variant: 'destructive' });
      return serverFieldErrors(err);
    }
    return undefined;
  };

  return (
    <AuthCard title="Welcome" description="Sign in to your account or create a new one">
      <Tabs defaultValue="login">
        <TabsList aria-label="Sign in or register">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <CredentialsForm kind="login" submitLabel="Login" onSubmit={submit('login')} />
        </TabsContent>
        <TabsContent value="register">
          <CredentialsForm kind="register" submitLabel="Register" onSubmit={submit('register')} />
        </TabsContent>
      </Tabs>
      <Button asChild variant="outline" className="omega-auth__alt">
        <Link to={paths.adminRegister}>Register as Administrator</Link>
      </Button>
    </AuthCard>
  );
}
