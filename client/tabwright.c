/*
 * tabwright's native client: the common `tabwright run` in one small process, without Node's
 * start-up (about 60-160 ms a call on a 2-core machine, most of a warm call).
 *
 *   tabwright NODE_CLI [ARGS...]      (bin/tabwright.js execs it so; NODE_CLI is that file)
 *
 * It handles exactly one case: `run` with --task, --request-id and the plain flags below, a
 * program on standard input (not a terminal), and a runtime already listening. When no runtime
 * listens, it starts one itself before it hands over (runtimeStart.c: a cold start's runtime
 * then boots while Node starts the CLI), wherever the Node CLI would start one too. It POSTs to
 * /v1/tasks/T/programs/as-cli, where the runtime renders the very JSON document and exit code
 * the Node CLI would print for its answer (runtime/api/cliAnswer.ts, by contract/answerDocument.ts),
 * prints that document and exits with that code. Everything else is handed to the Node CLI,
 * with the same arguments and standard input, before anything is registered: other commands
 * and flags, values it does not check the way the Node CLI does, no runtime listening (the Node
 * CLI starts one), an empty or oversized program (the Node CLI words the error), a runtime of
 * another version (409 VersionMismatch) or one without the route (404). After the program was
 * sent, only its own outcomes remain, worded as the Node CLI words them (cli/receiptAnswer.ts,
 * contract/answerDocument.ts): the connection lost, no answer in time, a signal.
 * POSIX C99 and nothing else, built with runtimeStart.c at `npm run build` and install (client/build.mjs).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef TABWRIGHT_VERSION
#error "build with -DTABWRIGHT_VERSION=\"x.y.z\" (client/build.mjs)"
#endif
#include "runtimeStart.h"

#define MAX_PROGRAM_BYTES (1024 * 1024) /* contract/submissionLimits.ts */
#define ANSWER_GRACE_MS 10000           /* cli/receiptAnswer.ts */

/* A growable byte buffer; out of memory ends the process the way the caller says. */
typedef struct { char *data; size_t len, cap; } Buf;

static int buf_add(Buf *b, const char *bytes, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (b->len + n + 1 > cap) cap *= 2;
    char *grown = realloc(b->data, cap);
    if (!grown) return -1;
    b->data = grown;
    b->cap = cap;
  }
  memcpy(b->data + b->len, bytes, n);
  b->len += n;
  b->data[b->len] = '\0';
  return 0;
}

static int buf_str(Buf *b, const char *s) { return buf_add(b, s, strlen(s)); }

void write_all(int fd, const char *data, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, data, len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    data += n;
    len -= (size_t)n;
  }
}

/* ---- handing over to the Node CLI ------------------------------------------------------- */

static char **node_argv; /* "node", NODE_CLI, ARGS..., NULL */

/* The Node CLI, with standard input as it was: nothing read, nothing sent. */
static void hand_over(void) {
  execvp("node", node_argv);
  fprintf(stderr, "tabwright: cannot start node (%s): install Node.js 20 or later, or put it on PATH\n", strerror(errno));
  _exit(2);
}

/* The Node CLI, with standard input holding the program already read (nothing registered). */
static void hand_over_with(const Buf *program) {
  int fds[2];
  if (pipe(fds) != 0) _exit(2);
  pid_t writer = fork();
  if (writer < 0) _exit(2);
  if (writer == 0) {
    /* A grandchild writes, so the Node CLI never has a child it did not start left to reap. */
    if (fork() == 0) {
      close(fds[0]);
      signal(SIGPIPE, SIG_IGN);
      for (size_t at = 0; at < program->len;) {
        ssize_t n = write(fds[1], program->data + at, program->len - at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        at += (size_t)n;
      }
      _exit(0);
    }
    _exit(0);
  }
  waitpid(writer, NULL, 0);
  close(fds[1]);
  if (dup2(fds[0], 0) < 0) _exit(2);
  close(fds[0]);
  hand_over();
}

/* ---- the arguments ------------------------------------------------------------------------ */

typedef struct {
  const char *task, *request_id, *wait, *timeout, *page, *max_inline;
  int isolated, verbose, close_task;
} Run;

/* 1 to 128 characters of A-Za-z0-9._:- (contract/submissionLimits.ts NAME_PATTERN). */
static int is_name(const char *s) {
  size_t n = strlen(s);
  if (n < 1 || n > 128) return 0;
  for (const char *c = s; *c; c++)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '.' || *c == '_' || *c == ':' || *c == '-')) return 0;
  return 1;
}

/* Plain decimal digits, at most `most` of them: what the Node CLI reads as the same number. */
static int is_digits(const char *s, size_t most) {
  size_t n = strlen(s);
  if (n < 1 || n > most) return 0;
  for (const char *c = s; *c; c++) if (*c < '0' || *c > '9') return 0;
  return 1;
}

/* The common case, or 0: anything else (help, --pretty, --file, a=b forms, ...) goes to Node. */
static int parse_run(int argc, char **argv, Run *run) {
  memset(run, 0, sizeof *run);
  if (argc < 1 || strcmp(argv[0], "run") != 0) return 0;
  for (int i = 1; i < argc; i++) {
    const char *flag = argv[i];
    if (strcmp(flag, "--isolated") == 0) { if (run->isolated++) return 0; continue; }
    if (strcmp(flag, "--verbose") == 0) { if (run->verbose++) return 0; continue; }
    if (strcmp(flag, "--close") == 0) { if (run->close_task++) return 0; continue; }
    if (i + 1 >= argc) return 0;
    const char *value = argv[++i];
    const char **slot;
    int ok;
    if (strcmp(flag, "--task") == 0) { slot = &run->task; ok = is_name(value); }
    else if (strcmp(flag, "--request-id") == 0) { slot = &run->request_id; ok = is_name(value); }
    else if (strcmp(flag, "--wait") == 0) { slot = &run->wait; ok = is_digits(value, 6); }
    else if (strcmp(flag, "--timeout") == 0) { slot = &run->timeout; ok = is_digits(value, 7); }
    else if (strcmp(flag, "--page") == 0) { slot = &run->page; ok = is_digits(value, 15); }
    else if (strcmp(flag, "--max-inline") == 0) { slot = &run->max_inline; ok = is_digits(value, 15); }
    else return 0;
    if (!ok || *slot) return 0;
    *slot = value;
  }
  return run->task && run->request_id;
}

/* The number a digit string says, as JavaScript prints it (no leading zeros). */
static const char *canonical(const char *digits, char *out, size_t size) {
  snprintf(out, size, "%lld", strtoll(digits, NULL, 10));
  return out;
}

/* ---- the runtime's socket ----------------------------------------------------------------- */

/* An absolute path that needs no normalising: no empty, "." or ".." segment. */
static int is_plain_absolute(const char *p) {
  if (p[0] != '/') return 0;
  for (const char *seg = p + 1;;) {
    const char *end = strchr(seg, '/');
    size_t n = end ? (size_t)(end - seg) : strlen(seg);
    if (n == 0 && end) return 0;
    if ((n == 1 && seg[0] == '.') || (n == 2 && seg[0] == '.' && seg[1] == '.')) return 0;
    if (!end) return 1;
    seg = end + 1;
  }
}

/* $TABWRIGHT_HOME, or ~/.tabwright (cli/runtimeHome.ts), when plain and short enough for its files. */
static int home_path(char *out, size_t size) {
  const char *home = getenv("TABWRIGHT_HOME");
  int n;
  if (home && *home) {
    size_t len = strlen(home);
    while (len > 1 && home[len - 1] == '/') len--; /* path.resolve drops trailing slashes */
    n = snprintf(out, size, "%.*s", (int)len, home);
  } else {
    const char *user = getenv("HOME");
    if (!user || !*user) return 0;
    size_t len = strlen(user);
    while (len > 1 && user[len - 1] == '/') len--;
    n = snprintf(out, size, "%.*s/.tabwright", (int)len, len == 1 ? "" : user);
  }
  return n > 1 && (size_t)n + 64 < size && is_plain_absolute(out); /* not "/" itself */
}

/* `home`/`name` into `out`, which home_path's caller sized to hold it. */
const char *in_home(char *out, size_t size, const char *home, const char *name) {
  snprintf(out, size, "%s/%s", home, name);
  return out;
}

/* A connected socket, or -1 with errno saying why not. */
static int connect_runtime(const char *path) {
  struct sockaddr_un addr;
  if (strlen(path) >= sizeof addr.sun_path) { errno = ENAMETOOLONG; return -1; }
  memset(&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  strcpy(addr.sun_path, path);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) { int err = errno; close(fd); errno = err; return -1; }
  return fd;
}

/*
 * A connection to the runtime this client just started (`pid`): the socket is tried every
 * 10 ms (a refused connect costs a system call; the Node CLI watches the folder instead), so
 * the program goes in as soon as the runtime listens; -1 once that process is gone or after
 * START_WAIT_MS, for the Node CLI to take on.
 */
/* A cold start takes ~1 s here, ~5 s on a loaded machine; past that the Node CLI waits on (up to its READY_TIMEOUT_MS) and words a failure. */
#define START_WAIT_MS 5000
#define START_POLL_MS 10
static int await_runtime(const char *path, long pid) {
  for (long waited = 0; waited < START_WAIT_MS; waited += START_POLL_MS) {
    struct timespec pause = { 0, START_POLL_MS * 1000000L };
    nanosleep(&pause, NULL);
    int fd = connect_runtime(path);
    if (fd >= 0) return fd;
    if (errno != ENOENT && errno != ECONNREFUSED) return -1;
    if (kill((pid_t)pid, 0) != 0 && errno == ESRCH) return -1;
  }
  return -1;
}

/* ---- the program -------------------------------------------------------------------------- */

static int read_all(int fd, Buf *into) {
  char chunk[65536];
  for (;;) {
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n > 0) { if (buf_add(into, chunk, (size_t)n) != 0) return -1; continue; }
    if (n == 0) return 0;
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      struct pollfd p = { fd, POLLIN, 0 };
      poll(&p, 1, -1);
      continue;
    }
    return -1;
  }
}

/* Whether JavaScript's String.prototype.trim() leaves nothing of this UTF-8 text. */
static int is_blank(const Buf *b) {
  static const char *const wide[] = { /* U+00A0 U+1680 U+2000-200A U+2028 U+2029 U+202F U+205F U+3000 U+FEFF */
    "\xC2\xA0", "\xE1\x9A\x80", "\xE2\x80\x80", "\xE2\x80\x81", "\xE2\x80\x82", "\xE2\x80\x83", "\xE2\x80\x84",
    "\xE2\x80\x85", "\xE2\x80\x86", "\xE2\x80\x87", "\xE2\x80\x88", "\xE2\x80\x89", "\xE2\x80\x8A", "\xE2\x80\xA8",
    "\xE2\x80\xA9", "\xE2\x80\xAF", "\xE2\x81\x9F", "\xE3\x80\x80", "\xEF\xBB\xBF", NULL };
  for (size_t i = 0; i < b->len;) {
    unsigned char c = (unsigned char)b->data[i];
    if (c == ' ' || (c >= '\t' && c <= '\r')) { i++; continue; }
    int matched = 0;
    for (const char *const *w = wide; *w && !matched; w++) {
      size_t n = strlen(*w);
      if (i + n <= b->len && memcmp(b->data + i, *w, n) == 0) { i += n; matched = 1; }
    }
    if (!matched) return 0;
  }
  return 1;
}

/* The program as a JSON string; invalid UTF-8 is left for the runtime to decode as Node does. */
static int add_json_string(Buf *out, const Buf *text) {
  if (buf_str(out, "\"") != 0) return -1;
  size_t from = 0;
  for (size_t i = 0; i < text->len; i++) {
    unsigned char c = (unsigned char)text->data[i];
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    char escape[8];
    if (c == '"' || c == '\\') snprintf(escape, sizeof escape, "\\%c", c);
    else snprintf(escape, sizeof escape, "\\u%04x", c);
    if (buf_add(out, text->data + from, i - from) != 0 || buf_str(out, escape) != 0) return -1;
    from = i + 1;
  }
  if (buf_add(out, text->data + from, text->len - from) != 0) return -1;
  return buf_str(out, "\"");
}

/* encodeURIComponent of a checked name: only ':' needs it. */
static int add_task_path(Buf *out, const char *task) {
  for (const char *c = task; *c; c++)
    if (*c == ':' ? buf_str(out, "%3A") : buf_add(out, c, 1)) return -1;
  return 0;
}

/* ---- after sending: the outcomes only this client can know --------------------------------- */

static Buf signal_text[3]; /* SIGINT, SIGTERM, SIGHUP: prepared before sending */

/* contract/answerDocument.ts outcomeUnknown, as the Node CLI prints it. */
static int outcome_unknown(Buf *out, const Run *run, const char *what) {
  return buf_str(out, "{\"error\":{\"name\":\"OutcomeUnknown\",\"message\":\"") || buf_str(out, what)
    || buf_str(out, " The program may have been registered and may be running: do not resubmit it under a new request id. "
                    "Query the receipt with `tabwright receipt --task ") || buf_str(out, run->task)
    || buf_str(out, " --request-id ") || buf_str(out, run->request_id)
    || buf_str(out, "` (add --wait S to wait for it).\"}}\n");
}

static void on_signal(int sig) {
  const Buf *text = &signal_text[sig == SIGINT ? 0 : sig == SIGTERM ? 1 : 2];
  write_all(1, text->data, text->len);
  _exit(5);
}

static void lost(const Run *run, const char *why) {
  Buf what = {0}, out = {0};
  if (buf_str(&what, "The connection to the runtime was lost after the program was sent: ") || buf_str(&what, why)
      || buf_str(&what, ".") || outcome_unknown(&out, run, what.data)) _exit(5);
  write_all(1, out.data, out.len);
  exit(5);
}

static const char *error_code(int err) {
  switch (err) {
    case ECONNRESET: return "ECONNRESET";
    case EPIPE: return "EPIPE";
    case ETIMEDOUT: return "ETIMEDOUT";
    case ECONNABORTED: return "ECONNABORTED";
    default: return "EIO";
  }
}

static long long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The value of header `name` (lower case) in the answer's head, or NULL. */
static const char *header(const char *head, const char *name, char *value, size_t size) {
  size_t n = strlen(name);
  for (const char *line = strstr(head, "\r\n"); line && line[2] != '\r'; line = strstr(line + 2, "\r\n")) {
    const char *start = line + 2;
    if (strncasecmp(start, name, n) != 0 || start[n] != ':') continue;
    start += n + 1;
    while (*start == ' ') start++;
    size_t len = strcspn(start, "\r");
    if (len >= size) return NULL;
    memcpy(value, start, len);
    value[len] = '\0';
    return value;
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "tabwright: the native client is started by bin/tabwright.js\n"); return 2; }
  node_argv = calloc((size_t)argc + 1, sizeof *node_argv);
  if (!node_argv) return 2;
  node_argv[0] = "node";
  for (int i = 1; i < argc; i++) node_argv[i] = argv[i];

  Run run;
  char home[PATH_MAX], path[PATH_MAX + 64];
  /* fd 0 must be a readable non-terminal: a closed one would be taken by the socket below. */
  if (!parse_run(argc - 2, argv + 2, &run) || fcntl(0, F_GETFD) < 0 || isatty(0) || !home_path(home, sizeof home)) hand_over();
  int sock = connect_runtime(in_home(path, sizeof path, home, "runtime.sock"));
  /* Unreachable otherwise (a socket too long, permissions, ...): the Node CLI says why. */
  if (sock < 0 && errno != ENOENT && errno != ECONNREFUSED) hand_over();

  Buf program = {0};
  if (read_all(0, &program) != 0) hand_over_with(&program);
  if (program.len == 0 || program.len > MAX_PROGRAM_BYTES || is_blank(&program)) hand_over_with(&program);
  /*
   * None listening (cli/runtimeClient.ts meansNoRuntime): this client starts one where the Node
   * CLI would, and waits for it itself (a Node start-up less on the two cores the runtime's boot
   * needs); anything else, or a runtime that ends or does not listen in time, goes to the Node
   * CLI, which waits for it or reports why (its log) as it does for its own.
   */
  if (sock < 0) {
    long long log_offset = 0;
    long runtime = start_runtime(home, argv[1], &log_offset);
    if (runtime > 0) {
      fprintf(stderr, "tabwright: starting the runtime (log: %s)\n", in_home(path, sizeof path, home, "runtime.log"));
      sock = await_runtime(in_home(path, sizeof path, home, "runtime.sock"), runtime);
      /*
       * Ended, or still starting after START_WAIT_MS: the Node CLI waits for it and, if it ends,
       * says why from its log's last line instead of starting another (cli/startedRuntime.ts);
       * one that ended with no such line, it starts again.
       */
      if (sock < 0) name_started_runtime(runtime, log_offset);
    }
    if (sock < 0) hand_over_with(&program);
  }

  char number[32], wait_s[32] = "30", timeout_s[32] = "300";
  if (run.wait) canonical(run.wait, wait_s, sizeof wait_s);
  if (run.timeout) canonical(run.timeout, timeout_s, sizeof timeout_s);
  Buf body = {0}, request = {0};
  int failed = buf_str(&body, "{\"requestId\":\"") || buf_str(&body, run.request_id) || buf_str(&body, "\",\"program\":")
    || add_json_string(&body, &program) || buf_str(&body, ",\"timeoutS\":") || buf_str(&body, timeout_s)
    || (run.page && (buf_str(&body, ",\"page\":") || buf_str(&body, canonical(run.page, number, sizeof number))))
    || (run.isolated && buf_str(&body, ",\"isolated\":true"))
    || (run.close_task && buf_str(&body, ",\"close\":true"))
    || (run.max_inline && (buf_str(&body, ",\"maxInline\":") || buf_str(&body, canonical(run.max_inline, number, sizeof number))))
    || buf_str(&body, "}");
  snprintf(number, sizeof number, "%zu", body.len);
  failed = failed || buf_str(&request, "POST /v1/tasks/") || add_task_path(&request, run.task)
    || buf_str(&request, "/programs/as-cli?wait=") || buf_str(&request, wait_s) || (!run.verbose && buf_str(&request, "&view=compact"))
    || buf_str(&request, " HTTP/1.0\r\nhost: runtime\r\naccept: application/json\r\ncontent-type: application/json\r\ncontent-length: ")
    || buf_str(&request, number) || buf_str(&request, "\r\ntabwright-version: " TABWRIGHT_VERSION "\r\n\r\n")
    || buf_add(&request, body.data, body.len);
  const char *names[3] = { "SIGINT", "SIGTERM", "SIGHUP" };
  for (int i = 0; i < 3 && !failed; i++) {
    Buf what = {0};
    failed = buf_str(&what, "The CLI was stopped by ") || buf_str(&what, names[i]) || buf_str(&what, " after sending the program.")
      || outcome_unknown(&signal_text[i], &run, what.data);
    free(what.data);
  }
  if (failed) hand_over_with(&program);

  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_signal;
  sigaction(SIGINT, &action, NULL);
  sigaction(SIGTERM, &action, NULL);
  sigaction(SIGHUP, &action, NULL);
  signal(SIGPIPE, SIG_IGN);

  for (size_t at = 0; at < request.len;) {
    ssize_t n = write(sock, request.data + at, request.len - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      char why[96];
      snprintf(why, sizeof why, "the connection failed after the request was sent (%s)", error_code(errno));
      lost(&run, why);
    }
    at += (size_t)n;
  }

  /* The answer: HTTP/1.0, so the runtime closes after it; Content-Length says when it is whole. */
  long long deadline = now_ms() + atoll(wait_s) * 1000 + ANSWER_GRACE_MS;
  Buf answer = {0};
  long long length = -1;
  size_t body_at = 0;
  char value[32];
  for (;;) {
    if (length >= 0 && answer.len - body_at >= (size_t)length) break;
    long long left = deadline - now_ms();
    struct pollfd p = { sock, POLLIN, 0 };
    int ready = left > 0 ? poll(&p, 1, left > 2000000000 ? 2000000000 : (int)left) : 0;
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      char why[64];
      snprintf(why, sizeof why, "no answer within %lld s", atoll(wait_s) + ANSWER_GRACE_MS / 1000);
      lost(&run, why);
    }
    char chunk[65536];
    ssize_t n = read(sock, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      char why[96];
      snprintf(why, sizeof why, "the connection failed after the request was sent (%s)", error_code(errno));
      lost(&run, why);
    }
    if (n == 0) break;
    if (buf_add(&answer, chunk, (size_t)n) != 0) lost(&run, "the connection closed before the whole answer arrived");
    if (!body_at) {
      char *end = strstr(answer.data, "\r\n\r\n");
      if (end) {
        body_at = (size_t)(end - answer.data) + 4;
        *end = '\0'; /* the head as a string while its headers are read */
        if (header(answer.data, "content-length", value, sizeof value) && is_digits(value, 12)) length = atoll(value);
        *end = '\r';
      }
    }
  }
  if (!body_at || length < 0 || answer.len - body_at < (size_t)length) lost(&run, "the connection closed before the whole answer arrived");
  answer.data[body_at - 4] = '\0';
  int rendered = strncmp(answer.data, "HTTP/1.", 7) == 0 && strncmp(answer.data + 8, " 200", 4) == 0
    && header(answer.data, "tabwright-exit", value, sizeof value) && value[0] >= '0' && value[0] <= '6' && value[1] == '\0';
  /* Not rendered: the runtime registered nothing (VersionMismatch, or a runtime without the route). */
  if (!rendered) { close(sock); hand_over_with(&program); }
  write_all(1, answer.data + body_at, (size_t)length);
  return value[0] - '0';
}
