#include "CSQLiteBaseline.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int baseline_item_texts_create(int count, baseline_item_texts *texts) {
  texts->count = count;
  texts->titles = calloc((size_t)count, sizeof(char *));
  texts->notes = calloc((size_t)count, sizeof(char *));
  if (!texts->titles || !texts->notes) {
    baseline_item_texts_destroy(texts);
    return SQLITE_NOMEM;
  }
  char buffer[128];
  for (int index = 0; index < count; index++) {
    int id = index + 1;
    snprintf(buffer, sizeof buffer, "Item %d", id);
    texts->titles[index] = strdup(buffer);
    snprintf(buffer, sizeof buffer, "Notes for item %d with some more text", id);
    texts->notes[index] = strdup(buffer);
    if (!texts->titles[index] || !texts->notes[index]) {
      baseline_item_texts_destroy(texts);
      return SQLITE_NOMEM;
    }
  }
  return SQLITE_OK;
}

void baseline_item_texts_destroy(baseline_item_texts *texts) {
  for (int index = 0; index < texts->count; index++) {
    if (texts->titles) free(texts->titles[index]);
    if (texts->notes) free(texts->notes[index]);
  }
  free(texts->titles);
  free(texts->notes);
  texts->titles = NULL;
  texts->notes = NULL;
  texts->count = 0;
}
