import type { ZObject } from 'zapier-platform-core';
import { apiUrl } from './config.js';

/**
 * One partner GraphQL operation. The server allows an operation by the root fields it selects
 * (its allowlist), and the operation name says which one we mean. Field errors arrive as
 * `errors[]` with a 200; the afterResponse middleware turns them into a zap error.
 */
export async function graphql<T>(z: ZObject, operationName: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await z.request<{ data?: T }>({
    url: apiUrl('/api'),
    method: 'POST',
    body: { query, variables, operationName },
  });
  const data = response.data?.data;
  if (!data) throw new z.errors.Error('The platform answered the GraphQL request without data.', 'GRAPHQL_NO_DATA', response.status);
  return data;
}

export interface GraphqlUser {
  id: string;
  email: string;
  name: string;
  organization: { id: string; name: string };
}

export const USER_QUERY = `query getUserDataQuery {
  me { id email name organization { id name } }
}`;
