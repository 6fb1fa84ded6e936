import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** US states and territories; id is the state FIPS code (CA = 6), stable across loads. */
export const states = pgTable(
  'states',
  {
    id: integer('id').primaryKey(),
    code: varchar('code', { length: 2 }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
  },
  (t) => [uniqueIndex('states_code_unique').on(t.code)],
);

/** Counties; id is the 5-digit county FIPS as an integer (Los Angeles County = 6037). */
export const counties = pgTable(
  'counties',
  {
    id: integer('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: varchar('name', { length: 100 }).notNull(),
  },
  (t) => [
    index('counties_state_idx').on(t.stateId),
    index('counties_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

/** Cities named by ZIP codes; ids are assigned in (state, name) order at load, so they are stable. */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: varchar('name', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('cities_state_name_unique').on(t.stateId, t.name)],
);

export const zipCodes = pgTable(
  'zip_codes',
  {
    zip: varchar('zip', { length: 5 }).primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    countyId: integer('county_id').references(() => counties.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [index('zip_codes_city_idx').on(t.cityId)],
);
