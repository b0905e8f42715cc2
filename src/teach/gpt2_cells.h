/*
 * gpt2_cells.h - `attn-explain --model DIR`: a Hugging Face GPT-2 folder's
 * attention on the learner's text, stage by stage (gpt2_cells.c).
 */
#ifndef GPT2_CELLS_H
#define GPT2_CELLS_H

#include <stddef.h>

/* Does argv ask for this mode (--model anywhere)? */
int gpt2_cells_wanted(int argc, char **argv);
/*
 * How the mode's -i session reads its lines: main passes the REPL's line
 * editor (repl_model_lines(), src/repl: libedit and the history file on a
 * terminal, plain reads otherwise), which this part, left of src/repl,
 * cannot call itself.
 */
struct gpt2_lines {
	void (*open)(void);				/* editing, history, Ctrl-C on a terminal */
	char *(*read)(const char *prompt, size_t *len);	/* the next line (free it), NULL at its end */
	void (*add_history)(const char *line);
	void (*close)(void);				/* the history saved */
	int (*interactive)(void);			/* 1 on a terminal: libedit draws the prompt */
};

/* The whole mode: its options, the run, the cells; the exit status (0, 1 data, 2 usage). */
int gpt2_cells_main(int argc, char **argv, const struct gpt2_lines *lines);

#endif
