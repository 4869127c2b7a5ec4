/** The outbound guard: every connection to an address a user configured goes through here (decision 0016). */
export { OutboundGuard, OutboundRefused, type ResolvedAddress, type Resolver } from './guard.ts';
export { guardedFetch, OUTBOUND_DEFAULTS, type GuardedRequest, type GuardedResponse } from './guarded-fetch.ts';
export { parseAllowList, isPublicAddress, parseAddress, METADATA_ADDRESSES } from './addresses.ts';
export { openGuardedSocket, type GuardedSocketOptions } from './guarded-socket.ts';
