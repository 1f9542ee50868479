import { isOperatorRole, OPERATOR_ROLES, pageRequest, PAGE_SIZE_MAX } from '@nimbus/domain';
import { errorMessage, translate, type TranslationKey } from '@nimbus/i18n/server';
import {
  createOperator,
  disableOperator,
  operatorPage,
  resetOperator,
  type OperatorView,
} from './manage-operators.ts';
import { Refusal } from '../errors/refusal.ts';
import { onePositional, OpsRefusal, OpsUsageError, type OpsCommand } from '../cli/ops-context.ts';
import { subcommands } from '../cli/subcommands.ts';
import { date, fields, table } from '../cli/output.ts';

export const USAGE = `pnpm ops operators create <name> --role=${OPERATOR_ROLES.join('|')}
       pnpm ops operators list
       pnpm ops operators reset <name>    (a new first password; two-factor is set up again)
       pnpm ops operators disable <name>`;

/** A refusal of the operator service as the English message the console would show. */
function refusalText(error: Refusal): string {
  const { message, vars } = error.options;
  return message
    ? translate('en', message as TranslationKey, vars ?? {})
    : errorMessage('en', error.entry.key, vars ?? {});
}

const describe = (o: OperatorView) =>
  fields([
    ['operator', `${o.operatorId} ${o.username}`],
    ['role', o.role],
    ['two-factor', o.enrolled ? 'set up' : 'not yet (at the first sign-in)'],
    ['disabled', o.disabled ? 'yes' : 'no'],
    ['created', date(o.createdAt)],
    ['last sign-in', date(o.lastLoginAt)],
  ]);

const withPassword = (result: { operator: OperatorView; password: string }) => ({
  text: `${describe(result.operator)}\n\nfirst password (shown once): ${result.password}\nSign in at /admin with it; the console then sets up the authenticator app.`,
  json: result,
});

/**
 * operators: the console's operators, through the same service as the console (the first admin
 * is created here). Audited as the OS account running the command.
 */
export const operatorsCommand: OpsCommand = async (args, ctx) => {
  try {
    return await operatorSubcommands(args, ctx);
  } catch (error) {
    if (error instanceof Refusal) throw new OpsRefusal(refusalText(error));
    throw error;
  }
};

const operatorSubcommands = subcommands(
  USAGE,
  { role: { type: 'string' } },
  {
    create: async ({ values, positionals }, { services, actor, now }) => {
      const username = onePositional(positionals, 'operator name', USAGE);
      if (!isOperatorRole(values.role))
        throw new OpsUsageError(
          `--role must be one of ${OPERATOR_ROLES.join(', ')}\nusage: ${USAGE}`,
        );
      return withPassword(
        await createOperator(services, { username, role: values.role }, actor, now),
      );
    },
    reset: async ({ positionals }, { services, actor, now }) =>
      withPassword(
        await resetOperator(
          services,
          { username: onePositional(positionals, 'operator name', USAGE) },
          actor,
          now,
        ),
      ),
    disable: async ({ positionals }, { services, actor, now }) => {
      const operator = await disableOperator(
        services,
        { username: onePositional(positionals, 'operator name', USAGE) },
        actor,
        now,
      );
      return { text: describe(operator), json: operator };
    },
    list: async ({ positionals }, { services }) => {
      if (positionals.length > 0) throw new OpsUsageError(`usage: ${USAGE}`);
      const { items } = await operatorPage(services, pageRequest(1, PAGE_SIZE_MAX));
      return {
        text: table(
          ['id', 'name', 'role', 'two-factor', 'disabled', 'last sign-in'],
          items.map((o) => [
            o.operatorId,
            o.username,
            o.role,
            o.enrolled ? 'yes' : 'no',
            o.disabled ? 'yes' : 'no',
            date(o.lastLoginAt),
          ]),
        ),
        json: items,
      };
    },
  },
);
