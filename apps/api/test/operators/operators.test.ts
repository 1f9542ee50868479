import { ErrorCode } from '@nimbus/api-sdk/contract';
import { OPERATOR_SESSION_IDLE_MS, OPERATOR_SESSION_MAX_MS } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOperator, OperatorSessions, totpCode } from '../../src/operators/index.ts';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { auditActions } from '../support/payments.ts';
import { PASSWORD, registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { enrolledOperator, OperatorClient } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
});
afterAll(() => t.close());

const refused = (answer: { body: { code: number } }, entry: { code: number }) =>
  expect(answer.body.code).toBe(entry.code);

describe('the first admin from pnpm ops', () => {
  test('created with a first password, which signs in to enrolment only', async () => {
    const outcome = await runOpsCommand(
      'operators',
      ['create', 'Root.Admin', '--role=admin', '--json'],
      t.app.services,
      t.clock.now,
      'ops:alice',
    );
    expect(outcome.exitCode).toBe(0);
    const { operator, password } = JSON.parse(outcome.stdout) as {
      operator: { username: string; role: string; enrolled: boolean };
      password: string;
    };
    expect(operator).toMatchObject({ username: 'root.admin', role: 'admin', enrolled: false });
    expect(password.length).toBeGreaterThanOrEqual(20);

    const again = await runOpsCommand(
      'operators',
      ['create', 'root.admin', '--role=support'],
      t.app.services,
      t.clock.now,
      'ops:alice',
    );
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
    const badRole = await runOpsCommand(
      'operators',
      ['create', 'someone', '--role=root'],
      t.app.services,
      t.clock.now,
    );
    expect(badRole.exitCode).toBe(2);

    const console = new OperatorClient(t.app);
    const signedIn = await console.ok('adminLogin', { username: 'ROOT.admin', password });
    expect(signedIn.operator.enrolled).toBe(false);
    // An enrolment session may only enrol.
    refused(
      await console.call('adminOperatorList', { page: 1, pageSize: 10 }),
      ErrorCode.OPERATOR_ENROLMENT_REQUIRED,
    );
    expect((await console.ok('adminMe', {})).operator.username).toBe('root.admin');

    const { secret, uri } = await console.ok('adminEnrolStart', {});
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*root\.admin\?.*secret=/);
    expect(uri).toContain(`secret=${secret}`);
    refused(await console.call('adminEnrolConfirm', { code: '000000' }), ErrorCode.CODE_INVALID);
    const enrolled = await console.ok('adminEnrolConfirm', {
      code: totpCode(secret, t.clock.now),
    });
    expect(enrolled.operator.enrolled).toBe(true);
    expect(enrolled.recoveryCodes).toHaveLength(10);
    // The same session is now a full one.
    expect((await console.ok('adminOperatorList', { page: 1, pageSize: 10 })).total).toBe(1);
    expect(await auditActions(t, 'operator', 1)).toEqual([
      'operator.created',
      'operator.signed_in',
      'operator.call_refused',
      'operator.enrolled',
    ]);
  });
});

describe('signing in', () => {
  test('needs the password and a fresh code; a code is used once', async () => {
    const op = await enrolledOperator(t, 'support');
    const fresh = new OperatorClient(t.app);
    refused(
      await fresh.call('adminLogin', { username: op.username, password: 'wrong password!' }),
      ErrorCode.INVALID_CREDENTIALS,
    );
    refused(
      await fresh.call('adminLogin', { username: op.username, password: op.password }),
      ErrorCode.OPERATOR_CODE_REQUIRED,
    );
    refused(
      await fresh.call('adminLogin', {
        username: op.username,
        password: op.password,
        code: '123456',
      }),
      ErrorCode.CODE_INVALID,
    );
    expect(fresh.token).toBeUndefined();
    const code = totpCode(op.secret, t.clock.now);
    await fresh.ok('adminLogin', { username: op.username, password: op.password, code });
    // The same code again (a replay) is refused.
    refused(
      await new OperatorClient(t.app).call('adminLogin', {
        username: op.username,
        password: op.password,
        code,
      }),
      ErrorCode.CODE_INVALID,
    );
  });

  test('a recovery code signs in once', async () => {
    const op = await enrolledOperator(t, 'finance');
    const code = (op.recoveryCodes[0] ?? '').toUpperCase();
    const first = new OperatorClient(t.app);
    await first.ok('adminLogin', { username: op.username, password: op.password, code });
    refused(
      await new OperatorClient(t.app).call('adminLogin', {
        username: op.username,
        password: op.password,
        code,
      }),
      ErrorCode.CODE_INVALID,
    );
  });

  test('an unknown operator and a member get the wrong-password answer', async () => {
    refused(
      await new OperatorClient(t.app).call('adminLogin', {
        username: 'nobody',
        password: 'whatever12',
      }),
      ErrorCode.INVALID_CREDENTIALS,
    );
    const member = new Client(t.app);
    const { username: name } = await registerWithUsername(member);
    refused(
      await new OperatorClient(t.app).call('adminLogin', {
        username: name,
        password: PASSWORD,
      }),
      ErrorCode.INVALID_CREDENTIALS,
    );
    // A member's token is no operator session.
    const asMember = new OperatorClient(t.app);
    asMember.token = member.token;
    refused(await asMember.call('adminMe', {}), ErrorCode.UNAUTHORIZED);
  });
});

describe('sessions', () => {
  test('end after idle time and at the absolute limit, and at sign-out', async () => {
    const op = await enrolledOperator(t, 'support');
    // (enrolledOperator moved the clock 30 s past the session's last call)
    t.clock.advance(OPERATOR_SESSION_IDLE_MS - 60_000);
    await op.client.ok('adminMe', {});
    t.clock.advance(OPERATOR_SESSION_IDLE_MS - 1000);
    await op.client.ok('adminMe', {});
    t.clock.advance(OPERATOR_SESSION_IDLE_MS + 1);
    refused(await op.client.call('adminMe', {}), ErrorCode.UNAUTHORIZED);

    const busy = await enrolledOperator(t, 'support');
    const start = t.clock.now;
    while (t.clock.now - start < OPERATOR_SESSION_MAX_MS) {
      t.clock.advance(OPERATOR_SESSION_IDLE_MS - 60_000);
      await busy.client.call('adminMe', {});
    }
    refused(await busy.client.call('adminMe', {}), ErrorCode.UNAUTHORIZED);

    const leaving = await enrolledOperator(t, 'finance');
    await leaving.client.ok('adminLogout', {});
    refused(await leaving.client.call('adminMe', {}), ErrorCode.UNAUTHORIZED);
  });
});

describe('operators from the console', () => {
  test('an admin creates a support operator who enrols; disabling ends their sessions', async () => {
    const admin = await enrolledOperator(t, 'admin');
    const created = await admin.client.ok('adminOperatorCreate', {
      username: 'helpdesk.ann',
      role: 'support',
    });
    expect(created.operator).toMatchObject({ role: 'support', enrolled: false });
    // Listed first, newest first, however many operators came before.
    for (const name of ['filler.one', 'filler.two'])
      await admin.client.ok('adminOperatorCreate', { username: name, role: 'support' });
    const listed = await admin.client.ok('adminOperatorList', { page: 1, pageSize: 2 });
    expect(listed.items.map((o) => o.username)).toEqual(['filler.two', 'filler.one']);
    expect(listed.total).toBeGreaterThanOrEqual(4);
    refused(
      await admin.client.call('adminOperatorCreate', { username: 'helpdesk.ann', role: 'admin' }),
      ErrorCode.OPERATOR_EXISTS,
    );
    refused(
      await admin.client.call('adminOperatorCreate', { username: 'a b', role: 'admin' }),
      ErrorCode.VALIDATION_FAILED,
    );
    const ann = new OperatorClient(t.app);
    await ann.ok('adminLogin', { username: 'helpdesk.ann', password: created.password });
    const { secret } = await ann.ok('adminEnrolStart', {});
    await ann.ok('adminEnrolConfirm', { code: totpCode(secret, t.clock.now) });
    // Support may not manage operators: refused by the server.
    refused(await ann.call('adminOperatorList', { page: 1, pageSize: 10 }), ErrorCode.FORBIDDEN);

    await admin.client.ok('adminOperatorDisable', { operatorId: created.operator.operatorId });
    refused(await ann.call('adminMe', {}), ErrorCode.UNAUTHORIZED);
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('subject_type', '=', 'operator')
      .where('subject_id', '=', created.operator.operatorId)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { actor: `operator:${admin.operatorId}`, action: 'operator.created' },
      { actor: `operator:${created.operator.operatorId}`, action: 'operator.signed_in' },
      { actor: `operator:${created.operator.operatorId}`, action: 'operator.enrolled' },
      { actor: `operator:${created.operator.operatorId}`, action: 'operator.call_refused' },
      { actor: `operator:${admin.operatorId}`, action: 'operator.disabled' },
    ]);
  });

  test('a reset gives a new first password and asks for enrolment again', async () => {
    const op = await enrolledOperator(t, 'finance');
    const outcome = await runOpsCommand(
      'operators',
      ['reset', op.username, '--json'],
      t.app.services,
      t.clock.now,
    );
    expect(outcome.exitCode).toBe(0);
    const { password } = JSON.parse(outcome.stdout) as { password: string };
    refused(await op.client.call('adminMe', {}), ErrorCode.UNAUTHORIZED);
    const again = new OperatorClient(t.app);
    expect(
      (await again.ok('adminLogin', { username: op.username, password })).operator.enrolled,
    ).toBe(false);
  });
});

/**
 * Issue 30, item 3: two sessions signed in with the first password; the second enrolled; the
 * first then started and confirmed enrolment again, got a new secret and recovery codes, became a
 * full session, and the real operator's authenticator stopped working. Completing enrolment now
 * ends the operator's other enrolment sessions, and enrolment is refused once enrolled.
 */
describe('two-factor enrolment, once', () => {
  const newOperator = async (username: string) =>
    (await createOperator(t.app.services, { username, role: 'admin' }, 'ops:test', t.clock.now))
      .password;

  test("completing enrolment ends the operator's other enrolment sessions", async () => {
    const password = await newOperator('two.sessions');
    const first = new OperatorClient(t.app);
    await first.ok('adminLogin', { username: 'two.sessions', password });
    const early = await first.ok('adminEnrolStart', {});
    const second = new OperatorClient(t.app);
    await second.ok('adminLogin', { username: 'two.sessions', password });
    const { secret } = await second.ok('adminEnrolStart', {});
    await second.ok('adminEnrolConfirm', { code: totpCode(secret, t.clock.now) });

    refused(await first.call('adminEnrolStart', {}), ErrorCode.UNAUTHORIZED);
    refused(
      await first.call('adminEnrolConfirm', { code: totpCode(early.secret, t.clock.now) }),
      ErrorCode.UNAUTHORIZED,
    );
    // The enrolled authenticator is the one that signs in; the first session's secret does not.
    t.clock.advance(30_000);
    refused(
      await new OperatorClient(t.app).call('adminLogin', {
        username: 'two.sessions',
        password,
        code: totpCode(early.secret, t.clock.now),
      }),
      ErrorCode.CODE_INVALID,
    );
    await new OperatorClient(t.app).ok('adminLogin', {
      username: 'two.sessions',
      password,
      code: totpCode(secret, t.clock.now),
    });
  });

  test('an enrolment session of an enrolled operator may not enrol again', async () => {
    const op = await enrolledOperator(t, 'admin');
    // An enrolment session that outlived enrolment (as one from before this rule would).
    const stale = new OperatorClient(t.app);
    stale.token = await new OperatorSessions(t.app.services.db).create(
      op.operatorId,
      'enrolment',
      t.clock.now,
    );
    const before = await t.app.services.db
      .selectFrom('operators')
      .selectAll()
      .where('id', '=', op.operatorId)
      .executeTakeFirst();
    refused(await stale.call('adminEnrolStart', {}), ErrorCode.FORBIDDEN);
    refused(
      await stale.call('adminEnrolConfirm', { code: totpCode(op.secret, t.clock.now) }),
      ErrorCode.FORBIDDEN,
    );
    expect(
      await t.app.services.db
        .selectFrom('operators')
        .selectAll()
        .where('id', '=', op.operatorId)
        .executeTakeFirst(),
    ).toEqual(before);
    await op.client.ok('adminMe', {});
  });
});

/**
 * Issue 30, item 9 (first part): failed sign-ins and refused (403) console calls left no audit
 * row. A failed sign-in is written per attempt (what failed and the address, never the password
 * or the code); a refused call once per operator and call in 10 minutes.
 */
describe('the audit of failures', () => {
  const failedRows = (subjectType: string, subjectId: string | number) =>
    t.app.services.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'data'])
      .where('action', '=', 'operator.sign_in_failed')
      .where('subject_type', '=', subjectType)
      .where('subject_id', '=', String(subjectId))
      .orderBy('id')
      .execute();

  test('each failed sign-in: a wrong password, a wrong code, an unknown name', async () => {
    const op = await enrolledOperator(t, 'support');
    const from = new OperatorClient(t.app, '10.30.9.1');
    await from.call('adminLogin', { username: op.username, password: 'not the password 1' });
    await from.call('adminLogin', { username: op.username, password: op.password, code: '000001' });
    await from.call('adminLogin', { username: 'no.such.operator', password: 'secret guess 1' });
    const rows = await failedRows('operator', op.operatorId);
    expect(rows.map((r) => ({ ...r, data: JSON.parse(r.data) as unknown }))).toEqual([
      {
        actor: 'system',
        action: 'operator.sign_in_failed',
        data: { failed: 'password', ip: '10.30.9.1' },
      },
      {
        actor: 'system',
        action: 'operator.sign_in_failed',
        data: { failed: 'code', ip: '10.30.9.1' },
      },
    ]);
    const unknown = await failedRows('operator_name', 'no.such.operator');
    expect(unknown).toHaveLength(1);
    const all = JSON.stringify(
      await t.app.services.db.selectFrom('audit_log').selectAll().execute(),
    );
    expect(all).not.toContain('not the password 1');
    expect(all).not.toContain('secret guess 1');
    expect(all).not.toContain(op.password);
  });

  test('a refused console call, once per operator and call in 10 minutes', async () => {
    const op = await enrolledOperator(t, 'support');
    const refusals = () =>
      t.app.services.db
        .selectFrom('audit_log')
        .select(['actor', 'data'])
        .where('action', '=', 'operator.call_refused')
        .where('subject_id', '=', String(op.operatorId))
        .execute();
    for (let i = 0; i < 3; i++)
      refused(
        await op.client.call('adminOperatorList', { page: 1, pageSize: 10 }),
        ErrorCode.FORBIDDEN,
      );
    refused(await op.client.call('adminEnrolStart', {}), ErrorCode.FORBIDDEN);
    const rows = await refusals();
    expect(rows.map((r) => ({ ...r, data: JSON.parse(r.data) as unknown }))).toEqual([
      {
        actor: `operator:${op.operatorId}`,
        data: {
          call: '/api/admin/operator_list',
          refusal: 'Forbidden',
          role: 'support',
          stage: 'full',
        },
      },
      {
        actor: `operator:${op.operatorId}`,
        data: {
          call: '/api/admin/enrol_start',
          refusal: 'Forbidden',
          role: 'support',
          stage: 'full',
        },
      },
    ]);
    t.clock.advance(10 * 60_000);
    refused(
      await op.client.call('adminOperatorList', { page: 1, pageSize: 10 }),
      ErrorCode.FORBIDDEN,
    );
    expect(await refusals()).toHaveLength(3);
  });
});
