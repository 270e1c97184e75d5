// PostgreSQL's client library, as installed by Debian's libpq-dev: its types and declarations.
// Nothing links it: SQLiteDataSync opens it when it first connects (LibPQ.swift), and the
// benchmarks' raw libpq baseline links it itself.
#include <postgresql/libpq-fe.h>
