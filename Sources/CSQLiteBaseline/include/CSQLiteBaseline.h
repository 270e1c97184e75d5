#ifndef CSQLITEBASELINE_H
#define CSQLITEBASELINE_H

// Raw SQLite doing the benchmark workloads: the floor the engine is measured against.
// Every function returns 0 (SQLITE_OK) on success and a SQLite result code on failure.
//
// The header does not include <sqlite3.h>, so that Swift sees the handles as opaque pointers and
// this module does not re-export a second copy of SQLite's declarations next to CSQLite's.

#include <stdint.h>

struct sqlite3;
struct sqlite3_stmt;

// MARK: - SQL

// The SQL of the workloads, shared with the Swift side (Swift imports these macros as String
// constants), so both sides run exactly the same text. Each is one literal on one line, however
// long: Swift does not import a macro made of several concatenated literals.

#define BASELINE_SQL_CREATE_ITEMS "CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT NOT NULL, isInStock INTEGER NOT NULL, notes TEXT NOT NULL)"
#define BASELINE_SQL_CREATE_ITEMS_INDEX "CREATE INDEX items_isInStock ON items(isInStock)"
#define BASELINE_SQL_INSERT_ITEM "INSERT INTO items (id, title, isInStock, notes) VALUES (?, ?, ?, ?)"
#define BASELINE_SQL_FETCH_IN_STOCK "SELECT id, title, isInStock, notes FROM items WHERE isInStock"
#define BASELINE_SQL_FETCH_BY_PREDICATE "SELECT id, title, isInStock, notes FROM items WHERE id % 5 = 0"

// What the engine's DatabaseMigrator runs around a migration.
#define BASELINE_SQL_CREATE_MIGRATIONS "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"
#define BASELINE_SQL_INSERT_MIGRATION "INSERT INTO grdb_migrations (identifier) VALUES (?)"
#define BASELINE_MIGRATION_IDENTIFIER "Create items"

// MARK: - Data

/// One fetched row of `items`. The strings are strdup'd, as the Swift side allocates its Strings.
typedef struct {
  int64_t id;
  char *title;
  int isInStock;
  char *notes;
} baseline_item;

/// The titles and notes of the rows with ids 1...count (index i holds id i + 1), built before
/// timing so that the timed part binds them without formatting strings.
typedef struct {
  int count;
  char **titles;
  char **notes;
} baseline_item_texts;

/// Fills `texts` with "Item <id>" and "Notes for item <id> with some more text".
int baseline_item_texts_create(int count, baseline_item_texts *texts);
void baseline_item_texts_destroy(baseline_item_texts *texts);

// MARK: - Connections and statements

/// Opens a private in-memory database, with the engine's open flags, and creates `items`.
int baseline_open_items_database(struct sqlite3 **db);
int baseline_close(struct sqlite3 *db);
int baseline_prepare(struct sqlite3 *db, const char *sql, struct sqlite3_stmt **statement);
void baseline_finalize(struct sqlite3_stmt *statement);
/// SQLite's English description of a result code.
const char *baseline_errstr(int code);

// MARK: - Workloads

/// Inserts every row of `texts` into `items` in one IMMEDIATE transaction, through one prepared
/// statement.
int baseline_insert_items(struct sqlite3 *db, const baseline_item_texts *texts);

/// Steps a `SELECT id, title, isInStock, notes` statement to the end, copying every row into a
/// growing array of baseline_item, then frees the array. `count` receives the number of rows.
int baseline_fetch_items(struct sqlite3_stmt *statement, int64_t *count);

/// Opens (creating) the database file at `path`, applies the "Create items" migration as the
/// engine's DatabaseMigrator does, and closes it.
int baseline_open_migrate(const char *path);

/// Steps a statement selecting two TEXT columns to the end, copying both into a growing array of
/// string pairs, then frees it. `count` receives the number of rows. (The join workload.)
int baseline_fetch_text_pairs(struct sqlite3_stmt *statement, int64_t *count);

/// Runs one statement with no parameters and no rows (schema and setup).
int baseline_execute(struct sqlite3 *db, const char *sql);

/// Opens an existing database file, with the engine's open flags. (The app workloads.)
int baseline_open_file(const char *path, struct sqlite3 **db);

/// Steps any statement to the end, reading every column of every row as the Swift side decodes
/// it (integers and reals read, text and blobs copied into a growing array), then frees the copies.
/// `count` receives the number of rows.
int baseline_fetch_rows(struct sqlite3_stmt *statement, int64_t *count);

// MARK: - Importing reminders

#define BASELINE_SQL_INSERT_REMINDER "INSERT INTO \"reminders\" (\"id\", \"dueDate\", \"isFlagged\", \"notes\", \"position\", \"priority\", \"remindersListID\", \"status\", \"title\") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
#define BASELINE_SQL_INSERT_TAGGING "INSERT INTO \"remindersTags\" (\"id\", \"reminderID\", \"tagID\") VALUES (?, ?, ?) ON CONFLICT DO NOTHING"

/// The rows of an import, as text and numbers made before timing: the reminders' columns (a NULL
/// due date or notes pointer binds NULL, a priority of 0 binds NULL) and the taggings.
typedef struct {
  int reminderCount;
  const char *const *ids;
  const char *const *listIDs;
  const char *const *titles;
  const char *const *notes;
  const char *const *dueDates;
  const int64_t *positions;
  const int *statuses;
  const int *flags;
  const int *priorities;
  int taggingCount;
  const char *const *taggingIDs;
  const char *const *taggingReminderIDs;
  const char *const *taggingTagIDs;
} baseline_import_rows;

/// Adds `uuid()`, which the app's tables use as the default of their ids, as the engine does on
/// every connection.
int baseline_add_uuid_function(struct sqlite3 *db);

/// Inserts the taggings, then the reminders, through one prepared statement each, in one
/// IMMEDIATE transaction with foreign keys checked at commit: the app's import, row by row.
int baseline_import(struct sqlite3 *db, const baseline_import_rows *rows);

#endif
