// What an account is told in its own bell about its security (decision 033): a sign-in from a
// browser that had not signed in to it, and each change that adds a way past its password or its
// second factor, or takes the second factor away. Each is written in the transaction of what it
// tells, so it exists exactly when that happened; if it was not the owner, the owner learns of it
// at their next visit.
import { describeAgent } from '@omega/domain';
import type { NewAnnouncement } from '../repositories/announcements.js';

export const NEW_SIGN_IN_TITLE = 'New sign-in to your account';
export const SECURITY_CHANGE_TITLE = 'Security change on your account';

const utc = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const notice = (userId: number, title: string, content: string, at: number): NewAnnouncement => ({
  title,
  content,
  authorId: null,
  at,
  recipientId: userId,
});

/** A sign-in from a browser that had not signed in to the account: when, with what, where. */
export function newSignInNotice(
  userId: number,
  client: { ip: string; userAgent: string | null },
  at: number,
): NewAnnouncement {
  return notice(
    userId,
    NEW_SIGN_IN_TITLE,
    `Your account was signed in on ${utc(at)} from ${describeAgent(client.userAgent)} at ${client.ip}, a browser that had not signed in to it before. If this was you, there is nothing to do. If not, change your password on Account security: that signs out every other session.`,
    at,
  );
}

/** A change to the account's ways in (`change` says which, as a sentence without its stop). */
export function securityChangeNotice(userId: number, change: string, at: number): NewAnnouncement {
  return notice(
    userId,
    SECURITY_CHANGE_TITLE,
    `${change} (${utc(at)}). If this was you, there is nothing to do. If not, someone else can use your account: change your password on Account security (that signs out every other session) and remove there what you do not recognise.`,
    at,
  );
}
