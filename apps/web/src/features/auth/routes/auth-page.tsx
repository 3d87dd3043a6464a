// /auth: the Welcome card with Login and Register tabs (spec section 2, 'Auth screen'). The
// Register tab also opens the plan comparison, where a visitor's main button is 'Sign Up Now':
// a paid plan chosen there stays in the address (`?plan=`) through registration, and the new
// user is then asked to confirm it on the plan chooser. The Login tab also signs in with a
// passkey, and a passkey can answer the two-factor step (issue 37).
import type { Plan, User } from '@omega/contracts';
import { Button, Spinner, Tabs, TabsContent, TabsList, TabsTrigger, toast } from '@omega/ui';
import { type ComponentType, Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/error-message.js';
import { PLAN_PARAM, paths } from '../../../lib/paths.js';
import { useRefreshSession, useSession } from '../../../lib/session.js';
import { AuthCard } from '../components/auth-card.js';
import { CredentialsForm } from '../components/credentials-form.js';
import { PasskeyButton } from '../components/passkey-button.js';
import { SecondFactorForm } from '../components/second-factor-form.js';
import { serverFieldErrors } from '../components/server-field-errors.js';
import type { FormValues } from '../components/validate.js';

/** The plan comparison and the chosen plan's note, which the subscription feature provides. */
export interface AuthPageProps {
  PlanComparison: ComponentType<{ onClose(): void; onSignUp(plan: Plan): void }>;
  ChosenPlanNote: ComponentType<{ planId: string }>;
}

/**
 * Where to go after signing in: to confirm a plan chosen here, else back to the page that sent
 * the visitor here.
 */
function useReturnPath(chosenPlan: string | null): string {
  const location = useLocation();
  if (chosenPlan) return paths.confirmPlan(chosenPlan);
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== paths.auth
    ? from
    : paths.home;
}

export function AuthPage({ PlanComparison, ChosenPlanNote }: AuthPageProps) {
  const { user } = useSession();
  const refresh = useRefreshSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const chosenPlan = params.get(PLAN_PARAM);
  const returnTo = useReturnPath(chosenPlan);
  const [tab, setTab] = useState(chosenPlan ? 'register' : 'login');
  const [comparing, setComparing] = useState(false);
  // The password was right and the account has two-factor on: its second step is shown.
  const [secondStep, setSecondStep] = useState(false);

  if (user) return <Navigate to={returnTo} replace />;

  async function welcome(kind: 'login' | 'register', signedIn: User) {
    await refresh(signedIn);
    toast({
      title: kind === 'login' ? 'Logged in successfully' : 'Registered successfully',
      description: `Welcome ${signedIn.username}!`,
    });
    navigate(returnTo, { replace: true });
  }

  async function secondFactor(factor: { code?: string; recoveryCode?: string }) {
    try {
      const { loginTwoFactor } = await import('../api/auth-api.js');
      await welcome('login', (await loginTwoFactor(factor)).user);
      return undefined;
    } catch (err) {
      // A wrong code is said under the field; anything else (the 5 minutes ran out, too many
      // tries, no connection) in a toast as well.
      const message = errorMessage(err);
      if (!(err instanceof ApiError && err.status === 400 && /code/i.test(message))) {
        toast({ title: 'Error', description: message, variant: 'destructive' });
      }
      return message;
    }
  }

  /** A sign-in by passkey (alone, or the second step): the refusal to show, if any. */
  async function withPasskey(secondStep: boolean) {
    let api: typeof import('../api/auth-api.js') | undefined;
    try {
      // Loaded on click, with the WebAuthn library after it: the first load carries neither.
      api = await import('../api/auth-api.js');
      const res = secondStep ? await api.loginTwoFactorWithPasskey() : await api.loginWithPasskey();
      await welcome('login', res.user);
      return undefined;
    } catch (err) {
      return api ? api.passkeyFailure(err) : errorMessage(err);
    }
  }

  const submit = (kind: 'login' | 'register') => async (values: FormValues) => {
    try {
      const body = { username: values.username, password: values.password };
      // Loaded on submit: the sign-in page's first load carries no API client.
      const { login, register } = await import('../api/auth-api.js');
      const res = kind === 'login' ? await login(body) : await register(body);
      if ('twoFactorRequired' in res) {
        setSecondStep(true);
        return undefined;
      }
      await welcome(kind, res.user);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
      return serverFieldErrors(err);
    }
    return undefined;
  };

  function signUpFor(plan: Plan) {
    setComparing(false);
    // The Free plan needs nothing after registering; choosing it drops an earlier paid choice.
    setParams(
      (p) => {
        if (plan.price > 0) p.set(PLAN_PARAM, plan.id);
        else p.delete(PLAN_PARAM);
        return p;
      },
      { replace: true },
    );
    setTab('register');
  }

  return (
    <AuthCard title="Welcome" description="Sign in to your account or create a new one">
      {chosenPlan && (
        <Suspense fallback={null}>
          <ChosenPlanNote planId={chosenPlan} />
        </Suspense>
      )}
      {secondStep ? (
        <SecondFactorForm
          onSubmit={secondFactor}
          onPasskey={() => withPasskey(true)}
          onCancel={() => setSecondStep(false)}
        />
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Sign in or register">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="register">Register</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <CredentialsForm kind="login" submitLabel="Login" onSubmit={submit('login')} />
            <PasskeyButton label="Sign in with a passkey" onUse={() => withPasskey(false)} />
          </TabsContent>
          <TabsContent value="register">
            <CredentialsForm kind="register" submitLabel="Register" onSubmit={submit('register')} />
            <Button
              variant="link"
              className="omega-auth__alt"
              aria-haspopup="dialog"
              onClick={() => setComparing(true)}
            >
              Compare plans
            </Button>
          </TabsContent>
        </Tabs>
      )}
      {comparing && (
        <Suspense fallback={<Spinner aria-label="Loading the plans" />}>
          <PlanComparison onClose={() => setComparing(false)} onSignUp={signUpFor} />
        </Suspense>
      )}
      <Button asChild variant="outline" className="omega-auth__alt">
        <Link to={paths.adminRegister}>Register as Administrator</Link>
      </Button>
    </AuthCard>
  );
}
