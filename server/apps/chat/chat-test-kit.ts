import type { TestClient } from '../../../tests/support/client.ts';
import { boundSocket, type BoundSocket } from '../../../tests/support/messages.ts';

/** Test helpers of the chat suites: the platform's bound push socket and answer unwrapping (tests/support). */
export { ok, type BoundSocket as ChatSocket } from '../../../tests/support/messages.ts';

/** Opens the platform's socket as `client` and binds it to `userId`. */
export const chatSocket = (base: string, client: TestClient, userId: string): Promise<BoundSocket> => boundSocket(base, client, userId);
