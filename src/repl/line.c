/*
 * line.c - the line-editing seam: libedit when standard input is a
 * terminal, plain reads otherwise (so sessions can be scripted).
 *
 * Only this file knows libedit: its native histedit API, not the readline
 * emulation, because the emulation installs signal handlers of its own and
 * its completion hook cannot tell a command from its arguments.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <histedit.h>

#include "../util/util.h"
#include "line.h"

#define HISTORY_SIZE 1000
/* The first line of every history file libedit writes. */
#define HISTORY_COOKIE_LINE "_HiStOrY_V2_"
#define HISTORY_COOKIE HISTORY_COOKIE_LINE "\n"

static int interactive;
static EditLine *el;
static History *hist;
static char *hist_path;		/* NULL: history is not kept between sessions */
static line_completer completer;
static const char *cur_prompt = "";
static FILE *el_out;		/* where libedit draws: the terminal */

int
line_interactive(void)
{
	return interactive;
}

static char *
prompt_fn(EditLine *e)
{
	(void)e;
	return (char *)cur_prompt;
}

static int
is_word(int c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static void
free_list(char **list)
{
	size_t i;

	if (list == NULL)
		return;
	for (i = 0; list[i] != NULL; i++)
		free(list[i]);
	free(list);
}

/* The candidates below the line, in columns, before libedit redraws it. */
static void
list_candidates(char **c, size_t n)
{
	size_t i, w = 0, col = 0, cols;

	for (i = 0; i < n; i++)
		if (strlen(c[i]) > w)
			w = strlen(c[i]);
	w += 2;
	cols = w < 78 ? 78 / w : 1;
	fputc('\n', el_out);
	for (i = 0; i < n; i++) {
		fprintf(el_out, "%-*s", (int)w, c[i]);
		if (++col == cols || i + 1 == n) {
			fputc('\n', el_out);
			col = 0;
		}
	}
	fflush(el_out);
}

/*
 * Tab: one candidate is inserted whole with a space after it; several
 * extend the word to their common prefix, or are listed when it cannot grow.
 */
static unsigned char
complete(EditLine *e, int ch)
{
	const LineInfo *li = el_line(e);
	size_t len = (size_t)(li->cursor - li->buffer), start, wlen, common, n, i;
	char *upto, **c;
	unsigned char rc = CC_ERROR;

	(void)ch;
	if (completer == NULL)
		return CC_ERROR;
	upto = xmalloc(len + 1);
	memcpy(upto, li->buffer, len);
	upto[len] = '\0';
	for (start = len; start > 0 && is_word(upto[start - 1]); start--)
		;
	wlen = len - start;
	c = completer(upto, (int)start);
	for (n = 0; c != NULL && c[n] != NULL; n++)
		;
	if (n == 1) {
		char *ins = xmalloc(strlen(c[0]) - wlen + 2);

		sprintf(ins, "%s ", c[0] + wlen);
		el_insertstr(e, ins);
		free(ins);
		rc = CC_REFRESH;
	} else if (n > 1) {
		common = strlen(c[0]);
		for (i = 1; i < n; i++) {
			size_t k = 0;

			while (k < common && c[i][k] == c[0][k])
				k++;
			common = k;
		}
		if (common > wlen) {
			char *ins = xmalloc(common - wlen + 1);

			memcpy(ins, c[0] + wlen, common - wlen);
			ins[common - wlen] = '\0';
			el_insertstr(e, ins);
			free(ins);
			rc = CC_REFRESH;
		} else {
			list_candidates(c, n);
			rc = CC_REDISPLAY;
		}
	}
	free_list(c);
	free(upto);
	return rc;
}

/*
 * The history file is never someone else's file: it is used only when it
 * does not exist yet (created 0600 at the end), is empty, or is a regular
 * file that starts as libedit writes them.  A FIFO (opening it would wait
 * for a writer), a device, a directory or a file of other text is left as
 * it is, with one line saying why, and the session keeps no history.
 * fd: the file, open for reading (read with pread), or -1 to open path.
 * 1: use it; 0: do not (said why).
 */
static int
history_file_ok(const char *path, int fd)
{
	char head[sizeof HISTORY_COOKIE - 1];
	struct stat st;
	ssize_t n;
	int own = fd < 0;

	if (own && (fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)) < 0) {
		if (errno == ENOENT)
			return 1;
		diag("history file %s: not used, history is not kept:", path);
		return 0;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		if (own)
			close(fd);
		diag("history file %s: not a regular file, so left alone; history is not kept", path);
		return 0;
	}
	n = pread(fd, head, sizeof head, 0);
	if (own)
		close(fd);
	if (n == 0)
		return 1;
	if (n != (ssize_t)sizeof head || memcmp(head, HISTORY_COOKIE, sizeof head) != 0) {
		diag("history file %s: not a history file (its first line is not " HISTORY_COOKIE_LINE
		    "), so left alone; history is not kept", path);
		return 0;
	}
	return 1;
}

void
line_init(const char *histfile, line_completer complete_fn)
{
	HistEvent ev;

	interactive = isatty(STDIN_FILENO);
	if (!interactive)
		return;
	/* libedit decodes input by the locale: without this, UTF-8 is dropped */
	setlocale(LC_CTYPE, "");
	completer = complete_fn;
	el_out = isatty(STDOUT_FILENO) ? stdout : stderr;
	if ((el = el_init("attn-explain", stdin, el_out, stderr)) == NULL) {
		interactive = 0;	/* no terminal description: plain reads still work */
		return;
	}
	el_set(el, EL_EDITOR, "emacs");
	el_set(el, EL_PROMPT, prompt_fn);
	hist = history_init();
	history(hist, &ev, H_SETSIZE, HISTORY_SIZE);
	history(hist, &ev, H_SETUNIQUE, 1);
	el_set(el, EL_HIST, history, hist);
	/* el_wset: el_set's conversion of the name and help to wide strings leaks them */
	el_wset(el, EL_ADDFN, L"attn-complete", L"complete a command, stage or setting", complete);
	el_set(el, EL_BIND, "^I", "attn-complete", NULL);
	if (histfile != NULL && strcmp(histfile, "/dev/null") != 0 && history_file_ok(histfile, -1)) {
		hist_path = xstrdup(histfile);
		history(hist, &ev, H_LOAD, hist_path);	/* a missing file is a first session */
	}
}

/* Plain reads: any length, any bytes; only the first LINE_KEEP bytes are kept. */
static char *
read_plain(size_t *lenp)
{
	struct sbuf b = { 0 };
	size_t n = 0;
	int c;

	while ((c = getc(stdin)) != EOF && c != '\n') {
		if (n < LINE_KEEP)
			sbuf_addc(&b, (char)c);
		n++;
	}
	if (c == EOF && n == 0) {
		free(b.s);
		return NULL;
	}
	*lenp = n;
	return sbuf_take(&b);
}

char *
line_read(const char *prompt, size_t *lenp)
{
	return line_read_intr(prompt, lenp, NULL);
}

char *
line_read_intr(const char *prompt, size_t *lenp, int *intr)
{
	const char *s;
	char *line;
	int count;
	size_t n;

	*lenp = 0;
	if (!interactive)
		return read_plain(lenp);
	cur_prompt = prompt;
	for (;;) {
		fflush(stdout);
		s = el_gets(el, &count);
		if (s != NULL)
			break;
		/* Ctrl-C: the SIGINT handler (repl.c) let read() fail; start over, or tell the caller */
		if (count == -1 && errno == EINTR) {
			fputc('\n', el_out);
			if (intr != NULL) {
				*intr = 1;
				return NULL;
			}
			continue;
		}
		fputc('\n', el_out);	/* Ctrl-D: leave the shell's prompt a line of its own */
		return NULL;
	}
	n = (size_t)count;
	if (n > 0 && s[n - 1] == '\n')
		n--;
	*lenp = n;
	if (n > LINE_KEEP)
		n = LINE_KEEP;
	line = xmalloc(n + 1);
	memcpy(line, s, n);
	line[n] = '\0';
	return line;
}

void
line_add_history(const char *line)
{
	HistEvent ev;

	if (hist != NULL && *line != '\0')
		history(hist, &ev, H_ENTER, line);
}

/*
 * The history, into a file that is still one history_file_ok() accepts
 * (it may have changed during the session): a new one is created 0600, an
 * existing one rewritten and set to 0600 (it may hold anything typed).
 */
static void
save_history(void)
{
	HistEvent ev;
	FILE *fp;
	int fd;

	fd = open(hist_path, O_RDWR | O_NONBLOCK | O_NOCTTY);
	if (fd < 0 && errno == ENOENT)
		fd = open(hist_path, O_RDWR | O_CREAT | O_EXCL | O_NOCTTY, 0600);
	if (fd < 0) {
		diag("history file %s: history not saved:", hist_path);
		return;
	}
	if (!history_file_ok(hist_path, fd)) {
		close(fd);
		return;
	}
	if (ftruncate(fd, 0) != 0 || fchmod(fd, 0600) != 0 || (fp = fdopen(fd, "w")) == NULL) {
		diag("history file %s: history not saved:", hist_path);
		close(fd);
		return;
	}
	history(hist, &ev, H_SAVE_FP, fp);
	if (fclose(fp) != 0)
		diag("history file %s: history not saved:", hist_path);
}

void
line_done(void)
{
	if (hist_path != NULL)
		save_history();
	if (el != NULL)
		el_end(el);
	if (hist != NULL)
		history_end(hist);
	free(hist_path);
	el = NULL;
	hist = NULL;
	hist_path = NULL;
	completer = NULL;
}
