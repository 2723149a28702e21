import type { AuthHook } from './authenticate.ts';

/** What each module's routes plugin takes from `buildApp`: its service and the `requireAuth` gate (a module adds its extras with `&`). */
export type ModuleRoutesOptions<Service> = { service: Service; requireAuth: AuthHook };

/** The OpenAPI tag of a module's routes and the bearer security each of its signed-in routes declares. */
export function moduleDocs(tag: string) {
  return { tags: [tag], security: [{ bearer: [] }] };
}
