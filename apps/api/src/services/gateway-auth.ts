// Who may call the USSD gateway. The callback names a phone and we believe it only because the
// aggregator — the network — proved that phone; so the caller must prove it is the aggregator:
// the shared secret (HTTP Basic password or the X-Omega-Gateway-Secret header, compared in
// constant time) and, when configured, a source address in the allowlist, read from the real
// client address (Fastify's request.ip, which honours TRUST_PROXY and nothing else).
import { createHash, timingSafeEqual } from 'node:crypto';
import { type BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { addressList } from '../lib/address-list.js';
import type { Clock } from '../lib/clock.js';
import { requestIdField } from '../lib/request-context.js';

export const GATEWAY_OFF =
  'The USSD gateway is off: set OMEGA_USSD_GATEWAY_SECRET (and optionally OMEGA_USSD_GATEWAY_CIDRS) to turn it on';
export const GATEWAY_UNAUTHENTICATED =
  'USSD gateway callbacks must carry the shared secret (HTTP Basic password or X-Omega-Gateway-Secret)';
export const GATEWAY_ADDRESS_REFUSED =
  'USSD gateway callbacks are not accepted from this address (OMEGA_USSD_GATEWAY_CIDRS)';
export const SECRET_HEADER = 'x-omega-gateway-secret';

/** How often a refused source is logged at most: a scan must not flood the system log. */
const LOG_EVERY_MS = 60_000;
const MAX_TRACKED_SOURCES = 10_000;

export type GatewayVerdict =
  | { ok: true }
  | { ok: false; statusCode: 401 | 403 | 404; message: string };

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is checked as 1.2.3.4. */
function familyOf(ip: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  if (isIPv4(ip)) return { address: ip, family: 'ipv4' };
  if (isIPv6(ip)) return { address: ip, family: 'ipv6' };
  return null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export class GatewayAuth {
  private readonly secretDigest: Buffer | null;
  private readonly allowed: BlockList | null;
  private readonly lastLogged = new Map<string, number>();

  constructor(
    config: { secret: string; cidrs: readonly string[] } | null,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    this.secretDigest = config ? digest(config.secret) : null;
    this.allowed = config && config.cidrs.length > 0 ? addressList(config.cidrs) : null;
  }

  get enabled(): boolean {
    return this.secretDigest !== null;
  }

  /**
   * Decides on the headers and address alone, before the body is read or anything is stored.
   * A refusal's log line names `requestId`, the callback's request (decision 020).
   */
  verify(
    ip: string,
    headers: Record<string, string | string[] | undefined>,
    requestId: string | null,
  ): GatewayVerdict {
    if (!this.secretDigest) return { ok: false, statusCode: 404, message: GATEWAY_OFF };
    if (this.allowed) {
      const client = familyOf(ip);
      if (!client || !this.allowed.check(client.address, client.family)) {
        this.refused(ip, 'address not in OMEGA_USSD_GATEWAY_CIDRS', requestId);
        return { ok: false, statusCode: 403, message: GATEWAY_ADDRESS_REFUSED };
      }
    }
    const presented = presentedSecret(headers);
    // Both sides are hashed to the same length first, so the comparison leaks no length.
    if (presented === null || !timingSafeEqual(digest(presented), this.secretDigest)) {
      this.refused(ip, presented === null ? 'no secret' : 'wrong secret', requestId);
      return { ok: false, statusCode: 401, message: GATEWAY_UNAUTHENTICATED };
    }
    return { ok: true };
  }

  private refused(ip: string, reason: string, requestId: string | null) {
    const now = this.clock();
    const last = this.lastLogged.get(ip);
    if (last !== undefined && now - last < LOG_EVERY_MS) return;
    if (this.lastLogged.size >= MAX_TRACKED_SOURCES && last === undefined) {
      const oldest = this.lastLogged.keys().next().value;
      if (oldest !== undefined) this.lastLogged.delete(oldest);
    }
    this.lastLogged.delete(ip);
    this.lastLogged.set(ip, now);
    this.log.warn(
      { source: 'ussd-gateway', ip, reason, ...requestIdField(requestId) },
      `USSD gateway callback refused from ${ip}: ${reason}`,
    );
  }
}

function presentedSecret(headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers[SECRET_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Basic ')) {
    const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) return decoded.slice(colon + 1);
  }
  return null;
}
