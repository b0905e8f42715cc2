/* repl_settings.c - changing settings: set, show, save; every rule comes from settings.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../util/util.h"
#include "../teach/teach.h"
#include "../pipeline/pipeline.h"
#include "repl_cmds.h"

/* Exact name, else unambiguous prefix, among the keys set knows; NULL after an error. */
static const struct setting *
find_setting(const char *key)
{
	const char *const *names = setting_names();
	size_t n = strlen(key);
	char list[512] = "";
	int i, hit = -1, nmatch = 0;

	for (i = 0; names[i] != NULL; i++)
		if (strcmp(key, names[i]) == 0)
			return setting_find(names[i]);
	for (i = 0; names[i] != NULL; i++)
		if (strncmp(key, names[i], n) == 0) {
			hit = i;
			nmatch++;
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", nmatch > 1 ? ", " : "", names[i]);
		}
	if (nmatch == 1)
		return setting_find(names[hit]);
	if (nmatch > 1) {
		repl_fail("set: ambiguous key \"%s\": %s", key, list);
	} else {
		const char *sug = diag_suggest(key, names);

		if (sug != NULL)
			repl_fail("set: unknown key \"%s\"; did you mean \"%s\"?", key, sug);
		else
			repl_fail("set: unknown key \"%s\" (help set lists them)", key);
	}
	return NULL;
}

/* A new run from in, keeping every stage; the old one stays for diff. */
static int
recompute(struct session *s, struct input *in, const char *what)
{
	struct run r;
	char err[512];

	if (stage_run(&r, in, STAGE_KEEP_ALL, err, sizeof err) != 0) {
		if (interrupt_pending)
			return repl_fail("interrupted");
		return repl_fail("%s: %s", what, err);
	}
	/* the variables copy what they hold of the old run, still in s->r, and learn what changed */
	py_session_rerun(s->py, &r);
	if (s->has_prev) {
		stage_free(&s->prev_r);
		input_free(&s->prev_in);
	}
	s->prev_r = s->r;
	s->prev_in = s->in;
	s->has_prev = 1;
	s->r = r;
	s->in = *in;
	py_session_rerun(s->py, &s->r);	/* the same numbers: only where the session finds its run */
	return 0;
}

/* Every stage and weight of a and b, bit for bit the same? */
static int
same_numbers(const struct run *a, const struct run *b)
{
	const struct tensor *x, *y;
	int i;

	for (i = 0; i < ST_COUNT + 2 * NLAYER; i++) {
		x = i < ST_COUNT ? a->st[i] : (i - ST_COUNT) % 2 ? a->layer[(i - ST_COUNT) / 2].b : a->layer[(i - ST_COUNT) / 2].w;
		y = i < ST_COUNT ? b->st[i] : (i - ST_COUNT) % 2 ? b->layer[(i - ST_COUNT) / 2].b : b->layer[(i - ST_COUNT) / 2].w;
		if ((x == NULL) != (y == NULL))
			return 0;
		if (x != NULL && (!tensor_same_shape(x, y) || memcmp(x->data, y->data, x->numel * sizeof *x->data) != 0))
			return 0;
	}
	return 1;
}

int
cmd_set(struct session *s, char *args)
{
	const struct setting *st;
	struct input in;
	struct cell_opts co;
	char *key = repl_next_word(&args), *val = repl_next_word(&args);
	char was[64], now[64], err[512], note[192], lab[96], what[96];

	if (key == NULL)
		return repl_fail("set: expected set KEY VALUE (show lists the settings, help set the keys)");
	if ((st = find_setting(key)) == NULL)
		return -1;
	setting_show(was, sizeof was, st, &s->in, &s->co);
	if (val == NULL) {
		printf("%s = %s (%s)\n", st->name, was, st->values);
		return 0;
	}
	if (*repl_skip_ws(args) != '\0')
		return repl_fail("set %s: expected one value, got \"%s %s\"", st->name, val, repl_skip_ws(args));
	input_copy(&in, &s->in);
	co = s->co;
	if (setting_parse(st, val, &in, &co, err, sizeof err) != 0 ||
	    setting_check(st, &in, FROM_TEXT, err, sizeof err) != 0) {
		input_free(&in);
		return repl_fail("set %s: %s", st->name, err);
	}
	setting_show(now, sizeof now, st, &in, &co);
	if (strcmp(was, now) == 0) {
		input_free(&in);
		printf("%s is %s already\n", st->name, now);
		return 0;
	}
	snprintf(what, sizeof what, "set %s", st->name);
	if (st->group == SETTING_RUN) {
		if (recompute(s, &in, what) != 0) {
			input_free(&in);
			return -1;
		}
		snprintf(s->prev_what, sizeof s->prev_what, "set %s %s", st->name, now);
	} else {
		s->in.po = in.po;
		s->co = co;
		input_free(&in);
	}
	s->co.po = s->in.po;
	printf("%s = %s (was %s)", st->name, now, was);
	if (strcmp(st->name, "init") == 0 && strcmp(was, "none") == 0)
		printf("; d_out = %d, the inputs' width (set d_out to change it)", s->in.d_out);
	if (st->group == SETTING_RUN || strcmp(st->name, "all") == 0) {
		repl_reposition(s, note, sizeof note);
		printf("; %d stages", cell_count(&s->r, &s->co));
		if (note[0] != '\0')
			printf("%s", note);
		else if (s->pos >= 0)
			printf(", now at %s", repl_stage_label(lab, sizeof lab, s, s->pos));
	}
	/* a setting this run does not use (a seed with nothing drawn, dropout_rng without dropout) */
	if (st->group == SETTING_RUN && same_numbers(&s->r, &s->prev_r))
		printf("; no number changed%s", strcmp(st->name, "seed") == 0 ?
		    ": nothing in this run is drawn at random (inputs and weights are given, and no dropout draws from this seed)" :
		    ": this run does not use it");
	putchar('\n');
	return 0;
}

int
cmd_show(struct session *s, char *args)
{
	static const char *const group_title[] = { "the stages:", "print options:", "the view:" };
	char desc[128], now[64], then[64], *path;
	int i, changed = 0, group = -1;

	if (*repl_skip_ws(args) != '\0')
		return repl_fail("show: takes no argument (set KEY shows one setting)");
	path = diag_escape(s->in.path);
	printf("%s: inputs %s\n", path, stage_shape_desc(desc, sizeof desc, &s->r, ST_INPUTS));
	free(path);
	for (i = 0; i < settings_count; i++) {
		const struct setting *st = &settings[i];

		if (!st->in_repl)
			continue;
		if (st->group != group)
			printf("%s\n", group_title[group = st->group]);
		setting_show(now, sizeof now, st, &s->in, &s->co);
		setting_show(then, sizeof then, st, s->file, &s->co0);
		if (strcmp(now, then) == 0) {
			printf("  %-13s %s\n", st->name, now);
		} else {
			printf("* %-13s %-8s (%s: %s)\n", st->name, now, st->group == SETTING_VIEW ? "at the start" : "file", then);
			changed++;
		}
	}
	if (changed > 0)
		printf("(* marks what changed since the start)\n");
	return 0;
}

int
cmd_save(struct session *s, char *args)
{
	char *p = repl_skip_ws(args), *json = NULL, *e;
	int force = 0, format = -1, fd, saved, figure = 0;
	FILE *fp;

	/* options first: -f overwrites, --python and --ipynb write the run as PyTorch */
	for (;;) {
		size_t n = strcspn(p, " \t");

		if (n == 2 && strncmp(p, "-f", 2) == 0)
			force = 1;
		else if (n == 8 && strncmp(p, "--python", 8) == 0)
			format = EMIT_PYTHON;
		else if (n == 7 && strncmp(p, "--ipynb", 7) == 0)
			format = EMIT_IPYNB;
		else if (n == 8 && strncmp(p, "--figure", 8) == 0)
			figure = 1;
		else if (n > 0 && *p == '-')
			return repl_fail("save: unknown option \"%.*s\" (-f overwrites; --python, --ipynb write PyTorch)",
			    (int)n, p);
		else
			break;
		p = repl_skip_ws(p + n);
	}
	for (e = p + strlen(p); e > p && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	*e = '\0';
	if (*p == '\0')
		return repl_fail("save: expected a file name (save -f FILE overwrites)");
	if (figure) {	/* the heat map of the stage the session is at, as heatmap draws it bare */
		char def[64];

		return repl_figure(s, heatmap_default_expr(def, sizeof def, &s->r,
		    s->pos >= 0 ? s->pos : ST_ATTN_WEIGHTS), p, 0, force);
	}
	/* O_NONBLOCK: a FIFO that no program reads fails at once (ENXIO) instead of waiting forever */
	fd = open(p, O_WRONLY | O_CREAT | O_NONBLOCK | (force ? O_TRUNC : O_EXCL), 0666);
	if (fd < 0 && errno == EEXIST)
		return repl_fail("save: %s exists (save -f %s overwrites it)", p, p);
	if (fd < 0 && errno == ENXIO)
		return repl_fail("save: %s: a FIFO that no program reads (saving would wait forever); start its reader first", p);
	if (fd >= 0 && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
		saved = errno;
		close(fd);
		return repl_fail("save: %s: %s", p, strerror(saved));
	}
	if (fd < 0 || (fp = fdopen(fd, "w")) == NULL) {
		saved = errno;
		if (fd >= 0)
			close(fd);
		return repl_fail("save: %s: %s", p, strerror(saved));
	}
	if (format < 0) {
		json = json_dump(&s->in);
		fputs(json, fp);
		fputc('\n', fp);
		free(json);
	} else {
		emit_run(fp, format, &s->r, &s->in, &s->co);
	}
	saved = ferror(fp) ? errno : 0;
	if (fclose(fp) != 0 || saved != 0)
		return repl_fail("save: %s: %s", p, strerror(saved ? saved : errno));
	if (format < 0)
		printf("saved the settings to %s (attn-explain -i %s starts from them)\n", p, p);
	else
		printf("saved the run as %s to %s (%s)\n", format == EMIT_PYTHON ? "a Python script" : "a notebook", p,
		    format == EMIT_PYTHON ? "python3 FILE prints every cell" : "it opens with every output filled in");
	return 0;
}
