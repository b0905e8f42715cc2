/*
 * readipynb.h - THEIRS as a Jupyter notebook (shared/spec/check.md): the
 * text outputs of its code cells (stream, execute_result's text/plain),
 * each after its cell's source, as the transcript readprint.c reads
 * ("In [N]:", the source, the outputs), so each print is labelled from the
 * source.  Internal to readprint.c.
 */
#ifndef READIPYNB_H
#define READIPYNB_H

#include <stddef.h>

/*
 * text[0..len) as a notebook: 1 and the transcript in *out (malloc'd,
 * *outlen bytes), or 0 when it is no notebook (no object with a "cells"
 * array).
 */
int readipynb_transcript(const char *text, size_t len, char **out, size_t *outlen);

#endif
