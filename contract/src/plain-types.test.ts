import { describe, expectTypeOf, it } from 'vitest';
import type { Static } from 'typebox';
import type {
  AccountRole,
  AuthState,
  AuthStateSchema,
  Comment,
  CommentOrigin,
  CptList,
  CptListSchema,
  Dashboard,
  EntryEvent,
  EntryEventSchema,
  EntryState,
  EntryTypeSummary,
  HealthMetric,
  LatestComment,
  LatestCommentSchema,
  PowClaims,
  PowClaimsSchema,
  readPowToken,
  Role,
  StoredFile,
  StoredFileSchema,
  TimelineItem,
  TimelineItemSchema,
  UserAccount,
  UserSchema,
} from './index.ts';

// The web app imports these types, and the plain modules' types they are built from, instead of
// declaring its own: each pair below must stay one type, or a screen reads a field the server never sends.
describe('the plain types beside the schemas', () => {
  it('an entry event is what the events schema answers', () => {
    expectTypeOf<Static<typeof EntryEventSchema>>().toEqualTypeOf<EntryEvent>();
  });

  it("a dashboard timeline line is an entry's event plus the entry it belongs to", () => {
    expectTypeOf<Static<typeof TimelineItemSchema>>().toEqualTypeOf<TimelineItem>();
    expectTypeOf<Omit<TimelineItem, 'entry_id' | 'entry_title' | 'type'>>().toEqualTypeOf<EntryEvent>();
    expectTypeOf<Dashboard['data']['timeline'][number]>().toEqualTypeOf<TimelineItem>();
  });

  it("a proposal's latest comment is a comment without its id", () => {
    expectTypeOf<Static<typeof LatestCommentSchema>>().toEqualTypeOf<LatestComment>();
    expectTypeOf<LatestComment>().toEqualTypeOf<Omit<Comment, 'id'>>();
    expectTypeOf<LatestComment['origin']>().toEqualTypeOf<CommentOrigin>();
    expectTypeOf<Dashboard['data']['proposals'][number]['state']>().toEqualTypeOf<EntryState>();
  });

  it("moderation's list of types is the public one", () => {
    expectTypeOf<Static<typeof CptListSchema>>().toEqualTypeOf<CptList>();
    expectTypeOf<CptList['data'][number]>().toEqualTypeOf<EntryTypeSummary>();
  });

  it('accounts and sessions hold the roles of roles.ts', () => {
    expectTypeOf<Static<typeof UserSchema>>().toEqualTypeOf<UserAccount>();
    expectTypeOf<UserAccount['role']>().toEqualTypeOf<AccountRole>();
    expectTypeOf<Static<typeof AuthStateSchema>>().toEqualTypeOf<AuthState>();
    expectTypeOf<AuthState['role']>().toEqualTypeOf<Role>();
  });

  it('the health metric counts entries per lifecycle state', () => {
    expectTypeOf<keyof HealthMetric['data']['entries_per_state']>().toEqualTypeOf<EntryState>();
  });

  it('the browser reads from a challenge token the claims the server signs', () => {
    expectTypeOf<Static<typeof PowClaimsSchema>>().toEqualTypeOf<PowClaims>();
    expectTypeOf<ReturnType<typeof readPowToken>>().toEqualTypeOf<
      Pick<PowClaims, 'nonce' | 'difficulty' | 'exp'> | undefined
    >();
  });

  it('a stored file is what the upload schema answers', () => {
    expectTypeOf<Static<typeof StoredFileSchema>>().toEqualTypeOf<StoredFile>();
  });
});
