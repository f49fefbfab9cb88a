/*
 * tabwright's native client, its second part: starting the runtime on a cold start, before the
 * client hands over to the Node CLI (tabwright.c calls start_runtime).
 */
#define _XOPEN_SOURCE 700 /* POSIX.1-2008 with realpath() */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runtimeStart.h"
#include "runtimeProcess.h" /* generated into dist/client/ by client/build.mjs from the TypeScript */

/*
 * On a cold start the runtime's boot (Node, then Chromium and a worker loading Playwright) is
 * the long pole, and the Node CLI would start it only once Node has started the CLI (~0.1 s).
 * So the client starts it first, exactly as cli/runtimeLauncher.ts does (the same node, flags,
 * entry and environment, from runtimeProcess.h), then hands over as before: the Node CLI's
 * launcher finds the lock taken for it (a runtime starting) and waits for it.
 * Only where the Node CLI would start one itself, by checks that are stricter than its own
 * (anything unsure: hand over, and the Node CLI decides and words it), because an agent's shell
 * can set TABWRIGHT_HOME, TABWRIGHT_BROWSER and PATH to anything.
 */

/* fs.accessSync(X_OK) and a regular file, as contract/browserLocator.ts isExecutable. */
static int is_executable(const char *file) {
  struct stat st;
  return access(file, X_OK) == 0 && stat(file, &st) == 0 && S_ISREG(st.st_mode);
}

/*
 * Whether the Node CLI's launcher will find a browser (else it says BrowserNotFound and starts
 * nothing): TABWRIGHT_BROWSER when set, else one at a fixed place. A browser only in
 * Playwright's cache counts for the launcher but not here (the Node CLI starts that runtime).
 */
static int browser_found(void) {
  const char *explicit = getenv("TABWRIGHT_BROWSER");
  if (explicit && *explicit) return is_executable(explicit);
  for (const char *const *b = tw_headless_shells; *b; b++) if (is_executable(*b)) return 1;
  for (const char *const *b = tw_system_browsers; *b; b++) if (is_executable(*b)) return 1;
  return 0;
}

/* A retired variable set to something: the Node CLI says it is ignored, so it starts this runtime. */
static int retired_variable_set(void) {
  for (const char *const *name = tw_retired_variables; *name; name++) {
    const char *value = getenv(*name);
    if (value && *value) return 1;
  }
  return 0;
}

/*
 * Claims `home` as contract/homeFolder.ts claimHome would, in the cases that need no judging:
 * a folder with the mark; a new folder (its parent there: the Node CLI makes missing parents
 * too, but that is its call); an empty folder, which gets the mark. Anything else, unreadable
 * or with entries and no mark, is left untouched for the Node CLI to claim or refuse.
 */
static int claim_home(const char *home, char *scratch, size_t size) {
  DIR *dir = opendir(home);
  if (!dir) {
    if (errno != ENOENT || mkdir(home, 0700) != 0) return 0;
  } else {
    int marked = 0, entries = 0;
    errno = 0;
    for (struct dirent *entry; (entry = readdir(dir)) != NULL; errno = 0) {
      if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
      if (strcmp(entry->d_name, TW_HOME_MARK) == 0) marked = 1;
      entries++;
    }
    int unread = errno != 0;
    closedir(dir);
    if (unread) return 0;
    if (marked) return 1;
    if (entries) return 0;
  }
  int fd = open(in_home(scratch, size, home, TW_HOME_MARK), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return errno == EEXIST; /* another CLI marked it meanwhile */
  write_all(fd, TW_HOME_MARK_TEXT, strlen(TW_HOME_MARK_TEXT));
  close(fd);
  return 1;
}

/* Closes every descriptor above 2, so the runtime holds no pipe an agent waits on. */
static void close_inherited(void) {
  DIR *fds = opendir("/proc/self/fd");
  if (!fds) fds = opendir("/dev/fd");
  if (fds) {
    int own = dirfd(fds);
    for (struct dirent *entry; (entry = readdir(fds)) != NULL;) {
      int fd = atoi(entry->d_name);
      if (fd > 2 && fd != own) close(fd);
    }
    closedir(fds);
    return;
  }
  for (int fd = 3; fd < 1024; fd++) close(fd);
}

/*
 * The runtime process, detached as the launcher's spawn makes it (its own session, so an agent
 * host that kills the CLI's process group leaves it running), and by a double fork: nobody's
 * child, no zombie for the Node CLI that replaces this process. stdin is /dev/null, stdout and
 * stderr `log` (else /dev/null), as the launcher opens them. The middle process writes the
 * runtime's pid into `lock` (when this client created it) before this client goes on.
 */
static void spawn_runtime(const char *home, const char *entry, int log, int lock) {
  pid_t middle = fork();
  if (middle < 0) return;
  if (middle == 0) {
    if (setsid() < 0) _exit(0);
    pid_t runtime = fork();
    if (runtime != 0) {
      /* The lock names the runtime before this client becomes the Node CLI, which then waits for it. */
      char pid[32];
      if (runtime > 0 && lock >= 0) write_all(lock, pid, (size_t)snprintf(pid, sizeof pid, "%ld", (long)runtime));
      _exit(0);
    }
    int null = open("/dev/null", O_RDWR);
    int out = log >= 0 ? log : null;
    if (null < 0 || dup2(null, 0) < 0 || out < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0) _exit(127);
    for (int fd = 0; fd < 3; fd++) fcntl(fd, F_SETFD, 0); /* a dup2 onto itself keeps close-on-exec */
    close_inherited();
    /* Signals as libuv's spawn leaves them: default handling, none blocked. */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int sig = 1; sig < 32; sig++) if (sig != SIGKILL && sig != SIGSTOP) signal(sig, SIG_DFL);
    /* { ...RUNTIME_PROCESS.env, ...process.env, TABWRIGHT_HOME }, without the retired variables. */
    for (const char *const *pair = tw_runtime_env; pair[0]; pair += 2) setenv(pair[0], pair[1], 0);
    setenv("TABWRIGHT_HOME", home, 1);
    for (const char *const *name = tw_retired_variables; *name; name++) unsetenv(*name);
    const char *argv[sizeof tw_node_flags / sizeof *tw_node_flags + 2];
    size_t n = 0;
    argv[n++] = "node";
    for (const char *const *flag = tw_node_flags; *flag; flag++) argv[n++] = *flag;
    argv[n++] = entry;
    argv[n] = NULL;
    execvp("node", (char *const *)argv);
    _exit(127);
  }
  while (waitpid(middle, NULL, 0) < 0 && errno == EINTR) {}
}

/* The pid the lock file names (what spawn_runtime's middle process wrote), else 0. */
static long lock_holder(const char *home, char *scratch, size_t size) {
  int fd = open(in_home(scratch, size, home, TW_LOCK_FILE), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[32];
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n <= 0) return 0;
  text[n] = '\0';
  char *end;
  long pid = strtol(text, &end, 10);
  return pid > 0 && end != text ? pid : 0;
}

void name_started_runtime(long pid, long long log_offset) {
  char named[64];
  snprintf(named, sizeof named, "%ld:%lld", pid, log_offset);
  setenv(TW_NATIVE_STARTED, named, 1);
}

/* Starts the runtime for `home` where the Node CLI would; its pid when this client named it in the lock, else 0. */
long start_runtime(const char *home, const char *node_cli, long long *log_offset) {
  char root[PATH_MAX], entry[PATH_MAX + 64], scratch[PATH_MAX + 64];
  struct stat st;
  /* The entry beside the Node CLI's own bundle: bin/tabwright.js's package (links resolved, as Node does). */
  if (!realpath(node_cli, root)) return 0;
  for (int up = 0; up < 2; up++) {
    char *slash = strrchr(root, '/');
    if (!slash || slash == root) return 0;
    *slash = '\0';
  }
  snprintf(entry, sizeof entry, "%s/%s", root, TW_RUNTIME_ENTRY);
  if (stat(entry, &st) != 0 || !S_ISREG(st.st_mode)) return 0; /* RuntimeNotBuilt: the Node CLI says so */
  if (retired_variable_set() || !browser_found() || !claim_home(home, scratch, sizeof scratch)) return 0;
  int log = open(in_home(scratch, sizeof scratch, home, "runtime.log"), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (log >= 0 && fstat(log, &st) == 0) *log_offset = (long long)st.st_size;
  /*
   * The runtime's lock, taken for it (runtime/runtimeLock.ts accepts a lock naming its own pid):
   * the Node CLI then sees a runtime starting and starts no other. A lock already there (a
   * runtime's, or a stale one) is the runtime's to judge as it does at every start.
   */
  int lock = open(in_home(scratch, sizeof scratch, home, TW_LOCK_FILE), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  spawn_runtime(home, entry, log, lock);
  /* Left empty if no runtime could be forked: a lock without a pid, which every starter takes as stale. */
  if (lock >= 0) close(lock);
  if (log >= 0) close(log);
  /* Only a runtime this client named in the lock is one it may wait for (tabwright.c): another's is the Node CLI's to judge. */
  return lock >= 0 ? lock_holder(home, scratch, sizeof scratch) : 0;
}
