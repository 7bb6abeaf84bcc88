import { describe, expectTypeOf, it } from 'vitest';
import type { Static } from 'typebox';
import type { ModerationEntryUpdate, ModerationEntryUpdateSchema } from './admin.ts';
import type {
  Entry,
  EntryConflict,
  EntryConflictSchema,
  EntrySchema,
  EntryUpdate,
  EntryUpdateSchema,
} from './entries.ts';
import type {
  PublicEntry,
  PublicEntryAnswer,
  PublicEntryAnswerSchema,
  PublicEntryList,
  PublicEntryListSchema,
  PublicEntrySchema,
} from './public.ts';

// These plain types stand beside their schemas because an entry's data is open: a schema with
// `additionalProperties: true` has no index signature in TypeBox's Static, while the services read
// a type's fields by name. So the two cannot be equal; each is held assignable to the other, which
// is what lets a route hand its schema-typed body to a service without a cast. (The checks run in
// `npm run typecheck`.)
describe('plain types agree with their schemas', () => {
  it('EntryUpdate', () => {
    expectTypeOf<Static<typeof EntryUpdateSchema>>().toExtend<EntryUpdate>();
    expectTypeOf<EntryUpdate>().toExtend<Static<typeof EntryUpdateSchema>>();
  });

  it('ModerationEntryUpdate', () => {
    expectTypeOf<Static<typeof ModerationEntryUpdateSchema>>().toExtend<ModerationEntryUpdate>();
    expectTypeOf<ModerationEntryUpdate>().toExtend<Static<typeof ModerationEntryUpdateSchema>>();
  });

  it('Entry', () => {
    expectTypeOf<Static<typeof EntrySchema>>().toExtend<Entry>();
    expectTypeOf<Entry>().toExtend<Static<typeof EntrySchema>>();
  });

  // The schema's error may carry any code; the plain type pins the one a stale save answers.
  it('EntryConflict', () => {
    expectTypeOf<EntryConflict>().toExtend<Static<typeof EntryConflictSchema>>();
  });

  it('PublicEntry, PublicEntryList and PublicEntryAnswer', () => {
    expectTypeOf<Static<typeof PublicEntrySchema>>().toExtend<PublicEntry>();
    expectTypeOf<PublicEntry>().toExtend<Static<typeof PublicEntrySchema>>();
    expectTypeOf<Static<typeof PublicEntryListSchema>>().toExtend<PublicEntryList>();
    expectTypeOf<PublicEntryList>().toExtend<Static<typeof PublicEntryListSchema>>();
    expectTypeOf<Static<typeof PublicEntryAnswerSchema>>().toExtend<PublicEntryAnswer>();
    expectTypeOf<PublicEntryAnswer>().toExtend<Static<typeof PublicEntryAnswerSchema>>();
  });
});
