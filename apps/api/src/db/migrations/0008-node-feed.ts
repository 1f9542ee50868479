import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The node feed (src/nodes/README.md): a token and feed state per node, one UUID per
 * subscription link (every node credential of the member is derived from it), members' traffic
 * per day (rolled up into months), and the online addresses nodes report. Indexes on the
 * `updated_at`/`created_at` columns the feed's change check reads (max by index, not by scan).
 */
export function nodeFeedMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      for (const [column, type] of [
        ['token_hash', 'text'],
        ['previous_token_hash', 'text'],
        ['previous_token_expires_at', 'bigint'],
        ['token_rotated_at', 'bigint'],
        ['last_pull_at', 'bigint'],
        ['last_push_at', 'bigint'],
        ['last_alive_at', 'bigint'],
      ] as const) {
        await db.schema.alterTable('nodes').addColumn(column, type).execute();
      }
      await db.schema
        .alterTable('nodes')
        .addColumn('capacity_mbps', 'integer', (c) => c.notNull().defaultTo(1000))
        .execute();
      await db.schema
        .alterTable('nodes')
        .addColumn('online_users', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      // Classic Shadowsocks members now use their own password (the link's UUID), as V2bX does.
      const ssNodes = await db
        .selectFrom('nodes')
        .select(['id', 'params'])
        .where('protocol', '=', 'shadowsocks')
        .execute();
      for (const node of ssNodes as Array<{ id: number; params: string }>) {
        const params = JSON.parse(node.params) as Record<string, unknown>;
        if (!('password' in params)) continue;
        delete params.password;
        await db
          .updateTable('nodes')
          .set({ params: JSON.stringify(params) })
          .where('id', '=', node.id)
          .execute();
      }

      await db.schema.alterTable('subscription_tokens').addColumn('node_uuid', 'text').execute();
      const active = await db
        .selectFrom('subscription_tokens')
        .select('token_hash')
        .where('revoked_at', 'is', null)
        .execute();
      for (const row of active as Array<{ token_hash: string }>) {
        await db
          .updateTable('subscription_tokens')
          .set({ node_uuid: randomUUID() })
          .where('token_hash', '=', row.token_hash)
          .execute();
      }
      await db.schema
        .createIndex('subscription_tokens_node_uuid_unique')
        .on('subscription_tokens')
        .column('node_uuid')
        .unique()
        .execute();

      await db.schema
        .createTable('member_traffic')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        // 'd': one UTC day; 'm': a month rolled up (period_day is its first day).
        .addColumn('span', 'text', (c) => c.notNull())
        .addColumn('period_day', 'integer', (c) => c.notNull())
        .addColumn('upload', 'bigint', (c) => c.notNull())
        .addColumn('download', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('member_traffic_pk', ['user_id', 'span', 'period_day'])
        .execute();
      await db.schema
        .createIndex('member_traffic_rollup_idx')
        .on('member_traffic')
        .columns(['span', 'period_day'])
        .execute();

      await db.schema
        .createTable('node_alive')
        .addColumn('node_id', 'integer', (c) =>
          c.notNull().references('nodes.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull())
        // JSON array of the addresses the node saw the member on ("ip" or "ip_nodeId").
        .addColumn('ips', 'text', (c) => c.notNull())
        .addColumn('reported_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('node_alive_pk', ['node_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('node_alive_user_idx')
        .on('node_alive')
        .column('user_id')
        .execute();

      await db.schema
        .createIndex('users_updated_at_idx')
        .on('users')
        .column('updated_at')
        .execute();
      await db.schema
        .createIndex('third_party_clients_updated_at_idx')
        .on('third_party_clients')
        .column('updated_at')
        .execute();
      await db.schema
        .createIndex('subscription_tokens_created_at_idx')
        .on('subscription_tokens')
        .column('created_at')
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      for (const index of [
        'subscription_tokens_created_at_idx',
        'third_party_clients_updated_at_idx',
        'users_updated_at_idx',
        'subscription_tokens_node_uuid_unique',
      ])
        await db.schema.dropIndex(index).execute();
      await db.schema.dropTable('node_alive').execute();
      await db.schema.dropTable('member_traffic').execute();
      await db.schema.alterTable('subscription_tokens').dropColumn('node_uuid').execute();
      for (const column of [
        'token_hash',
        'previous_token_hash',
        'previous_token_expires_at',
        'token_rotated_at',
        'last_pull_at',
        'last_push_at',
        'last_alive_at',
        'capacity_mbps',
        'online_users',
      ])
        await db.schema.alterTable('nodes').dropColumn(column).execute();
    },
  };
}
