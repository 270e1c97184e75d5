// PostgreSQL's client library, as installed by Debian's libpq-dev.
#include <postgresql/libpq-fe.h>
