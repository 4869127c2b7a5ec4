/** The space's logo (spec §2.6 `logo`): served to every member, replaced by the administrator. */
export const LOGO_PATH = '/api/org/logo';

/**
 * What an upload may be. The server re-encodes every logo to a PNG that fits 512 × 512 (metadata dropped), so what
 * is stored and served is always an image the server made, whatever was uploaded.
 */
export const LOGO_LIMITS = { maxBytes: 2 * 1024 * 1024, minSide: 32, maxSide: 4096, maxPixels: 16_000_000, box: 512 } as const;
export const LOGO_TYPES = ['png', 'jpeg', 'gif', 'webp'] as const;
