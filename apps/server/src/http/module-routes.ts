import type { AuthHook } from './authenticate.ts';

/** What each module's routes plugin takes from `buildApp`: its service, the `requireAuth` gate and its own `Extra` options. */
export type ModuleRoutesOptions<Service, Extra = object> = { service: Service; requireAuth: AuthHook } & Extra;

/** The OpenAPI tag of a module's routes and the bearer security each of its signed-in routes declares. */
export function moduleDocs(tag: string) {
  return { tags: [tag], security: [{ bearer: [] }] };
}

/**
 * The start of a module's signed-in route options: `requireAuth` runs first, and the schema has the
 * module's tag, the bearer scheme, the route's summary and its own shapes (params, body, response…).
 */
export function signedInRoute(tag: string, requireAuth: AuthHook) {
  const { tags, security } = moduleDocs(tag);
  return <Shapes extends object>(summary: string, shapes: Shapes) => ({
    preHandler: requireAuth,
    schema: { tags, security, summary, ...shapes },
  });
}
