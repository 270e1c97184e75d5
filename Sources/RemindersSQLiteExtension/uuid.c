// A loadable SQLite extension that adds `uuid()`, so the sqlite3 shell can insert into the app's
// tables, whose primary keys default to `uuid()`, and turns foreign keys on, as the app has them. It makes the same text as the app's own function
// (SQLiteEngine's DatabaseFunction.uuid): a random version-4 UUID, 36 lowercase characters.
//
//   sqlite3 db.sqlite -cmd '.load .build/debug/libRemindersSQLiteExtension'
//
// It calls SQLite only through the routines pointer SQLite hands to the entry point, so it does
// not link libsqlite3 and uses whichever SQLite loads it.

#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

static void uuid_function(sqlite3_context *context, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  static const char hex[] = "0123456789abcdef";
  unsigned char bytes[16];
  char text[36];
  sqlite3_randomness(sizeof bytes, bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;  // version 4: random
  bytes[8] = (bytes[8] & 0x3f) | 0x80;  // variant 10xx: RFC 4122
  int out = 0;
  for (int i = 0; i < 16; i++) {
    if (i == 4 || i == 6 || i == 8 || i == 10) text[out++] = '-';
    text[out++] = hex[bytes[i] >> 4];
    text[out++] = hex[bytes[i] & 0x0f];
  }
  sqlite3_result_text(context, text, 36, SQLITE_TRANSIENT);
}

// Not SQLITE_DETERMINISTIC: every call differs. SQLITE_INNOCUOUS: no side effects, so schemas may
// use it (column DEFAULTs) even when trusted_schema is off.
int sqlite3_extension_init(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
  (void)error;
  SQLITE_EXTENSION_INIT2(api);
  // The app's connections enforce foreign keys, so that deleting a list or a reminder cascades to
  // what hangs from it: the shell does too once the extension is loaded, or a delete there would
  // leave taggings of a reminder that is gone.
  sqlite3_exec(db, "PRAGMA foreign_keys = ON", 0, 0, 0);
  return sqlite3_create_function(
    db, "uuid", 0, SQLITE_UTF8 | SQLITE_INNOCUOUS, 0, uuid_function, 0, 0);
}

// The name `.load` derives from libRemindersSQLiteExtension.so when sqlite3_extension_init is
// not found first: "sqlite3_" + the file name's letters, lowercased, without "lib", + "_init".
int sqlite3_reminderssqliteextension_init(
  sqlite3 *db, char **error, const sqlite3_api_routines *api) {
  return sqlite3_extension_init(db, error, api);
}
