import { Type } from '@sinclair/typebox';
import { AGENT_LIMITS } from '../workflow/agents.ts';
import { AGENT_PERMS } from '../workflow/model.ts';
import { Lang, Strict } from './common.ts';

/**
 * Request shapes of agents and account hosting (decision 0055). Shape only: a missing agent, a bad or past date,
 * an empty scope or permission list pass here and are refused by `agentRuleProblem` with a 422 in the user's
 * language, the same check the page runs before sending.
 */
const Id = Type.String({ pattern: '^[0-9]{1,18}$' });
/** Empty is allowed here so that "no agent chosen" is a translated 422, not a bare 400. */
const MaybeId = Type.String({ pattern: '^([0-9]{1,18})?$' });
const Day = Type.String({ maxLength: 10 });
const Perm = Type.Union(AGENT_PERMS.map((perm) => Type.Literal(perm)));
const Apps = Type.Array(Id, { maxItems: AGENT_LIMITS.apps + 1, uniqueItems: true });
const Perms = Type.Array(Perm, { maxItems: AGENT_PERMS.length, uniqueItems: true });
/** Code points are counted by the check; the schema bounds what is parsed. */
const Note = Type.String({ maxLength: AGENT_LIMITS.note * 4 });

/** `mine`: rules where the principal is me (an admin: `principalId`); `toMe`: rules where I am the agent. */
export const AgentListQuery = Strict({
  lang: Lang,
  view: Type.Optional(Type.Union([Type.Literal('mine'), Type.Literal('toMe')])),
  principalId: Type.Optional(Id),
});

/** A new rule; `principalId` (an admin's, for another member) defaults to the caller. */
export const CreateAgentBody = Strict({
  principalId: Type.Optional(Id),
  agentId: MaybeId,
  apps: Apps,
  perms: Perms,
  validFrom: Day,
  validTo: Day,
  note: Type.Optional(Note),
});

/** Editing an agenting rule: the principal and the agent are fixed (another agent is another rule). */
export const UpdateAgentBody = Strict({
  apps: Apps,
  perms: Perms,
  validFrom: Day,
  validTo: Day,
  note: Type.Optional(Note),
  /** Optimistic concurrency: the `updatedAt` the editor saw; another answers 409. */
  updatedAt: Type.String({ minLength: 1, maxLength: 40 }),
});

export const RecoverAgentsBody = Strict({ ids: Type.Array(Id, { minItems: 1, maxItems: AGENT_LIMITS.batch, uniqueItems: true }) });

export const HostingQuery = Strict({ lang: Lang, userId: Type.Optional(Id) });

/** Enabling needs a trustee; disabling keeps the last trustee for next time. `userId`: an admin's, for another member. */
export const HostingBody = Strict({
  userId: Type.Optional(Id),
  enabled: Type.Boolean(),
  trusteeId: Type.Union([MaybeId, Type.Null()]),
});
