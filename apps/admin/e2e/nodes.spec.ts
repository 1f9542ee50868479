import { expect, test, text, textIn } from './support.ts';

// Nodes in the console, in Chromium: an admin creates a node (the form refuses settings that are
// not JSON), gets its feed token once, sees the node offline; a pull with that token (a real
// HTTP call, as V2bX makes it) shows as the node's last pull; rotating the token refuses the
// old one; disabling takes it out, as `pnpm ops nodes list` (the same service) shows. A VMess
// node in both languages: the form offers it with its example, a bad setting is refused in the
// reader's language.

interface OpsNode {
  id: number;
  key: string;
  enabled: boolean;
  protocol: string;
}

test('an admin creates a node, the node pulls with its token, the token is rotated and the node disabled', async ({
  operatorPage,
  server,
}) => {
  const page = await operatorPage('noderunner', 'admin');
  const pull = (id: number, feedToken: string) =>
    fetch(
      `${server.url}/api/v1/server/UniProxy/user?${new URLSearchParams({
        node_id: String(id),
        node_type: 'vless',
        token: feedToken,
      }).toString()}`,
    );

  await page.getByRole('link', { name: text('admin-nodes:nav_nodes') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: text('admin-nodes:nodes_title') }),
  ).toBeVisible();
  await page.getByRole('link', { name: text('admin-nodes:add_node') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: text('admin-nodes:new_title') }),
  ).toBeVisible();

  const field = (key: string) => page.getByRole('textbox', { name: text(key), exact: true });
  await field('admin-nodes:field_key').fill('e2e-tokyo');
  await field('admin-nodes:field_name').fill('E2E Tokyo');
  await field('admin-nodes:field_region').fill('jp');
  await field('admin-nodes:field_host').fill('jp1.example.com');
  await field('admin-nodes:field_port').fill('8443');
  await field('admin-nodes:field_params').fill('{"sni": jp1.example.com}');
  await page.getByRole('button', { name: text('admin-nodes:create') }).click();
  // Settings that are not JSON are refused in the form: nothing is sent.
  await expect(page.getByText(text('validation:node_params_json'))).toBeVisible();
  expect((server.ops(['nodes', 'list', '--json']) as OpsNode[]).map((n) => n.key)).not.toContain(
    'e2e-tokyo',
  );

  await field('admin-nodes:field_params').fill('{"security": "tls", "sni": "jp1.example.com"}');
  await page.getByRole('button', { name: text('admin-nodes:create') }).click();
  const node = (server.ops(['nodes', 'list', '--json']) as OpsNode[]).find(
    (n) => n.key === 'e2e-tokyo',
  );
  expect(node).toMatchObject({ protocol: 'vless', enabled: true });
  const id = node?.id ?? 0;
  const created = page.getByRole('heading', {
    name: text('admin-nodes:created_title', { key: 'e2e-tokyo', id }),
  });
  await expect(created).toBeFocused();
  await expect(page.getByText(text('admin-nodes:token_warning'))).toBeVisible();
  const firstToken = (await page.getByTestId('node-token').textContent()) ?? '';
  expect(firstToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The V2bX entry names this server, the node id and the token.
  const entry = page.locator('pre');
  await expect(entry).toContainText(`"ApiHost": "${server.url}"`);
  await expect(entry).toContainText(`"NodeID": ${id}`);
  await expect(entry).toContainText(`"ApiKey": "${firstToken}"`);

  await page.getByRole('link', { name: text('admin-nodes:back_to_nodes') }).click();
  const row = page.getByRole('row').filter({ hasText: 'e2e-tokyo' });
  await expect(row.getByText(text('admin-nodes:offline'))).toBeVisible();
  await expect(row).not.toContainText('UTC');

  // The node software's pull, with the token the console showed.
  const first = await pull(id, firstToken);
  expect(first.status).toBe(200);
  expect(await first.json()).toHaveProperty('users');
  await page.reload();
  await expect(row).toContainText('UTC');
  await expect(row.getByText(text('admin-nodes:offline'))).toBeVisible();

  // Rotate by keyboard, the old token stopping at once.
  const rotate = row.getByRole('button', {
    name: text('admin-nodes:rotate_label', { key: 'e2e-tokyo' }),
  });
  await rotate.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', {
    name: text('admin-nodes:rotate_title', { key: 'e2e-tokyo' }),
  });
  await expect(
    dialog.getByRole('textbox', { name: text('admin-nodes:grace_minutes') }),
  ).toHaveValue('0');
  await dialog.getByRole('button', { name: text('admin-nodes:rotate') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(text('admin-nodes:old_token_stopped'))).toBeVisible();
  const newToken = (await page.getByTestId('node-token').textContent()) ?? '';
  expect(newToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(newToken).not.toBe(firstToken);
  expect((await pull(id, firstToken)).status).toBe(422);
  expect((await pull(id, newToken)).status).toBe(200);

  // Disable, after a confirmation.
  await row
    .getByRole('button', { name: text('admin-nodes:disable_label', { key: 'e2e-tokyo' }) })
    .click();
  const confirm = page.getByRole('alertdialog', {
    name: text('admin-nodes:disable_title', { key: 'e2e-tokyo' }),
  });
  await confirm.getByRole('button', { name: text('admin-nodes:disable') }).click();
  await expect(
    page.getByText(text('admin-nodes:node_disabled', { key: 'e2e-tokyo' })),
  ).toBeVisible();
  await expect(row.getByText(text('admin-nodes:disabled'))).toBeVisible();
  expect(
    (server.ops(['nodes', 'list', '--json']) as OpsNode[]).find((n) => n.key === 'e2e-tokyo'),
  ).toMatchObject({ enabled: false });
});

test("a REALITY node shows the public key members' clients use, derived from its private key", async ({
  operatorPage,
}) => {
  const page = await operatorPage('realityrunner', 'admin');
  await page.goto('/admin/nodes/new');
  const field = (key: string) => page.getByRole('textbox', { name: text(key), exact: true });
  await field('admin-nodes:field_key').fill('e2e-reality');
  await field('admin-nodes:field_name').fill('E2E Reality');
  await field('admin-nodes:field_region').fill('jp');
  await field('admin-nodes:field_host').fill('jp2.example.com');
  await field('admin-nodes:field_port').fill('443');
  await field('admin-nodes:field_params').fill(
    JSON.stringify({
      security: 'reality',
      sni: 'www.example.com',
      fingerprint: 'chrome',
      realityPrivateKey: 'aFGlHbuNwuA0dLZ-TqlnLA2pkTmHmAUwvqnRfEpkwmI',
    }),
  );
  await page.getByRole('button', { name: text('admin-nodes:create') }).click();
  await expect(
    page.getByRole('heading', { name: text('admin-nodes:reality_key_title') }),
  ).toBeVisible();
  await expect(page.getByTestId('reality-public-key')).toHaveText(
    'pUYN5DxDevOPCD0AJZlA6WRhd6xHlbV6j_z17MlzPXs',
  );
});

for (const language of ['en', 'zh-CN'] as const) {
  test(`a VMess node from the form: its example, a setting refused in ${language}, then created`, async ({
    consolePage,
    operatorToken,
    server,
  }) => {
    const t = textIn(language);
    const key = `e2e-vmess-${language.toLowerCase()}`;
    const page = await consolePage(await operatorToken(`vmess${language.slice(0, 2)}`, 'admin'), {
      language,
      path: '/admin/nodes/new',
    });
    const field = (name: string) => page.getByRole('textbox', { name: t(name), exact: true });
    await page
      .getByRole('combobox', { name: t('admin-nodes:field_protocol') })
      .selectOption({ label: t('admin-nodes:protocol_vmess') });
    // The settings hint shows VMess's own example (TLS with its SNI, WebSocket).
    await expect(page.getByText('"tls": true', { exact: false })).toBeVisible();
    await field('admin-nodes:field_key').fill(key);
    await field('admin-nodes:field_name').fill('E2E VMess');
    await field('admin-nodes:field_region').fill('de');
    await field('admin-nodes:field_host').fill('de1.example.com');
    await field('admin-nodes:field_port').fill('443');
    await field('admin-nodes:field_params').fill('{"tls": true}');
    await page.getByRole('button', { name: t('admin-nodes:create') }).click();
    // TLS without an SNI: the server's refusal, in the reader's language; nothing is created.
    await expect(page.getByText(t('validation:vmess_sni_required'))).toBeVisible();
    expect((server.ops(['nodes', 'list', '--json']) as OpsNode[]).map((n) => n.key)).not.toContain(
      key,
    );

    await field('admin-nodes:field_params').fill(
      '{"tls": true, "sni": "de1.example.com", "transport": {"type": "ws", "path": "/vmess"}}',
    );
    await page.getByRole('button', { name: t('admin-nodes:create') }).click();
    await expect(page.getByTestId('node-token')).toHaveText(/^[A-Za-z0-9_-]{43}$/);
    const node = (server.ops(['nodes', 'list', '--json']) as OpsNode[]).find((n) => n.key === key);
    expect(node).toMatchObject({ protocol: 'vmess', enabled: true });
    // The V2bX entry asks as vmess and reads the certificate TLS needs.
    const entry = page.locator('pre');
    await expect(entry).toContainText('"NodeType": "vmess"');
    await expect(entry).toContainText('"CertDomain": "de1.example.com"');
    await expect(
      page.getByRole('heading', {
        name: t('admin-nodes:created_title', { key, id: node?.id ?? 0 }),
      }),
    ).toBeVisible();
  });
}

test('settings XrayR cannot serve are named before the node is made (Trojan over WebSocket)', async ({
  consolePage,
  operatorToken,
}) => {
  const t = textIn('en');
  const page = await consolePage(await operatorToken('xrayrlimits', 'admin'), {
    path: '/admin/nodes/new',
  });
  await page
    .getByRole('combobox', { name: t('admin-nodes:field_protocol') })
    .selectOption({ label: t('admin-nodes:protocol_trojan') });
  const params = page.getByRole('textbox', { name: t('admin-nodes:field_params'), exact: true });
  await params.fill('{"sni": "jp1.example.com"}');
  await expect(page.getByTestId('needs-v2bx')).toHaveCount(0);
  await params.fill('{"sni": "jp1.example.com", "transport": {"type": "ws", "path": "/t"}}');
  await expect(page.getByTestId('needs-v2bx')).toHaveText(
    t('admin-nodes:needs_v2bx_trojan_transport'),
  );
});
