#include "CSQLiteBaseline.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "items.h"

/// A heap copy of a TEXT column, as the Swift side builds a String.
static char *copy_text(sqlite3_stmt *statement, int column) {
  const unsigned char *text = sqlite3_column_text(statement, column);
  return text ? strdup((const char *)text) : NULL;
}

int baseline_fetch_items(sqlite3_stmt *statement, int64_t *count) {
  baseline_item *items = NULL;
  int64_t used = 0;
  int64_t capacity = 0;
  int code;
  while ((code = sqlite3_step(statement)) == SQLITE_ROW) {
    // Doubling growth, as a Swift array grows while appending.
    if (used == capacity) {
      int64_t grown = capacity ? capacity * 2 : 16;
      baseline_item *larger = realloc(items, (size_t)grown * sizeof *items);
      if (!larger) {
        code = SQLITE_NOMEM;
        break;
      }
      items = larger;
      capacity = grown;
    }
    baseline_item *item = &items[used++];
    item->id = sqlite3_column_int64(statement, 0);
    item->title = copy_text(statement, 1);
    item->isInStock = sqlite3_column_int64(statement, 2) != 0;
    item->notes = copy_text(statement, 3);
    if (!item->title || !item->notes) {
      code = SQLITE_NOMEM;
      break;
    }
  }
  sqlite3_reset(statement);
  baseline_items_free(items, used);
  if (code != SQLITE_DONE) return code;
  *count = used;
  return SQLITE_OK;
}
