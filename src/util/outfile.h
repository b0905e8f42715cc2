/*
 * outfile.h - a file that appears whole or not at all: written under a
 * temporary name in the target's folder, then linked or renamed to its name;
 * an existing file is kept unless the caller forces.  Figures and exported
 * data use it, so that a full disk or an interrupted run leaves nothing
 * half-written behind.
 */
#ifndef OUTFILE_H
#define OUTFILE_H

#include <stddef.h>
#include <stdio.h>

/* Ownership: outfile_open() fills o; outfile_commit() or outfile_abort() releases it, once. */
struct outfile {
	const char *path;		/* the caller's; borrowed until commit or abort */
	char *tmp;			/* the temporary name beside it; NULL: a device written in place */
	FILE *fp;			/* write here (or through outfile_write) */
	int err;			/* errno of the first failed write, 0 */
};

enum { OUTFILE_OK = 0, OUTFILE_EXISTS = -1, OUTFILE_IO = -2 };

/*
 * OUTFILE_OK; OUTFILE_EXISTS when path exists and !force; OUTFILE_IO when
 * the temporary file cannot be made ("PATH: Permission denied").  The
 * message, one line naming path, goes to err.  An existing character
 * device or FIFO (with a reader) given with force is written in place, with
 * no temporary name (-f -o /dev/full, a pipe); a folder or other special
 * file is refused.
 */
int outfile_open(struct outfile *o, const char *path, int force, char *err, size_t errlen);
/* n bytes; a failure is kept in o->err and reported by outfile_commit().  0 or -1. */
int outfile_write(struct outfile *o, const void *p, size_t n);
/*
 * Flushes and syncs the temporary file, then gives it path's name: without
 * force only if no file took that name meanwhile (link() is atomic).  On any
 * failure the temporary file is removed.  OUTFILE_OK, OUTFILE_EXISTS or
 * OUTFILE_IO ("PATH: No space left on device").
 */
int outfile_commit(struct outfile *o, int force, char *err, size_t errlen);
/* Removes the temporary file (the caller's own error). */
void outfile_abort(struct outfile *o);

#endif
