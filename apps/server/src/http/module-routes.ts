import type { AuthHook } from './authenticate.ts';

/** What each module's routes plugin takes from `buildApp`: its service, the `requireAuth` gate and its own `Extra` options. */
export type ModuleRoutesOptions<Service, Extra = object> = { service: Service; requireAuth: AuthHook } & Extra;

/** The OpenAPI tag of a module's routes and the bearer security each of its signed-in routes declares. */
export function moduleDocs(tag: string) {
  return { tags: [tag], security: [{ bearer: [] }] };
}
