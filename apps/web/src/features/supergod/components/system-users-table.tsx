// The System Users card: every account a page at a time, with the spec's columns, role badges,
// 'N/A' for a missing email, 'Never' for a missing last login, and 'Refresh Users'.
import type { User } from '@omega/contracts';
import {
  Badge,
  type BadgeProps,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Pager,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@omega/ui';
import { useState } from 'react';
import { USERS_PAGE_SIZE, useSupergodUsers } from '../api/supergod-api.js';
import { when } from './format.js';

const ROLE_BADGE: Record<User['role'], BadgeProps['variant']> = {
  supergod: 'destructive',
  admin: 'default',
  user: 'outline',
};

function UsersTable({ users }: { users: User[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>ID</TableHead>
          <TableHead>Username</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Last Login</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((u) => (
          <TableRow key={u.id}>
            <TableCell>{u.id}</TableCell>
            <TableCell>{u.username}</TableCell>
            <TableCell>{u.email || 'N/A'}</TableCell>
            <TableCell>
              <Badge variant={ROLE_BADGE[u.role] ?? 'outline'}>{u.role}</Badge>
            </TableCell>
            <TableCell>
              <time dateTime={u.createdAt}>{when(u.createdAt)}</time>
            </TableCell>
            <TableCell>
              {u.lastLogin ? <time dateTime={u.lastLogin}>{when(u.lastLogin)}</time> : 'Never'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function SystemUsersTable({ enabled }: { enabled: boolean }) {
  const [offset, setOffset] = useState(0);
  const { data, error, isLoading, isValidating, mutate } = useSupergodUsers(enabled, offset);
  const total = data?.total ?? 0;
  const shown = data?.users ?? [];

  return (
    <section aria-labelledby="supergod-users-heading">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id="supergod-users-heading" className="omega-card-heading">
              System Users
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="omega-stack">
          <div className="omega-actions">
            <Button variant="outline" loading={isValidating} onClick={() => mutate()}>
              Refresh Users
            </Button>
          </div>
          {error && <p role="alert">Failed to fetch users data</p>}
          {isLoading && !data && <Skeleton style={{ height: '10rem' }} />}
          {data && shown.length === 0 && <p>No users found in the system.</p>}
          {shown.length > 0 && <UsersTable users={shown} />}
          {data && total > USERS_PAGE_SIZE && (
            <Pager
              aria-label="User list pages"
              offset={offset}
              pageSize={USERS_PAGE_SIZE}
              shown={shown.length}
              total={total}
              onChange={setOffset}
            />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
