// The System Users card: every account a page at a time, with the spec's columns, role badges,
// 'N/A' for a missing email, 'Never' for a missing last login, 'Refresh Users', and a search by
// username or email that says 'No users found in the system.' when nothing matches.
import { USER_SEARCH_MAX, type User } from '@omega/contracts';
import {
  Badge,
  type BadgeProps,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Input,
  Label,
  Pager,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@omega/ui';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.js';
import { UserLink } from '../../../lib/user-link.js';
import { USERS_PAGE_SIZE, useSupergodUsers } from '../api/supergod-api.js';
import { when } from './format.js';

const ROLE_BADGE: Record<User['role'], BadgeProps['variant']> = {
  supergod: 'destructive',
  admin: 'default',
  user: 'outline',
};

/** The server is asked once typing pauses; what is shown follows every key. */
const SEARCH_PAUSE_MS = 300;

/** Whether an account matches the search as the server matches it: username or email, any case. */
const matches = (user: User, term: string) =>
  [user.username, user.email ?? ''].some((field) => field.toLowerCase().includes(term));

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
            <TableCell>
              <UserLink id={u.id}>{u.username}</UserLink>
            </TableCell>
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
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const searchId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const { data, error, isLoading, isValidating, mutate } = useSupergodUsers(enabled, offset, query);
  const total = data?.total ?? 0;
  // Filtered here too: at once while the server's answer is on its way, and over a page
  // from a server that answers every account.
  const term = search.trim().toLowerCase();
  const shown = (data?.users ?? []).filter((u) => matches(u, term));

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
            <div className="omega-field__label-row">
              {/* The input takes the row's width; the label keeps its words on one line. */}
              <Label htmlFor={searchId} style={{ whiteSpace: 'nowrap' }}>
                Search users
              </Label>
              <Input
                id={searchId}
                type="search"
                placeholder="Username or email"
                autoComplete="off"
                maxLength={USER_SEARCH_MAX}
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setOffset(0);
                }}
              />
            </div>
            <Button variant="outline" loading={isValidating} onClick={() => mutate()}>
              Refresh Users
            </Button>
          </div>
          {error && (
            <p role="alert">
              <span>Failed to fetch users data</span>: {errorMessage(error)}
            </p>
          )}
          {isLoading && !data && <Skeleton style={{ height: '10rem' }} />}
          {data && !error && shown.length === 0 && <p>No users found in the system.</p>}
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
