// /admin-register: administrator registration with the key the server checks.
import { Button, Card, CardContent, CardHeader, CardTitle, toast } from '@omega/ui';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.js';
import { paths } from '../../../lib/paths.js';
import { useRefreshSession } from '../../../lib/session.js';
import { registerAdmin } from '../api/auth-api.js';
import { CredentialsForm } from '../components/credentials-form.js';
import type { FormValues } from '../components/validate.js';

export function AdminRegisterPage() {
  const refresh = useRefreshSession();
  const navigate = useNavigate();

  async function submit(values: FormValues) {
    try {
      const res = await registerAdmin({
        username: values.username,
        password: values.password,
        secretKey: values.secretKey ?? '',
      });
      await refresh(res.user);
      toast({
        title: 'Admin Registration Successful',
        description: `Welcome ${res.user.username}! You now have administrator privileges.`,
      });
      navigate(paths.admin);
    } catch (err) {
      const serverMessage = err instanceof ApiError ? err.serverMessage : undefined;
      toast({
        title: 'Registration Failed',
        description: serverMessage ?? 'Registration failed',
        variant: 'destructive',
      });
      if (err instanceof ApiError && err.status === 403) return { secretKey: err.message };
      if (err instanceof ApiError && err.status === 409) return { username: err.message };
    }
    return undefined;
  }

  return (
    <main className="omega-auth">
      <Card className="omega-auth__card">
        <CardHeader>
          <CardTitle>
            <h1>Administrator Registration</h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <CredentialsForm
            kind="admin"
            submitLabel="Register as Administrator"
            secretKey={{
              label: 'Administrator Secret Key',
              hint: 'The administrator registration key from your Omega operator',
            }}
            onSubmit={submit}
          />
          <Button asChild variant="link" className="omega-auth__alt">
            <Link to={paths.auth}>Back to login</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
