import { Type } from '@sinclair/typebox';
import type { FieldDef } from '../forms/fields.ts';
import type { FlowModel } from '../workflow/model.ts';
import type { ModelProblem } from '../workflow/model-shape.ts';
import { Strict } from './common.ts';

/**
 * Request schemas of the process designer (server/apps/workflow/design-routes.ts). The model itself is `unknown`
 * here: it nests branches in nodes to any depth, which a JSON schema can only say with recursive references, so
 * its shape is checked by shared/workflow/model-shape.ts (the same code the designer runs), after this size bound.
 */
const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
export const FlowParams = Strict({ formId: Id });
export const FlowVersionParams = Strict({ formId: Id, version: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) });

/** A stored model's JSON at most (200 nodes with long lists of people fit easily). */
export const FLOW_JSON_LIMIT = 512 * 1024;

export const SaveFlowDraftBody = Strict({
  model: Type.Unknown(),
  /** When the draft the designer started from was saved (null: none was); another designer's save since is a 409. */
  // Null first: the server's coercing validator would otherwise turn a null into an empty string.
  draftUpdatedAt: Type.Union([Type.Null(), Type.String({ maxLength: 40 })]),
});
export const FlowEnabledBody = Strict({ enabled: Type.Boolean() });

/** Names of the people and groups a model names, so the designer shows them without asking once per id. */
export interface FlowNames {
  members: Record<string, string>;
  roles: Record<string, string>;
  roleGroups: Record<string, string>;
  posts: Record<string, string>;
  departments: Record<string, string>;
}

export interface FlowVersionSummary {
  version: number;
  publishedAt: string;
  publishedBy: string | null;
  publishedByName: string | null;
}

/** `data` of GET /api/workflow/forms/:formId/flow. */
export interface FlowDesign {
  formId: string;
  formName: string;
  /** The form's published version (0: never published; a flow can be published only on a published form). */
  formVersion: number;
  /** The fields of that version: what field modes, member-field rules and branch conditions may name. */
  fields: FieldDef[];
  /** The saved draft, or the starter model when nothing was saved yet. */
  draft: FlowModel;
  draftUpdatedAt: string | null;
  /** The flow's published version (0: never published). */
  version: number;
  enabled: boolean;
  versions: FlowVersionSummary[];
  names: FlowNames;
}

/** `data` of GET /api/workflow/forms/:formId/flow/versions/:version. */
export interface FlowVersionDetail extends FlowVersionSummary {
  model: FlowModel;
  names: FlowNames;
}

/** `data` of a 422 at publish: every problem, the first of which is the message. */
export interface FlowProblemsData {
  problems: ModelProblem[];
}
