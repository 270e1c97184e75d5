#include "CSQLiteBaseline.h"

#include <sqlite3.h>
#include <stddef.h>

int baseline_open_items_database(sqlite3 **db) {
  // The engine's flags: NOMUTEX in particular, so neither side pays for SQLite's own locking.
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  int code = sqlite3_open_v2(":memory:", db, flags, NULL);
  if (code == SQLITE_OK) code = sqlite3_exec(*db, BASELINE_SQL_CREATE_ITEMS, NULL, NULL, NULL);
  if (code != SQLITE_OK) {
    sqlite3_close(*db);
    *db = NULL;
  }
  return code;
}

int baseline_close(sqlite3 *db) { return sqlite3_close(db); }

int baseline_prepare(sqlite3 *db, const char *sql, sqlite3_stmt **statement) {
  return sqlite3_prepare_v3(db, sql, -1, 0, statement, NULL);
}

void baseline_finalize(sqlite3_stmt *statement) { sqlite3_finalize(statement); }

const char *baseline_errstr(int code) { return sqlite3_errstr(code); }
