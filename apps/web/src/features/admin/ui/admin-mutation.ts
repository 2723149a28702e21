import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ContractSchema } from '../../../shared/http/client.ts';

/**
 * A dashboard write. When it succeeds, `onSuccess` may put its answer in the cache at once, then
 * every query below the `invalidates` keys (the lists and pages it changed) is asked again.
 */
export function useAdminMutation<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  invalidates: readonly QueryKey[],
  onSuccess?: (answer: Answer, queryClient: QueryClient) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      onSuccess?.(answer, queryClient);
      return Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/**
 * The writes of one kind of dashboard row under `collection` (`/api/v1/admin/packages`), whose
 * answers carry the written row as `key` (`{ package: … }`): `create` POSTs a new one, `patch`
 * PATCHes `collection/:id`. Each answers the row.
 */
export function adminRow<Key extends string, Row>(
  collection: string,
  schema: ContractSchema<Record<Key, Row>>,
  key: Key,
) {
  async function send(path: string, method: 'POST' | 'PATCH', body: unknown): Promise<Row> {
    return (await apiRequest(path, schema, { method, body }))[key];
  }
  return {
    create: (body: unknown) => send(collection, 'POST', body),
    patch: (id: number, body: unknown) => send(`${collection}/${id}`, 'PATCH', body),
  };
}
