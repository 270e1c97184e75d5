#include "CSQLiteBaseline.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

int baseline_open_file(const char *path, sqlite3 **db) {
  // The engine's flags, as for the in-memory database.
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX;
  int code = sqlite3_open_v2(path, db, flags, NULL);
  if (code != SQLITE_OK) {
    sqlite3_close(*db);
    *db = NULL;
  }
  return code;
}

/// One column's value as the Swift side decodes it: numbers read, text and blobs copied.
typedef struct {
  int64_t integer;
  double real;
  void *bytes;
} column_value;

int baseline_fetch_rows(sqlite3_stmt *statement, int64_t *count) {
  int columns = sqlite3_column_count(statement);
  column_value *values = NULL;
  int64_t used = 0;
  int64_t capacity = 0;
  int64_t rows = 0;
  int code;
  while ((code = sqlite3_step(statement)) == SQLITE_ROW) {
    if (used + columns > capacity) {
      // Doubling growth, as a Swift array grows while appending.
      int64_t grown = capacity ? capacity * 2 : 64 + columns;
      column_value *larger = realloc(values, (size_t)grown * sizeof *values);
      if (!larger) {
        code = SQLITE_NOMEM;
        break;
      }
      values = larger;
      capacity = grown;
    }
    for (int column = 0; column < columns; column++) {
      column_value *value = &values[used++];
      value->bytes = NULL;
      switch (sqlite3_column_type(statement, column)) {
      case SQLITE_INTEGER:
        value->integer = sqlite3_column_int64(statement, column);
        break;
      case SQLITE_FLOAT:
        value->real = sqlite3_column_double(statement, column);
        break;
      case SQLITE_TEXT:
      case SQLITE_BLOB: {
        const void *bytes = sqlite3_column_blob(statement, column);
        int length = sqlite3_column_bytes(statement, column);
        value->bytes = malloc((size_t)length + 1);
        if (value->bytes && length > 0) memcpy(value->bytes, bytes, (size_t)length);
        break;
      }
      default:
        break;
      }
    }
    rows++;
  }
  sqlite3_reset(statement);
  for (int64_t index = 0; index < used; index++) free(values[index].bytes);
  free(values);
  if (code != SQLITE_DONE) return code;
  *count = rows;
  return SQLITE_OK;
}
