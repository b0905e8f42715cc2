/* repl_step.c - moving through the stages: next, back, goto, run, restart, stages. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "repl_cmds.h"

int
repl_shown(const struct session *s, int id)
{
	return cell_shown(&s->r, id, &s->co);
}

static int
next_shown(const struct session *s, int from)
{
	int i;

	for (i = from + 1; i < ST_COUNT; i++)
		if (repl_shown(s, i))
			return i;
	return -1;
}

static int
prev_shown(const struct session *s, int from)
{
	int i;

	for (i = from - 1; i >= 0; i--)
		if (repl_shown(s, i))
			return i;
	return -1;
}

char *
repl_stage_label(char *buf, size_t len, const struct session *s, int id)
{
	snprintf(buf, len, "[%d/%d] %s", cell_index(&s->r, id, &s->co),
	    cell_count(&s->r, &s->co), stage_defs[id].name);
	return buf;
}

struct cells {
	int n, id[ST_COUNT];
};

static int
print_cells(struct session *s, FILE *fp, const void *arg)
{
	const struct cells *c = arg;
	int i;

	for (i = 0; i < c->n; i++)
		cell_print(fp, &s->r, c->id[i], &s->co);
	return 0;
}

/* Show these cells; the position moves to the last when all got out. */
static int
show_cells(struct session *s, const struct cells *c)
{
	s->blank = 1;
	if (repl_output(s, print_cells, c) != 0) {
		s->blank = 0;
		return -1;
	}
	if (c->n > 0)
		s->pos = c->id[c->n - 1];
	return 0;
}

void
repl_reposition(struct session *s, char *note, size_t len)
{
	char lab[96];
	int old = s->pos;

	note[0] = '\0';
	if (s->pos < 0 || repl_shown(s, s->pos))
		return;
	s->pos = prev_shown(s, s->pos);
	if (s->pos < 0)
		snprintf(note, len, "; %s is gone, back at the start", stage_defs[old].name);
	else
		snprintf(note, len, "; %s is gone, now at %s", stage_defs[old].name,
		    repl_stage_label(lab, sizeof lab, s, s->pos));
}

int
repl_find_stage(struct session *s, const char *cmd, const char *word, int hidden)
{
	const char *const *names = stage_names();
	size_t n = strlen(word);
	int i, id = -1, nmatch = 0;
	char list[512] = "";

	if (n > 0 && strspn(word, "0123456789") == n) {
		int count = cell_count(&s->r, &s->co);
		long k;

		errno = 0;
		k = strtol(word, NULL, 10);	/* digits only; ERANGE gives LONG_MAX */
		if (k < 1 || k > count)
			return repl_fail("%s: no stage %s (they are numbered 1 to %d)", cmd, word, count);
		for (i = 0; i < ST_COUNT; i++)
			if (repl_shown(s, i) && cell_index(&s->r, i, &s->co) == k)
				return i;
	}
	for (i = 0; i < ST_COUNT && id < 0; i++)
		if (strcmp(word, names[i]) == 0)
			id = i;
	for (i = 0; i < ST_COUNT && id < 0 && n > 0; i++)
		if (strncmp(word, names[i], n) == 0) {
			nmatch++;
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", nmatch > 1 ? ", " : "", names[i]);
		}
	if (id < 0 && nmatch == 1)
		for (i = 0; i < ST_COUNT && id < 0; i++)
			if (strncmp(word, names[i], n) == 0)
				id = i;
	if (id < 0 && nmatch > 1)
		return repl_fail("%s: ambiguous stage \"%s\": %s", cmd, word, list);
	if (id < 0) {
		const char *sug = diag_suggest(word, names);

		if (sug != NULL)
			return repl_fail("%s: unknown stage \"%s\"; did you mean \"%s\"?", cmd, word, sug);
		return repl_fail("%s: unknown stage \"%s\" (stages lists them)", cmd, word);
	}
	if (s->r.st[id] == NULL)
		return repl_fail("%s: %s: %s", cmd, names[id], s->r.why[id]);
	if (!hidden && !repl_shown(s, id))
		return repl_fail("%s: %s is an extra stage: set all true to step through it (print %s shows it now)",
		    cmd, names[id], names[id]);
	return id;
}

/* A count of stages: 1 by default; a huge one means "all there are". */
static int
parse_count(const char *cmd, char *args, int *out)
{
	char *w = repl_next_word(&args);
	size_t n;
	long v;

	*out = 1;
	if (w == NULL)
		return 0;
	if (*repl_skip_ws(args) != '\0')
		return repl_fail("%s: expected at most one number, got \"%s\"", cmd, repl_skip_ws(args));
	n = strlen(w);
	if (strspn(w, "0123456789") != n || strspn(w, "0") == n)
		return repl_fail("%s: expected a number of stages (1, 2, ...), got \"%s\"", cmd, w);
	errno = 0;
	v = strtol(w, NULL, 10);	/* digits only; ERANGE gives LONG_MAX */
	*out = v > INT_MAX ? INT_MAX : (int)v;
	return 0;
}

/* The next n shown stages after the session's (cmd: the command, for the message). */
static int
show_next(struct session *s, const char *cmd, int n)
{
	struct cells c = { 0 };
	char lab[96];
	int id;

	for (id = s->pos; c.n < n && (id = next_shown(s, id)) >= 0;)
		c.id[c.n++] = id;
	if (c.n == 0)
		return repl_fail("%s: %s was the last stage (back, goto or restart to look again)", cmd,
		    repl_stage_label(lab, sizeof lab, s, s->pos));
	return show_cells(s, &c);
}

int
cmd_next(struct session *s, char *args)
{
	int n;

	if (parse_count("next", args, &n) != 0)
		return -1;
	return show_next(s, "next", n);
}

int
cmd_run(struct session *s, char *args)
{
	if (*repl_skip_ws(args) != '\0')
		return repl_fail("run: takes no argument (next N shows N stages)");
	return show_next(s, "run", INT_MAX);
}

int
cmd_back(struct session *s, char *args)
{
	struct cells c = { 0 };
	char lab[96];
	int n, id = s->pos;

	if (parse_count("back", args, &n) != 0)
		return -1;
	if (s->pos < 0)
		return repl_fail("back: at the start already");
	while (n-- > 0 && id >= 0)
		id = prev_shown(s, id);
	if (id < 0) {
		s->pos = -1;
		printf("at the start, before %s\n", repl_stage_label(lab, sizeof lab, s, next_shown(s, -1)));
		return 0;
	}
	c.id[c.n++] = id;
	return show_cells(s, &c);
}

int
cmd_goto(struct session *s, char *args)
{
	struct cells c = { 0 };
	char *w = repl_next_word(&args);
	int id;

	if (w == NULL || *repl_skip_ws(args) != '\0')
		return repl_fail("goto: expected one stage, a name or a number (stages lists them)");
	if ((id = repl_find_stage(s, "goto", w, 0)) < 0)
		return -1;
	c.id[c.n++] = id;
	return show_cells(s, &c);
}

int
cmd_restart(struct session *s, char *args)
{
	char lab[96];

	if (*repl_skip_ws(args) != '\0')
		return repl_fail("restart: takes no argument");
	s->pos = -1;
	printf("at the start, before %s\n", repl_stage_label(lab, sizeof lab, s, next_shown(s, -1)));
	return 0;
}

int
cmd_stages(struct session *s, char *args)
{
	char desc[128], lab[32];
	int i, w = 0, extra = 0;

	if (*repl_skip_ws(args) != '\0')
		return repl_fail("stages: takes no argument");
	for (i = 0; i < ST_COUNT; i++)
		if (repl_shown(s, i) && (int)strlen(stage_defs[i].name) > w)
			w = (int)strlen(stage_defs[i].name);
	if (s->pos < 0)
		printf("> (the start)\n");
	for (i = 0; i < ST_COUNT; i++) {
		if (!repl_shown(s, i)) {
			extra += s->r.st[i] != NULL;
			continue;
		}
		snprintf(lab, sizeof lab, "[%d/%d]", cell_index(&s->r, i, &s->co), cell_count(&s->r, &s->co));
		printf("%c %-7s %-*s  %s\n", i == s->pos ? '>' : ' ', lab, w, stage_defs[i].name,
		    stage_shape_desc(desc, sizeof desc, &s->r, i));
	}
	if (extra > 0) {
		struct sbuf b = { 0 };
		char *t;
		int n = 0;

		sbuf_add(&b, "also computed (set all true to step through them):");
		for (i = 0; i < ST_COUNT; i++)
			if (!repl_shown(s, i) && s->r.st[i] != NULL)
				sbuf_addf(&b, "%s %s", n++ ? "," : "", stage_defs[i].name);
		t = sbuf_take(&b);
		repl_wrapped(stdout, t, "", 76, 0);
		free(t);
	}
	return 0;
}
