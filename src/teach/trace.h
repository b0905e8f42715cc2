/*
 * trace.h - stepping into a forward pass (trace EXPR, --run --trace): each
 * assignment a call of a script function runs, shown as a stage's cell
 * (the line, the shape, the tensor as PyTorch prints it); with a run, each
 * traced tensor is judged by check mode against the stages: one equal to a
 * stage is labelled with its name, and the first that differs from the
 * stage it stands for is named with the catalogue's mistake (mistake.c).
 *
 * Ownership: trace_new() borrows r and in (NULL r: no run to compare with)
 * for the trace's life; free it with trace_free() after trace_off().
 */
#ifndef TRACE_H
#define TRACE_H

#include <stddef.h>

#include "../pipeline/pipeline.h"
#include "../py/py.h"

struct trace;

struct trace *trace_new(const struct run *r, const struct input *in, const struct print_opts *po);
/* traced calls' cells go into the output of the statements that make them */
void trace_on(struct trace *t, struct py_session *s);
void trace_off(struct py_session *s);
void trace_free(struct trace *t);
/*
 * After a trace: the whole stage ("context_vecs") the last value traced
 * under name stood for, and where it was traced (*func, *line); *differs
 * NULL when it was equal, else the verdict's mistake ("softmax-wrong-dim
 * (...)", or "no known mistake reproduces it").  NULL when none was.
 */
const char *trace_stage_of(const struct trace *t, const char *name, const char **func, int *line,
    const char **differs);

#endif
