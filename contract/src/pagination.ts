import Type from 'typebox';

/** The pagination block of every paged list's meta (moderation's lists, public entries, comments, timelines). */
export const PaginationSchema = Type.Object({
  current_page: Type.Integer(),
  page_size: Type.Integer(),
  total_entries: Type.Integer(),
  first_page: Type.Integer(),
  last_page: Type.Integer(),
  previous_page: Type.Union([Type.Integer(), Type.Null()]),
  next_page: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * Moderation's entry list: send it as `cursor` with `current_page` = next_page (previous_page for
   * previous_cursor) and that page is found from where this one ends instead of by skipping rows.
   */
  next_cursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  previous_cursor: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Set by a search that matched more entries than it answers: total_entries counts the answered ones. */
  total_capped: Type.Optional(
    Type.Literal(true, {
      description:
        'present when a search matched more entries than it answers (unranked, title matches first); total_entries is then the number answered, the rest are not reachable',
    }),
  ),
});
export type Pagination = Type.Static<typeof PaginationSchema>;

/** `current_page` and `page_size` of a paged list (comments, timelines): whole numbers as query text. */
export const PageQuerySchema = Type.Object({
  current_page: Type.Optional(Type.String({ description: 'from 1; a page past the end is empty' })),
  page_size: Type.Optional(Type.String({ description: '1-100, default 100' })),
});
export type PageQuery = Type.Static<typeof PageQuerySchema>;
