// %-encoded text read strictly: form bodies (application/x-www-form-urlencoded: the USSD
// aggregator's callback, announcements), and what is wrong with a path the router could not read.
// Form bodies: URLSearchParams, used before, turned a malformed or non-UTF-8 %-escape into
// U+FFFD and kept the last of a repeated field, so such a body was stored garbled or half-read
// instead of refused; a charset other than UTF-8 was ignored.
import { HttpError } from './http-error.js';

const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));

/** The body's fields, or a 400 naming the field that is not plain UTF-8 or is given twice. */
export function parseFormBody(body: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    let name: string;
    let value: string;
    try {
      name = decode(rawName);
    } catch {
      throw new HttpError(400, 'A field name is not UTF-8 text: %-escapes must spell UTF-8');
    }
    try {
      value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    } catch {
      throw new HttpError(400, `${name} is not UTF-8 text: %-escapes must spell UTF-8`);
    }
    if (Object.hasOwn(fields, name)) {
      throw new HttpError(400, `${name} is given twice: send each field once`);
    }
    fields[name] = value;
  }
  // A plain object from here on, as the schemas and services expect.
  return { ...fields };
}

/** A 400 for a form whose declared charset is not UTF-8 (none declared means UTF-8). */
export function formCharsetProblem(contentType: string | undefined): HttpError | null {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
  if (charset === undefined || /^utf-?8$/i.test(charset)) return null;
  return new HttpError(400, `Unsupported charset ${charset}: send the form as UTF-8`);
}

/**
 * What keeps `url` from being read, for a message: its first %-escape that is incomplete
 * ("'%ZZ' is not a complete %-escape") or does not spell UTF-8 ("'%FF' is not UTF-8").
 */
export function badEscapeIn(url: string): string {
  const path = url.split('?', 1)[0] ?? url;
  for (const run of path.match(/%[0-9A-Fa-f]{2}(?:%[0-9A-Fa-f]{2})*|%.{0,2}/g) ?? []) {
    if (!/^%[0-9A-Fa-f]{2}/.test(run)) return `'${run}' is not a complete %-escape`;
    try {
      decodeURIComponent(run);
    } catch {
      return `'${run}' is not UTF-8`;
    }
  }
  return 'it cannot be read';
}
