import { ErrorCode } from '@nimbus/api-sdk/contract';
import { changeUserContact, type ContactField } from '../accounts/calls/index.ts';
import { Refusal } from '../errors/refusal.ts';
import { failure } from '../http/envelope.ts';
import {
  onePositional,
  OpsUsageError,
  parseFlags,
  requireString,
  type OpsContext,
  type OpsResult,
} from '../cli/ops-context.ts';
import { date, fields } from '../cli/output.ts';
import { findUserRef, USER_REF } from '../cli/user-lookup.ts';

export const CONTACT_USAGE = `pnpm ops user email ${USER_REF} --to=<new e-mail> --reason=<why>
       pnpm ops user phone ${USER_REF} --to=<+country code number> --reason=<why>`;

/**
 * user email|phone: changes an account's sign-in e-mail or phone through the console's service
 * (accounts/calls/change-contact.ts): the same validation, uniqueness, session ending, notice and
 * audit row (as the OS account). A malformed address is a usage error (exit 2), told as the
 * console tells it; a taken one is refused (exit 1).
 */
export async function contactCommand(
  field: ContactField,
  rest: string[],
  ctx: OpsContext,
): Promise<OpsResult> {
  const { values, positionals } = parseFlags(
    rest,
    { to: { type: 'string' }, reason: { type: 'string' } },
    CONTACT_USAGE,
  );
  const value = requireString(values.to, 'to', CONTACT_USAGE);
  const reason = requireString(values.reason, 'reason', CONTACT_USAGE);
  const { id } = await findUserRef(
    ctx.services.db,
    onePositional(positionals, 'user', CONTACT_USAGE),
  );
  try {
    const change = await changeUserContact(
      ctx.services,
      { userId: id, field, value, reason },
      ctx.actor,
      ctx.now,
    );
    const u = change.user;
    return {
      text: `${field === 'email' ? 'e-mail' : 'phone'} changed\n${fields([
        ['user', `${u.userId} ${u.account}`],
        ['e-mail', u.email],
        ['phone', u.phone],
        ['sessions ended', change.sessionsEnded],
        [
          'notice',
          !change.notified
            ? 'none (the account had no e-mail address)'
            : field === 'email'
              ? 'e-mailed to the old address'
              : "e-mailed to the account's address",
        ],
        ['at', date(ctx.now)],
      ])}`,
      json: change,
    };
  } catch (error) {
    if (error instanceof Refusal && error.is(ErrorCode.VALIDATION_FAILED))
      throw new OpsUsageError(
        `${failure('en', error.entry, error.options).msg}\nusage: ${CONTACT_USAGE}`,
      );
    throw error;
  }
}
