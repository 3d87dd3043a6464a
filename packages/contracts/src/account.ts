// Account security that users own (issue 36): changing one's own password.
import { type Static, Type } from '@sinclair/typebox';
import { messages, PASSWORD_MAX } from './credentials.js';
import { passwordSchema } from './session.js';

export const accountMessages = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
} as const;

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({
    minLength: 1,
    maxLength: PASSWORD_MAX,
    errorMessage: {
      minLength: accountMessages.currentPasswordRequired,
      maxLength: messages.passwordMax,
    },
  }),
  /** The registration rule (contracts credentials.ts). */
  newPassword: passwordSchema(messages.passwordMin),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
