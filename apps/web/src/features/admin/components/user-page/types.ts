// The user page's answer, as the route table types it.
import type { RouteAnswer } from '@omega/contracts/client';

export type UserPage = RouteAnswer<'adminUserPage'>;
