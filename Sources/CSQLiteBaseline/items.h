#ifndef BASELINE_ITEMS_H
#define BASELINE_ITEMS_H

#include "CSQLiteBaseline.h"

/// Frees the strings of the first `count` items, then the array.
///
/// It lives in its own file so that the compiler, which cannot see it from fetch.c, must assume the
/// array is used: it cannot drop the malloc/strdup/free of the fetch as dead code.
void baseline_items_free(baseline_item *items, int64_t count);

#endif
