// How the supergod console writes times and security flags for people.

/** A date and time in the viewer's locale; `fallback` when there is none. */
export function when(iso: string | null | undefined, fallback = 'Never'): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : date.toLocaleString();
}

const FLAG_LABELS: Record<string, string> = {
  adminRegistrationKey: 'Admin registration key',
  supergodRegistrationKey: 'Super-God registration key',
  sessionCookieSecure: 'Secure session cookie',
  sessionCookieHttpOnly: 'HttpOnly session cookie',
  sessionCookieSameSite: 'Session cookie SameSite',
  loginRateLimit: 'Sign-in rate limiting',
  loginRateLimitStore: 'Rate limit counters',
  contentSecurityPolicy: 'Content Security Policy',
  crossOriginWriteRefusal: 'Cross-site writes refused',
  twoFactorRequiredOf: 'Two-factor required of',
  privilegedTwoFactor: 'Two-factor in use',
  trustedProxies: 'Trusted proxies',
  databaseDialect: 'Database',
  databaseDurability: 'Database durability',
  maintenanceMode: 'Maintenance mode',
  loadSheddingEventLoopDelay: 'Shed load: event-loop delay',
  loadSheddingHeapUsed: 'Shed load: heap used',
  loadSheddingRss: 'Shed load: resident memory',
  httpHeadersTimeout: 'Request headers timeout',
  httpRequestTimeout: 'Whole request timeout',
  shutdownDelay: 'Shutdown: readiness 503 before closing',
  shutdownDeadline: 'Shutdown deadline',
};

/** The flag's label; a flag this page does not know yet is spelled out from its name. */
export function flagLabel(name: string): string {
  const known = FLAG_LABELS[name];
  if (known) return known;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function flagValue(value: string | boolean): string {
  if (value === true) return 'On';
  if (value === false) return 'Off';
  return value;
}
