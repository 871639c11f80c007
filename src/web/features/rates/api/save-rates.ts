import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  rateGuardRefusalSchema,
  ratesResponseSchema,
  type RateGuardRefusal,
  type RatesResponse,
  type SaveRatesRequest,
} from '../../../../shared/api/rates';
import { ApiError, apiPost } from '../../../lib/api-client';
import { ratesKeys } from './get-rates';

/**
 * POST /api/exchange-rates: the USD-to-Naira rate and the edited currencies in one atomic
 * call. Answers with every managed rate, as agents see them.
 */
export function saveRates(body: SaveRatesRequest): Promise<RatesResponse> {
  return apiPost('/api/exchange-rates', body, ratesResponseSchema);
}

/** The market guard's 409 (figures past the guard, no confirmation sent), else null. */
export function guardRefusal(error: unknown): RateGuardRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = rateGuardRefusalSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

export function useSaveRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRates,
    onSuccess: (saved) => {
      queryClient.setQueryData(ratesKeys.managed, saved);
      // What visitors see is the server's to decide (the guard): read it again.
      void queryClient.invalidateQueries({ queryKey: ratesKeys.current });
      void queryClient.invalidateQueries({ queryKey: ratesKeys.history });
    },
  });
}
