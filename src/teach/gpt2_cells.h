/*
 * gpt2_cells.h - `attn-explain --model DIR`: a Hugging Face GPT-2 folder's
 * attention on the learner's text, stage by stage (gpt2_cells.c).
 */
#ifndef GPT2_CELLS_H
#define GPT2_CELLS_H

#include <stddef.h>

struct py_session;

/* Does argv ask for this mode (--model anywhere)? */
int gpt2_cells_wanted(int argc, char **argv);
/*
 * What the mode's -i session is made of, for the line editor: Tab offers
 * the commands and the session's Python names (variables, the stages),
 * set's keys after set, and the Python names in the argument of a command
 * that takes an expression; a line that is Python may open a block or a
 * bracket that the next lines continue.
 */
struct gpt2_vocab {
	const char *const *commands;		/* the command words, NULL-terminated */
	const char *const *expr_commands;	/* those whose argument is Python */
	const char *const *settings;		/* set's keys */
	int (*is_python)(const char *line);	/* the session runs line (no leading blank) as Python */
	const struct py_session *py;		/* the session's names */
};

/*
 * How the mode's -i session reads its lines: main passes the REPL's line
 * editor (repl_model_lines(), src/repl: libedit, the history file and Tab
 * on a terminal, plain reads otherwise; Python's multi-line statements as
 * the toy session reads them), which this part, left of src/repl, cannot
 * call itself.
 */
struct gpt2_lines {
	void (*open)(const struct gpt2_vocab *v);	/* editing, history, Tab, Ctrl-C on a terminal */
	/*
	 * The next line (free it), NULL at its end; a Python line that leaves a
	 * bracket, a string or a block (a line ending in ':') open comes back
	 * with the lines that continue it (after "...   ", "... " without a
	 * terminal; a blank line closes a block), each line in the history.
	 */
	char *(*read)(const char *prompt, size_t *len);
	void (*close)(void);				/* the history saved */
	int (*interactive)(void);			/* 1 on a terminal: libedit draws the prompt */
};

/* The whole mode: its options, the run, the cells; the exit status (0, 1 data, 2 usage). */
int gpt2_cells_main(int argc, char **argv, const struct gpt2_lines *lines);

#endif
