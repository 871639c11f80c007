import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { customerSummarySchema } from '../../../../shared/api/customers';
import { DEMO_CUSTOMER_ID, demoSessionSchema, type DemoSession } from '../../../../shared/api/demo';
import type { CustomerStatus } from '../../../../shared/domain';
import { apiGet, apiPatch, apiPost } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

export type DemoCategory = DemoSession['category'];

/** The demo customer's choice: a session with the spec's demo values. */
export function createDemoSession(category: DemoCategory): Promise<DemoSession> {
  return apiPost(
    '/api/test/chat-sessions',
    { customerId: DEMO_CUSTOMER_ID, category, status: 'open', priority: 'medium' },
    demoSessionSchema,
  );
}

export function useCreateDemoSession() {
  return useMutation({
    mutationFn: createDemoSession,
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to create chat session',
        variant: 'destructive',
      }),
  });
}

export const demoSessionsQuery = queryOptions({
  queryKey: ['demo', 'sessions'],
  queryFn: ({ signal }) =>
    apiGet('/api/test/chat-sessions', z.array(demoSessionSchema), { signal }),
});

export function useDemoSessions() {
  return useQuery(demoSessionsQuery);
}

export function updateDemoCustomerStatus(options: { customerId: string; status: CustomerStatus }) {
  return apiPatch(
    `/api/admin/users/${encodeURIComponent(options.customerId)}/status`,
    { status: options.status },
    customerSummarySchema,
  );
}

/** The demo agent view's status dropdown (an agent call: others get the error toast). */
export function useUpdateDemoCustomerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDemoCustomerStatus,
    onSuccess: (customer) => {
      queryClient.setQueryData(demoSessionsQuery.queryKey, (sessions) =>
        sessions?.map((s) =>
          s.customerId === customer.id
            ? { ...s, customer: { ...s.customer, customerStatus: customer.customerStatus } }
            : s,
        ),
      );
    },
    onError: () =>
      toast({ title: 'Error', description: 'Failed to update status', variant: 'destructive' }),
  });
}
