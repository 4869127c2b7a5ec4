import { describe, expect, it } from 'vitest';
import { EMPTY_AI_SETTINGS, aiSettingsProblem, chatCompletionsUrl, type AiSettingsInput } from './ai.ts';

const good: AiSettingsInput = { ...EMPTY_AI_SETTINGS, enabled: true, baseUrl: 'https://api.example.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-abc' };
const problem = (patch: Partial<AiSettingsInput>) => aiSettingsProblem({ ...good, ...patch })?.key ?? null;

describe('AI settings rules (shared by the page and the server)', () => {
  it('accepts a complete setting, with or without a budget and a key', () => {
    expect(problem({})).toBeNull();
    expect(problem({ monthlyTokenBudget: 200_000, apiKey: undefined })).toBeNull();
    expect(problem({ apiKey: '' })).toBeNull(); // '' removes the stored key
  });

  it('names the first problem', () => {
    expect(problem({ baseUrl: '' })).toBe('org.ai.problem.urlRequired');
    expect(problem({ baseUrl: 'api.example.com/v1' })).toBe('org.ai.problem.badUrl');
    expect(problem({ baseUrl: 'file:///etc/passwd' })).toBe('org.ai.problem.badUrl');
    expect(problem({ baseUrl: 'https://api.example.com/v1?key=x' })).toBe('org.ai.problem.urlParts');
    expect(problem({ baseUrl: 'https://api.example.com/v1#x' })).toBe('org.ai.problem.urlParts');
    expect(problem({ model: 'a\nb' })).toBe('org.ai.problem.badModel');
    expect(problem({ apiKey: 'sk abc' })).toBe('org.ai.problem.badKey');
    expect(problem({ timeoutSeconds: 121 })).toBe('org.ai.problem.badTimeout');
    expect(problem({ monthlyTokenBudget: -1 })).toBe('org.ai.problem.badBudget');
    expect(problem({ monthlyTokenBudget: 2.5 })).toBe('org.ai.problem.badBudget');
    expect(problem({ roles: [] })).toBe('org.ai.problem.badRoles');
  });

  it('finds the chat-completions address under a base URL, or takes a full one as it is', () => {
    expect(chatCompletionsUrl('https://api.example.com/v1/')).toBe('https://api.example.com/v1/chat/completions');
    expect(chatCompletionsUrl('https://api.example.com/v1/chat/completions')).toBe('https://api.example.com/v1/chat/completions');
  });
});
