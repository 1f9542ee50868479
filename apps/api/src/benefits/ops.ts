import { BenefitInputError, problemText, removeBenefit, saveBenefit } from './manage-benefits.ts';
import { benefitRecords, benefitSecrets } from './store.ts';
import {
  intFlag,
  onePositional,
  OpsRefusal,
  OpsUsageError,
  requireString,
  type OpsCommand,
} from '../cli/ops-context.ts';
import { subcommands } from '../cli/subcommands.ts';
import { table } from '../cli/output.ts';

export const USAGE = `pnpm ops benefits add --key=streaming-1 --name="Streaming" --link=https://... --account=shared@example.com --password=... [--sort=N]
       pnpm ops benefits list
       pnpm ops benefits remove <key>`;

const OPTIONS = {
  key: { type: 'string' },
  name: { type: 'string' },
  link: { type: 'string' },
  account: { type: 'string' },
  password: { type: 'string' },
  sort: { type: 'string' },
} as const;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * benefits: the shared accounts yearly members get, through the benefits module, as the console
 * (passwords are sealed there and never printed; adding a key that exists updates it, and a
 * missing --password keeps the stored one). Every change is audited by the module.
 */
export const benefitsCommand: OpsCommand = subcommands(USAGE, OPTIONS, {
  add: async ({ values }, { services: { db, secret }, actor, now }) => {
    const input = {
      key: requireString(values.key, 'key', USAGE),
      name: requireString(values.name, 'name', USAGE),
      link: requireString(values.link, 'link', USAGE),
      accountName: requireString(values.account, 'account', USAGE),
      password: values.password,
      sortOrder: intFlag(values.sort, 'sort', -1_000_000, 1_000_000),
    };
    try {
      const outcome = await saveBenefit(db, benefitSecrets(secret), input, { actor, now });
      return { text: `benefit ${input.key} ${outcome}`, json: { key: input.key, outcome } };
    } catch (error) {
      if (error instanceof BenefitInputError)
        throw new OpsUsageError(error.problems.map((p) => problemText(p)).join('\n'));
      throw error;
    }
  },
  list: async (_args, { services: { db } }) => {
    const { items } = await benefitRecords(db);
    return {
      text: table(
        ['key', 'name', 'link', 'account', 'sort', 'password', 'changed'],
        items.map((b) => [
          b.key,
          b.name,
          b.link,
          b.accountName,
          String(b.sortOrder),
          b.passwordSet ? 'set' : 'none',
          iso(b.updatedAt),
        ]),
      ),
      json: items,
    };
  },
  remove: async ({ positionals }, { services: { db }, actor, now }) => {
    const key = onePositional(positionals, 'benefit key', USAGE);
    if (!(await removeBenefit(db, key, { actor, now }))) throw new OpsRefusal(`no benefit ${key}`);
    return { text: `benefit ${key} removed`, json: { key, removed: true } };
  },
});
