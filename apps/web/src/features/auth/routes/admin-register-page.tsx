// /admin-register: administrator registration with the key the server checks.
import { Button, toast } from '@omega/ui';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.js';
import { paths } from '../../../lib/paths.js';
import { useRefreshSession } from '../../../lib/session.js';
import { registerAdmin } from '../api/auth-api.js';
import { AuthCard } from '../components/auth-card.js';
import { CredentialsForm } from '../components/credentials-form.js';
import { serverFieldErrors } from '../components/server-field-errors.js';
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
      return serverFieldErrors(err);
    }
    return undefined;
  }

  return (
    <AuthCard title="Administrator Registration">
      <CredentialsForm
        kind="admin"
        submitLabel="Register as Administrator"
        secretKey={{
          label: 'Administrator Secret Key',
          hint: 'The administrator registration key from your Omega operator',
          shows: 'administrator secret key',
        }}
        onSubmit={submit}
      />
      <Button asChild variant="link" className="omega-auth__alt">
        <Link to={paths.auth}>Back to login</Link>
      </Button>
    </AuthCard>
  );
}
