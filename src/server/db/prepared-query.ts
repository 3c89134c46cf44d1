import { CompiledQuery, type Compilable } from 'kysely';

/** Stands for a value while a query's SQL is compiled; replaced by the call's value at each execution. */
class Placeholder {
  constructor(readonly name: string) {}
}

type Position = { name: string } | { value: unknown };

/**
 * A statement name for the SQL of every prepared query's shape. On PostgreSQL a query sent without a
 * name is parsed and planned at every call; a named one once per connection (database.ts), and
 * planning an agent page's query took about three times as long as answering it. The shapes are few (one per
 * filters and order, or per number of ids), so each connection keeps a few hundred plans at most.
 */
const statementNames = new Map<string, string>();
let statementsNamed = 0;

/** The name PostgreSQL keeps this SQL's plan under, if it is a prepared query's. */
export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * Sends this SQL unnamed from now on. A plan kept by a connection cannot change the columns it
 * answers: once a migration (another instance's, during a rolling deploy) adds a column to a table
 * a prepared query reads with `*`, PostgreSQL refuses the kept plan (database.ts).
 */
export function forgetStatementName(sql: string): void {
  statementNames.delete(sql);
}

interface Template {
  sql: string;
  positions: Position[];
}

/**
 * Hot reads compiled once per shape, then bound to each call's values. Kysely builds and compiles a
 * query at every execution: for an agent page at 100,000 agents that cost as much CPU as SQLite
 * answering it (`npm run bench`, uncached). `build` gets the shape, which decides the SQL (filters
 * present, order), and stand-ins for the values, which it must only pass on to Kysely as values
 * (never branch on them; a list only as one stand-in per item, its length in the shape). On
 * PostgreSQL each shape is also planned once per connection (preparedStatementName).
 */
export function preparedQuery<Shape, Values extends Record<string, unknown>, Row>(
  executor: { executeQuery<R>(query: CompiledQuery<R>): Promise<{ rows: R[] }> },
  build: (shape: Shape, values: Values) => Compilable<Row>,
  shapeKey: (shape: Shape) => string = (shape) => JSON.stringify(shape),
) {
  const templates = new Map<string, Template>();

  function templateOf(shape: Shape, values: Values): Template {
    const key = shapeKey(shape);
    let template = templates.get(key);
    if (template) return template;
    const standIns = Object.fromEntries(Object.keys(values).map((name) => [name, new Placeholder(name)]));
    const compiled = build(shape, standIns as Values).compile();
    template = {
      sql: compiled.sql,
      positions: compiled.parameters.map((parameter) =>
        parameter instanceof Placeholder ? { name: parameter.name } : { value: parameter },
      ),
    };
    templates.set(key, template);
    // Numbered, never reused: a forgotten name may still be kept by a connection.
    if (!statementNames.has(template.sql))
      statementNames.set(template.sql, `prepared_${(statementsNamed += 1)}`);
    return template;
  }

  return {
    async execute(shape: Shape, values: Values): Promise<Row[]> {
      const { sql, positions } = templateOf(shape, values);
      const parameters = positions.map((position) =>
        'name' in position ? values[position.name] : position.value,
      );
      const result = await executor.executeQuery(CompiledQuery.raw(sql, parameters) as CompiledQuery<Row>);
      return result.rows;
    },
  };
}
