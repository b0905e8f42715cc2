/*
 * settings.h - every setting declared once: its JSON key, its command-line
 * option, its REPL key, its type and range, how it reads and shows, its
 * rules, and one line of help.
 *
 * The loader (json.c), the option parser (main.c), the REPL's set, show,
 * save and Tab (repl_settings.c, repl.c), --help and the manual's test all
 * read the one table, settings[].  Adding a setting is a row here plus the
 * code that uses its value.
 */
#ifndef SETTINGS_H
#define SETTINGS_H

#include <stddef.h>

#include "input.h"
#include "../kernels/kernels.h"

/* What a run shows: the view of the cells, and the print options they use. */
struct cell_opts {
	int all;		/* also the extra stages (tril route, dropout mask) and the weights */
	int color;		/* ANSI colour in headers */
	int explain;		/* teaching text under each header */
	struct print_opts po;
};

enum setting_group {
	SETTING_RUN,		/* a field of struct input: changing it recomputes the stages */
	SETTING_PRINT,		/* a field of struct print_opts, in the file under "print_options" */
	SETTING_VIEW		/* a field of struct cell_opts; never in the file */
};

enum setting_type {
	SETTING_INT,		/* int in [lo, hi] */
	SETTING_COUNT,		/* long long in [lo, hi], or inf (stored as LLONG_MAX) */
	SETTING_BOOL,		/* int, 0 or 1 */
	SETTING_TRI,		/* int: -1 none, 0 false, 1 true */
	SETTING_REAL,		/* double in [lo, hi], or > lo when lo_open */
	SETTING_SEED,		/* uint64_t, as torch.manual_seed takes it */
	SETTING_ENUM,		/* int: an index into choices */
	SETTING_COLOR,		/* int: always, never, auto (a terminal without NO_COLOR) */
	SETTING_ORDER		/* int[3]: a permutation of the layers (the file only) */
};

/* Where a value comes from: the rules word their reasons for each. */
enum setting_source { FROM_FILE, FROM_TEXT };

struct setting {
	const char *name;	/* the REPL's set key, and the JSON key */
	int group;		/* SETTING_* */
	int type;		/* SETTING_* */
	int in_file;		/* a key of the input file */
	int in_repl;		/* set and show know it */
	const char *option;	/* a long option that overrides the file, or NULL */
	int letter;		/* its short option, or 0 */
	size_t off;		/* the field, in the struct of its group */
	size_t has_off;		/* nullable: the int that says a value is given, else 0 */
	int null_ok;		/* nullable: none (text) or null (file) clears it */
	double lo, hi;		/* SETTING_INT, _COUNT, _REAL */
	int lo_open;		/* SETTING_REAL: > lo rather than >= lo */
	const char *const *choices;	/* SETTING_ENUM: the value i is choices[i] */
	int first_in_file;	/* SETTING_ENUM: choices before this one the file cannot name */
	double def;		/* the default, as a number (the ENUM index, -1 for TRI none) */
	const char *text_values;	/* what a value may be, when the type's own words do not fit */
	const char *values;	/* for set KEY and help set: what VALUE may be */
	const char *help;	/* one line of --help, for a row with an option */
	/*
	 * The rules across settings, after this one changed in *in: 0, or -1
	 * with the reason in err (worded for src).  May set what follows from
	 * the change (init sets d_out).
	 */
	int (*rule)(struct input *in, int src, char *err, size_t len);
	/* the value as show prints it, when it is not simply the field */
	void (*show)(char *buf, size_t len, const struct input *in);
};

extern const struct setting settings[];
extern const int settings_count;

/* The row named name, or NULL. */
const struct setting *setting_find(const char *name);
/* The field a row describes, in in (SETTING_RUN, _PRINT) or in co (SETTING_VIEW). */
void *setting_field(const struct setting *s, struct input *in, struct cell_opts *co);
/* Every default: input_default() and the view's start. */
void settings_default(struct input *in, struct cell_opts *co);
/*
 * What a value may be, as the errors say it: "an integer from 1 to
 * 1048576", or for the file "\"split\" or \"stacked\"".
 */
const char *setting_expected(char *buf, size_t len, const struct setting *s, int src);
/* Text (an option's argument, set's value) into the field; 0, or -1 with err. */
int setting_parse(const struct setting *s, const char *text, struct input *in, struct cell_opts *co,
    char *err, size_t len);
/* The value as show prints it ("none", "true", "0.1", "inf"). */
void setting_show(char *buf, size_t len, const struct setting *s, const struct input *in,
    const struct cell_opts *co);
/* The row's rule, or 0 when it has none. */
int setting_check(const struct setting *s, struct input *in, int src, char *err, size_t len);
/* The words Tab offers for a value, or NULL. */
const char *const *setting_choices(const struct setting *s);
/* The names of the rows set knows, NULL-terminated (Tab, did you mean). */
const char *const *setting_names(void);

/* A double as the shortest text that reads back the same (Python's repr). */
char *real_str(char *buf, size_t len, double v);

#endif
