import Type from 'typebox';
import { PaginationSchema } from './pagination.ts';

export * from './public-rules.ts';

const IsoDate = Type.String({ format: 'date-time' });

/** The query of `GET public/entries`; the server checks each value and names a bad one (400). */
export const PublicEntryListQuerySchema = Type.Object({
  type: Type.Optional(Type.String({ description: 'only entries of this type' })),
  current_page: Type.Optional(Type.String({ description: 'from 1; a page past the end is empty' })),
  page_size: Type.Optional(Type.String({ description: '1-100, default 20' })),
  updated_since: Type.Optional(
    Type.String({
      description:
        'ISO date-time: only entries updated since then (or whose scheduled publication time came since), and meta.removed lists the ids of entries that left publication since then',
    }),
  ),
});
export type PublicEntryListQuery = Type.Static<typeof PublicEntryListQuerySchema>;

/** The query of `GET public/feed.atom`. */
export const PublicAtomFeedQuerySchema = Type.Object({
  type: Type.Optional(Type.String({ description: 'only entries of this type; all types without it' })),
});
export type PublicAtomFeedQuery = Type.Static<typeof PublicAtomFeedQuerySchema>;

/** The query of `GET public/feed.ics`. */
export const PublicCalendarFeedQuerySchema = Type.Object({
  type: Type.String({ description: 'a type whose config.json maps its fields to calendar events (event)' }),
});
export type PublicCalendarFeedQuery = Type.Static<typeof PublicCalendarFeedQuerySchema>;

/** A published entry as readers get it (see PublicEntry); the fields of its type follow the listed ones. */
export const PublicEntrySchema = Type.Object(
  {
    id: Type.String(),
    type: Type.String(),
    title: Type.String(),
    published_at: IsoDate,
    updated_at: IsoDate,
    content: Type.String({ description: 'Markdown' }),
    content_html: Type.String({ description: 'content rendered to sanitised HTML' }),
  },
  { additionalProperties: true },
);

/** `GET public/entries`. */
export const PublicEntryListSchema = Type.Object({
  meta: Type.Object({
    pagination: PaginationSchema,
    removed: Type.Optional(
      Type.Array(Type.String(), {
        description: 'with updated_since: ids of entries no longer published that were published since then',
      }),
    ),
  }),
  data: Type.Array(PublicEntrySchema),
});

/** `GET public/entries/{id}`. */
export const PublicEntryAnswerSchema = Type.Object({ data: PublicEntrySchema });
