import { sql } from 'kysely';
import type { Trx } from '../../../kernel/db/pool.ts';
import { JobFailedForGood } from '../../../kernel/jobs/types.ts';
import type { Kernel } from '../../../kernel/kernel.ts';
import { actAsProvider } from '../../../kernel/providers.ts';
import { inProviderSpace } from './enter.ts';
import './tables.ts';

export interface DueNotice {
  id: string;
  title: string;
  body: string;
  all_spaces: boolean;
  space_ids: string[];
}

/**
 * Delivers one notice inside the provider's transaction: to each target space that is still the provider's and
 * active (the database narrows `spaces`, so a space that moved to another provider is simply not among them), to
 * its administrators, through the notify contract. Marks the notice delivered with what it reached.
 */
export async function deliverNotice(kernel: Kernel, trx: Trx, providerName: string, notice: DueNotice): Promise<void> {
  let query = trx.selectFrom('spaces').select('id').where('status', '=', 'active').orderBy('id');
  if (!notice.all_spaces) query = query.where('id', 'in', notice.space_ids.length ? notice.space_ids : ['']);
  const targets = await query.execute();
  let spaces = 0;
  let recipients = 0;
  for (const { id } of targets) {
    const reached = await inProviderSpace(trx, id, async () => {
      const admins = await trx
        .selectFrom('memberships')
        .select('user_id')
        .where('space_id', '=', id)
        .where('status', '=', 'active')
        .where(sql<boolean>`'admin' = any(roles)`)
        .execute();
      if (!admins.length) return 0;
      const result = await kernel.notices.send(trx, id, {
        recipients: { members: admins.map((a) => a.user_id) },
        category: 'notice',
        sourceApp: 'org',
        sourceRecord: `saas-notice-${notice.id}`,
        title: { key: 'saas.notice.delivered.title', params: { provider: providerName, title: notice.title } },
        body: { key: 'saas.notice.delivered.body', params: { body: notice.body } },
      });
      return result.recipients;
    });
    if (reached) spaces += 1;
    recipients += reached;
  }
  await trx
    .updateTable('org_saas_notice')
    .set({ state: 'delivered', delivered_at: new Date(kernel.clock.now()), delivered_spaces: spaces, recipients })
    .where('id', '=', notice.id)
    .execute();
}

/** The name the provider's spaces know it by: its own profile's, else root's record. */
export async function providerName(trx: Trx, providerId: string): Promise<string> {
  const own = await trx.selectFrom('org_saas_profile').select('display_name').executeTakeFirst();
  if (own) return own.display_name;
  return (await trx.selectFrom('providers').select('name').where('id', '=', providerId).executeTakeFirstOrThrow()).name;
}

/** The job of one scheduled notice; it runs at the notice's time (decision 0098). */
export const SAAS_NOTICE_JOB = 'org.saas.notice';

type NoticeJob = {
  providerId: string;
  noticeId: string;
};

/**
 * Queues a scheduled notice's delivery for its time, in the provider's transaction that stores the notice: both
 * exist or neither does. A platform job (a provider's notice is no space's), keyed by the notice so it runs once.
 */
export async function scheduleNotice(kernel: Kernel, trx: Trx, providerId: string, noticeId: string, at: Date): Promise<void> {
  const payload: NoticeJob = { providerId, noticeId };
  await kernel.jobs.enqueue(trx, { kind: SAAS_NOTICE_JOB, payload, runAt: at, uniqueKey: `notice:${noticeId}` }, { platform: true });
}

/**
 * Delivers a notice when its job comes due: in a transaction acting as its provider, so the job reads through the
 * same database boundary as the requests. The notice row is locked while it is delivered, so a job taken over from
 * a dead process finds it delivered and does nothing; a notice withdrawn meanwhile is simply gone. A provider that
 * is not active sends nothing: the job is a dead letter the operator may revive once the provider is back.
 */
export function defineNoticeDelivery(kernel: Kernel): void {
  kernel.jobs.define<NoticeJob>(SAAS_NOTICE_JOB, async (job) => {
    const { providerId, noticeId } = job.payload;
    const provider = await kernel.db.selectFrom('providers').select('status').where('id', '=', providerId).executeTakeFirst();
    if (!provider) return;
    if (provider.status !== 'active') throw new JobFailedForGood(`provider ${providerId} is ${provider.status}`);
    await kernel.db.transaction().execute(async (trx) => {
      await actAsProvider(trx, providerId);
      const notice = await trx
        .selectFrom('org_saas_notice')
        .select(['id', 'title', 'body', 'all_spaces', 'space_ids', 'scheduled_at'])
        .where('id', '=', noticeId)
        .where('state', '=', 'scheduled')
        .forUpdate()
        .executeTakeFirst();
      if (!notice) return;
      // The queue runs jobs by the database's clock, the notice is due by the kernel's: a run that came early (the
      // process's clock behind) comes again for the time left.
      const left = new Date(notice.scheduled_at).getTime() - kernel.clock.now();
      if (left > 0) {
        const payload: NoticeJob = { providerId, noticeId };
        await kernel.jobs.enqueue(trx, { kind: SAAS_NOTICE_JOB, payload, runAt: new Date(Date.now() + left) }, { platform: true });
        return;
      }
      await deliverNotice(kernel, trx, await providerName(trx, providerId), { ...notice, id: String(notice.id) });
    });
  });
}
