/* repl.h - attn-explain -i: step through the stages, inspect, change, re-run. */
#ifndef REPL_H
#define REPL_H

#include "cell.h"
#include "json.h"

/* The interactive session on this input; 0 when it ends normally. */
int repl_main(const struct input *in, const struct cell_opts *co);
/* The same session fed `len` bytes of lines, without a terminal (fuzzing). */
int repl_run_text(const struct input *in, const struct cell_opts *co, const char *text, size_t len);

#endif
