import { Type } from 'typebox';
import { Currency, MinorUnits, NoInput } from '../schemas/common.ts';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'UTC day' });
const Count = Type.Integer({ minimum: 0 });
const Sum = Type.Object({ currency: Currency, amountMinor: MinorUnits });

/** The console's overview: the figures an operator checks first, over the last 14 UTC days. */
export const adminOverviewSchemas = {
  adminOverview: {
    request: NoInput,
    response: Type.Object({
      signupsByDay: Type.Array(Type.Object({ day: Day, count: Count })),
      revenueByDay: Type.Array(
        Type.Object({
          day: Day,
          provider: Type.String(),
          currency: Currency,
          amountMinor: MinorUnits,
        }),
      ),
      activeMembers: Count,
      payingMembers: Count,
      openGroupBuys: Count,
      commissionsPending: Type.Array(Sum),
      commissionsPayable: Type.Array(Sum),
      nodesOnline: Count,
      nodesTotal: Count,
    }),
  },
} as const;
