import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { FieldDef, FormDefinition } from '../../../shared/forms/fields.ts';
import { appOpenTo } from '../../../shared/permissions.ts';
import type { Role } from '../../../shared/roles.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { AppError, fail } from '../../kernel/errors.ts';
import { signedIn } from '../../kernel/http/context.ts';
import { tableOf } from './storage.ts';

export interface RuleRow {
  id: string;
  name: string;
  subject_kind: 'role' | 'group' | 'user';
  subject: string;
  levels: Array<'view' | 'modify' | 'delete' | 'monitor'>;
  scope: 'all' | 'own' | 'department' | 'condition';
  condition: unknown;
  hidden_fields: string[];
}

/** A form as one request sees it: where its records live, its published fields, its app. */
export interface FormMeta {
  id: string;
  spaceId: string;
  appId: string;
  appName: string;
  systemName: string;
  name: string;
  version: number;
  table: string;
  /** The published definition's fields (all of them; the viewer's visible ones are in Viewer.fields). */
  allFields: FieldDef[];
}

/** Who is asking, with what the record-permission predicates need. */
export interface Viewer {
  userId: string;
  roles: Role[];
  isAdmin: boolean;
  departments: string[];
  groups: string[];
  /** The rules of this form that apply to the viewer (by role, group or user). */
  rules: RuleRow[];
  /** Fields the viewer may see (hidden fields of §6 rules removed). */
  fields: FieldDef[];
}

interface MetaRow {
  id: string;
  app_id: string;
  name: string;
  version: number;
  app_name: string;
  app_roles: string[];
  system_name: string;
  departments: string[];
  groups: string[];
  rules: RuleRow[];
}

/**
 * What forms_viewer_meta answers, per space, form and user. Every change to the tables it reads NOTIFYs all
 * servers to forget it (migration 0005); a write request of this server forgets it at once (routes.ts), and
 * entries expire anyway, so a missed notice cannot keep a revoked rule alive for long.
 */
const metaCache = new Map<string, { row: MetaRow | undefined; until: number }>();
const META_TTL_MS = 30_000;
export const META_CHANNEL = 'qpaas_forms_meta';
export const forgetFormsMeta = () => metaCache.clear();

async function viewerMeta(trx: Trx, spaceId: string, formId: string, userId: string): Promise<MetaRow | undefined> {
  const key = `${spaceId}/${formId}/${userId}`;
  const hit = metaCache.get(key);
  if (hit && hit.until > Date.now()) return hit.row;
  const row = (await sql<MetaRow>`select * from forms_viewer_meta(${formId}::bigint, ${userId}::bigint)`.execute(trx)).rows[0];
  if (metaCache.size > 10_000) metaCache.clear();
  metaCache.set(key, { row, until: Date.now() + META_TTL_MS });
  return row;
}

/** Published definitions never change, so they are cached by space, form and version. */
const definitions = new Map<string, FieldDef[]>();

export async function publishedFields(trx: Trx, spaceId: string, formId: string, version: number): Promise<FieldDef[]> {
  const key = `${spaceId}/${formId}/${version}`;
  let fields = definitions.get(key);
  if (!fields) {
    const row = await trx
      .selectFrom('forms_version')
      .select('definition')
      .where('form_id', '=', formId)
      .where('version', '=', version)
      .executeTakeFirstOrThrow();
    fields = (row.definition as FormDefinition).fields;
    if (definitions.size > 5000) definitions.clear();
    definitions.set(key, fields);
  }
  return fields;
}

const applies = (rule: RuleRow, userId: string, roles: readonly string[], groups: readonly string[]) =>
  (rule.subject_kind === 'role' && roles.includes(rule.subject)) ||
  (rule.subject_kind === 'group' && groups.includes(rule.subject)) ||
  (rule.subject_kind === 'user' && rule.subject === userId);

/**
 * A field is hidden from a viewer when every rule that lets them view records hides it; admins, and viewers
 * who see records only as owner or through a share, see every field.
 */
function visibleFields(fields: FieldDef[], rules: RuleRow[], isAdmin: boolean): FieldDef[] {
  const viewing = rules.filter((r) => r.levels.includes('view') || r.levels.includes('monitor'));
  if (isAdmin || viewing.length === 0) return fields;
  const hidden = new Set(viewing[0]!.hidden_fields.filter((key) => viewing.every((r) => r.hidden_fields.includes(key))));
  return fields.filter((f) => !hidden.has(f.key));
}

/**
 * One round trip for everything a record call needs (forms_viewer_meta, migration 0003): the form, its app
 * (deleted or not visible to the caller's roles → 404, never data), the caller's departments and groups and the
 * form's rules. Row-level security confines it to the request's space: a form of another space is not found.
 */
export async function loadForm(trx: Trx, req: FastifyRequest, formId: string, options: { published?: boolean } = {}) {
  const principal = signedIn(req);
  return loadFormAs(trx, { userId: principal.userId, roles: req.ctx.roles, spaceId: req.ctx.space!.id }, formId, options);
}

export interface Actor {
  userId: string;
  roles: Role[];
  spaceId: string;
}

/** loadForm for work without a request (background jobs): the actor is the user who asked for the job. */
export async function loadFormAs(trx: Trx, actor: Actor, formId: string, options: { published?: boolean } = {}) {
  const principal = { userId: actor.userId };
  const roles = actor.roles;
  const row = await viewerMeta(trx, actor.spaceId, formId, principal.userId);
  const isAdmin = roles.includes('admin');
  // The app's roles (appOpenTo): safe and audit write and read nothing in an app that does not name their role.
  if (!row || (!isAdmin && !appOpenTo(row.app_roles, roles))) throw fail.notFound('forms.formNotFound');
  if (options.published !== false && row.version === 0) throw fail.conflict('forms.notPublished');
  const spaceId = actor.spaceId;
  const allFields = row.version > 0 ? await publishedFields(trx, spaceId, formId, row.version) : [];
  const rules = row.rules.filter((r) => applies(r, principal.userId, roles, row.groups));
  const form: FormMeta = {
    id: row.id,
    spaceId,
    appId: row.app_id,
    appName: row.app_name,
    systemName: row.system_name,
    name: row.name,
    version: row.version,
    table: tableOf(row.id),
    allFields,
  };
  const viewer: Viewer = {
    userId: principal.userId,
    roles,
    isAdmin,
    departments: row.departments,
    groups: row.groups,
    rules,
    fields: visibleFields(allFields, rules, isAdmin),
  };
  return { form, viewer };
}

/** loadFormAs, or null when it is not a form the actor may open (another space's, unpublished, app hidden). */
export async function openFormAs(trx: Trx, actor: Actor, formId: string): Promise<Awaited<ReturnType<typeof loadFormAs>> | null> {
  try {
    return await loadFormAs(trx, actor, formId);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
