// Reference data of the distance filter (migration 0016): the localities of Suceava county and the
// approximate position of their centre.
import { real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const localities = sqliteTable('localities', {
  name: text('name').primaryKey(),
  /** municipiu, oraș or comună. */
  kind: text('kind').notNull(),
  lat: real('lat').notNull(),
  lon: real('lon').notNull(),
});
