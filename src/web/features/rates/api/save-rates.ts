import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ratesResponseSchema,
  type RatesResponse,
  type SaveRatesRequest,
} from '../../../../shared/api/rates';
import { apiPost } from '../../../lib/api-client';
import { ratesKeys } from './get-rates';

/** POST /api/exchange-rates: every currency and the USD-to-Naira rate in one atomic call. */
export function saveRates(body: SaveRatesRequest): Promise<RatesResponse> {
  return apiPost('/api/exchange-rates', body, ratesResponseSchema);
}

export function useSaveRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRates,
    onSuccess: (saved) => {
      queryClient.setQueryData(ratesKeys.current, saved);
      void queryClient.invalidateQueries({ queryKey: ratesKeys.history });
    },
  });
}
