// A username that opens the account's page in the admin console (/admin/users/:id, declared in
// app/router.tsx). Here, not in the admin feature, because the supergod console's user list
// links to it as well; the router does not import it, so the first load does not carry it.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const adminUserPath = (id: number) => `/admin/users/${id}`;

export function UserLink(props: { id: number; children?: ReactNode }) {
  return <Link to={adminUserPath(props.id)}>{props.children ?? `User ${props.id}`}</Link>;
}
