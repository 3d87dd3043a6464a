// Sends an SMS through Twilio's Messages resource: POST {base}/2010-04-01/Accounts/{sid}/
// Messages.json with HTTP Basic auth (Account SID : Auth Token) and a form of To, From, Body.
import { jsonOf, postForm, SmsSendError, type SmsSender, withoutMessage } from './sms-sender.js';

/** A Messaging Service picks the sender itself and is named by its SID instead of a From. */
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** An E.164 number, an alphanumeric sender id, or a Messaging Service SID (MG…). */
  from: string;
  baseUrl: string;
  timeoutMs: number;
}

export class TwilioSender implements SmsSender {
  constructor(private readonly options: TwilioOptions) {}

  async send(phone: string, text: string): Promise<void> {
    const { accountSid, authToken, from, baseUrl, timeoutMs } = this.options;
    const sender: Record<string, string> = MESSAGING_SERVICE_SID.test(from)
      ? { MessagingServiceSid: from }
      : { From: from };
    const { status, body } = await postForm({
      provider: 'twilio',
      url: `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
      },
      fields: { To: phone, ...sender, Body: text },
      timeoutMs,
      text,
    });
    const problem = problemWith(status, body);
    if (problem) throw new SmsSendError('twilio', withoutMessage(problem, text), status);
  }
}

/** Why an answer is not an accepted message, or null when it is (201 with the message's sid). */
function problemWith(status: number, body: string): string | null {
  const answer = jsonOf(body) as {
    sid?: unknown;
    status?: unknown;
    code?: unknown;
    message?: unknown;
    error_code?: unknown;
    error_message?: unknown;
  } | null;
  if (status < 200 || status > 299) {
    // Twilio's errors are JSON: { code, message, more_info, status }, e.g. 21211 for a bad 'To'.
    return answer && answer.code !== undefined
      ? `HTTP ${status}: error ${String(answer.code)} ${String(answer.message ?? '')}`
      : `HTTP ${status}: ${body || 'no body'}`;
  }
  if (typeof answer?.sid !== 'string') return `HTTP ${status} without a message sid: ${body}`;
  if (answer.status === 'failed' || answer.status === 'undelivered') {
    return `message ${answer.sid} ${answer.status}: error ${String(answer.error_code)} ${String(answer.error_message ?? '')}`;
  }
  return null;
}
