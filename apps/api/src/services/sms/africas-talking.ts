// Sends an SMS through Africa's Talking (the aggregator whose USSD callback the gateway
// follows): POST {base}/version1/messaging, `apiKey` header, form username, to, message, from.
import { jsonOf, postForm, SmsSendError, type SmsSender, withoutMessage } from './sms-sender.js';

/** Per-recipient codes that mean the message was accepted: 100 Processed, 101 Sent, 102 Queued. */
const ACCEPTED = new Set([100, 101, 102]);

export interface AfricasTalkingOptions {
  username: string;
  apiKey: string;
  /** A registered short code or alphanumeric sender id; unset, the account's default. */
  from: string | undefined;
  baseUrl: string;
  timeoutMs: number;
}

interface Recipient {
  statusCode?: unknown;
  status?: unknown;
}

export class AfricasTalkingSender implements SmsSender {
  constructor(private readonly options: AfricasTalkingOptions) {}

  async send(phone: string, text: string): Promise<void> {
    const { username, apiKey, from, baseUrl, timeoutMs } = this.options;
    const fields: Record<string, string> = { username, to: phone, message: text };
    if (from) fields.from = from;
    const { status, body } = await postForm({
      provider: 'africastalking',
      url: `${baseUrl}/version1/messaging`,
      headers: { apiKey },
      fields,
      timeoutMs,
      text,
    });
    const problem = problemWith(status, body);
    if (problem) throw new SmsSendError('africastalking', withoutMessage(problem, text), status);
  }
}

/** Why an answer is not an accepted message, or null when it is. */
function problemWith(status: number, body: string): string | null {
  // Errors such as a wrong key come back as plain text ('The supplied authentication is invalid').
  if (status < 200 || status > 299) return `HTTP ${status}: ${body || 'no body'}`;
  const answer = jsonOf(body) as {
    SMSMessageData?: { Message?: unknown; Recipients?: unknown };
  } | null;
  const data = answer?.SMSMessageData;
  if (!data) return `HTTP ${status} without SMSMessageData: ${body || 'no body'}`;
  // One number per request, so one recipient; none at all means the whole request was refused
  // (for example 'InvalidSenderId'), and the reason is in Message.
  const recipient = Array.isArray(data.Recipients) ? (data.Recipients[0] as Recipient) : undefined;
  if (!recipient) return `no recipient accepted: ${String(data.Message ?? 'no message')}`;
  const code = Number(recipient.statusCode);
  if (ACCEPTED.has(code)) return null;
  const name = String(recipient.status ?? 'unknown');
  return `recipient status ${name} (statusCode ${String(recipient.statusCode)})`;
}
