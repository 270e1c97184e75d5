#include "CSQLiteBaseline.h"

#include <sqlite3.h>
#include <stddef.h>

/// Binds text, or NULL for a missing value; SQLITE_TRANSIENT as the engine's String binding.
static int bind_text(sqlite3_stmt *statement, int index, const char *text) {
  return text ? sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT)
              : sqlite3_bind_null(statement, index);
}

static int step_and_reset(sqlite3_stmt *statement) {
  int code = sqlite3_step(statement);
  sqlite3_reset(statement);
  return code == SQLITE_DONE ? SQLITE_OK : code;
}

/// A random version-4 UUID as lowercase text, as the engine's `uuid()`.
static void uuid_function(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  static const char hex[] = "0123456789abcdef";
  unsigned char bytes[16];
  char text[36];
  sqlite3_randomness(sizeof bytes, bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  int out = 0;
  for (int i = 0; i < 16; i++) {
    if (i == 4 || i == 6 || i == 8 || i == 10) text[out++] = '-';
    text[out++] = hex[bytes[i] >> 4];
    text[out++] = hex[bytes[i] & 0x0f];
  }
  sqlite3_result_text(context, text, 36, SQLITE_TRANSIENT);
}

int baseline_add_uuid_function(sqlite3 *db) {
  return sqlite3_create_function(db, "uuid", 0, SQLITE_UTF8, NULL, uuid_function, NULL, NULL);
}

int baseline_import(sqlite3 *db, const baseline_import_rows *rows) {
  // The pragmas the app's writer runs with.
  int code = sqlite3_exec(
    db, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY", NULL, NULL,
    NULL);
  if (code == SQLITE_OK) code = sqlite3_exec(db, "BEGIN IMMEDIATE TRANSACTION", NULL, NULL, NULL);
  if (code != SQLITE_OK) return code;
  // Taggings before their reminders, as the app imports them: each reminder then enters the
  // search index once, with its tags. References are checked at commit.
  code = sqlite3_exec(db, "PRAGMA defer_foreign_keys = ON", NULL, NULL, NULL);
  sqlite3_stmt *tagging = NULL;
  sqlite3_stmt *reminder = NULL;
  if (code == SQLITE_OK) code = sqlite3_prepare_v3(db, BASELINE_SQL_INSERT_TAGGING, -1, 0, &tagging, NULL);
  if (code == SQLITE_OK) code = sqlite3_prepare_v3(db, BASELINE_SQL_INSERT_REMINDER, -1, 0, &reminder, NULL);
  for (int i = 0; code == SQLITE_OK && i < rows->taggingCount; i++) {
    code = bind_text(tagging, 1, rows->taggingIDs[i]);
    if (code == SQLITE_OK) code = bind_text(tagging, 2, rows->taggingReminderIDs[i]);
    if (code == SQLITE_OK) code = bind_text(tagging, 3, rows->taggingTagIDs[i]);
    if (code == SQLITE_OK) code = step_and_reset(tagging);
  }
  for (int i = 0; code == SQLITE_OK && i < rows->reminderCount; i++) {
    code = bind_text(reminder, 1, rows->ids[i]);
    if (code == SQLITE_OK) code = bind_text(reminder, 2, rows->dueDates[i]);
    if (code == SQLITE_OK) code = sqlite3_bind_int(reminder, 3, rows->flags[i]);
    if (code == SQLITE_OK) code = bind_text(reminder, 4, rows->notes[i]);
    if (code == SQLITE_OK) code = sqlite3_bind_int64(reminder, 5, rows->positions[i]);
    if (code == SQLITE_OK) {
      code = rows->priorities[i] ? sqlite3_bind_int(reminder, 6, rows->priorities[i])
                                 : sqlite3_bind_null(reminder, 6);
    }
    if (code == SQLITE_OK) code = bind_text(reminder, 7, rows->listIDs[i]);
    if (code == SQLITE_OK) code = sqlite3_bind_int(reminder, 8, rows->statuses[i]);
    if (code == SQLITE_OK) code = bind_text(reminder, 9, rows->titles[i]);
    if (code == SQLITE_OK) code = step_and_reset(reminder);
  }
  sqlite3_finalize(tagging);
  sqlite3_finalize(reminder);
  if (code == SQLITE_OK) code = sqlite3_exec(db, "COMMIT TRANSACTION", NULL, NULL, NULL);
  if (code != SQLITE_OK && !sqlite3_get_autocommit(db)) {
    sqlite3_exec(db, "ROLLBACK TRANSACTION", NULL, NULL, NULL);
  }
  return code;
}
