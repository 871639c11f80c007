import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation that makes one record and then reads its list again, so the list shows the server's
 * order and fields rather than a guess; `mutateAsync` resolves once the list is fresh.
 */
export function useCreateInList<Input, Created>(options: {
  create: (input: Input) => Promise<Created>;
  listKey: QueryKey;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: options.listKey }),
  });
}
