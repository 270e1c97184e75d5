#include "items.h"

#include <stdlib.h>

void baseline_items_free(baseline_item *items, int64_t count) {
  for (int64_t index = 0; index < count; index++) {
    free(items[index].title);
    free(items[index].notes);
  }
  free(items);
}
