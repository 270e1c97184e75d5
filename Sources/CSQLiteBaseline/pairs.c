#include "CSQLiteBaseline.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *first;
  char *second;
} text_pair;

static char *copy_column(sqlite3_stmt *statement, int column) {
  const unsigned char *text = sqlite3_column_text(statement, column);
  return text ? strdup((const char *)text) : NULL;
}

int baseline_fetch_text_pairs(sqlite3_stmt *statement, int64_t *count) {
  text_pair *pairs = NULL;
  int64_t used = 0;
  int64_t capacity = 0;
  int code;
  while ((code = sqlite3_step(statement)) == SQLITE_ROW) {
    // Doubling growth, as a Swift array grows while appending.
    if (used == capacity) {
      int64_t grown = capacity ? capacity * 2 : 16;
      text_pair *larger = realloc(pairs, (size_t)grown * sizeof *pairs);
      if (!larger) {
        code = SQLITE_NOMEM;
        break;
      }
      pairs = larger;
      capacity = grown;
    }
    pairs[used].first = copy_column(statement, 0);
    pairs[used].second = copy_column(statement, 1);
    used++;
  }
  sqlite3_reset(statement);
  for (int64_t index = 0; index < used; index++) {
    free(pairs[index].first);
    free(pairs[index].second);
  }
  free(pairs);
  if (code != SQLITE_DONE) return code;
  *count = used;
  return SQLITE_OK;
}

int baseline_execute(sqlite3 *db, const char *sql) {
  return sqlite3_exec(db, sql, NULL, NULL, NULL);
}
