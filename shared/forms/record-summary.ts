/**
 * One record as another app may show it to a member (the workbench's recent records): where it lives and how it
 * is named, read through the forms app's own access checks. The forms app provides it through
 * `kernel.recordSummaries` (server/kernel/record-summaries.ts, decision 0091).
 */
export interface RecordSummary {
  appId: string;
  appName: string;
  formId: string;
  formName: string;
  recordId: string;
  number: string | null;
  /** The form's title field as text; null when it has none or it is empty. */
  title: string | null;
}
