/**
 * The part of better-sqlite3's API the desktop services use. The package ships no types and @types/better-sqlite3
 * is not a dependency; sqlite.ts pulls this file in with a reference directive so every importer type-checks.
 */
declare module 'better-sqlite3' {
  namespace Database {
    interface RunResult {
      changes: number;
      lastInsertRowid: number | bigint;
    }

    interface Statement<Params extends unknown[] = unknown[], Row = unknown> {
      run(...params: Params): RunResult;
      get(...params: Params): Row | undefined;
      all(...params: Params): Row[];
    }

    interface Options {
      readonly?: boolean;
      fileMustExist?: boolean;
      /** Milliseconds to wait on a locked database before SQLITE_BUSY (default 5000). */
      timeout?: number;
    }

    interface Database {
      readonly name: string;
      readonly open: boolean;
      readonly inTransaction: boolean;
      prepare<Params extends unknown[] = unknown[], Row = unknown>(source: string): Statement<Params, Row>;
      exec(source: string): this;
      pragma(source: string, options?: { simple?: boolean }): unknown;
      transaction<A extends unknown[], R>(fn: (...args: A) => R): ((...args: A) => R) & { immediate(...args: A): R };
      close(): this;
    }
  }

  interface DatabaseConstructor {
    new (filename: string, options?: Database.Options): Database.Database;
    (filename: string, options?: Database.Options): Database.Database;
  }

  const Database: DatabaseConstructor;
  export default Database;
}
