// /supergod-register: supergod registration with the key the server checks.
import { Button, toast } from '@omega/ui';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.js';
import { paths } from '../../../lib/paths.js';
import { useRefreshSession } from '../../../lib/session.js';
import { registerSupergod } from '../api/auth-api.js';
import { AuthCard } from '../components/auth-card.js';
import { CredentialsForm } from '../components/credentials-form.js';
import { serverFieldErrors } from '../components/server-field-errors.js';
import type { FormValues } from '../components/validate.js';

export function SupergodRegisterPage() {
  const refresh = useRefreshSession();
  const navigate = useNavigate();

  async function submit(values: FormValues) {
    try {
      const res = await registerSupergod({
        username: values.username,
        password: values.password,
        secretKey: values.secretKey ?? '',
      });
      await refresh(res.user);
      toast({
        title: '👑 Super-God registration successful',
        description: 'You now have the highest level of access',
      });
      navigate(paths.appCentral);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) {
        toast({
          title: 'Invalid Super-God key',
          description: "You don't have permission to create a Super-God account",
          variant: 'destructive',
        });
        return serverFieldErrors(err);
      }
      const serverMessage = err instanceof ApiError ? err.serverMessage : undefined;
      toast({
        title: 'Registration failed',
        description: serverMessage ?? 'Something went wrong',
        variant: 'destructive',
      });
      return serverFieldErrors(err);
    }
    return undefined;
  }

  return (
    <AuthCard title="Super-God Registration">
      <CredentialsForm
        kind="supergod"
        submitLabel="Register as Super-God"
        secretKey={{
          label: 'Super-God Secret Key',
          hint: 'At least 8 characters: the supergod registration key',
          shows: 'Super-God secret key',
        }}
        onSubmit={submit}
      />
      <Button asChild variant="outline" className="omega-auth__alt">
        <Link to={paths.auth}>Back to login</Link>
      </Button>
    </AuthCard>
  );
}
