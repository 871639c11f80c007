import { useMutation } from '@tanstack/react-query';
import {
  eraseAccountResponseSchema,
  type EraseAccountRequest,
} from '../../../../shared/api/customers';
import { apiPost } from '../../../lib/api-client';

/** The URL the browser downloads the customer's ZIP from (a plain link: the cookie goes with it). */
export const DATA_EXPORT_URL = '/api/customer/data-export';

export function eraseAccount(body: EraseAccountRequest) {
  return apiPost('/api/customer/erase', body, eraseAccountResponseSchema);
}

/** Erases the signed-in customer; the server ends the session, so the page leaves for home. */
export function useEraseAccount() {
  return useMutation({
    mutationFn: eraseAccount,
    onSuccess: () => window.location.assign('/'),
  });
}
