/* repl.c - placeholder until the REPL lands. */
#include <stdio.h>

#include "diag.h"
#include "repl.h"

int
repl_main(const struct input *in, const struct cell_opts *co)
{
	(void)in;
	(void)co;
	diag("--interactive: not built yet");
	return -1;
}
