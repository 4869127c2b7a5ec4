import { sql, type Selectable } from 'kysely';
import { AI_ROLES, EMPTY_AI_SETTINGS, type AiRole, type AiSettingsView, type AiUsageView } from '../../../shared/ai.ts';
import type { AiEndpoint, AiProvider, AiUsageEntry } from '../../kernel/ai/index.ts';
import { inSpace, type Trx } from '../../kernel/db/pool.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { secretBoxFor } from '../../kernel/secrets.ts';
import './ai-tables.ts';
import type { OrgAiSettingsTable } from './ai-tables.ts';

export type AiSettingsRow = Selectable<OrgAiSettingsTable>;

/** What a sealed key is bound to: this space's AI connection (a copy in another space's row does not open). */
export const aiKeyContext = (spaceId: string) => `org.ai:${spaceId}`;

export async function readAiRow(trx: Trx): Promise<AiSettingsRow | undefined> {
  return trx.selectFrom('org_ai_settings').selectAll().executeTakeFirst();
}

const knownRoles = (roles: readonly string[]): AiRole[] => AI_ROLES.filter((role) => roles.includes(role));

/** The settings as the page sees them: whether a key is set, never the key (sealed or not). */
export function aiSettingsView(row: AiSettingsRow | undefined): AiSettingsView {
  if (!row) return EMPTY_AI_SETTINGS;
  return {
    configured: true,
    enabled: row.enabled,
    baseUrl: row.base_url,
    model: row.model,
    timeoutSeconds: row.timeout_seconds,
    monthlyTokenBudget: row.monthly_token_budget === null ? null : Number(row.monthly_token_budget),
    roles: knownRoles(row.roles),
    keySet: row.key_sealed !== null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function openKey(kernel: Kernel, row: Pick<AiSettingsRow, 'space_id' | 'key_sealed'>): string {
  if (!row.key_sealed) return '';
  try {
    return secretBoxFor(kernel.config).open(row.key_sealed, aiKeyContext(row.space_id));
  } catch {
    // Sealed under another SECRET_KEY or data directory (decision 0041): the way out is entering the key again.
    throw new AppError(422, 'org.ai.problem.keyLost');
  }
}

export function endpointOf(kernel: Kernel, row: AiSettingsRow): AiEndpoint {
  return { baseUrl: row.base_url, model: row.model, apiKey: openKey(kernel, row), timeoutSeconds: row.timeout_seconds };
}

/** The first moment of this calendar month in the space's time zone (budgets and the panel follow the space's clock). */
async function thisMonth(trx: Trx, spaceId: string): Promise<{ since: Date; month: string }> {
  const { rows } = await sql<{ since: Date; month: string }>`
    select date_trunc('month', now() at time zone s.time_zone) at time zone s.time_zone as since,
           to_char(now() at time zone s.time_zone, 'YYYY-MM') as month
      from spaces s where s.id = ${spaceId}`.execute(trx);
  return rows[0]!;
}

export async function tokensSinceMonthStart(trx: Trx, spaceId: string): Promise<number> {
  const { since } = await thisMonth(trx, spaceId);
  const row = await trx
    .selectFrom('org_ai_usage')
    .where('at', '>=', since)
    .select(sql<string>`coalesce(sum(tokens_in::bigint + tokens_out), 0)`.as('tokens'))
    .executeTakeFirst();
  return Number(row?.tokens ?? 0);
}

/** This month's use for the page: totals and the five members who used the most tokens. */
export async function readAiUsage(trx: Trx, spaceId: string, budget: number | null): Promise<AiUsageView> {
  const { since, month } = await thisMonth(trx, spaceId);
  const totals = await trx
    .selectFrom('org_ai_usage')
    .where('at', '>=', since)
    .select([
      sql<string>`coalesce(sum(tokens_in), 0)`.as('tokensIn'),
      sql<string>`coalesce(sum(tokens_out), 0)`.as('tokensOut'),
      sql<string>`count(*)`.as('calls'),
      sql<string>`count(*) filter (where not ok)`.as('failures'),
    ])
    .executeTakeFirstOrThrow();
  const top = await trx
    .selectFrom('org_ai_usage as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .where('a.at', '>=', since)
    .groupBy(['a.user_id', 'u.name', 'u.login_id'])
    .select([
      'a.user_id as userId',
      'u.name',
      'u.login_id as loginId',
      sql<string>`sum(a.tokens_in::bigint + a.tokens_out)`.as('tokens'),
      sql<string>`count(*)`.as('calls'),
      sql<string>`count(*) filter (where not a.ok)`.as('failures'),
    ])
    .orderBy('tokens', 'desc')
    .orderBy('calls', 'desc')
    .orderBy('a.user_id')
    .limit(5)
    .execute();
  const tokensIn = Number(totals.tokensIn);
  const tokensOut = Number(totals.tokensOut);
  return {
    month,
    tokensIn,
    tokensOut,
    totalTokens: tokensIn + tokensOut,
    calls: Number(totals.calls),
    failures: Number(totals.failures),
    budget,
    topMembers: top.map((r) => ({ userId: r.userId, name: r.name ?? '', loginId: r.loginId ?? '', tokens: Number(r.tokens), calls: Number(r.calls), failures: Number(r.failures) })),
  };
}

/** A broken server may report any count: the record keeps what fits its columns. */
const clamp = (n: number) => Math.min(Math.max(0, Math.round(n)), 2_000_000_000);

/** The org app's side of the kernel's AI contract: reads and writes the space's rows under its row-level security. */
export function orgAiProvider(kernel: Kernel): AiProvider {
  return {
    async settings(spaceId) {
      const row = await inSpace(kernel.db, spaceId, readAiRow);
      if (!row) return null;
      const view = aiSettingsView(row);
      return { enabled: row.enabled, endpoint: endpointOf(kernel, row), roles: view.roles, monthlyTokenBudget: view.monthlyTokenBudget };
    },
    tokensThisMonth: (spaceId) => inSpace(kernel.db, spaceId, (trx) => tokensSinceMonthStart(trx, spaceId)),
    async record(spaceId, entry: AiUsageEntry) {
      await inSpace(kernel.db, spaceId, (trx) =>
        trx
          .insertInto('org_ai_usage')
          .values({
            space_id: spaceId,
            user_id: entry.userId,
            feature: entry.feature,
            tokens_in: clamp(entry.tokensIn),
            tokens_out: clamp(entry.tokensOut),
            ok: entry.ok,
            failure: entry.failure?.slice(0, 100) ?? null,
            latency_ms: clamp(entry.latencyMs),
          })
          .execute(),
      );
    },
  };
}
