import type { Access } from '../../../kernel/http/context.ts';

/** The provider's pages: its saas account only (spec §2.6); the database then narrows to its own spaces. */
export const PROVIDER_ONLY: Access = { roles: ['saas'] };

/** §6: saas, admin, audit and safe see the resource and service pages. */
export const RESOURCE_ROLES: Access = { roles: ['saas', 'admin', 'audit', 'safe'] };
