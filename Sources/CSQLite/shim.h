#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

// SQLITE_TRANSIENT and SQLITE_STATIC are casts of integers to function pointers, which Swift cannot
// import as constants.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
static inline sqlite3_destructor_type csqlite_static(void) { return SQLITE_STATIC; }

// sqlite3_db_config is variadic, which Swift cannot call.
static inline int csqlite_db_config_int(sqlite3 *db, int op, int value) {
  return sqlite3_db_config(db, op, value, (int *)0);
}

// sqlite3_config is variadic too. With memory statistics on (SQLite's default), every allocation
// of every connection takes one process-wide lock, which readers fetching side by side then wait
// on. Nothing here reads them (sqlite3_memory_used, heap limits), so they are turned off before
// SQLite starts; once it has started (another library opened a database first), this fails with
// SQLITE_MISUSE and changes nothing.
static inline int csqlite_disable_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// A commit by one connection empties the page cache of every other at its next read. SQLite then
// frees each cached page, and allocates it again as the read loads it: at a few hundred kilobytes
// per read, glibc hands the freed memory back to the kernel in between (each dispatch thread has
// its own arena), and every page costs a page fault again. With a bulk allocation, each
// connection keeps the memory of its first `pages` pages for as long as it is open, and reuses it
// read after read. Set with the statistics above, before SQLite starts.
static inline int csqlite_set_page_cache_bulk(int pages) {
  return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, pages);
}

// The update hook runs for every changed row, and a bulk write changes one table many times. This
// filter, called by SQLite, passes a table on to `table_did_change` only when it differs from the
// last one passed on, so that a bulk write calls into Swift once, not once per row.
typedef struct csqlite_changed_table_filter {
  // A copy of the last table passed on, or NULL after a reset.
  char *last_table;
  void (*table_did_change)(void *context, const char *table);
  void *context;
} csqlite_changed_table_filter;

// Whether two table names are the same. Compared here, byte by byte: names are short, and for
// them a call to the library's strcmp costs more than the comparison (this runs once per row).
static inline int csqlite_same_table_name(const char *a, const char *b) {
  while (*a != 0 && *a == *b) {
    a++;
    b++;
  }
  return *a == *b;
}

static inline void csqlite_changed_table_filter_update_hook(
    void *context, int operation, const char *database, const char *table, sqlite3_int64 rowid) {
  csqlite_changed_table_filter *filter = (csqlite_changed_table_filter *)context;
  if (table == 0) return;
  if (filter->last_table != 0 && csqlite_same_table_name(filter->last_table, table)) return;
  free(filter->last_table);
  filter->last_table = strdup(table);
  filter->table_did_change(filter->context, table);
}

// Forgets the last table, so that its next change is passed on again.
static inline void csqlite_changed_table_filter_reset(csqlite_changed_table_filter *filter) {
  free(filter->last_table);
  filter->last_table = 0;
}

static inline void csqlite_install_changed_table_filter(
    sqlite3 *db, csqlite_changed_table_filter *filter) {
  sqlite3_update_hook(db, csqlite_changed_table_filter_update_hook, filter);
}

#endif
