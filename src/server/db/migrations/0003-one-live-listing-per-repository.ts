import { sql, type Kysely, type Migration } from 'kysely';

const INDEX = 'agents_github_repo_live_unique';

/**
 * A GitHub repository may back one live listing (pending or published; rejected ones do not count).
 * The services check it first, to answer with the listing's name; the database enforces it, so two
 * submissions of the same repository at once on PostgreSQL cannot both get in.
 */
export const oneLiveListingPerRepositoryMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then, not today's types
  async up(db: Kysely<any>) {
    // Listings that got in twice before the index existed keep their repository link; the newer ones
    // lose only the derived key that duplicates are checked by (verification reads it too).
    await sql`
      update agents set github_repo = null
      where status <> 'rejected' and github_repo is not null
        and exists (
          select 1 from agents older
          where older.github_repo = agents.github_repo and older.status <> 'rejected' and older.id < agents.id
        )
    `.execute(db);
    await db.schema
      .createIndex(INDEX)
      .on('agents')
      .column('github_repo')
      .unique()
      .where(sql.ref('status'), '<>', 'rejected')
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  async down(db: Kysely<any>) {
    await db.schema.dropIndex(INDEX).execute();
  },
};
