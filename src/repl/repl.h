/*
 * repl - attn-explain -i, the part's public header: the loop and its
 * command table (repl.c), stepping (repl_step.c), inspecting (repl_inspect.c),
 * settings (repl_settings.c), your variables (repl_vars.c), the commands'
 * output (repl_out.c) and the terminal seam (line.c, the only user of
 * libedit); repl_cmds.h and line.h are internal to the part.  Uses util,
 * kernels, pipeline, py and teach (model only through teach).
 *
 * repl.h - attn-explain -i: step through the stages, inspect, change, re-run.
 */
#ifndef REPL_H
#define REPL_H

#include "../teach/teach.h"
#include "../pipeline/pipeline.h"

/* The interactive session on this input; 0 when it ends normally. */
int repl_main(const struct input *in, const struct cell_opts *co);
/* The same session fed `len` bytes of lines, without a terminal (fuzzing). */
int repl_run_text(const struct input *in, const struct cell_opts *co, const char *text, size_t len);

/* The line reader of --model's -i session (teach/gpt2_repl.c): this REPL's editor, history and Ctrl-C. */
void repl_model_lines(struct gpt2_lines *l);

#endif
