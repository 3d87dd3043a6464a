// The card every sign-in and registration screen sits in: a page heading, an optional line
// under it, the form, and the links below it.
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@omega/ui';
import type { ReactNode } from 'react';

export function AuthCard(props: { title: string; description?: string; children: ReactNode }) {
  return (
    <main className="omega-auth">
      <Card className="omega-auth__card">
        <CardHeader>
          <CardTitle>
            <h1>{props.title}</h1>
          </CardTitle>
          {props.description && <CardDescription>{props.description}</CardDescription>}
        </CardHeader>
        <CardContent>{props.children}</CardContent>
      </Card>
    </main>
  );
}
