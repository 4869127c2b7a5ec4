import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { SpaceId } from './common.ts';
import { CreateUserBody, Email, Phone } from './console.ts';

describe('format rules of the shared schemas', () => {
  it('accepts well-formed and rejects malformed e-mail addresses', () => {
    for (const good of ['a@b.cn', 'li.lei+ops@factory.example.com']) expect(Value.Check(Email, good), good).toBe(true);
    for (const bad of ['', 'a@b', '@b.cn', 'a b@c.cn', 'a@b .cn']) expect(Value.Check(Email, bad), bad).toBe(false);
  });

  it('accepts phone numbers with country code, spaces and dashes; rejects letters and short strings', () => {
    for (const good of ['13800138000', '+86 138-0013-8000']) expect(Value.Check(Phone, good), good).toBe(true);
    for (const bad of ['1234', '1380013800a', '++86 138']) expect(Value.Check(Phone, bad), bad).toBe(false);
  });

  it('space ids are lower-case alphanumeric, at most 32 characters', () => {
    expect(Value.Check(SpaceId, 'acme2')).toBe(true);
    for (const bad of ['Acme', 'ac-me', '', 'a'.repeat(33)]) expect(Value.Check(SpaceId, bad), bad).toBe(false);
  });

  it('a new user body rejects unknown properties and passwords under 8 characters', () => {
    const body = { loginId: 'li.lei', name: 'Li Lei', password: 'Secret@123', spaceId: 'acme', roles: ['user'] };
    expect(Value.Check(CreateUserBody, body)).toBe(true);
    expect(Value.Check(CreateUserBody, { ...body, isRoot: true })).toBe(false);
    expect(Value.Check(CreateUserBody, { ...body, password: 'short' })).toBe(false);
    expect(Value.Check(CreateUserBody, { ...body, roles: ['owner'] })).toBe(false);
  });
});
