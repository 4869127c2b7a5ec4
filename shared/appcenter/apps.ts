/**
 * The application centre's contract with the micro-apps that live inside its apps or point at them (forms, org's
 * navigation and watermark, portal links, the provider console): they learn about apps through `kernel.apps`
 * (server/kernel/apps.ts), never from appcenter's tables or modules (decision 0091).
 */

/** An app of the space that is not in the recycle bin, as other apps may name it. */
export interface LiveApp {
  id: string;
  name: string;
  /** ISO time. */
  createdAt: string;
}
