import { getDb, type Database } from "./client.server";
import { statementName } from "./pool.server";

// Statements every signed-in request sends, built once (docs/decisions/0062-statements-built-once.md): drizzle-orm
// builds a statement's text from its query object on every call (50 to 80 us each for the chrome's, measured), and
// a statement written with sql.placeholder() for its values and prepared is built once per connected database, then
// only run with each request's values. It is named as the pool names every other statement, by its text
// (docs/decisions/0058-statements-prepared-once-per-connection.md), so PostgreSQL prepares it once per connection
// and two texts never share a name.

/** What drizzle's query builders offer: the statement's text, and the statement prepared under a name. */
type Preparable<Statement> = { toSQL(): { sql: string }; prepare(name: string): Statement };

/**
 * The statement `build` writes, prepared: built on the first call for the database connected then, and again after
 * a reconnection.
 */
export function preparedStatement<Statement>(build: (db: Database) => Preparable<Statement>): () => Statement {
  const byDatabase = new WeakMap<Database, Statement>();
  return () => {
    const db = getDb();
    let statement = byDatabase.get(db);
    if (!statement) {
      const query = build(db);
      statement = query.prepare(statementName(query.toSQL().sql));
      byDatabase.set(db, statement);
    }
    return statement;
  };
}
