/**
 * The sign-in replies' schemas, loaded with the first sign-in request instead of with the first page (they
 * bring zod: docs/decisions.md, "First load"). The requests fetch this chunk while they wait for the server.
 */
import { onDemand } from '../../../lib/on-demand.ts';

export const loadAuthSchemas = onDemand(() => import('./auth-schemas.ts'));
