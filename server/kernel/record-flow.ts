import type { FieldDef } from '../../shared/forms/fields.ts';
import type { Role } from '../../shared/roles.ts';
import type { Trx } from './db/pool.ts';

/** A member acting in a space (the workflow engine acts for people; forms checks values as theirs). */
export interface FlowActor {
  userId: string;
  roles: Role[];
  spaceId: string;
}

/** A published form as the workflow engine needs it. */
export interface FlowForm {
  id: string;
  appId: string;
  appName: string;
  name: string;
  fields: FieldDef[];
}

/** A record as the engine reads it: values of every field (the engine filters by node), version, owner, title. */
export interface FlowRecord {
  id: string;
  values: Record<string, unknown>;
  rowVersion: number;
  ownerId: string | null;
  title: string;
}

/**
 * What the forms app offers the workflow engine: forms and records through forms' one write path (the same value
 * checks, sanitising, numbering and file references as every other write), with the field set the flow's node
 * allows instead of the member's record rules: the node is what grants an approver his edit.
 */
export interface FormRecords {
  /** A published form the actor may open; throws the forms 404/409 otherwise. */
  form(trx: Trx, actor: FlowActor, formId: string): Promise<FlowForm>;
  /**
   * The same form facts without asking whether anyone may open it: for the engine's own reads inside an action it
   * has already authorised (one query; published fields cached). Null when the form is gone or unpublished.
   */
  facts(trx: Trx, formId: string): Promise<FlowForm | null>;
  create(trx: Trx, actor: FlowActor, formId: string, values: Record<string, unknown>, keys: readonly string[]): Promise<FlowRecord>;
  /** `rowVersion` null: no check (the engine's own instance lock already serialises). */
  update(trx: Trx, actor: FlowActor, formId: string, recordId: string, values: Record<string, unknown>, rowVersion: number | null, keys: readonly string[]): Promise<FlowRecord>;
  read(trx: Trx, formId: string, recordId: string): Promise<FlowRecord | null>;
  /** The record's "current handler" (spec §3), kept by the engine. */
  setHandler(trx: Trx, formId: string, recordId: string, handlerId: string | null): Promise<void>;
}

/** Whether records may be changed outside their flow: null, or the message key of the refusal. */
export type FlowLock = (trx: Trx, formId: string, recordIds: readonly string[]) => Promise<string | null>;

/**
 * The two-way contract between forms and workflow, carried by the kernel as notices and sharing are: each app
 * provides its half at start and asks for the other's here, so neither imports the other's internals.
 */
export class RecordFlow {
  private provider: FormRecords | null = null;
  /** In-transaction vetoes of a record change, an explicit kind beside event subscribers (decision 0093). */
  private readonly locks: FlowLock[] = [];

  provideRecords(provider: FormRecords): void {
    this.provider = provider;
  }

  /** Adds a lock: the workflow's record in flow today, an IoT work order's or an ETL load's later. Every one applies. */
  provideLock(lock: FlowLock): void {
    this.locks.push(lock);
  }

  get records(): FormRecords {
    if (!this.provider) throw new Error('No form records provider is registered (the forms app registers it at start).');
    return this.provider;
  }

  /** The first refusal of any lock, in the order they were added; without one nothing is locked. */
  async locked(trx: Trx, formId: string, recordIds: readonly string[]): Promise<string | null> {
    for (const lock of this.locks) {
      const refusal = await lock(trx, formId, recordIds);
      if (refusal) return refusal;
    }
    return null;
  }
}
