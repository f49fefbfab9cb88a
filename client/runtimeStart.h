/* What tabwright.c and runtimeStart.c share (the native client, built as one program by client/build.mjs). */
#ifndef TABWRIGHT_RUNTIME_START_H
#define TABWRIGHT_RUNTIME_START_H
#include <stddef.h>

/*
 * Starts the runtime for `home` where the Node CLI would (runtimeStart.c). Returns its pid when
 * it started one and named it in the lock, else 0; `log_offset` is where its lines begin in
 * runtime.log (left as it was when the log could not be opened).
 */
long start_runtime(const char *home, const char *node_cli, long long *log_offset);

/*
 * The runtime start_runtime started (`pid`, its lines from `log_offset`) has not answered: sets
 * the variable that has the Node CLI, handed over to next, wait for it and, if it ends, say why
 * from those lines instead of starting another (cli/startedRuntime.ts).
 */
void name_started_runtime(long pid, long long log_offset);

/* `home`/`name` into `out`, which home_path's caller sized to hold it (tabwright.c). */
const char *in_home(char *out, size_t size, const char *home, const char *name);

/* All of `data` to `fd`, as far as it goes (tabwright.c). */
void write_all(int fd, const char *data, size_t len);

#endif
