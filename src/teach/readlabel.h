/*
 * readlabel.h - the name a print is given by the text around it: "name:
 * tensor(...", "print(name)" or "name" on the line before, "Parameter
 * containing:", through prompts, comments and notebook fences.  Internal
 * to readprint.c.
 */
#ifndef READLABEL_H
#define READLABEL_H

#include <stddef.h>

#include "readprint.h"

/*
 * The label (t->label, allocated) and "Parameter containing:" (t->parameter)
 * of the print at offset p of s, looking back no further than lo; returns 1
 * when the print's line starts with '#' (so may its continuation lines).
 */
int readlabel_around(const char *s, size_t p, size_t lo, struct rp_tensor *t);

#endif
