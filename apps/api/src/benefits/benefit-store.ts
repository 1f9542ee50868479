import type { BenefitItem, BenefitOffer } from '@nimbus/api-sdk/contract';
import { writeAudit, type Actor } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import type { ServerSecret } from '../keys/server-secret.ts';
import { SecretBox } from '../security/secret-box.ts';

/**
 * The benefit catalogue: shared accounts (streaming and the like) that operations hand to
 * yearly members. Passwords are sealed with AES-256-GCM under a key derived from the server
 * secret; the plaintext exists only in memory, on the way to an entitled member. Every change
 * leaves an audit row (never the password itself).
 */

export interface BenefitInput {
  /** Stable id chosen by operations ('streaming-1'); lower-case letters, digits and dashes. */
  key: string;
  name: string;
  /** Where the member signs in (http or https). */
  link: string;
  accountName: string;
  /** Required when the benefit is new; omitted on an update, the stored password stays. */
  password?: string | undefined;
  /** Lower first; ties by creation. */
  sortOrder?: number | undefined;
}

export class BenefitInputError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid benefit:\n  - ${problems.join('\n  - ')}`);
    this.name = 'BenefitInputError';
  }
}

export interface ChangeContext {
  actor: Actor;
  now: number;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
const TEXT_MAX = 200;

export function benefitSecrets(secret: ServerSecret): SecretBox {
  return new SecretBox(secret.derive('benefit-secret'));
}

/**
 * The password of one benefit is bound to its key: a sealed value moved to another row does not
 * open.
 */
const passwordContext = (key: string) => `benefit:${key}:password`;

function checkText(
  problems: string[],
  field: string,
  value: string | undefined,
  required: boolean,
): string | undefined {
  const text = value?.trim();
  if (text === undefined || text === '') {
    if (required) problems.push(`${field} is required`);
    return undefined;
  }
  if (text.length > TEXT_MAX) problems.push(`${field} must be at most ${TEXT_MAX} characters`);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(text))
    problems.push(`${field} must not contain control characters`);
  return text;
}

function validate(input: BenefitInput, isNew: boolean) {
  const problems: string[] = [];
  if (!KEY_PATTERN.test(input.key))
    problems.push(
      'key must be 1-63 lower-case letters, digits or dashes, starting with a letter or digit',
    );
  const name = checkText(problems, 'name', input.name, true) ?? '';
  const accountName = checkText(problems, 'accountName', input.accountName, true) ?? '';
  const link = checkText(problems, 'link', input.link, true) ?? '';
  if (link !== '') {
    try {
      const url = new URL(link);
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        problems.push('link must be an http or https URL');
    } catch {
      problems.push('link is not a URL');
    }
  }
  // Passwords are taken as given (spaces can matter); only emptiness and size are checked.
  const password = input.password;
  if (password === undefined || password === '') {
    if (isNew) problems.push('password is required for a new benefit');
  } else if (password.length > TEXT_MAX) {
    problems.push(`password must be at most ${TEXT_MAX} characters`);
  }
  const sortOrder = input.sortOrder ?? 0;
  if (!Number.isSafeInteger(sortOrder)) problems.push('sortOrder must be an integer');
  if (problems.length > 0) throw new BenefitInputError(problems);
  return { name, accountName, link, password: password === '' ? undefined : password, sortOrder };
}

/**
 * Adds a benefit or updates the one with the same key, in one transaction with its audit row.
 * Throws BenefitInputError listing every problem of the input.
 */
export async function saveBenefit(
  db: Db,
  box: SecretBox,
  input: BenefitInput,
  change: ChangeContext,
): Promise<'created' | 'updated'> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('benefits')
      .select(['id', 'sort_order'])
      .where('benefit_key', '=', input.key)
      .executeTakeFirst();
    const fields = validate(
      { ...input, sortOrder: input.sortOrder ?? existing?.sort_order },
      existing === undefined,
    );
    const sealed =
      fields.password === undefined
        ? undefined
        : box.seal(fields.password, passwordContext(input.key));
    const values = {
      name: fields.name,
      link: fields.link,
      account_name: fields.accountName,
      sort_order: fields.sortOrder,
      updated_at: change.now,
    };
    if (existing) {
      await trx
        .updateTable('benefits')
        .set({ ...values, ...(sealed === undefined ? {} : { password_sealed: sealed }) })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await trx
        .insertInto('benefits')
        .values({
          ...values,
          benefit_key: input.key,
          password_sealed: sealed ?? '',
          created_at: change.now,
        })
        .execute();
    }
    const action = existing ? 'benefit.updated' : 'benefit.created';
    await writeAudit(trx, {
      actor: change.actor,
      action,
      subjectType: 'benefit',
      subjectId: input.key,
      at: change.now,
      data: {
        name: fields.name,
        link: fields.link,
        accountName: fields.accountName,
        sortOrder: fields.sortOrder,
        passwordChanged: sealed !== undefined,
      },
    });
    return existing ? 'updated' : 'created';
  });
}

/** Removes a benefit; false when there was none with that key. */
export async function removeBenefit(db: Db, key: string, change: ChangeContext): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('benefits')
      .where('benefit_key', '=', key)
      .returning(['name'])
      .executeTakeFirst();
    if (!removed) return false;
    await writeAudit(trx, {
      actor: change.actor,
      action: 'benefit.removed',
      subjectType: 'benefit',
      subjectId: key,
      at: change.now,
      data: { name: removed.name },
    });
    return true;
  });
}

const ordered = (db: Db) => db.selectFrom('benefits').orderBy('sort_order').orderBy('id');

/** What yearly members get, without secrets (everyone may see the offer). */
export async function listBenefitOffers(db: Db): Promise<BenefitOffer[]> {
  const rows = await ordered(db).select(['benefit_key', 'name', 'link']).execute();
  return rows.map((r) => ({ benefitId: r.benefit_key, name: r.name, link: r.link }));
}

/** The benefits with their opened passwords, for an entitled member only. */
export async function listBenefitItems(db: Db, box: SecretBox): Promise<BenefitItem[]> {
  const rows = await ordered(db)
    .select(['benefit_key', 'name', 'link', 'account_name', 'password_sealed'])
    .execute();
  return rows.map((r) => ({
    benefitId: r.benefit_key,
    name: r.name,
    accountName: r.account_name,
    password: box.open(r.password_sealed, passwordContext(r.benefit_key)),
    link: r.link,
  }));
}
