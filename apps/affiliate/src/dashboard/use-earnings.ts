import { useQuery } from '@tanstack/react-query';
import type { CommissionRecord } from '@nimbus/api-sdk/contract';
import { API_QUERY_ROOT, useApi } from '@nimbus/api-sdk/react';
import { PAGE_SIZE_MAX } from '@nimbus/domain';
import { needsMorePages, rangeStart, type ChartRange } from './earnings-series.ts';

/** At most this many pages of 100 records per chart (1,000 commissions in 90 days). */
export const EARNINGS_MAX_PAGES = 10;

/**
 * The commission records of the chart's range, read through the commission tab newest first,
 * a page of 100 at a time until a page reaches past the range start. The contract has no
 * series endpoint yet (asked of the server); the key sits under the API root so a new session
 * drops it like every other API query.
 */
export function useEarnings(range: ChartRange, now: number, enabled: boolean) {
  const api = useApi();
  const start = rangeStart(range, now);
  return useQuery({
    queryKey: [API_QUERY_ROOT, 'systemAffiliate', { chart: range, start }],
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const records: CommissionRecord[] = [];
      for (let page = 1; page <= EARNINGS_MAX_PAGES; page += 1) {
        const answer = await api.systemAffiliate(
          { tab: 'commission', page, pageSize: PAGE_SIZE_MAX },
          { signal },
        );
        if (!answer.isKol || answer.tab !== 'commission') break;
        records.push(...answer.records.items);
        if (!needsMorePages(answer.records, start)) break;
      }
      return records;
    },
  });
}
