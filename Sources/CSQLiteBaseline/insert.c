#include "CSQLiteBaseline.h"

#include <sqlite3.h>
#include <stddef.h>

/// Binds the row at `index` and runs the statement, leaving it reset for the next row.
static int insert_row(sqlite3_stmt *statement, const baseline_item_texts *texts, int index) {
  int64_t id = index + 1;
  int code = sqlite3_bind_int64(statement, 1, id);
  // SQLITE_TRANSIENT: SQLite copies the text, as the engine's String binding does.
  if (code == SQLITE_OK)
    code = sqlite3_bind_text(statement, 2, texts->titles[index], -1, SQLITE_TRANSIENT);
  if (code == SQLITE_OK) code = sqlite3_bind_int64(statement, 3, id % 2 == 0);
  if (code == SQLITE_OK)
    code = sqlite3_bind_text(statement, 4, texts->notes[index], -1, SQLITE_TRANSIENT);
  if (code == SQLITE_OK) {
    code = sqlite3_step(statement);
    if (code == SQLITE_DONE) code = SQLITE_OK;
  }
  sqlite3_reset(statement);
  return code;
}

int baseline_insert_items(sqlite3 *db, const baseline_item_texts *texts) {
  int code = sqlite3_exec(db, "BEGIN IMMEDIATE TRANSACTION", NULL, NULL, NULL);
  if (code != SQLITE_OK) return code;
  sqlite3_stmt *statement = NULL;
  code = sqlite3_prepare_v3(db, BASELINE_SQL_INSERT_ITEM, -1, 0, &statement, NULL);
  for (int index = 0; code == SQLITE_OK && index < texts->count; index++) {
    code = insert_row(statement, texts, index);
  }
  sqlite3_finalize(statement);
  if (code == SQLITE_OK) code = sqlite3_exec(db, "COMMIT TRANSACTION", NULL, NULL, NULL);
  if (code != SQLITE_OK && !sqlite3_get_autocommit(db)) {
    sqlite3_exec(db, "ROLLBACK TRANSACTION", NULL, NULL, NULL);
  }
  return code;
}
