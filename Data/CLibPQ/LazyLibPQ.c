// The functions of libpq that PostgresCore calls, each forwarding to libpq.so.5, loaded with
// dlopen at the first call. Linking libpq itself made every start of every program of the package
// load it and the 20 libraries it needs (OpenSSL, Kerberos, LDAP, GnuTLS...) and bind their
// symbols: some 3.5 ms of each `movies` command, though only a PostgreSQL store uses it.
#include "CLibPQ.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define CLIBPQ_FUNCTIONS(X)                                                                    \
  X(PGconn *, PQconnectdb, (const char *conninfo), (conninfo))                                 \
  X(void, PQfinish, (PGconn * conn), (conn))                                                   \
  X(ConnStatusType, PQstatus, (const PGconn *conn), (conn))                                    \
  X(PGTransactionStatusType, PQtransactionStatus, (const PGconn *conn), (conn))                \
  X(int, PQserverVersion, (const PGconn *conn), (conn))                                        \
  X(char *, PQerrorMessage, (const PGconn *conn), (conn))                                      \
  X(int, PQsocket, (const PGconn *conn), (conn))                                               \
  X(PQnoticeProcessor, PQsetNoticeProcessor, (PGconn * conn, PQnoticeProcessor proc, void *arg), \
    (conn, proc, arg))                                                                         \
  X(PGresult *, PQexec, (PGconn * conn, const char *query), (conn, query))                     \
  X(PGresult *, PQexecParams,                                                                  \
    (PGconn * conn, const char *command, int nParams, const Oid *paramTypes,                   \
     const char *const *paramValues, const int *paramLengths, const int *paramFormats,         \
     int resultFormat),                                                                        \
    (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat)) \
  X(PGresult *, PQprepare,                                                                     \
    (PGconn * conn, const char *stmtName, const char *query, int nParams,                      \
     const Oid *paramTypes),                                                                   \
    (conn, stmtName, query, nParams, paramTypes))                                              \
  X(PGresult *, PQexecPrepared,                                                                \
    (PGconn * conn, const char *stmtName, int nParams, const char *const *paramValues,         \
     const int *paramLengths, const int *paramFormats, int resultFormat),                      \
    (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat))          \
  X(PGresult *, PQgetResult, (PGconn * conn), (conn))                                          \
  X(int, PQconsumeInput, (PGconn * conn), (conn))                                              \
  X(PGnotify *, PQnotifies, (PGconn * conn), (conn))                                           \
  X(int, PQputCopyData, (PGconn * conn, const char *buffer, int nbytes), (conn, buffer, nbytes)) \
  X(int, PQputCopyEnd, (PGconn * conn, const char *errormsg), (conn, errormsg))                \
  X(int, PQgetCopyData, (PGconn * conn, char **buffer, int async), (conn, buffer, async))      \
  X(ExecStatusType, PQresultStatus, (const PGresult *res), (res))                              \
  X(char *, PQresultErrorMessage, (const PGresult *res), (res))                                \
  X(char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode))        \
  X(int, PQntuples, (const PGresult *res), (res))                                              \
  X(int, PQnfields, (const PGresult *res), (res))                                              \
  X(char *, PQfname, (const PGresult *res, int field_num), (res, field_num))                   \
  X(Oid, PQftype, (const PGresult *res, int field_num), (res, field_num))                      \
  X(char *, PQcmdTuples, (PGresult * res), (res))                                              \
  X(char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num)) \
  X(int, PQgetisnull, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num)) \
  X(void, PQclear, (PGresult * res), (res))                                                    \
  X(void, PQfreemem, (void *ptr), (ptr))

// libpq's functions, found once.
static struct {
#define CLIBPQ_POINTER(type, name, parameters, arguments) type(*name) parameters;
  CLIBPQ_FUNCTIONS(CLIBPQ_POINTER)
} libpq;

static const char *failure;
static char failureText[512];
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
  void *handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *reason = dlerror();
    snprintf(failureText, sizeof failureText, "%s", reason ? reason : "libpq.so.5 cannot be loaded");
    failure = failureText;
    return;
  }
#define CLIBPQ_FIND(type, name, parameters, arguments)                                        \
  *(void **)&libpq.name = dlsym(handle, #name);                                                \
  if (libpq.name == NULL) {                                                                    \
    snprintf(failureText, sizeof failureText, "libpq.so.5 has no function %s", #name);        \
    failure = failureText;                                                                     \
    return;                                                                                    \
  }
  CLIBPQ_FUNCTIONS(CLIBPQ_FIND)
}

const char *clibpq_load_failure(void) {
  pthread_once(&loaded, load);
  return failure;
}

// A call before clibpq_load_failure() said libpq loaded: a mistake of the caller's.
static void require(void) {
  if (clibpq_load_failure() != NULL) {
    fprintf(stderr, "libpq cannot be loaded: %s\n", failure);
    abort();
  }
}

#define CLIBPQ_FORWARD(type, name, parameters, arguments)                                     \
  type name parameters {                                                                       \
    require();                                                                                 \
    return libpq.name arguments;                                                               \
  }
CLIBPQ_FUNCTIONS(CLIBPQ_FORWARD)
