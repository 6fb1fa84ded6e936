import type { TDeps } from '../context.ts';
import type { requireAuth } from '../http/auth.ts';

/**
 * What a module's routes receive: the shared parts and their own module's front (its service).
 * Routes never see another module's service: when a call needs two modules, the service that
 * owns the call asks the other one (each module one front, docs/architecture.md).
 */
export type TRouteDeps<S> = {
  deps: TDeps;
  auth: ReturnType<typeof requireAuth>;
  service: S;
};
