import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ERASE_CONFIRMATION_WORD,
  eraseAccountResponseSchema,
} from '../../../../shared/api/customers';
import { apiPost } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** POST /api/admin/users/:id/erase: an admin erases a customer on their request (decision 037). */
export function eraseCustomer(customerId: string) {
  return apiPost(
    `/api/admin/users/${encodeURIComponent(customerId)}/erase`,
    { confirm: ERASE_CONFIRMATION_WORD },
    eraseAccountResponseSchema,
  );
}

/**
 * The erasure, then every cached view of the customer (their name, chats, number, orders) is
 * read again: they now show the pseudonym. Rare enough that refetching all is the simple right.
 */
export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseCustomer,
    onSuccess: async () => {
      toast({
        title: 'Customer erased',
        description: 'Their name, number and messages are gone; orders stay under a code.',
        variant: 'success',
      });
      await queryClient.invalidateQueries();
    },
  });
}
