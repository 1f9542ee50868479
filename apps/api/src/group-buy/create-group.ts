import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { createGroupBuy, groupCreatorAmountMinor, minutesToMs } from '@nimbus/domain';
import { userActor, writeAudit } from '../audit/index.ts';
import { isUniqueViolation } from '../db/database.ts';
import { Refusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { checkoutOrigin, providerFor, type OrderServices } from '../orders/index.ts';
import {
  completeIfFree,
  groupOrderAnswer,
  insertGroupOrder,
  repeatedGroupOrder,
} from './group-orders.ts';
import {
  GROUP_CREATOR_ORDER,
  groupBuyService,
  groupRefusal,
  MemberRole,
  MemberStatus,
  newGroupId,
} from './groups.ts';
import { insertGroup, insertMember } from './store.ts';

type Input = RequestOf<'paymentJointPurchase'>;
type Output = ResponseOf<'paymentJointPurchase'>;

// POST /api/payment/payment_joint_purchase
/**
 * payment_joint_purchase: opens a group of 2 or 3 for a plan sold as a group buy, and the
 * creator's order through the normal provider flow: pay-all charges every seat
 * (unitPrice x size), pay-self one share (domain share rule). The group takes friends once the
 * creator has paid. The idempotency key makes a double click one group.
 */
export async function createGroup(input: Input, ctx: CallContext<OrderServices>): Promise<Output> {
  const { services, now, language } = ctx;
  const { userId } = callerOf(ctx);
  const repeated = await repeatedGroupOrder(services, userId, input.idempotencyKey, {
    kind: GROUP_CREATOR_ORDER,
  });
  if (repeated)
    return groupOrderAnswer(
      services,
      repeated.order,
      repeated.group,
      userId,
      language,
      now,
      checkoutOrigin(ctx),
    );

  const { groupBuy, payments } = services.config;
  const site = await services.settings.site();
  const plan = await services.plans.find(input.productId, now);
  if (!plan || plan.group_buy !== 1) throw new Refusal(ErrorCode.PRODUCT_INVALID);
  const groupId = newGroupId();
  const created = createGroupBuy({
    id: groupId,
    creatorId: String(userId),
    size: input.size,
    paymentType: input.paymentType,
    planId: plan.id,
    planPriceMinor: plan.price_minor,
    currency: plan.currency,
    service: groupBuyService(site),
    now,
    durationHours: groupBuy.durationHours,
  });
  if (!created.ok) throw groupRefusal(created.error);
  // The campaign's own end (setting groupBuy.endsAt): no new groups after it; running ones finish.
  if (site.groupBuy.endsAt !== null && now >= site.groupBuy.endsAt)
    throw new Refusal(ErrorCode.GROUP_ENDED);
  const provider = await providerFor(services, input.paymentMethod, plan.currency);
  const domain = created.value;

  try {
    const { order, group } = await services.db.transaction().execute(async (trx) => {
      const row = await insertGroup(trx, {
        public_id: groupId,
        creator_id: userId,
        plan_id: plan.id,
        group_type: plan.group_type,
        duration_days: plan.duration_days,
        devices_allowed: plan.devices_allowed,
        size: domain.size,
        payment_type: domain.paymentType,
        plan_price_minor: domain.planPriceMinor,
        unit_price_minor: domain.unitPriceMinor,
        currency: domain.currency,
        status: domain.status,
        created_at: now,
        expires_at: domain.expiresAt,
        finished_at: null,
        closed_at: null,
        updated_at: now,
      });
      // The creator's checkout lasts as long as an ordinary order's, never past the group's end.
      const expiresAt = Math.min(domain.expiresAt, now + minutesToMs(payments.orderExpiryMinutes));
      const creatorOrder = await insertGroupOrder(
        trx,
        services,
        {
          group: row,
          userId,
          role: MemberRole.CREATOR,
          kind: GROUP_CREATOR_ORDER,
          amountMinor: groupCreatorAmountMinor(domain),
          method: input.paymentMethod,
          provider,
          idempotencyKey: input.idempotencyKey,
          expiresAt,
        },
        now,
      );
      await insertMember(trx, {
        group_id: row.id,
        user_id: userId,
        role: MemberRole.CREATOR,
        status: MemberStatus.PENDING,
        seat: 1,
        order_id: creatorOrder.id,
        hold_until: null,
        joined_at: now,
        paid_at: null,
        updated_at: now,
      });
      await writeAudit(trx, {
        actor: userActor(userId),
        action: 'group.created',
        subjectType: 'group',
        subjectId: groupId,
        data: {
          planId: plan.id,
          size: domain.size,
          paymentType: domain.paymentType,
          unitPriceMinor: domain.unitPriceMinor,
          currency: domain.currency,
          expiresAt: domain.expiresAt,
          orderId: creatorOrder.public_id,
        },
        at: now,
      });
      return { order: await completeIfFree(trx, services, creatorOrder, now), group: row };
    });
    return groupOrderAnswer(services, order, group, userId, language, now, checkoutOrigin(ctx));
  } catch (error) {
    // The same key raced in from a second click: the first one's group is the answer.
    if (isUniqueViolation(error)) {
      const first = await repeatedGroupOrder(services, userId, input.idempotencyKey, {
        kind: GROUP_CREATOR_ORDER,
      });
      if (first)
        return groupOrderAnswer(
          services,
          first.order,
          first.group,
          userId,
          language,
          now,
          checkoutOrigin(ctx),
        );
    }
    throw error;
  }
}
