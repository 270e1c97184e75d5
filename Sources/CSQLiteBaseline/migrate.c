#include "CSQLiteBaseline.h"

#include <sqlite3.h>
#include <stddef.h>

/// Runs a statement that returns at most one row and ignores the row.
static int run(sqlite3 *db, const char *sql, const char *text_argument) {
  sqlite3_stmt *statement = NULL;
  int code = sqlite3_prepare_v3(db, sql, -1, 0, &statement, NULL);
  if (code == SQLITE_OK && text_argument) {
    code = sqlite3_bind_text(statement, 1, text_argument, -1, SQLITE_TRANSIENT);
  }
  if (code == SQLITE_OK) {
    code = sqlite3_step(statement);
    if (code == SQLITE_ROW || code == SQLITE_DONE) code = SQLITE_OK;
  }
  sqlite3_finalize(statement);
  return code;
}

/// The migration in its IMMEDIATE transaction, recorded in grdb_migrations.
static int apply_migration(sqlite3 *db) {
  int code = run(db, "BEGIN IMMEDIATE TRANSACTION", NULL);
  if (code != SQLITE_OK) return code;
  code = run(db, BASELINE_SQL_CREATE_ITEMS, NULL);
  if (code == SQLITE_OK) code = run(db, BASELINE_SQL_CREATE_ITEMS_INDEX, NULL);
  if (code == SQLITE_OK) {
    code = run(db, BASELINE_SQL_INSERT_MIGRATION, BASELINE_MIGRATION_IDENTIFIER);
  }
  if (code == SQLITE_OK) code = run(db, "COMMIT TRANSACTION", NULL);
  if (code != SQLITE_OK && !sqlite3_get_autocommit(db)) run(db, "ROLLBACK TRANSACTION", NULL);
  return code;
}

int baseline_open_migrate(const char *path) {
  sqlite3 *db = NULL;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  int code = sqlite3_open_v2(path, &db, flags, NULL);
  if (code == SQLITE_OK) code = run(db, "PRAGMA foreign_keys = ON", NULL);
  // The engine reads the schema on open, so that a file that is not a database fails early.
  if (code == SQLITE_OK) code = run(db, "SELECT count(*) FROM sqlite_master", NULL);
  if (code == SQLITE_OK) code = run(db, BASELINE_SQL_CREATE_MIGRATIONS, NULL);
  if (code == SQLITE_OK) code = apply_migration(db);
  int closed = sqlite3_close(db);
  return code != SQLITE_OK ? code : closed;
}
