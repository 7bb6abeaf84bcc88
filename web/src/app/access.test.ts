import { describe, expect, it } from 'vitest';
import type { Role } from '../lib/contract';
import { effectiveAuth } from '../lib/auth-store';
import {
  ADMIN_ACCESS,
  AUTHOR_ACCESS,
  MODERATION_ACCESS,
  PUBLIC_ACCESS,
  resolveAccess,
  type GuardTarget,
} from './access';

const entry = { cpt: 'article', id: 'abc123' };
const targets = {
  home: { name: 'home', params: {} },
  login: { name: 'login', params: {} },
  editCPT: { name: 'editCPT', params: entry },
  dashboard: { name: 'adminDashboard', params: {} },
  moderate: { name: 'moderateCPT', params: entry },
  users: { name: 'adminUsers', params: {} },
} satisfies Record<string, GuardTarget>;

const accessOf = {
  home: PUBLIC_ACCESS,
  login: PUBLIC_ACCESS,
  editCPT: AUTHOR_ACCESS,
  dashboard: MODERATION_ACCESS,
  moderate: MODERATION_ACCESS,
  users: ADMIN_ACCESS,
};

type Case = [Role, keyof typeof targets, string | null];
const cases: Case[] = [
  ['none', 'home', null],
  ['none', 'login', null],
  ['none', 'editCPT', '/article/abc123/authenticate'],
  ['none', 'dashboard', '/login'],
  ['none', 'moderate', '/login'],
  ['none', 'users', '/login'],
  ['anon', 'home', null],
  ['anon', 'editCPT', null],
  ['anon', 'dashboard', '/login'],
  ['anon', 'moderate', '/login'],
  ['anon', 'users', '/login'],
  ['mod', 'home', null],
  ['mod', 'editCPT', '/'],
  ['mod', 'dashboard', null],
  ['mod', 'moderate', null],
  ['mod', 'users', '/login'],
  ['admin', 'home', null],
  ['admin', 'editCPT', '/'],
  ['admin', 'dashboard', null],
  ['admin', 'moderate', null],
  ['admin', 'users', null],
];

describe('resolveAccess', () => {
  it.each(cases)('role %s to %s → %s', (role, target, expected) => {
    expect(resolveAccess(accessOf[target], role, targets[target])).toBe(expected);
  });

  it('keeps cpt and id when sending an author without session to the password check', () => {
    const target: GuardTarget = { name: 'editCPT', params: { cpt: 'event', id: 'x-9' } };
    expect(resolveAccess(AUTHOR_ACCESS, 'none', target)).toBe('/event/x-9/authenticate');
  });

  it('sends an author whose stored login expired or has ttl 0 to the password check, as role none', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    const expired = effectiveAuth({ role: 'anon', ttl: now / 1000 - 1 }, now);
    const zero = effectiveAuth({ role: 'anon', ttl: 0 }, now);
    const valid = effectiveAuth({ role: 'anon', ttl: now / 1000 + 60 }, now);
    expect(expired.role).toBe('none');
    expect(zero.role).toBe('none');
    expect(resolveAccess(AUTHOR_ACCESS, expired.role, targets.editCPT)).toBe('/article/abc123/authenticate');
    expect(resolveAccess(AUTHOR_ACCESS, valid.role, targets.editCPT)).toBeNull();
  });

  it('treats an expired moderator login as none and sends it to login', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    const expired = effectiveAuth({ role: 'admin', ttl: now / 1000 - 5 }, now);
    expect(resolveAccess(ADMIN_ACCESS, expired.role, targets.users)).toBe('/login');
  });
});
