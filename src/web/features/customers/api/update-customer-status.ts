import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerSummarySchema, type CustomerSummary } from '../../../../shared/api/customers';
import type { CustomerStatus } from '../../../../shared/domain';
import { apiPatch } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { handleUnauthorized, SESSION_EXPIRED_MESSAGE } from '../../../lib/unauthorized';
import { applyCustomerToCaches } from '../../chat-sessions/lib/session-cache';

export function updateCustomerStatus(options: {
  customerId: string;
  status: CustomerStatus;
}): Promise<CustomerSummary> {
  return apiPatch(
    `/api/admin/users/${encodeURIComponent(options.customerId)}/customer-status`,
    { status: options.status },
    customerSummarySchema,
  );
}

/** "Mark Customer As": the change, its toasts, and every list showing that customer. */
export function useUpdateCustomerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerStatus,
    onSuccess: (customer) => {
      applyCustomerToCaches(queryClient, customer);
      toast({
        title: 'Status Updated',
        description: 'Customer status has been updated successfully',
        variant: 'success',
      });
    },
    onError: (error) => {
      // 401: "Unauthorized" / "Session expired. Please login again.", then /api/login in 500 ms.
      if (handleUnauthorized(error, { description: SESSION_EXPIRED_MESSAGE })) return;
      toast({
        title: 'Error',
        description: 'Failed to update customer status',
        variant: 'destructive',
      });
    },
  });
}
