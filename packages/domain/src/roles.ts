// One role vocabulary for server and clients. Roles are ranked, so checks read
// `atLeast(role, 'admin')` instead of listing role names at every call site.

export const ROLES = ['user', 'admin', 'supergod'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { user: 0, admin: 1, supergod: 2 };

/** Any value that is not a known role is treated as a regular user (spec section 6). */
export function normalizeRole(value: unknown): Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
    ? (value as Role)
    : 'user';
}

export function atLeast(role: Role, required: Role): boolean {
  return RANK[role] >= RANK[required];
}

export function isAdmin(role: Role): boolean {
  return atLeast(role, 'admin');
}

export function isSupergod(role: Role): boolean {
  return role === 'supergod';
}
