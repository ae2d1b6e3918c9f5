// libpq, PostgreSQL's client library, as PostgresCore calls it: libpq's own declarations, whose
// functions LazyLibPQ.c defines by loading libpq.so.5 at the first call.
#include <postgresql/libpq-fe.h>

// Loads libpq if no call has yet, and returns why it cannot be loaded, or NULL when it is. Call
// it before any other function of libpq: those end the process when libpq cannot be loaded.
const char *clibpq_load_failure(void);
